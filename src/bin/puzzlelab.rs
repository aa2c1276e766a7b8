//! `puzzlelab`: solves share links headless and prints JSON (README, "Command line").

use puzzlelab::core::job::{JobContext, Report};
use puzzlelab::core::search::Limits;
use puzzlelab::puzzles;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Prints a line to standard output; a reader that went away (`puzzlelab ... | head`) ends
/// the program quietly instead of with a panic.
macro_rules! say {
    ($($arg:tt)*) => {
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    };
}

const USAGE: &str = "usage: puzzlelab solve LINK   solve one share link (full URL or #/...)
       puzzlelab solve -      solve one link per line from standard input
       puzzlelab bench [--count N] [--seed S] LINK
                              solve LINK with seed=S, S+1, ... (N runs, default 20 from 1;
                              the same LINK N times for a puzzle without randomness)
                              after one warm-up run; print mean and median cost (an N-queens
                              count also times the plain C counter's method, as 'reference')
       puzzlelab bench [--count N] korf100|korf-felner50
                              solve the first N (default all) of Korf's 100 15-puzzles
                              (algo=pdb) or Korf & Felner's 50 24-puzzles (algo=auto) after
                              one warm-up run that builds any tables; print cost, nodes per
                              second and the lengths against the published optimal ones
       puzzlelab list         the puzzles and their link names";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args[..] {
        ["solve", "-"] => solve_lines(),
        ["solve", link] => {
            let (line, ok) = solve_to_json(link);
            say!("{line}");
            exit_code(ok)
        }
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
    let origin = Instant::now();
    let clock = move || origin.elapsed().as_secs_f64() * 1000.0;
    let mut quiet = |_: f64, _: &puzzlelab::core::job::Progress| true;
    let mut ctx = JobContext::new(Limits::default(), &clock, &mut quiet);
    puzzles::solve_link(link, &mut ctx)
}

/// One JSON line for one link, and whether it was a good link.
fn solve_to_json(link: &str) -> (String, bool) {
    match solve(link) {
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
    pub const SETS: [BenchSet; 2] = [
        BenchSet { name: "korf100", algo: Algo::Pdb, instances: benchmarks::korf_100 },
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
            reports.extend(solve(&with_seed(&link, seed)).ok());
            if let Some(reference) = &mut reference {
                reference.run();
            }
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
        if let Some(reference) = reference {
            let mean_ms = out["elapsed_ms"]["mean"].as_f64().unwrap_or(0.0);
            out["reference"] = reference.json(mean_ms);
        }
        say!("{out}");
        ExitCode::SUCCESS
    }
}

/// The methods of the reference programs the issues measure against, written in Rust, so that
/// `bench` prints ratios measured on this machine rather than remembered ones.
mod reference {
    use puzzlelab::core::link::{Link, LinkParams};
    use puzzlelab::puzzles::queens::params::{Algo, QueensParams};
    use std::time::Instant;

    pub struct Reference {
        name: &'static str,
        n: usize,
        result: u64,
        runs: u32,
        total_ms: f64,
    }

    impl Reference {
        /// Runs the reference method once more.
        pub fn run(&mut self) {
            let started = Instant::now();
            self.result = mirror_count(std::hint::black_box(self.n));
            self.total_ms += started.elapsed().as_secs_f64() * 1000.0;
            self.runs += 1;
        }

        /// The reference's result, its mean time and our time as a fraction of it.
        pub fn json(&self, our_mean_ms: f64) -> serde_json::Value {
            let mean_ms = self.total_ms / f64::from(self.runs.max(1));
            serde_json::json!({
                "method": self.name,
                "result": self.result,
                "mean_ms": mean_ms,
                "ratio": our_mean_ms / mean_ms,
            })
        }
    }

    /// The reference for what `link` solves, if there is one (not yet run).
    pub fn for_link(link: &Link) -> Option<Reference> {
        let (params, errors) = QueensParams::from_link(link);
        let whole = params.first == (0..=params.n - 1) && params.parts == 1;
        if link.puzzle != "queens" || !errors.is_empty() || params.algo != Algo::Backtracking || !whole {
            return None;
        }
        let name = "plain C counter: recursive bitboards, first-row mirror";
        Some(Reference { name, n: params.n, result: 0, runs: 0, total_ms: 0.0 })
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

/// Batch mode: every line gets its answer, in order, even after a bad one (a line that is
/// not UTF-8 included: it gets an error object of its own).
fn solve_lines() -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut input = std::io::stdin().lock();
    let mut all_ok = true;
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(out, "{}", serde_json::json!({ "error": format!("input: {e}") }));
                return ExitCode::from(2);
            }
        }
        let (json, ok) = match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => solve_to_json(line),
            Err(_) => {
                let error = format!("input line {number} is not UTF-8 text: links are plain ASCII");
                (serde_json::json!({ "error": error }).to_string(), false)
            }
        };
        all_ok &= ok;
        if writeln!(out, "{json}").and_then(|_| out.flush()).is_err() {
            return ExitCode::from(2);
        }
    }
    exit_code(all_ok)
}

fn exit_code(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
