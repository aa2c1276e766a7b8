//! Alphametics (the slides of seed 001, recipe 576647): replace each letter by a digit so the
//! equation holds. `brute` is the recipe (every permutation of digits, evaluated); `columns`
//! is the constraint engine guessing letters from the units column leftwards.

pub mod columns;
pub mod equation;
pub mod picture;

use crate::core::choice::Named;
use crate::core::constraint::{self, Counters, Event, Options, Pick, Reason};
use crate::core::job::{format_count, JobContext, Progress, Report};
use crate::core::link::{describe_errors, Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use crate::core::search::Stats;
use crate::core::trace::{Event as Step, Trace, MAX_EVENTS};
use equation::Equation;

pub const PUZZLE: &str = "alphametics";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Alphametics",
    summary: "SEND + MORE == MONEY: every permutation of digits, or column by column with the engine.",
    keys: &[crate::core::keys::own(&["ArrowLeft", "ArrowRight"], "← →", "previous / next solution")],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<AlphameticsParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    (
        "equation",
        &[
            "SEND + MORE == MONEY",
            "NORTH / SOUTH == EAST / WEST",
            "PI * R ** 2 == AREA",
            "A == B",
            "SEND+MORE==MONEY",
            "A / (B + A / (B + A)) == C",
            "ABCDEFGHIJK == K",
            "==",
            "A ** BCDEFGHIJ == B",
        ],
    ),
    ("algo", &["columns", "brute"]),
    ("cap", &["1", "1000", "100000", "0", "100001"]),
];

/// The slides' 25 puzzles (seed 001, "Alphametics Solver").
pub const SLIDES_PUZZLES: [&str; 25] = [
    "VIOLIN * 2 + VIOLA == TRIO + SONATA",
    "SEND + A + TAD + MORE == MONEY",
    "ZEROES + ONES == BINARY",
    "DCLIZ + DLXVI == MCCXXV",
    "COUPLE + COUPLE == QUARTET",
    "FISH + N + CHIPS == SUPPER",
    "SATURN + URANUS + NEPTUNE + PLUTO == PLANETS",
    "EARTH + AIR + FIRE + WATER == NATURE",
    "AN + ACCELERATING + INFERENTIAL + ENGINEERING + TALE + ELITE + GRANT + FEE + ET + CETERA == ARTIFICIAL + INTELLIGENCE",
    "TWO * TWO == SQUARE",
    "HIP * HIP == HURRAY",
    "PI * R ** 2 == AREA",
    "NORTH / SOUTH == EAST / WEST",
    "NAUGHT ** 2 == ZERO ** 3",
    "I + THINK + IT + BE + THINE == INDEED",
    "DO + YOU + FEEL == LUCKY",
    "NOW + WE + KNOW + THE == TRUTH",
    "SORRY + TO + BE + A + PARTY == POOPER",
    "SORRY + TO + BUST + YOUR == BUBBLE",
    "STEEL + BELTED == RADIALS",
    "ABRA + CADABRA == HOUDINI",
    "I + GUESS + THE + TRUTH == HURTS",
    "LETS + CUT + TO + THE == CHASE",
    "THATS + THEORY == ANYWAY",
    "SEND + MORE == MONEY",
];

/// Most solutions a search lists.
pub const MAX_CAP: u64 = 100_000;

crate::named_enum! {
    /// The solvers an alphametics link may name (`algo=`).
    pub enum Algo {
        Columns = ("columns", "Column by column: guess letters from the right, check each column"),
        Brute = ("brute", "Every permutation of digits, each one evaluated"),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlphameticsParams {
    pub equation: Equation,
    pub algo: Algo,
    /// Most solutions to find.
    pub cap: u64,
}

impl Default for AlphameticsParams {
    fn default() -> Self {
        let equation = Equation::parse("SEND + MORE == MONEY").expect("the default equation reads");
        Self { equation, algo: Algo::Columns, cap: 1000 }
    }
}

impl LinkParams for AlphameticsParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let mut params = Self::default();
        if let Some(text) = r.raw("equation") {
            match Equation::parse(text) {
                Ok(e) => params.equation = e,
                Err(why) => r.reject("equation", why),
            }
        }
        params.algo = r.named("algo", Algo::Columns);
        params.cap = r.number("cap", 1..=MAX_CAP, 1000);
        (params, r.finish())
    }

    fn to_link(&self) -> Link {
        let mut link = Link::new(PUZZLE).with("equation", &self.equation.text).with("algo", self.algo.name());
        if self.cap != Self::default().cap {
            link = link.with("cap", self.cap);
        }
        link
    }
}

