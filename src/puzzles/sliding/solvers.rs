//! Sliding-tile solvers: the generic searches with the seeds' heuristics, the Swift talk's
//! greedy rule, IDA* with linear conflicts, pattern databases, and an automatic choice.

use super::domain::{Board, Dir};
use super::packed::{Estimate, Packed, SlidingProblem};
use super::pdb::PatternDatabase;
use super::pdb_search::{self, Weights};
use super::shorten;
use crate::core::choice::{short_label, Named};
use crate::core::search::{self, Control, Outcome, Problem, SearchResult, Stats, StopReason};
use crate::core::trace::{follows, note, Discipline, Event};
use std::sync::OnceLock;

crate::named_enum! {
    /// The algorithms a sliding-tile link may name (`algo=`).
    pub enum Algo {
        Auto = ("auto", "Automatic: best for the board size"),
        Pdb = ("pdb", "IDA* with pattern databases (4×4): optimal"),
        IdaStar = ("idastar", "IDA*, Manhattan + linear conflicts: optimal"),
        AStar = ("astar", "A* with Manhattan distance: optimal"),
        AStarMisplaced = ("astar-misplaced", "A* with misplaced tiles: optimal"),
        AStarDynamic = ("astar-dynamic", "A* with a growing Manhattan exponent"),
        Bfs = ("bfs", "Breadth-first: optimal, stores everything"),
        Dfs = ("dfs", "Depth-first: never repeats a board"),
        Greedy = ("greedy", "Greedy: most tiles in place next"),
    }
}

/// What a solver found, and how sure it is of its length.
pub struct Solved {
    pub result: SearchResult<Dir>,
    /// The length is the shortest possible.
    pub optimal: bool,
    /// How the run was done, for the report ("weighted IDA* (w = 1.4): at most 1.4× the optimal length").
    pub note: Option<String>,
}

impl Solved {
    fn exact(result: SearchResult<Dir>) -> Self {
        let optimal = matches!(result.outcome, Outcome::Found(_));
        Self { result, optimal, note: None }
    }

    fn heuristic(result: SearchResult<Dir>) -> Self {
        Self { result, optimal: false, note: None }
    }
}

/// The 4×4 and 5×5 pattern databases, each built once per session (per worker) on first use.
static PATTERN_DATABASE: OnceLock<PatternDatabase<4>> = OnceLock::new();
static PATTERN_DATABASE_5X5: OnceLock<PatternDatabase<5>> = OnceLock::new();

/// The 4×4 databases, building them first (reporting `progress(done, total)`) if needed.
pub fn pattern_database(progress: &mut dyn FnMut(u64, u64)) -> &'static PatternDatabase<4> {
    PATTERN_DATABASE.get_or_init(|| build_database(progress))
}

/// The 5×5 databases, building them first if needed.
pub fn pattern_database_5x5(progress: &mut dyn FnMut(u64, u64)) -> &'static PatternDatabase<5> {
    PATTERN_DATABASE_5X5.get_or_init(|| build_database(progress))
}

/// Natively on two threads; in a worker one table after another (a worker has its helper
/// workers build the halves at once before the job, see `web::worker`).
fn build_database<const N: usize>(progress: &mut dyn FnMut(u64, u64)) -> PatternDatabase<N> {
    #[cfg(not(target_arch = "wasm32"))]
    return PatternDatabase::build_on_two_threads(progress);
    #[cfg(target_arch = "wasm32")]
    PatternDatabase::build(progress)
}

/// The 4×4 databases if this session has them already.
pub fn built_pattern_database() -> Option<&'static PatternDatabase<4>> {
    PATTERN_DATABASE.get()
}

/// The 5×5 databases if this session has them already.
pub fn built_pattern_database_5x5() -> Option<&'static PatternDatabase<5>> {
    PATTERN_DATABASE_5X5.get()
}

/// Installs 4×4 databases built elsewhere (another worker of the same session).
pub fn install_pattern_database(bytes: &[u8]) -> Result<(), String> {
    let _already_built = PATTERN_DATABASE.set(PatternDatabase::from_bytes(bytes)?);
    Ok(())
}

