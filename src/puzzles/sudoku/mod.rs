//! Sudoku by constraint propagation (the slides of seed 001): the slides' solver on the
//! constraint engine with a choice of guessing rule, plain backtracking for contrast, a fast
//! bit-mask solver, counting, and a seeded generator of puzzles with one solution.

pub mod bands;
pub mod fast;
pub mod generate;
pub mod grid;
pub mod params;
pub mod trace;

use crate::core::choice::Named;
use crate::core::constraint::{self, AllDifferent, Counters, Event, Model, Options, Pick, Reason};
use crate::core::job::{format_count, JobContext, Progress, Report};
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::race::Work;
use crate::core::search::Stats;
use crate::core::trace::MAX_EVENTS;
use grid::{groups, Grid};
use params::{Algo, PickRule, Set, Source, SudokuParams};
use trace::{How, Move};

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: params::PUZZLE,
    title: "Sudoku",
    summary: "Constraint propagation: eliminate, place singles, guess where it matters least.",
    keys: &[
        crate::core::keys::own(
            &["1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F", "G"],
            "1–9 A–G",
            "enter a value in the selected cell (A–G with Shift, on 16×16)",
        ),
        crate::core::keys::own(
            &["0", "Delete", "Backspace"],
            "0 Delete Backspace",
            "clear the selected cell",
        ),
        crate::core::keys::own(
            &["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"],
            "← ↑ → ↓",
            "move the selection (the first arrow selects the first cell)",
        ),
        crate::core::keys::own(&["m"], "m", "show or hide pencil marks (candidates)"),
    ],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<SudokuParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("grid", &[params::PRESETS[0].1, params::PRESETS[1].1, "1234341221434321", "0000000000000000", "11"]),
    ("algo", &["propagate", "backtrack", "fast", "count"]),
    ("pick", &["min", "max", "random", "first"]),
    ("set", &["top95", "hardest", "17clue", "none"]),
    ("box", &["2", "3", "4", "1", "5"]),
    ("clues", &["0", "17", "30", "81", "256"]),
    ("cap", &["1", "1000", "1000000", "1000001"]),
    ("marks", &["0", "1"]),
    ("moves", &["r1c3-6", "r2c2-.", "r1c1-3", "r9c9-9", "r10c1-1"]),
    ("seed", &["0", "1", "9007199254740991"]),
    ("step", &["0", "1", "20000"]),
];

/// Most trace steps a report carries (a page steps through them).
pub const TRACE_LIMIT: usize = 20_000;

/// Guesses a solve may make before it stops and says so (plain backtracking guessing in
/// random cells can otherwise run for hours).
pub const MAX_GUESSES: u64 = 20_000_000;

/// Solutions a count lists (the rest are counted only).
const LISTED: usize = 100;

/// The puzzle a link describes: given, generated or the slides' example, with the values
/// entered by hand (which must not overwrite clues).
pub fn puzzle(params: &SudokuParams) -> Result<(Grid, Grid), String> {
    let grid = match &params.source {
        Source::Generated { box_size, clues } => generate::generate(*box_size, *clues, params.seed).grid,
        source => written_grid(source)?,
    };
    let current = with_entries(&grid, &params.played)?;
    Ok((grid, current))
}

/// The clues of a puzzle the link writes out (a grid, the slides' example); a generated one is
/// made with [`made_grid`] (in the worker: the page does without the generator's code).
pub fn written_grid(source: &Source) -> Result<Grid, String> {
    match source {
        Source::Given(grid) => Ok(grid.clone()),
        Source::Slides => Ok(Grid::parse(params::SLIDES_EXAMPLE).expect("the slides' example is a grid")),
        Source::Set(_) => Err("set: a benchmark set has no single grid".into()),
        Source::Generated { .. } => Err("clues: a generated puzzle is made from its seed".into()),
    }
}