/// What a solver found: each solution's digits (one per letter), and whether it stopped early.
struct Found {
    solutions: Vec<Vec<u8>>,
    cancelled: bool,
    capped: bool,
}

/// The column solver is a constraint solver that records its work; the others are unrecorded.
pub fn work(link: &Link) -> Work {
    let (params, _) = AlphameticsParams::from_link(link);
    match params.algo {
        Algo::Columns => Work::Constraint,
        other => Work::Unrecorded(super::records_no_trace(PUZZLE, Some(other.name()))),
    }
}

/// Solves what an alphametics link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = AlphameticsParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let mut report = Report::new(PUZZLE, params.algo.name(), params.to_link().to_hash());
    let equation = &params.equation;
    let mut found = match params.algo {
        Algo::Brute => brute(equation, params.cap, ctx, &mut report),
        Algo::Columns => by_columns(equation, params.cap, ctx, &mut report),
    };
    if found.solutions.iter().any(|digits| !equation.holds(digits)) {
        return Err("internal error: a solution does not hold".into());
    }
    found.solutions.sort();
    let count = found.solutions.len() as u64;
    report.solved = count > 0;
    report.count = Some(count);
    report.solutions = Some(found.solutions.iter().map(|digits| letter_map(equation, digits)).collect());
    report.equations = Some(found.solutions.iter().map(|digits| equation.filled_in(digits)).collect());
    report.message = Some(match (found.cancelled, found.capped, count) {
        (true, _, _) if report.stopped.is_some() => {
            format!("stopped after {} permutations (the limit)", format_count(report.expanded))
        }
        (true, _, _) => "cancelled".into(),
        (_, true, n) => format!("stopped at {} solutions (the cap); there may be more", format_count(n)),
        (_, _, 0) => "no solution".into(),
        (_, _, 1) => "exactly one solution".into(),
        (_, _, n) => format!("{} solutions", format_count(n)),
    });
    Ok(report)
}

/// `{"S": 9, "E": 5, …}`, letters in alphabetical order.
fn letter_map(equation: &Equation, digits: &[u8]) -> serde_json::Value {
    let mut pairs: Vec<(char, u8)> = equation.letters.iter().copied().zip(digits.iter().copied()).collect();
    pairs.sort();
    serde_json::Value::Object(pairs.into_iter().map(|(l, d)| (l.to_string(), serde_json::json!(d))).collect())
}

/// Permutations between two progress reports.
const PROGRESS_EVERY: u64 = 1 << 16;

/// The recipe: every arrangement of distinct digits over the letters, in order, each checked
/// by evaluating the equation (those giving a leading letter 0 are skipped).
fn brute(equation: &Equation, cap: u64, ctx: &mut JobContext, report: &mut Report) -> Found {
    let letters = equation.letters.len();
    let mut found = Found { solutions: Vec::new(), cancelled: false, capped: false };
    let mut digits = vec![0u8; letters];
    let mut tried = 0u64;
    // An explicit odometer over k-permutations of 0..=9: `next[i]` is the next digit to try at i.
    let mut used = [false; 10];
    let mut next = vec![0u8; letters];
    let mut depth = 0usize;
    loop {
        if next[depth] == 10 {
            // Every digit tried at this position: step back.
            if depth == 0 {
                break;
            }
            next[depth] = 0;
            depth -= 1;
            used[usize::from(digits[depth])] = false;
            continue;
        }
        let d = next[depth];
        next[depth] += 1;
        if used[usize::from(d)] {
            continue;
        }
        digits[depth] = d;
        if depth + 1 < letters {
            used[usize::from(d)] = true;
            depth += 1;
            continue;
        }
        tried += 1;
        if tried > ctx.limits.max_expanded {
            // A race's lane (or a small budget) stops the permutations here.
            report.stopped = Some("nodes".into());
            found.cancelled = true;
            break;
        }
        if tried.is_multiple_of(PROGRESS_EVERY)
            && !ctx.progress(Progress::Search(Stats { expanded: tried, ..Stats::default() }))
        {
            found.cancelled = true;
            break;
        }
        let leading_zero = digits.iter().zip(&equation.leading).any(|(&d, &lead)| lead && d == 0);
        if !leading_zero && equation.holds(&digits) {
            found.solutions.push(digits.clone());
            if found.solutions.len() as u64 >= cap {
                found.capped = true;
                break;
            }
        }
    }
    report.expanded = tried;
    found
}