/// Installs 5×5 databases built elsewhere.
pub fn install_pattern_database_5x5(bytes: &[u8]) -> Result<(), String> {
    let _already_built = PATTERN_DATABASE_5X5.set(PatternDatabase::from_bytes(bytes)?);
    Ok(())
}

/// Installs 4×4 databases built in two halves (by two workers at once).
pub fn install_pattern_database_halves(first: &[u8], second: &[u8]) -> Result<(), String> {
    let _already_built = PATTERN_DATABASE.set(PatternDatabase::from_halves(first, second)?);
    Ok(())
}

/// Installs 5×5 databases built in two halves.
pub fn install_pattern_database_5x5_halves(first: &[u8], second: &[u8]) -> Result<(), String> {
    let _already_built = PATTERN_DATABASE_5X5.set(PatternDatabase::from_halves(first, second)?);
    Ok(())
}

/// The pattern databases a solve uses, if any.
#[derive(Clone, Copy, Default)]
pub struct Databases {
    pub four: Option<&'static PatternDatabase<4>>,
    pub five: Option<&'static PatternDatabase<5>>,
}

/// The board size whose databases `algo` uses on a board of `size`, if it uses any.
pub fn database_size(algo: Algo, size: u8) -> Option<u8> {
    match (algo, size) {
        (Algo::Pdb | Algo::Auto, 4) => Some(4),
        (Algo::Auto, 5) => Some(5),
        _ => None,
    }
}

/// The databases `algo` uses on a board of `size`, built first if this session has not
/// (reporting `progress(done, total)`).
pub fn databases_for(algo: Algo, size: u8, progress: &mut dyn FnMut(u64, u64)) -> Databases {
    match database_size(algo, size) {
        Some(4) => Databases { four: Some(pattern_database(progress)), five: None },
        Some(_) => Databases { four: None, five: Some(pattern_database_5x5(progress)) },
        None => Databases::default(),
    }
}

/// Solves `board` (solvable, at most 5×5; 4×4 for `pdb`) with `algo`, given the databases
/// [`databases_for`] returns.
pub fn solve(
    algo: Algo,
    board: &Board,
    dfs_depth: Option<u32>,
    databases: Databases,
    ctl: &mut Control,
) -> Solved {
    let size = board.size();
    let start = Packed::from_board(board);
    let problem = |estimate| SlidingProblem::new(size, estimate);
    match algo {
        Algo::Bfs => Solved::exact(search::bfs(&problem(Estimate::Zero), start, ctl)),
        Algo::Dfs => {
            ctl.limits.max_depth = dfs_depth;
            Solved::heuristic(search::dfs(&problem(Estimate::Zero), start, ctl))
        }
        Algo::Greedy => {
            ctl.limits.max_expanded = ctl.limits.max_expanded.min(GREEDY_MAX_MOVES);
            Solved::heuristic(greedy_tiles_in_place(&problem(Estimate::Misplaced), start, ctl))
        }
        Algo::AStar => Solved::exact(search::astar(&problem(Estimate::Manhattan), start, ctl)),
        Algo::AStarMisplaced => Solved::exact(search::astar(&problem(Estimate::Misplaced), start, ctl)),
        Algo::AStarDynamic => Solved::heuristic(astar_dynamic(&problem(Estimate::Manhattan), start, ctl)),
        Algo::IdaStar => Solved::exact(search::idastar(&problem(Estimate::ManhattanConflicts), start, ctl)),
        Algo::Pdb => {
            let database = databases.four.expect("the caller builds the databases for pdb");
            Solved::exact(pdb_search::idastar(database, Weights::OPTIMAL, start, ctl))
        }
        Algo::Auto => auto(board, start, databases, ctl),
    }
}

/// Optimal where that is quick (pattern databases on 4×4, IDA* below); on 5×5, whose optimal
/// searches take hours, weighted IDA* with the 5×5 databases and a stated bound.
fn auto(board: &Board, start: Packed, databases: Databases, ctl: &mut Control) -> Solved {
    let chose = |algo: Algo, solved: Solved| Solved {
        note: Some(format!("chose {} for a {n}×{n} board", short_label(algo.label()), n = board.size())),
        ..solved
    };
    match board.size() {
        0..=3 => chose(Algo::IdaStar, solve(Algo::IdaStar, board, None, databases, ctl)),
        4 => chose(Algo::Pdb, solve(Algo::Pdb, board, None, databases, ctl)),
        _ => {
            let database = databases.five.expect("the caller builds the 5×5 databases for auto");
            weighted_5x5(database, board, start, ctl)
        }
    }
}