/// The grid of clues `grid` with the values entered by hand; refused when one is on a clue.
pub fn with_entries(grid: &Grid, played: &[Move]) -> Result<Grid, String> {
    let mut current = grid.clone();
    for mv in played {
        if let Move::Enter { cell, value } = *mv {
            match grid.cells.get(cell) {
                None => return Err(format!("moves: cell {} is outside the grid", cell + 1)),
                Some(0) => {}
                Some(_) => return Err(format!("moves: {} is a clue", grid::cell_name(grid.side(), cell))),
            }
            current.cells[cell] = value;
        }
    }
    Ok(current)
}

/// The clues of the puzzle a link names, written as `grid=` takes them: the grid a seed makes
/// (`clues=`, up to ~81 solves), made in the worker so the page never waits for it. Values
/// entered in the link (`moves=`) are checked on it: one on a clue is refused.
pub fn made_grid(link: &Link) -> Result<String, String> {
    let (params, errors) = SudokuParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    puzzle(&params)?;
    let bare = SudokuParams { played: Vec::new(), ..params };
    puzzle(&bare).map(|(clues, _)| clues.to_string())
}

/// Propagation and backtracking on one grid are constraint solvers that record their work;
/// the fast solver, counts and benchmark sets are unrecorded.
pub fn work(link: &Link) -> Work {
    let (params, _) = SudokuParams::from_link(link);
    match (params.algo, &params.source) {
        (_, Source::Set(_)) => {
            Work::Unrecorded("trace: a benchmark set (set=) records no trace; trace one grid".into())
        }
        (Algo::Propagate | Algo::Backtrack, _) => Work::Constraint,
        (other, _) => Work::Unrecorded(super::records_no_trace(params::PUZZLE, Some(other.name()))),
    }
}

