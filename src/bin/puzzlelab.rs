//! `puzzlelab`: solves share links headless and prints JSON (docs/cli.md).

use puzzlelab::core::job::{JobContext, Report};
use puzzlelab::core::keys;
use puzzlelab::core::lesson::{self, Lesson};
use puzzlelab::core::link::MAX_LINK_BYTES;
use puzzlelab::core::search::Limits;
use puzzlelab::puzzles;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Prints a line to standard output; a reader that went away (`puzzlelab ... | head`) ends
/// the program quietly instead of with a panic.
macro_rules! say {
    ($($arg:tt)*) => {
        if writeln!(OneLine(std::io::stdout()), $($arg)*).is_err() {
            std::process::exit(0);
        }
    };
}

/// Standard output with the line separators JSON leaves raw (U+2028, U+2029, U+0085) escaped,
/// so an answer is one line for every reader's idea of a line (Python's `splitlines` too).
struct OneLine<W: Write>(W);

impl<W: Write> Write for OneLine<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // `writeln!` hands over whole `str` pieces: a character is never split between calls.
        match std::str::from_utf8(buf) {
            Ok(text) if text.contains(['\u{2028}', '\u{2029}', '\u{85}']) => {
                let escaped = text
                    .replace('\u{2028}', "\\u2028")
                    .replace('\u{2029}', "\\u2029")
                    .replace('\u{85}', "\\u0085");
                self.0.write_all(escaped.as_bytes())?;
            }
            _ => self.0.write_all(buf)?,
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

const USAGE: &str = "usage: puzzlelab solve LINK   solve one share link (full URL or #/...)
       puzzlelab solve -      solve one link per line from standard input
       puzzlelab bench [--count N] [--seed S] LINK
                              solve LINK with seed=S, S+1, ... (N runs, default 20 from 1;
                              the same LINK N times for a puzzle without randomness)
                              after one warm-up run; print mean and median cost (an N-queens
                              count also times the plain C counter's method, the 264 square's
                              genetic algorithm the article's loop in python3, as 'reference')
       puzzlelab bench [--count N] korf100|eighty17|korf-felner50
                              solve the first N (default all) of Korf's 100 15-puzzles
                              (algo=pdb) or Korf & Felner's 50 24-puzzles (algo=auto) after
                              one warm-up run that builds any tables; print cost, nodes per
                              second and the lengths against the published optimal ones
       puzzlelab link LINK    the link in its canonical form (what a page writes back), or
                              what is wrong with it
       puzzlelab lesson LINK  a lesson link's title and steps (each link in canonical form) and
                              its canonical link, or what is wrong with it; `solve` on a
                              lesson link solves every step's link in order, one per line
       puzzlelab lesson FILE.json
                              the same for a lesson file (the app's Export): makes its link
       puzzlelab list         the puzzles and their link names
       puzzlelab keys         what each key does in each mode (the app's `?` list), one JSON
                              line a mode, then one a puzzle with keys of its own; `--guide`
                              writes the same as the teacher's guide's Keyboard tables";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args[..] {
        ["solve", "-"] => solve_lines(),
        ["solve", link] => {
            let mut out = OneLine(std::io::stdout().lock());
            match answer(link, Lessons::StepByStep, &mut out) {
                Ok(ok) => exit_code(ok),
                // The reader went away (`| head`): end quietly.
                Err(_) => ExitCode::SUCCESS,
            }
        }
        ["lesson", link] => match read_lesson_or_file(link).and_then(|(lesson, step)| {
            let link = lesson::to_link(&lesson, step)?;
            Ok((lesson, step, link))
        }) {
            Ok((lesson, step, link)) => {
                say!(
                    "{}",
                    serde_json::json!({ "title": lesson.title, "steps": lesson.steps, "step": step, "link": link })
                );
                ExitCode::SUCCESS
            }
            Err(error) => {
                say!("{}", serde_json::json!({ "error": error }));
                ExitCode::from(2)
            }
        },
        ["bench", ref rest @ ..] => match bench::parse_args(rest) {
            Ok((name, count, _)) if bench::set_named(name).is_some() => {
                bench::run_set(bench::set_named(name).expect("just found"), count)
            }
            Ok((link, count, seed)) => bench::run(link, count, seed),
            Err(error) => {
                say!("{}", serde_json::json!({ "error": format!("{error}\n{USAGE}") }));
                ExitCode::from(2)
            }
        },
        ["link", link] => match puzzles::canonical_link(link) {
            Ok(canonical) => {
                let embed_html = puzzles::embed_html(link, &canonical).unwrap_or_default();
                say!("{}", serde_json::json!({ "link": canonical, "embed_html": embed_html }));
                ExitCode::SUCCESS
            }
            Err(error) => {
                say!("{}", serde_json::json!({ "error": error }));
                ExitCode::from(2)
            }
        },
        ["keys"] => {
            for mode in keys::Mode::ALL {
                let table = keys::table(mode, !mode.is_dialog(), &[]);
                say!("{}", serde_json::json!({ "mode": mode, "title": mode.title(), "keys": table }));
            }
            for p in puzzles::PUZZLES.iter().filter(|p| !p.keys.is_empty()) {
                say!("{}", serde_json::json!({ "puzzle": p.name, "mode": keys::Mode::Page, "keys": p.keys }));
            }
            ExitCode::SUCCESS
        }
        ["keys", "--guide"] => {
            say!("{}", keys::guide_markdown(&puzzles::own_keys()));
            ExitCode::SUCCESS
        }
        ["list"] => {
            for p in puzzles::PUZZLES {
                let entry = serde_json::json!({ "puzzle": p.name, "title": p.title, "summary": p.summary });
                say!("{entry}");
            }
            ExitCode::SUCCESS
        }
        ["help" | "--help" | "-h"] => {
            say!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            say!("{}", serde_json::json!({ "error": format!("bad arguments\n{USAGE}") }));
            ExitCode::from(2)
        }
    }
}

/// Solves one link with no progress output.
fn solve(link: &str) -> Result<Report, String> {
    build_session_data(link);
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64() * 1000.0;
    let mut quiet = |_: f64, _: &puzzlelab::core::job::Progress| true;
    let mut ctx = JobContext::new(Limits::command_line(), &clock, &mut quiet);
    puzzles::solve_link(link, &mut ctx)
}

/// Builds the tables a link's solver needs first (the 15-puzzle's pattern databases), in two
/// halves at once as the app's helper workers do, saying on stderr what the answer waits for.
/// Should a half fail, the solver builds the tables itself.
fn build_session_data(link: &str) {
    let Some((name, label)) = puzzles::session_data_wanted(link) else { return };
    eprintln!("puzzlelab: building the {label} this solver needs, once per run (a few seconds)…");
    let (first, second) = std::thread::scope(|scope| {
        let build = |half| scope.spawn(move || puzzles::build_session_data_half(name, half, &mut |_, _| {}));
        let (first, second) = (build(0), build(1));
        (first.join(), second.join())
    });
    if let (Ok(Ok(first)), Ok(Ok(second))) = (first, second) {
        let _ = puzzles::join_session_data_halves(name, &first, &second);
    }
}

/// How a lesson link is answered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lessons {
    /// One line per step (`solve LINK`).
    StepByStep,
    /// One line for the whole lesson, its steps' answers inside it (`solve -`: one line per
    /// input line).
    OneLine,
}

/// Writes the answer to a link as each part is ready: one JSON line, or for a lesson one line
/// per step or one line holding them all (`{"lesson", "link", "answers": […]}`), written step
/// by step so that nothing waits for the whole lesson. Returns whether the link was good;
/// `Err` when the output is closed.
fn answer(link: &str, lessons: Lessons, out: &mut impl Write) -> std::io::Result<bool> {
    if !puzzles::is_lesson(link) {
        let (json, ok) = solve_to_json(link);
        writeln!(out, "{json}")?;
        out.flush()?;
        return Ok(ok);
    }
    let lesson = match puzzles::read_lesson(link) {
        Ok((lesson, _)) => lesson,
        Err(error) => {
            writeln!(out, "{}", serde_json::json!({ "error": error }))?;
            out.flush()?;
            return Ok(false);
        }
    };
    if lessons == Lessons::OneLine {
        let title = serde_json::json!(lesson.title);
        // The lesson as read (its steps' links canonical), or as given when that is too long.
        let address = serde_json::json!(lesson::to_link(&lesson, 1).unwrap_or_else(|_| link.to_string()));
        write!(out, "{{\"lesson\":{title},\"link\":{address},\"answers\":[")?;
    }
    let mut all_ok = true;
    for (i, step) in lesson.steps.iter().enumerate() {
        let (json, ok) = solve_to_json(&step.link);
        all_ok &= ok;
        match lessons {
            Lessons::StepByStep => writeln!(out, "{json}")?,
            Lessons::OneLine => write!(out, "{}{json}", if i == 0 { "" } else { "," })?,
        }
        out.flush()?;
    }
    if lessons == Lessons::OneLine {
        writeln!(out, "]}}")?;
        out.flush()?;
    }
    Ok(all_ok)
}

/// One JSON line for one link, and whether it was a good link. A solver that panics answers
/// an error line too, so a batch goes on with its next line.
fn solve_to_json(link: &str) -> (String, bool) {
    let solved = std::panic::catch_unwind(|| solve(link)).unwrap_or_else(|panic| {
        let why = (panic.downcast_ref::<&str>().copied())
            .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("no message");
        Err(format!(
            "link: the solver stopped on an internal error ({why}); this is a bug: please report the link"
        ))
    });
    match solved {
        Ok(report) => (serde_json::to_string(&report).expect("reports serialize"), true),
        Err(error) => (serde_json::json!({ "error": error }).to_string(), false),
    }
}

/// `puzzlelab bench`: the same link over a range of seeds.
mod bench {
    use super::*;
    use puzzlelab::core::choice::Named;
    use puzzlelab::core::link::{Link, LinkParams};
    use puzzlelab::puzzles::sliding::{benchmarks, params::SlidingParams, solvers::Algo};

    pub fn parse_args<'a>(args: &[&'a str]) -> Result<(&'a str, u64, u64), String> {
        let mut count = if args.iter().any(|&arg| set_named(arg).is_some()) { 100 } else { 20 };
        let (mut seed, mut link) = (1, None);
        let mut args = args.iter();
        while let Some(&arg) = args.next() {
            let mut number = |name: &str| {
                args.next().and_then(|v| v.parse::<u64>().ok()).ok_or(format!("{name} needs a whole number"))
            };
            match arg {
                "--count" => count = number("--count")?.clamp(1, 10_000),
                "--seed" => seed = number("--seed")?,
                _ if link.is_none() => link = Some(arg),
                _ => return Err(format!("unexpected argument '{arg}'")),
            }
        }
        Ok((link.ok_or("bench needs a link")?, count, seed))
    }

    /// Whether the puzzle a link names (with its algorithm) takes a seed.
    fn takes_seed(link: &Link) -> bool {
        let seeded = link.clone().without("seed").with("seed", 1);
        puzzles::read_link(&link.puzzle).is_some_and(|read| read(&seeded).1.iter().all(|e| e.field != "seed"))
    }

    /// `link` with its `seed` set (and any spelled-out board dropped, so the seed makes it);
    /// a puzzle without randomness runs the same link every time.
    fn with_seed(link: &Link, seed: u64) -> String {
        if !takes_seed(link) {
            return link.to_hash();
        }
        let mut link = link.clone();
        link.params.retain(|(key, _)| key != "seed" && key != "tiles" && key != "state");
        link.with("seed", seed).to_hash()
    }

    fn summary(mut values: Vec<f64>) -> serde_json::Value {
        values.sort_by(f64::total_cmp);
        let mean = values.iter().sum::<f64>() / values.len().max(1) as f64;
        let median = match values.len() {
            0 => 0.0,
            n if n % 2 == 1 => values[n / 2],
            n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
        };
        serde_json::json!({ "mean": mean, "median": median, "max": values.last().copied().unwrap_or(0.0) })
    }

    /// A published benchmark set and the algorithm it is solved with.
    pub struct BenchSet {
        pub name: &'static str,
        algo: Algo,
        instances: fn() -> Vec<benchmarks::Instance>,
    }

    /// The sets `puzzlelab bench SET` knows.
    pub const SETS: [BenchSet; 3] = [
        BenchSet { name: "korf100", algo: Algo::Pdb, instances: benchmarks::korf_100 },
        BenchSet { name: "eighty17", algo: Algo::Pdb, instances: benchmarks::eighty_17 },
        BenchSet { name: "korf-felner50", algo: Algo::Auto, instances: benchmarks::korf_felner_50 },
    ];

    /// The set named `name`, if there is one.
    pub fn set_named(name: &str) -> Option<&'static BenchSet> {
        SETS.iter().find(|set| set.name == name)
    }

    /// A benchmark set (or its first `count` boards), each length compared with the
    /// published optimal one: exit 1 if an optimal algorithm misses one.
    pub fn run_set(set: &BenchSet, count: u64) -> ExitCode {
        let link_of = |instance: &benchmarks::Instance| {
            let params =
                SlidingParams { start: instance.board.clone(), algo: set.algo, ..SlidingParams::default() };
            params.to_link().to_hash()
        };
        let instances: Vec<benchmarks::Instance> =
            (set.instances)().into_iter().take(count as usize).collect();
        let warmup = match solve(&link_of(&instances[0])) {
            Ok(report) => report.elapsed_ms,
            Err(error) => {
                say!("{}", serde_json::json!({ "error": error }));
                return ExitCode::from(2);
            }
        };
        let mut solved = Vec::new();
        let mut unsolved = Vec::new();
        for instance in &instances {
            match solve(&link_of(instance)) {
                Ok(report) if report.solved => solved.push((instance, report)),
                _ => unsolved.push(instance.number),
            }
        }
        let ratios: Vec<f64> =
            solved.iter().map(|(instance, r)| r.length as f64 / f64::from(instance.optimal)).collect();
        let longer: Vec<u32> =
            solved.iter().filter(|(i, r)| r.length as u32 != i.optimal).map(|(i, _)| i.number).collect();
        let seconds = solved.iter().map(|(_, r)| r.elapsed_ms).sum::<f64>() / 1000.0;
        let expanded = solved.iter().map(|(_, r)| r.expanded).sum::<u64>();
        let out = serde_json::json!({
            "set": set.name,
            "algo": set.algo.name(),
            "runs": instances.len(),
            "matches_published": solved.len() - longer.len(),
            "longer": &longer,
            "unsolved": unsolved,
            "length_ratio": summary(ratios),
            "warmup_ms": warmup,
            "length": summary(solved.iter().map(|(_, r)| r.length as f64).collect()),
            "expanded": summary(solved.iter().map(|(_, r)| r.expanded as f64).collect()),
            "elapsed_ms": summary(solved.iter().map(|(_, r)| r.elapsed_ms).collect()),
            "nodes_per_s": expanded as f64 / seconds.max(1e-9),
            "boards": solved.iter().map(|(instance, r)| serde_json::json!({
                "number": instance.number, "length": r.length, "expanded": r.expanded, "elapsed_ms": r.elapsed_ms,
            })).collect::<Vec<_>>(),
        });
        say!("{out}");
        let missed_optimal = set.algo == Algo::Pdb && !longer.is_empty();
        if unsolved.is_empty() && !missed_optimal {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        }
    }

    pub fn run(text: &str, count: u64, first_seed: u64) -> ExitCode {
        let link = match Link::parse(text) {
            Ok(link) => link,
            Err(e) => {
                say!("{}", serde_json::json!({ "error": e.to_string() }));
                return ExitCode::from(2);
            }
        };
        // The warm-up run pays one-time costs (pattern databases) outside the statistics.
        let warmup = match solve(&with_seed(&link, first_seed)) {
            Ok(report) => report.elapsed_ms,
            Err(error) => {
                say!("{}", serde_json::json!({ "error": error }));
                return ExitCode::from(2);
            }
        };
        // A reference method, if there is one, runs after each of ours, so that both see the
        // same moments of a machine whose speed drifts.
        let mut reference = super::reference::for_link(&link);
        let mut reports = Vec::new();
        for seed in first_seed..first_seed + count {
            let Ok(report) = solve(&with_seed(&link, seed)) else { continue };
            if let Some(reference) = &mut reference {
                reference.run(seed, &report);
            }
            reports.push(report);
        }
        let solved: Vec<&Report> = reports.iter().filter(|r| r.solved).collect();
        let mut out = serde_json::json!({
            "link": link.to_hash(),
            "seeds": [first_seed, first_seed + count - 1],
            "runs": reports.len(),
            "solved": solved.len(),
            "optimal": solved.iter().filter(|r| r.optimal).count(),
            "warmup_ms": warmup,
            "length": summary(solved.iter().map(|r| r.length as f64).collect()),
            "expanded": summary(reports.iter().map(|r| r.expanded as f64).collect()),
            "elapsed_ms": summary(reports.iter().map(|r| r.elapsed_ms).collect()),
            "generations": summary(reports.iter().filter_map(|r| r.generations).map(|g| g as f64).collect()),
        });
        let rates: Vec<f64> = reports.iter().filter_map(|r| r.puzzles_per_s).collect();
        if !rates.is_empty() {
            out["puzzles_per_s"] = summary(rates);
        }
        if let Some(reference) = reference {
            let mean_ms = out["elapsed_ms"]["mean"].as_f64().unwrap_or(0.0);
            out["reference"] = reference.json(mean_ms);
        }
        say!("{out}");
        ExitCode::SUCCESS
    }
}