/// The weights `auto` tries on 5×5, tightest first, each with a budget of expanded positions
/// (counted, not timed, so every machine gives the same answer). The last has no budget of
/// its own: it always finds a solution quickly.
const AUTO_5X5_STAGES: [(Weights, u64); 4] = [
    (Weights { g_weight: 5, h_weight: 7 }, 3_000_000),
    (Weights { g_weight: 2, h_weight: 3 }, 6_000_000),
    (Weights { g_weight: 8, h_weight: 13 }, 6_000_000),
    (Weights { g_weight: 4, h_weight: 7 }, u64::MAX),
];

/// Weighted IDA* on 5×5: the tightest weight of [`AUTO_5X5_STAGES`] that finishes within its
/// budget (the work of stages given up counts in the statistics), its path then shortened
/// stretch by stretch.
fn weighted_5x5(database: &PatternDatabase<5>, board: &Board, start: Packed, ctl: &mut Control) -> Solved {
    let max_expanded = ctl.limits.max_expanded;
    let mut total = Stats::default();
    let mut result = None;
    for (weights, budget) in AUTO_5X5_STAGES {
        ctl.limits.max_expanded = max_expanded.saturating_sub(total.expanded).min(budget);
        let stage = pdb_search::idastar(database, weights, start, ctl);
        total = add_stats(total, stage.stats);
        let over_budget = matches!(stage.outcome, Outcome::Stopped(StopReason::ExpansionLimit(_)))
            && total.expanded < max_expanded;
        let weight = f64::from(weights.h_weight) / f64::from(weights.g_weight);
        result = Some((weight, stage.outcome));
        if !over_budget {
            break;
        }
    }
    ctl.limits.max_expanded = max_expanded;
    let (weight, mut outcome) = result.expect("at least one stage ran");
    if let Outcome::Found(moves) = &outcome {
        ctl.limits.max_expanded = max_expanded.saturating_sub(total.expanded);
        let shortened = shorten::shorten(database, board, moves, ctl);
        ctl.limits.max_expanded = max_expanded;
        match shortened {
            Ok((shorter, work)) => {
                outcome = Outcome::Found(shorter);
                total.expanded += work.expanded;
                total.generated += work.generated;
            }
            Err(reason) => outcome = Outcome::Stopped(reason),
        }
    }
    let note = format!(
        "weighted IDA* (w = {weight}): at most {weight}× the optimal length, then stretches re-solved optimally"
    );
    Solved { result: SearchResult { outcome, stats: total }, optimal: false, note: Some(note) }
}

fn add_stats(a: Stats, b: Stats) -> Stats {
    Stats {
        expanded: a.expanded + b.expanded,
        generated: a.generated + b.generated,
        peak_frontier: a.peak_frontier.max(b.peak_frontier),
        stored: a.stored.max(b.stored),
        depth: b.depth,
    }
}

/// The greedy rule gives up after this many moves.
const GREEDY_MAX_MOVES: u64 = 100_000;

/// The notebook's A*: Manhattan distance raised to `0.05·ln(0.01·F·steps + 1) + 1`, where
/// `steps` counts expansions and `F = n³/4³`. Early on it is Manhattan; later it overestimates
/// more and more, trading optimality for speed. Boards are never reopened (as in the notebook).
fn astar_dynamic(problem: &SlidingProblem, start: Packed, ctl: &mut Control) -> SearchResult<Dir> {
    let factor = (problem.n as f64).powi(3) / 64.0;
    let priority = |g: u32, state: &Packed, steps: u64| {
        let exponent = 0.05 * (0.01 * factor * steps as f64 + 1.0).ln() + 1.0;
        let h = f64::from(problem.manhattan(*state)).powf(exponent);
        ((f64::from(g) + h) * 1000.0) as i64
    };
    search::best_first(problem, start, priority, false, ctl)
}