/// Writes the engine's steps into a trace: each letter's digit with its cause (a guess
/// announced first), and each guess taken back.
fn record_steps(events: &[Event], letter: impl Fn(u32) -> String, trace: &mut Trace) {
    for event in events {
        match *event {
            Event::Assign { var, value, reason } => {
                if reason == Reason::Guess {
                    trace.record(Step::Guess { cell: letter(var), value });
                }
                let cause = match reason {
                    Reason::Guess => "guess",
                    Reason::Single => "single",
                    Reason::HiddenSingle => "hidden",
                };
                trace.record(Step::Assign { cell: letter(var), value, cause: cause.into() });
            }
            Event::Backtrack { var, value } => trace.record(Step::Backtrack { cell: letter(var), value }),
            Event::DeadEnd { var } => trace.record(Step::DeadEnd { row: None, cell: var.map(&letter) }),
            Event::Solution => trace.record(Step::Solution),
            Event::Eliminate { .. } => {}
        }
    }
}

/// The engine, guessing letters column by column.
fn by_columns(equation: &Equation, cap: u64, ctx: &mut JobContext, report: &mut Report) -> Found {
    let (model, order) = columns::model(equation);
    let mut recording = ctx.take_trace();
    let trace_limit = if recording.is_some() { MAX_EVENTS } else { 0 };
    let options = Options {
        pick: Pick::Min,
        cap,
        trace_limit,
        dead_ends: recording.is_some(),
        eliminations: false,
        keep: cap as usize,
    };
    let mut progress =
        |c: &Counters| ctx.progress(Progress::Search(Stats { expanded: c.guesses, ..Stats::default() }));
    let outcome = constraint::solve(&model, options, &mut progress);
    report.set_counters(&outcome.counters);
    if let Some(trace) = recording.as_deref_mut() {
        let letter = |var: u32| equation.letters[order[var as usize]].to_string();
        record_steps(&outcome.trace.events, letter, trace);
        trace.cut |= outcome.trace.dropped > 0;
    }
    ctx.keep_trace(recording);
    let solutions = outcome
        .solutions
        .iter()
        .map(|values| {
            let mut digits = vec![0u8; order.len()];
            for (var, &letter) in order.iter().enumerate() {
                digits[letter] = values[var] as u8;
            }
            digits
        })
        .collect();
    Found { solutions, cancelled: outcome.cancelled, capped: !outcome.complete && !outcome.cancelled }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::solve_quietly as run;

    fn link(equation: &str, algo: &str) -> String {
        AlphameticsParams {
            equation: Equation::parse(equation).unwrap(),
            algo: Algo::from_name(algo).unwrap(),
            cap: 1000,
        }
        .to_link()
        .to_hash()
    }

    #[test]
    fn send_more_money_has_one_answer() {
        let hash = "#/alphametics?equation=SEND%20%2B%20MORE%20%3D%3D%20MONEY&algo=columns";
        assert_eq!(link("SEND + MORE == MONEY", "columns"), hash);
        let report = run(hash).unwrap();
        assert_eq!(report.count, Some(1));
        assert_eq!(report.equations.unwrap(), ["9567 + 1085 == 10652"]);
        assert_eq!(report.solutions.unwrap()[0]["M"], 1);
    }

    #[test]
    fn columns_find_what_brute_force_finds() {
        // Small puzzles, every solution compared with the recipe's exhaustive search.
        for equation in [
            "SEND + MORE == MONEY",
            "TWO * TWO == SQUARE",
            "HIP * HIP == HURRAY",
            "PI * R ** 2 == AREA",
            "A + B == C",
            "AB * C == DE",
            "AB / C == D",
            "A ** B == CD",
            "-A + BC == 10 * B - 1",
            "NAUGHT ** 2 == ZERO ** 3",
            "NORTH / SOUTH == EAST / WEST",
            "AB == BA",
            "ABC + DEF == GHIJ",
        ] {
            let by_columns = run(&link(equation, "columns")).unwrap();
            let by_brute = run(&link(equation, "brute")).unwrap();
            assert_eq!(by_columns.equations, by_brute.equations, "{equation}");
            assert_eq!(by_columns.count, by_brute.count, "{equation}");
        }
    }

    #[test]
    fn every_slide_puzzle_is_solved() {
        for equation in SLIDES_PUZZLES {
            let report = run(&link(equation, "columns")).unwrap();
            // The recipe prints nothing for this one: its brute force finds no solution either.
            assert_eq!(report.solved, !equation.starts_with("ABRA"), "{equation}");
            for filled in report.equations.unwrap() {
                assert!(!filled.chars().any(|c| c.is_ascii_alphabetic()), "{filled}");
            }
        }
        assert_eq!(run(&link("NORTH / SOUTH == EAST / WEST", "columns")).unwrap().count, Some(1));
    }

    /// Replays the engine's own events for the slides' puzzles: at every assignment, no other
    /// letter of the branch holds that digit, and every solution follows an assignment.
    #[test]
    fn no_two_letters_of_a_branch_ever_share_a_digit() {
        for equation in SLIDES_PUZZLES {
            let (model, _) = columns::model(&Equation::parse(equation).unwrap());
            let options = Options {
                pick: Pick::Min,
                cap: 1000,
                trace_limit: usize::MAX,
                dead_ends: true,
                eliminations: false,
                keep: 0,
            };
            let events = constraint::solve(&model, options, &mut |_| true).trace.events;
            // The branch: each guess with the letters fixed since it (the first: before any).
            let mut branches: Vec<Vec<(u32, u32)>> = vec![Vec::new()];
            for event in events {
                match event {
                    Event::Assign { var, value, reason } => {
                        let held = branches.iter().flatten().find(|&&(_, v)| v == value);
                        assert_eq!(held, None, "{equation}: letter {var} = {value}");
                        if reason == Reason::Guess {
                            branches.push(Vec::new());
                        }
                        branches.last_mut().unwrap().push((var, value));
                    }
                    Event::Backtrack { var, value } => {
                        assert_eq!(branches.pop().unwrap()[0], (var, value), "{equation}");
                    }
                    Event::Solution => {
                        let letters = branches.iter().flatten().count();
                        assert_eq!(letters, model.domains().len(), "{equation}");
                    }
                    Event::DeadEnd { .. } | Event::Eliminate { .. } => {}
                }
            }
        }
    }

    #[test]
    fn no_solution_is_an_answer() {
        let report = run(&link("A + A == B + B + C", "columns")).unwrap();
        let brute = run(&link("AB + AB == AB", "brute")).unwrap();
        assert_eq!((brute.count, brute.solved), (Some(0), false));
        assert_eq!(brute.message.as_deref(), Some("no solution"));
        assert!(report.count.unwrap() > 0);
    }

    #[test]
    fn hostile_equations_answer_at_once_on_a_small_stack() {
        let tower = (0..26).fold("A".to_string(), |inner, _| format!("A / (B + {inner})"));
        let chain = format!("{}B == C", "A + ".repeat((equation::MAX_CHARS - 6) / 4));
        let deepest = format!("{}A{} == B", "(".repeat(32), ")".repeat(32));
        let powers = format!("A{} == B", " ** -A".repeat(15));
        let cases = [format!("{tower} == C"), chain, deepest, powers, format!("{}A", "(".repeat(20_000))];
        // A quarter of a browser worker's stack: no walk over an equation may go deep.
        let answers = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                let mut answers = Vec::new();
                for equation in &cases {
                    for algo in ["columns", "brute"] {
                        let link = Link::new(PUZZLE).with("equation", equation).with("algo", algo);
                        answers.push((equation.len(), algo, run(&link.to_hash())));
                    }
                }
                answers
            })
            .unwrap()
            .join()
            .expect("no stack overflow");
        for (length, algo, answer) in answers {
            match answer {
                Ok(report) => assert!(report.message.is_some(), "{length} {algo}"),
                Err(why) => assert!(why.starts_with("equation: "), "{length} {algo}: {why}"),
            }
        }
    }

    #[test]
    fn bad_links_are_refused_with_the_reason() {
        assert!(run("#/alphametics?equation=SEND%20%2B").unwrap_err().starts_with("equation: column 7"));
        assert!(run("#/alphametics?equation=ABCDEFGHIJK%3D%3DK")
            .unwrap_err()
            .contains("11 different letters"));
    }
}