/// The reference programs the issues measure against, run on this machine beside ours, so
/// that `bench` prints ratios measured here rather than remembered ones.
mod reference {
    use puzzlelab::core::job::Report;
    use puzzlelab::core::link::{Link, LinkParams};
    use puzzlelab::puzzles::queens::params::{Algo, QueensParams};
    use puzzlelab::puzzles::tiles264::params::{Algo as TilesAlgo, RngKind, TilesParams};
    use serde_json::json;
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::time::Instant;

    pub enum Reference {
        /// The plain C counter's method, written in Rust, and the C counter itself.
        QueensCounter { n: usize, result: u64, runs: u32, total_ms: f64, c: CCounter },
        /// The article's genetic loop in CPython, timed per generation.
        ArticleLoop {
            replays_draws: bool,
            runs: Vec<PythonRun>,
            ours: Vec<(u64, f64)>,
            error: Option<String>,
        },
    }

    /// One run of the article's loop: the seed, the generations it ran (at most ours, capped),
    /// whether it solved, and its time per generation.
    pub struct PythonRun {
        generations: u64,
        solved: bool,
        ms_per_generation: f64,
        ours_solved_at: Option<u64>,
    }

    /// `tests/reference/queens_counter.c`, built with the system's `cc` on first use.
    pub struct CCounter {
        /// A folder of its own for the source and the program, removed when done.
        dir: std::path::PathBuf,
        program: Result<std::path::PathBuf, String>,
        result: u64,
        runs: u32,
        total_ms: f64,
    }