/// The Swift talk's greedy rule: move the tile that leaves the most tiles in place, never
/// moving back the tile just moved (first best on ties, in U, D, L, R order). It keeps no
/// memory, so it can circle forever: it gives up when a board recurs with the same last move
/// (it would loop) or after [`GREEDY_MAX_MOVES`] moves.
fn greedy_tiles_in_place(problem: &SlidingProblem, start: Packed, ctl: &mut Control) -> SearchResult<Dir> {
    follows(&mut ctl.trace, Discipline::Climb);
    let cells = problem.cells();
    let mut state = start;
    let mut last: Option<Dir> = None;
    let mut moves = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stats = Stats::default();
    let mut options = Vec::new();
    // Node ids by position, kept only when tracing.
    let mut ids = rustc_hash::FxHashMap::default();
    let mut id_of = |s: Packed| {
        let fresh = ids.len() as u32;
        *ids.entry(s).or_insert(fresh)
    };
    loop {
        let node = if ctl.trace.is_some() { id_of(state) } else { 0 };
        if problem.is_goal(&state) {
            note(&mut ctl.trace, || Event::Goal { node });
            stats.depth = moves.len() as u32;
            return SearchResult { outcome: Outcome::Found(moves), stats };
        }
        if !seen.insert((state, last)) {
            let reason = StopReason::Looping(moves.len() as u64);
            return SearchResult { outcome: Outcome::Stopped(reason), stats };
        }
        if let Err(reason) = ctl.check(&stats) {
            return SearchResult { outcome: Outcome::Stopped(reason), stats };
        }
        stats.expanded += 1;
        options.clear();
        problem.successors(&state, &mut options);
        stats.generated += options.len() as u64;
        if ctl.trace.is_some() {
            let g = moves.len() as u32;
            note(&mut ctl.trace, || Event::Expand { node, g, h: problem.misplaced(state) });
            for &(dir, next) in &options {
                let (child, h) = (id_of(next), problem.misplaced(next));
                note(&mut ctl.trace, || Event::Generate {
                    node: child,
                    parent: node,
                    step: dir.to_string(),
                    g: g + 1,
                    h,
                    f: None,
                });
            }
        }
        let in_place = |s: &Packed| cells as u32 - problem.misplaced(*s);
        let best = options
            .iter()
            .filter(|(dir, _)| Some(dir.opposite()) != last)
            .fold(None::<(Dir, Packed)>, |best, &(dir, next)| match best {
                Some((_, b)) if in_place(&b) >= in_place(&next) => best,
                _ => Some((dir, next)),
            })
            .expect("the blank always has a move other than going back");
        moves.push(best.0);
        state = best.1;
        last = Some(best.0);
        stats.stored = seen.len() as u64;
        stats.depth = moves.len() as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::search::Limits;

    fn run(algo: Algo, board: &Board) -> Solved {
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let databases = databases_for(algo, board.size(), &mut |_, _| {});
        solve(algo, board, Some(40), databases, &mut ctl)
    }

    /// Replays the moves through the board's own rules; returns the length if they solve it.
    fn replayed_length(board: &Board, solved: &Solved) -> Option<usize> {
        let Outcome::Found(moves) = &solved.result.outcome else { return None };
        let end = moves.iter().try_fold(board.clone(), |b, &d| b.apply(d)).expect("every move is legal");
        assert!(end.is_goal(), "the moves must end at the goal");
        Some(moves.len())
    }

    #[test]
    fn optimal_algorithms_agree_with_bfs_on_random_3x3_boards() {
        for seed in 0..25 {
            let board = Board::random_solvable(3, seed);
            let shortest = replayed_length(&board, &run(Algo::Bfs, &board)).unwrap();
            for algo in [Algo::AStar, Algo::AStarMisplaced, Algo::IdaStar, Algo::Auto] {
                let solved = run(algo, &board);
                assert!(solved.optimal, "{algo:?}");
                assert_eq!(replayed_length(&board, &solved), Some(shortest), "{algo:?} seed {seed}");
            }
            // Heuristic searches find valid, possibly longer, solutions.
            let dynamic = replayed_length(&board, &run(Algo::AStarDynamic, &board)).unwrap();
            assert!(dynamic >= shortest);
        }
    }

    #[test]
    fn dfs_respects_its_depth_limit_and_finds_long_paths_without_one() {
        let board = Board::shuffled(3, 12, 4);
        let limited = run(Algo::Dfs, &board);
        assert!(replayed_length(&board, &limited).is_none_or(|len| len <= 40));
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let unlimited = solve(Algo::Dfs, &board, None, Databases::default(), &mut ctl);
        assert!(replayed_length(&board, &unlimited).unwrap() > 100, "depth-first wanders");
    }

    #[test]
    fn greedy_solves_easy_boards_and_admits_when_it_loops() {
        let easy = Board::shuffled(3, 3, 1);
        assert_eq!(replayed_length(&easy, &run(Algo::Greedy, &easy)), Some(3));
        let outcomes: Vec<Outcome<Dir>> =
            (0..20).map(|seed| run(Algo::Greedy, &Board::random_solvable(4, seed)).result.outcome).collect();
        assert!(
            outcomes.iter().any(|o| matches!(o, Outcome::Stopped(StopReason::Looping(_)))),
            "on hard boards the greedy rule circles"
        );
    }

    #[test]
    fn bfs_stops_at_the_memory_limit_on_4x4() {
        let board = Board::random_solvable(4, 3);
        let mut monitor = |_: &Stats| true;
        let limits = Limits { max_stored: 50_000, ..Limits::default() };
        let mut ctl = Control::new(limits, &mut monitor);
        let solved = solve(Algo::Bfs, &board, None, Databases::default(), &mut ctl);
        assert_eq!(solved.result.outcome, Outcome::Stopped(StopReason::MemoryLimit(50_000)));
        assert!(!solved.optimal);
    }

    #[test]
    fn pattern_databases_agree_with_idastar_on_4x4() {
        let database = pattern_database(&mut |_, _| {});
        for seed in 0..8 {
            let board = Board::shuffled(4, 40, seed);
            let ida = replayed_length(&board, &run(Algo::IdaStar, &board)).unwrap();
            let pdb = run(Algo::Pdb, &board);
            assert!(pdb.optimal);
            assert_eq!(replayed_length(&board, &pdb), Some(ida), "seed {seed}");
            let packed = Packed::from_board(&board);
            let manhattan = SlidingProblem::new(4, Estimate::Manhattan).manhattan(packed);
            assert!(database.estimate(packed) >= manhattan.min(ida as u32) / 2, "a useful bound");
            assert!(database.estimate(packed) <= ida as u32, "admissible");
        }
    }

    #[test]
    fn pattern_databases_solve_korf_instances_in_their_published_lengths() {
        // The quickest of Korf's 100 (41 to 46 moves), so the test stays short.
        for instance in super::super::benchmarks::korf_100()
            .iter()
            .filter(|i| [9, 12, 42, 55, 79, 97].contains(&i.number))
        {
            let solved = run(Algo::Pdb, &instance.board);
            assert!(solved.optimal);
            assert_eq!(
                replayed_length(&instance.board, &solved),
                Some(instance.optimal as usize),
                "#{}",
                instance.number
            );
        }
    }

    #[test]
    fn auto_solves_korf_felner_boards_within_its_stated_bound() {
        for instance in
            super::super::benchmarks::korf_felner_50().iter().filter(|i| [5, 17, 33].contains(&i.number))
        {
            let solved = run(Algo::Auto, &instance.board);
            let length = replayed_length(&instance.board, &solved).expect("auto always solves 5×5");
            let note = solved.note.expect("auto states its bound");
            let weight: f64 = note
                .split("w = ")
                .nth(1)
                .and_then(|rest| rest.split(')').next()?.parse().ok())
                .expect("a weight");
            assert!(length >= instance.optimal as usize, "#{}: shorter than optimal?", instance.number);
            assert!(length as f64 <= weight * f64::from(instance.optimal), "#{}: {note}", instance.number);
        }
    }

    #[test]
    fn auto_on_5x5_states_its_bound() {
        let board = Board::shuffled(5, 60, 2);
        let solved = run(Algo::Auto, &board);
        assert!(replayed_length(&board, &solved).is_some());
        assert!(solved.note.unwrap().contains("at most"));
        assert!(!solved.optimal);
    }
}