/// Solves what a Sudoku link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = SudokuParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let mut report = Report::new(params::PUZZLE, params.algo.name(), params.to_link().to_hash());
    if let Source::Set(set) = params.source {
        solve_set(set, &params, ctx, &mut report);
        return Ok(report);
    }
    let (clues, grid) = puzzle(&params)?;
    // Values entered by hand that clash leave no solution: answered as such (a page shows them).
    if !grid.conflicts().is_empty() {
        report.count = Some(0);
        report.message =
            Some("no solution: the values entered break the rules (two equal values see each other)".into());
        return Ok(report);
    }
    let mut recording = ctx.take_trace();
    // A recorded run keeps every step for its trace; its moves stay the first TRACE_LIMIT.
    let trace_limit = if recording.is_some() { MAX_EVENTS.max(TRACE_LIMIT) } else { TRACE_LIMIT };
    let mut over_limit = false;
    // A race's lane (`clock=guesses`) stops sooner, and a recording for a view at its cut.
    let max_guesses = MAX_GUESSES.min(ctx.limits.max_expanded);
    let stop_at_cut = recording.is_some() && ctx.limits.stop_at_cut;
    let mut recorded_full = false;
    let mut progress = |c: &Counters| {
        recorded_full |= stop_at_cut && c.assignments + c.backtracks + c.dead_ends >= MAX_EVENTS as u64;
        over_limit |= c.guesses >= max_guesses || recorded_full;
        !over_limit && ctx.progress(Progress::Search(Stats { expanded: c.guesses, ..Stats::default() }))
    };
    let (first, count, complete, cancelled) = match params.algo {
        Algo::Fast => {
            let found = fast::Solver::new(grid.box_size).solve_watched(&grid, 1, &mut progress);
            report.set_counters(&found.counters);
            (found.first, found.count, found.complete, found.cancelled)
        }
        Algo::Propagate | Algo::Backtrack | Algo::Count => {
            let cap = if params.algo == Algo::Count { params.cap } else { 1 };
            let options = Options {
                pick: pick(&params),
                cap,
                trace_limit,
                dead_ends: recording.is_some(),
                eliminations: recording.is_some(),
                keep: LISTED,
            };
            let outcome = constraint::solve(&model(&grid, params.algo), options, &mut progress);
            report.set_counters(&outcome.counters);
            let side = grid.side();
            let events = &outcome.trace.events;
            // A page plays the moves back: dead ends (recorded for a trace only) are not moves.
            let moves = events.iter().filter_map(|e| trace_move(e, params.algo));
            report.moves = moves.take(TRACE_LIMIT).map(|m| m.describe(side)).collect();
            if let Some(trace) = recording.as_deref_mut() {
                record_steps(&grid, params.algo, events, trace);
                trace.cut |= outcome.trace.dropped > 0;
            }
            let dead_ends = events.iter().filter(|e| matches!(e, Event::DeadEnd { .. })).count() as u64;
            if events.len() as u64 + outcome.trace.dropped - dead_ends > TRACE_LIMIT as u64 {
                report.message =
                    Some(format!("the trace keeps the first {} steps", format_count(TRACE_LIMIT as u64)));
            }
            let grids: Vec<Grid> = outcome.solutions.iter().map(|s| solution_grid(&grid, s)).collect();
            if params.algo == Algo::Count {
                report.solutions = Some(grids.iter().map(|g| serde_json::json!(g.to_string())).collect());
            }
            (grids.into_iter().next(), outcome.count, outcome.complete, outcome.cancelled)
        }
    };
    report.length = report.moves.len();
    if cancelled {
        let advice = match (params.algo, params.pick) {
            (Algo::Backtrack, _) => "try propagation",
            (_, PickRule::Min) => "a grid harder than any in the benchmark sets",
            _ => "try guessing in the cell with the fewest candidates",
        };
        let (stopped, message) = match (recorded_full, over_limit) {
            (true, _) => (
                "recorded",
                format!("stopped once its recording was full ({} events)", format_count(MAX_EVENTS as u64)),
            ),
            (false, true) => (
                "nodes",
                format!("stopped after {} guesses (the limit): {advice}", format_count(max_guesses)),
            ),
            (false, false) => ("cancelled", "cancelled".into()),
        };
        report.stopped = Some(stopped.into());
        report.message = Some(message);
        // A stopped search keeps what it recorded, like one whose trace was cut.
        ctx.keep_trace(recording);
        return Ok(report);
    }
    if let Some(solution) = &first {
        if !solution.solves(&grid) {
            return Err("internal error: a solution broke the rules".into());
        }
        report.solution = Some(serde_json::json!(solution.to_string()));
    }
    report.solved = first.is_some();
    report.count = Some(count);
    let verdict = match (params.algo, count, complete) {
        // Values entered by hand may be what leaves none: the student is told where to look.
        (_, 0, _) if grid != clues => {
            "no solution with the values entered; undo them to try the clues alone".to_string()
        }
        (_, 0, _) => "no solution".to_string(),
        (Algo::Count, n, true) => {
            format!("{} solution{} in all", format_count(n), if n == 1 { "" } else { "s" })
        }
        (Algo::Count, n, false) => {
            format!("more than {} solutions: the cap stopped the count", format_count(n - 1))
        }
        _ => uniqueness(&fast::Solver::new(grid.box_size).solve_watched(&grid, 2, &mut progress)).into(),
    };
    report.message = Some(match report.message.take() {
        Some(note) => format!("{verdict}; {note}"),
        None => verdict,
    });
    ctx.keep_trace(recording);
    Ok(report)
}

/// What a search for two solutions says of the one found: only when it saw the whole space
/// is one solution "the only" one.
fn uniqueness(second: &fast::Found) -> &'static str {
    match (second.count, second.complete && !second.cancelled) {
        (2.., _) => "one of several solutions",
        (1, true) => "the only solution",
        _ => "a solution; whether it is the only one was not settled (the check stopped early)",
    }
}

/// The engine's model of a grid: one all-different group per row, column and box, pruning
/// friends (the slides' method) or only refusing clashes (plain backtracking).
pub fn model(grid: &Grid, algo: Algo) -> Model {
    let all = (1u32 << grid.side()) - 1;
    let domains = grid.cells.iter().map(|&v| if v == 0 { all } else { 1 << (v - 1) }).collect();
    let mut model = Model::new(domains);
    for group in groups(grid.box_size) {
        let vars = group.iter().map(|&c| c as u32).collect();
        model.add(AllDifferent { vars, prune: algo != Algo::Backtrack, hidden_singles: false });
    }
    model
}