    const C_COUNTER: &str = include_str!("../../tests/reference/queens_counter.c");
    const C_FLAGS: [&str; 2] = ["-O3", "-march=native"];

    impl CCounter {
        fn build() -> Self {
            let dir = std::env::temp_dir().join(format!("puzzlelab-reference-{}", std::process::id()));
            let program = dir.join("queens_counter");
            let built = std::fs::create_dir_all(&dir)
                .and_then(|()| std::fs::write(dir.join("queens_counter.c"), C_COUNTER))
                .map_err(|e| format!("could not write the C source: {e}"))
                .and_then(|()| {
                    Command::new("cc")
                        .args(C_FLAGS)
                        .arg("-o")
                        .arg(&program)
                        .arg(dir.join("queens_counter.c"))
                        .output()
                        .map_err(|_| "skipped: no C compiler (cc) on this machine".to_string())
                })
                .and_then(|out| match out.status.success() {
                    true => Ok(program),
                    false => Err(format!("cc failed: {}", String::from_utf8_lossy(&out.stderr))),
                });
            Self { dir, program: built, result: 0, runs: 0, total_ms: 0.0 }
        }

        /// Counts once more, timed by the program itself (its start-up left out).
        fn run(&mut self, n: usize) {
            let Ok(program) = &self.program else { return };
            let answer = Command::new(program).arg(n.to_string()).output();
            let parsed =
                answer.ok().and_then(|out| serde_json::from_slice::<serde_json::Value>(&out.stdout).ok());
            match parsed {
                Some(value) => {
                    self.result = value["count"].as_u64().unwrap_or(0);
                    self.total_ms += value["ms"].as_f64().unwrap_or(f64::NAN);
                    self.runs += 1;
                }
                None => self.program = Err("the C counter gave no answer".into()),
            }
        }

        fn json(&self, our_mean_ms: f64) -> serde_json::Value {
            match &self.program {
                Ok(_) => {
                    let mean_ms = self.total_ms / f64::from(self.runs.max(1));
                    json!({
                        "method": format!("the same counter in C (cc {}), one thread", C_FLAGS.join(" ")),
                        "result": self.result,
                        "mean_ms": mean_ms,
                        "ratio": our_mean_ms / mean_ms,
                    })
                }
                Err(why) => json!({ "method": "the same counter in C", "error": why }),
            }
        }
    }

    impl Drop for CCounter {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    /// Most generations the article's loop runs per seed (about 4 s of CPython): enough for a
    /// steady time per generation.
    const PYTHON_GENERATIONS: u64 = 500;

    const ARTICLE_LOOP: &str = include_str!("../../tests/reference/tiles264_article.py");

    impl Reference {
        /// Runs the reference once more, after our run of `seed` gave `ours`.
        pub fn run(&mut self, seed: u64, ours: &Report) {
            match self {
                Self::QueensCounter { n, result, runs, total_ms, c } => {
                    let started = Instant::now();
                    *result = mirror_count(std::hint::black_box(*n));
                    *total_ms += started.elapsed().as_secs_f64() * 1000.0;
                    *runs += 1;
                    c.run(*n);
                }
                Self::ArticleLoop { runs, ours: our_runs, error, .. } => {
                    let generations = ours.generations.unwrap_or(1);
                    our_runs.push((generations, ours.elapsed_ms));
                    if error.is_some() {
                        return;
                    }
                    match run_article_loop(seed, generations.min(PYTHON_GENERATIONS)) {
                        Ok(mut run) => {
                            run.ours_solved_at = ours.solved.then_some(generations);
                            runs.push(run);
                        }
                        Err(message) => *error = Some(message),
                    }
                }
            }
        }