fn pick(params: &SudokuParams) -> Pick {
    match params.pick {
        PickRule::Min => Pick::Min,
        PickRule::Max => Pick::Max,
        PickRule::Random => Pick::Random(params.seed),
        PickRule::First => Pick::First,
    }
}

/// A trace event as the page's move (values are 1-based on the grid, 0-based in the engine).
fn trace_move(event: &Event, algo: Algo) -> Option<Move> {
    Some(match *event {
        Event::Assign { var, value, reason } => {
            let how = match reason {
                Reason::Guess if algo == Algo::Backtrack => How::Try,
                Reason::Guess => How::Guess,
                Reason::Single => How::Single,
                Reason::HiddenSingle => How::Hidden,
            };
            Move::Place { cell: var as usize, value: value as u8 + 1, how }
        }
        Event::Backtrack { var, value } => Move::Back { cell: var as usize, value: value as u8 + 1 },
        Event::Solution => Move::Solved,
        Event::DeadEnd { .. } | Event::Eliminate { .. } => return None,
    })
}

/// Writes a constraint search's steps into a trace: the givens, then the engine's own steps in
/// order: each value it crosses out of a cell (and which cell's value did), each assignment (a
/// guess announced first), each dead end and each guess taken back. Replaying the events gives
/// the solver's candidates at every moment.
fn record_steps(grid: &Grid, algo: Algo, events: &[Event], trace: &mut crate::core::trace::Trace) {
    use crate::core::trace::Event as Step;
    let name = |cell: usize| grid::cell_name(grid.side(), cell);
    for (cell, &value) in grid.cells.iter().enumerate().filter(|(_, &v)| v != 0) {
        trace.record(Step::Assign { cell: name(cell), value: value.into(), cause: "given".into() });
    }
    for event in events {
        match *event {
            Event::Eliminate { var, value, by } => trace.record(Step::Eliminate {
                cell: name(var as usize),
                value: value + 1,
                by: by.map_or_else(String::new, |by| name(by as usize)),
            }),
            Event::DeadEnd { var } => {
                trace.record(Step::DeadEnd { row: None, cell: var.map(|v| name(v as usize)) })
            }
            Event::Backtrack { var, value } => {
                trace.record(Step::Backtrack { cell: name(var as usize), value: value + 1 })
            }
            Event::Assign { .. } => {
                let Some(Move::Place { cell, value, how }) = trace_move(event, algo) else { continue };
                if matches!(how, How::Guess | How::Try) {
                    trace.record(Step::Guess { cell: name(cell), value: value.into() });
                }
                let cause = match how {
                    How::Guess => "guess",
                    How::Try => "try",
                    How::Single => "single",
                    How::Hidden => "hidden",
                };
                trace.record(Step::Assign { cell: name(cell), value: value.into(), cause: cause.into() });
            }
            Event::Solution => trace.record(Step::Solution),
        }
    }
}

fn solution_grid(puzzle: &Grid, values: &[u32]) -> Grid {
    Grid { box_size: puzzle.box_size, cells: values.iter().map(|&v| v as u8 + 1).collect() }
}

/// The puzzles of a benchmark set.
pub fn set_puzzles(set: Set) -> Vec<Grid> {
    let text = match set {
        Set::Top95 => include_str!("../../../tests/data/sudoku/top95.txt"),
        Set::Hardest => include_str!("../../../tests/data/sudoku/hardest.txt"),
        Set::Clue17 => include_str!("../../../tests/data/sudoku/17clue.txt"),
    };
    text.lines().map(|line| Grid::parse(line).expect("benchmark sets hold valid grids")).collect()
}