        /// The reference's results and cost, and ours as a fraction of it (`ratio`).
        pub fn json(&self, our_mean_ms: f64) -> serde_json::Value {
            match self {
                Self::QueensCounter { n: _, result, runs, total_ms, c } => {
                    let mean_ms = total_ms / f64::from((*runs).max(1));
                    json!({
                        "method": "plain C counter: recursive bitboards, first-row mirror",
                        "result": result,
                        "mean_ms": mean_ms,
                        "ratio": our_mean_ms / mean_ms,
                        "c": c.json(our_mean_ms),
                    })
                }
                Self::ArticleLoop { replays_draws, runs, ours, error } => {
                    if let Some(error) = error {
                        return json!({ "method": "the article's loop in CPython", "error": error });
                    }
                    let per_generation = |pairs: &mut dyn Iterator<Item = (f64, f64)>| {
                        let (ms, generations) =
                            pairs.fold((0.0, 0.0), |(m, g), (ms, gens)| (m + ms, g + gens));
                        ms / generations.max(1.0)
                    };
                    let ours_ms = per_generation(&mut ours.iter().map(|&(g, ms)| (ms, g as f64)));
                    let python_ms = per_generation(
                        &mut runs
                            .iter()
                            .map(|r| (r.ms_per_generation * r.generations as f64, r.generations as f64)),
                    );
                    // A run both finished within the cap must end at the same generation.
                    let compared: Vec<&PythonRun> = runs
                        .iter()
                        .filter(|r| r.ours_solved_at.is_some_and(|g| g <= PYTHON_GENERATIONS))
                        .collect();
                    let same = compared.iter().all(|r| r.solved && r.ours_solved_at == Some(r.generations));
                    json!({
                        "method": "the article's loop in CPython (python3), at most 500 generations a seed",
                        "ms_per_generation": python_ms,
                        "ours_ms_per_generation": ours_ms,
                        "ratio": ours_ms / python_ms,
                        "same_generations": if *replays_draws { json!({ "compared": compared.len(), "all_equal": same }) } else { json!(null) },
                    })
                }
            }
        }
    }

    /// The reference for what `link` solves, if there is one (not yet run).
    pub fn for_link(link: &Link) -> Option<Reference> {
        match link.puzzle.as_str() {
            "queens" => {
                let (params, errors) = QueensParams::from_link(link);
                let whole = params.first == (0..=params.n - 1) && params.parts == 1;
                (errors.is_empty() && params.algo == Algo::Backtracking && whole).then(|| {
                    Reference::QueensCounter {
                        n: params.n,
                        result: 0,
                        runs: 0,
                        total_ms: 0.0,
                        c: CCounter::build(),
                    }
                })
            }
            "tiles264" => {
                let (params, errors) = TilesParams::from_link(link);
                let article = TilesParams {
                    rng: params.rng,
                    seed: params.seed,
                    max_generations: params.max_generations,
                    ..TilesParams::default()
                };
                (errors.is_empty() && params.algo == TilesAlgo::Genetic && params == article).then(|| {
                    Reference::ArticleLoop {
                        replays_draws: params.rng == RngKind::Python,
                        runs: Vec::new(),
                        ours: Vec::new(),
                        error: None,
                    }
                })
            }
            _ => None,
        }
    }

    /// Runs `tests/reference/tiles264_article.py` (built in) with `python3`.
    fn run_article_loop(seed: u64, generations: u64) -> Result<PythonRun, String> {
        let mut child = Command::new("python3")
            .args(["-", &seed.to_string(), &generations.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("python3 could not be started: {e}"))?;
        child.stdin.take().expect("piped").write_all(ARTICLE_LOOP.as_bytes()).map_err(|e| e.to_string())?;
        let output = child.wait_with_output().map_err(|e| e.to_string())?;
        let result: serde_json::Value = serde_json::from_slice(&output.stdout)
            .map_err(|_| format!("python3 failed: {}", String::from_utf8_lossy(&output.stdout)))?;
        Ok(PythonRun {
            generations: result["generations"].as_u64().unwrap_or(0),
            solved: result["solved"].as_bool().unwrap_or(false),
            ms_per_generation: result["ms_per_generation"].as_f64().unwrap_or(f64::NAN),
            ours_solved_at: None,
        })
    }

    /// The plain C counter's method: every solution by recursive bitboard backtracking, the
    /// first queen in the left half of the first row and the count doubled (its mirror images),
    /// the middle column of an odd board counted once.
    fn mirror_count(n: usize) -> u64 {
        fn place(full: u32, cols: u32, left: u32, right: u32) -> u64 {
            if cols == full {
                return 1;
            }
            let mut free = full & !(cols | left | right);
            let mut count = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                count += place(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
            }
            count
        }
        let full = (1u32 << n) - 1;
        let start = |col: usize| {
            let bit = 1u32 << col;
            place(full, bit, bit << 1, bit >> 1)
        };
        let half: u64 = (0..n / 2).map(start).sum();
        2 * half + if n % 2 == 1 { start(n / 2) } else { 0 }
    }
}

/// Batch mode: every input line gets exactly one answer line, in order, whatever it holds (an
/// error object for a blank line, a line that is not UTF-8 text or one past the link limit).
fn solve_lines() -> ExitCode {
    let mut out = OneLine(std::io::stdout().lock());
    let mut input = std::io::stdin().lock();
    let mut all_ok = true;
    let mut bytes = Vec::new();
    for number in 1.. {
        let fits = match read_line_within(&mut input, &mut bytes, MAX_LINK_BYTES) {
            Ok(None) => break,
            Ok(Some(fits)) => fits,
            Err(e) => {
                let _ = writeln!(out, "{}", serde_json::json!({ "error": format!("input: {e}") }));
                return ExitCode::from(2);
            }
        };
        let refusal = match std::str::from_utf8(&bytes) {
            _ if !fits => Some(format!(
                "input line {number} is longer than {MAX_LINK_BYTES} bytes, the longest a link may be: refused unread"
            )),
            Err(_) => Some(format!("input line {number} is not UTF-8 text: links are plain ASCII")),
            Ok(line) if line.trim().is_empty() => Some(format!("input line {number} is blank: one link per line")),
            Ok(_) => None,
        };
        let answered = match refusal {
            Some(error) => writeln!(out, "{}", serde_json::json!({ "error": error }))
                .and_then(|_| out.flush())
                .map(|_| false),
            None => answer(std::str::from_utf8(&bytes).expect("checked above"), Lessons::OneLine, &mut out),
        };
        match answered {
            Ok(ok) => all_ok &= ok,
            // The reader went away (`| head -1`): end quietly.
            Err(_) => return ExitCode::SUCCESS,
        }
    }
    exit_code(all_ok)
}

/// Reads the next line into `line` (its end left out) if it is at most `limit` bytes; a longer
/// one is read through without being kept. `None` at the end of the input, else whether the
/// line fitted.
fn read_line_within(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<Option<bool>> {
    line.clear();
    let (mut read_any, mut fits) = (false, true);
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(read_any.then_some(fits));
        }
        read_any = true;
        let end = buffer.iter().position(|&b| b == b'\n');
        let piece = &buffer[..end.unwrap_or(buffer.len())];
        if fits && line.len() + piece.len() <= limit {
            line.extend_from_slice(piece);
        } else {
            fits = false;
            line.clear();
        }
        let used = end.map_or(buffer.len(), |e| e + 1);
        input.consume(used);
        if end.is_some() {
            return Ok(Some(fits));
        }
    }
}

/// A lesson from its link, or from a lesson file (a `.json` path), with the step it opens at.
fn read_lesson_or_file(arg: &str) -> Result<(Lesson, usize), String> {
    if !arg.ends_with(".json") {
        return puzzles::read_lesson(arg);
    }
    let json = std::fs::read_to_string(arg).map_err(|e| format!("{arg}: {e}"))?;
    Ok((puzzles::lesson_from_json(&json).map_err(|e| format!("{arg}: {e}"))?, 1))
}

fn exit_code(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