/// How many puzzles a set's rate is timed over, in whole rounds of the set: a round can take
/// under a millisecond, too short for a browser's clock (100 µs steps in a worker) to time well.
const SET_TIMING_PUZZLES: usize = 5_000;

/// Solves every puzzle of a set with the link's algorithm: solved count, the counters, and
/// the rate (the solving is timed; checking the solutions against the rules comes after). The
/// fast solver runs in rounds until [`SET_TIMING_PUZZLES`] are solved, as one round can be
/// too quick for a browser's clock; the others take one round, within one budget of guesses
/// for the whole set.
fn solve_set(set: Set, params: &SudokuParams, ctx: &mut JobContext, report: &mut Report) {
    let puzzles = set_puzzles(set);
    let solver = fast::Solver::new(3);
    let max_guesses = MAX_GUESSES.min(ctx.limits.max_expanded);
    let started = ctx.elapsed_ms();
    let mut totals = Counters::default();
    let mut solutions = Vec::with_capacity(puzzles.len());
    for puzzle in &puzzles {
        let before = totals;
        let mut over_limit = false;
        let mut progress = |c: &Counters| {
            over_limit |= before.guesses + c.guesses >= max_guesses;
            !over_limit
                && ctx.progress(Progress::Search(Stats {
                    expanded: before.guesses + c.guesses,
                    ..Stats::default()
                }))
        };
        let (first, counters, cancelled) = match params.algo {
            Algo::Fast => {
                let found = solver.solve_watched(puzzle, 1, &mut progress);
                (found.first, found.counters, found.cancelled)
            }
            algo => {
                let cap = if algo == Algo::Count { params.cap } else { 1 };
                let options = Options {
                    pick: pick(params),
                    cap,
                    trace_limit: 0,
                    dead_ends: false,
                    eliminations: false,
                    keep: 1,
                };
                let outcome = constraint::solve(&model(puzzle, algo), options, &mut progress);
                let first = outcome.solutions.first().map(|values| solution_grid(puzzle, values));
                (first, outcome.counters, outcome.cancelled)
            }
        };
        totals += counters;
        solutions.push(first);
        if cancelled {
            report.set_counters(&totals);
            let (stopped, message) = match over_limit {
                true => (
                    "nodes",
                    format!(
                        "stopped after {} guesses over the set (the limit), at puzzle {} of {}: try propagation",
                        format_count(max_guesses),
                        solutions.len(),
                        puzzles.len()
                    ),
                ),
                false => ("cancelled", "cancelled".to_string()),
            };
            report.stopped = Some(stopped.into());
            report.message = Some(message);
            return;
        }
    }
    let rounds = if params.algo == Algo::Fast { SET_TIMING_PUZZLES.div_ceil(puzzles.len()) } else { 1 };
    for _ in 1..rounds {
        for puzzle in &puzzles {
            std::hint::black_box(solver.solve(puzzle, 1));
        }
        if !ctx.progress(Progress::Search(Stats { expanded: totals.guesses, ..Stats::default() })) {
            report.message = Some("cancelled".into());
            return;
        }
    }
    let ms = (ctx.elapsed_ms() - started) / rounds as f64;
    let solved =
        puzzles.iter().zip(&solutions).filter(|(p, s)| s.as_ref().is_some_and(|s| s.solves(p))).count();
    report.set_counters(&totals);
    report.solved = solved == puzzles.len();
    report.count = Some(solved as u64);
    let rate = puzzles.len() as f64 / (ms / 1000.0).max(1e-9);
    report.puzzles_per_s = Some(rate);
    let timed = match rounds {
        1 => "one round".to_string(),
        rounds => format!("the mean of {rounds} rounds"),
    };
    report.message = Some(format!(
        "{solved} of {} puzzles solved: {} puzzles/s, {:.1} µs each ({timed})",
        puzzles.len(),
        format_count(rate as u64),
        1e6 / rate
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::solution::Solution;
    use crate::puzzles::solve_quietly as run;

    const SLIDES_SOLUTION: &str =
        "276415938581329764934876512352168479149753286768942153497681325615234897823597641";

    /// The grid a Search view's markup draws: each cell's value, or its candidates not struck
    /// out, as a domain (bit `v - 1` for the value `v`).
    fn drawn_domains(markup: &str) -> Vec<constraint::Domain> {
        let table = markup.split("<tbody>").nth(1).unwrap().split("</tbody>").next().unwrap();
        let number = |text: &str| text.split('<').next().unwrap().parse::<u32>().unwrap();
        table
            .split("<td")
            .skip(1)
            .map(|cell| {
                let content = &cell[cell.find('>').unwrap() + 1..];
                if content.starts_with("<span class=\"candidates\">") {
                    content.split("<span>").skip(1).map(|c| 1 << (number(c) - 1)).fold(0, |d, bit| d | bit)
                } else {
                    1 << (number(content) - 1)
                }
            })
            .collect()
    }

    /// The engine's own domains after every event against what the Search view draws at that
    /// moment: every value and every candidate, at every event.
    fn check_drawn_against_the_engine(grid: &Grid) {
        let options = Options {
            pick: Pick::Min,
            cap: 1,
            trace_limit: usize::MAX,
            dead_ends: true,
            eliminations: true,
            keep: 1,
        };
        let outcome = constraint::solve(&model(grid, Algo::Propagate), options, &mut |_| true);
        let mut trace = crate::core::trace::Trace::default();
        record_steps(grid, Algo::Propagate, &outcome.trace.events, &mut trace);
        assert!(!trace.cut, "{grid}: the whole search is recorded");
        let replay = crate::core::replay::Replay::new(trace);
        let mut t = grid.cells.iter().filter(|&&v| v != 0).count() as u32;
        assert_eq!(outcome.trace.events.len(), outcome.trace.after.len());
        for (event, after) in outcome.trace.events.iter().zip(&outcome.trace.after) {
            // A guess is announced by a step of its own, then assigned.
            t += if matches!(event, Event::Assign { reason: Reason::Guess, .. }) { 2 } else { 1 };
            let drawn = drawn_domains(&replay.frame(t, false).markup);
            assert_eq!(&drawn, after, "{grid}: moment {t}, after {event:?}");
        }
        assert_eq!(t, replay.len(), "{grid}: every event compared");
    }

    #[test]
    fn the_search_view_draws_the_engines_own_values_and_candidates_at_every_event() {
        check_drawn_against_the_engine(&Grid::parse(params::SLIDES_EXAMPLE).unwrap());
        // The first three hard puzzles: each search fits in one trace (the fourth is cut).
        for line in include_str!("../../../tests/data/sudoku/top95.txt").lines().take(3) {
            check_drawn_against_the_engine(&Grid::parse(line.trim()).unwrap());
        }
    }

    #[test]
    fn the_slides_example_has_the_slides_solution() {
        for algo in ["propagate", "backtrack", "fast", "count"] {
            let report = run(&format!("#/sudoku?algo={algo}")).unwrap();
            assert_eq!(report.solution, Some(serde_json::json!(SLIDES_SOLUTION)), "{algo}");
            assert_eq!(report.count, Some(1), "{algo}");
        }
    }

    #[test]
    fn every_trace_replays_to_its_solution() {
        let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let small = generate::generate(2, 5, 1).grid.to_string();
        let cases = [
            ("propagate", "min", hard),
            ("propagate", "random", params::SLIDES_EXAMPLE),
            // Guessing where most candidates are, or without propagating, takes too many steps
            // on a 9×9 puzzle to keep the whole trace: a 4×4 one shows them.
            ("propagate", "max", small.as_str()),
            ("backtrack", "first", small.as_str()),
        ];
        for (algo, pick, grid) in cases {
            let report = run(&format!("#/sudoku?grid={grid}&algo={algo}&pick={pick}&seed=3")).unwrap();
            let puzzle = Grid::parse(grid).unwrap();
            let side = puzzle.side();
            let moves = report.moves.iter().map(|m| Move::parse(m, side).unwrap());
            let start = trace::Position::new(&puzzle, algo != "backtrack");
            let replay = Solution::replay(start, moves, |p, m| p.apply(m)).unwrap();
            assert_eq!(report.moves.last().map(String::as_str), Some("solved"), "{algo} {pick}");
            let end = replay.end().grid();
            assert!(end.solves(&puzzle), "{algo} {pick}");
            assert_eq!(Some(serde_json::json!(end.to_string())), report.solution);
            let guesses =
                report.moves.iter().filter(|m| m.starts_with("guess") || m.starts_with("try")).count();
            assert_eq!(guesses as u64, report.guess_count().unwrap());
        }
    }

    #[test]
    fn counts_match_known_numbers_of_solutions() {
        // An empty 4×4 grid has 288 solutions; the cap stops a count and says so.
        let report = run("#/sudoku?grid=................&algo=count&cap=1000").unwrap();
        assert_eq!(report.count, Some(288));
        assert_eq!(report.solutions.as_ref().map(Vec::len), Some(LISTED));
        let capped = run("#/sudoku?grid=................&algo=count&cap=10").unwrap();
        assert_eq!(capped.count, Some(10));
        assert!(capped.message.unwrap().starts_with("more than 9"));
        // By symmetry of relabelling: one clue leaves 288 / 4 grids, two clues in a row 288 / 12.
        assert_eq!(run("#/sudoku?grid=1...............&algo=count").unwrap().count, Some(72));
        assert_eq!(run("#/sudoku?grid=12..............&algo=count").unwrap().count, Some(24));
        // The slides' solution with its top band emptied: the engine's count agrees with the
        // fast solver's, which checks every solution against the rules.
        let band = format!("{}{}", ".".repeat(27), &SLIDES_SOLUTION[27..]);
        let counted = run(&format!("#/sudoku?grid={band}&algo=count")).unwrap();
        let found = fast::Solver::new(3).solve(&Grid::parse(&band).unwrap(), 1000);
        assert_eq!(counted.count, Some(found.count));
        assert!(found.count > 1 && found.complete);
        for solution in counted.solutions.unwrap() {
            assert!(Grid::parse(solution.as_str().unwrap()).unwrap().solves(&Grid::parse(&band).unwrap()));
        }
    }

    #[test]
    fn unsolvable_grids_are_answered_not_refused() {
        // Clues that do not clash, yet leave r1c9 without a value.
        let grid = format!("12345678.{}9{}", ".".repeat(17), ".".repeat(54));
        for algo in ["propagate", "fast", "count", "backtrack"] {
            let report = run(&format!("#/sudoku?grid={grid}&algo={algo}")).unwrap();
            assert!(!report.solved, "{algo}");
            assert_eq!(report.count, Some(0));
            assert_eq!(report.message.as_deref(), Some("no solution"));
        }
    }

    #[test]
    fn entries_by_hand_join_the_clues() {
        let report = run("#/sudoku?algo=fast&moves=r1c3-6").unwrap();
        assert_eq!(report.solution, Some(serde_json::json!(SLIDES_SOLUTION)));
        assert!(run("#/sudoku?algo=fast&moves=r1c1-3").unwrap_err().contains("r1c1 is a clue"));
        let wrong = run("#/sudoku?algo=fast&moves=r1c3-3").unwrap();
        assert!(!wrong.solved, "a wrong entry leaves no solution");
        assert!(wrong.message.unwrap().starts_with("no solution with the values entered;"));
        let clashing = run("#/sudoku?algo=fast&moves=r1c3-5").unwrap();
        assert!(!clashing.solved && clashing.message.unwrap().contains("break the rules"));
        let cleared = run("#/sudoku?algo=fast&moves=r1c3-5,r1c3-.").unwrap();
        assert!(cleared.solved, "a cleared cell is open again");
    }

    #[test]
    fn the_pages_presets_have_one_solution_each() {
        for (_, grid) in params::PRESETS {
            let puzzle = Grid::parse(grid).unwrap();
            assert_eq!(fast::Solver::new(puzzle.box_size).solve(&puzzle, 2).count, 1, "{grid}");
        }
    }

    #[test]
    fn one_solution_is_the_only_one_only_when_the_check_finished() {
        let puzzle = Grid::parse(params::PRESETS[0].1).unwrap();
        let whole = fast::Solver::new(puzzle.box_size).solve(&puzzle, 2);
        assert_eq!(uniqueness(&whole), "the only solution");
        let stopped = fast::Found { complete: false, cancelled: true, ..whole.clone() };
        assert!(uniqueness(&stopped).contains("not settled"), "{}", uniqueness(&stopped));
        let unfinished = fast::Found { complete: false, ..whole };
        assert!(uniqueness(&unfinished).contains("not settled"));
    }

    #[test]
    fn the_worker_makes_a_generated_puzzle_as_its_seed_gives_it() {
        let made = crate::puzzles::make_puzzle("#/sudoku?clues=30&seed=12&moves=r1c1-5").unwrap();
        let grid = Grid::parse(&made).unwrap();
        assert_eq!(grid, generate::generate(3, 30, 12).grid, "the clues alone, without the entries");
        assert_eq!(grid.clue_count(), 30);
        assert!(crate::puzzles::make_puzzle("#/sudoku?clues=30&seed=x").unwrap_err().starts_with("seed:"));
        assert!(crate::puzzles::make_puzzle("#/hanoi").unwrap_err().contains("not made in the worker"));
    }

    #[test]
    fn a_hopeless_search_stops_at_the_guess_limit() {
        let report = run("#/sudoku?algo=backtrack&pick=random&seed=1").unwrap();
        assert!(!report.solved);
        assert!(report.message.as_deref().unwrap().starts_with("stopped after 20,000,000 guesses"));
        assert!(
            (MAX_GUESSES..MAX_GUESSES + 4096).contains(&report.guess_count().unwrap()),
            "checked every 1,024 guesses"
        );
    }

    #[test]
    fn benchmark_sets_are_solved_whole() {
        let report = run("#/sudoku?set=hardest&algo=fast").unwrap();
        assert_eq!(report.count, Some(11));
        assert!(report.solved);
        assert!(report.puzzles_per_s.is_some_and(|rate| rate > 0.0));
        assert!(report.message.unwrap().starts_with("11 of 11 puzzles solved: "));
        for puzzle in set_puzzles(Set::Clue17) {
            assert_eq!(puzzle.clue_count(), 17);
        }
        assert_eq!(set_puzzles(Set::Top95).len(), 95);
    }

    #[test]
    fn a_set_is_solved_with_the_algorithm_its_link_names() {
        let guesses = |text: &str| run(text).unwrap().guess_count().unwrap();
        let set = set_puzzles(Set::Hardest);
        // Each algorithm's guesses over the set are the sum of its guesses on each grid alone.
        for algo in ["fast", "propagate", "backtrack"] {
            let report = run(&format!("#/sudoku?set=hardest&algo={algo}")).unwrap();
            assert_eq!(report.algorithm, algo);
            assert_eq!(report.count, Some(11), "{algo}");
            let alone: u64 =
                set.iter().map(|grid| guesses(&format!("#/sudoku?grid={grid}&algo={algo}"))).sum();
            assert_eq!(report.guess_count(), Some(alone), "{algo}");
        }
    }

    #[test]
    fn a_set_stops_within_one_budget_of_guesses() {
        let limits = crate::core::search::Limits { max_expanded: 10_000, ..Default::default() };
        let report = crate::puzzles::quietly(|ctx| {
            ctx.limits = limits;
            crate::puzzles::solve_link("#/sudoku?set=top95&algo=backtrack", ctx)
        })
        .unwrap();
        assert!(!report.solved);
        assert_eq!(report.stopped.as_deref(), Some("nodes"));
        assert!(report.message.unwrap().contains("over the set (the limit), at puzzle 1 of 95"));
    }
}
