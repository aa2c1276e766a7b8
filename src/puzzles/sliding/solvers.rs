//! Sliding-tile solvers: the generic searches with the seeds' heuristics, the Swift talk's
//! greedy rule, IDA* with linear conflicts, pattern databases, and an automatic choice.

use super::domain::{Board, Dir};
use super::packed::{Estimate, Packed, SlidingProblem};
use super::pdb::PatternDatabase;
use super::pdb_search;
use crate::core::search::{self, Control, Outcome, Problem, SearchResult, Stats, StopReason};
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
    /// How the run was done, for the report ("weighted A*, at most 1.5× optimal").
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

/// The pattern databases, built once per session (per worker) on first use.
static PATTERN_DATABASE: OnceLock<PatternDatabase> = OnceLock::new();

/// The databases, building them first (reporting `progress(done, total)`) if needed.
pub fn pattern_database(progress: &mut dyn FnMut(u64, u64)) -> &'static PatternDatabase {
    PATTERN_DATABASE.get_or_init(|| PatternDatabase::build(progress))
}

/// The databases if this session has them already.
pub fn built_pattern_database() -> Option<&'static PatternDatabase> {
    PATTERN_DATABASE.get()
}

/// Installs databases built elsewhere (another worker of the same session).
pub fn install_pattern_database(bytes: &[u8]) -> Result<(), String> {
    let database = PatternDatabase::from_bytes(bytes)?;
    let _already_built = PATTERN_DATABASE.set(database);
    Ok(())
}

/// Whether `algo` on a board of `size` uses the pattern databases.
pub fn needs_database(algo: Algo, size: u8) -> bool {
    matches!(algo, Algo::Pdb) || (algo == Algo::Auto && size == 4)
}

/// Solves `board` (solvable, at most 5×5; 4×4 for `pdb`) with `algo`. `database` must be
/// given when [`needs_database`] says so.
pub fn solve(
    algo: Algo,
    board: &Board,
    dfs_depth: Option<u32>,
    database: Option<&PatternDatabase>,
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
            let database = database.expect("the caller builds the databases for pdb");
            Solved::exact(pdb_search::idastar(database, start, ctl))
        }
        Algo::Auto => auto(board, start, database, ctl),
    }
}

/// Optimal where that is quick (pattern databases on 4×4, IDA* below), weighted A* with a
/// stated bound on larger boards.
fn auto(board: &Board, start: Packed, database: Option<&PatternDatabase>, ctl: &mut Control) -> Solved {
    match board.size() {
        0..=3 => solve(Algo::IdaStar, board, None, database, ctl),
        4 => solve(Algo::Pdb, board, None, database, ctl),
        size => {
            let problem = SlidingProblem::new(size, Estimate::ManhattanConflicts);
            let mut total = Stats::default();
            let mut last = None;
            // Tighter bounds first; a weight that runs out of memory hands over to the next.
            for weight in AUTO_WEIGHTS {
                let result = search::weighted_astar(&problem, start, weight, ctl);
                total = add_stats(total, result.stats);
                let stop = matches!(result.outcome, Outcome::Stopped(StopReason::MemoryLimit(_)));
                let result = SearchResult { outcome: result.outcome, stats: total };
                if !stop {
                    let note = format!("weighted A* (w = {weight}): at most {weight}× the optimal length");
                    return Solved { result, optimal: false, note: Some(note) };
                }
                last = Some(result);
            }
            Solved::heuristic(last.expect("at least one weight was tried"))
        }
    }
}

/// The greedy rule gives up after this many moves.
const GREEDY_MAX_MOVES: u64 = 100_000;

/// Weights `auto` tries on boards larger than 4×4, in order.
const AUTO_WEIGHTS: [f64; 4] = [1.5, 2.0, 3.0, 5.0];

fn add_stats(a: Stats, b: Stats) -> Stats {
    Stats {
        expanded: a.expanded + b.expanded,
        generated: a.generated + b.generated,
        peak_frontier: a.peak_frontier.max(b.peak_frontier),
        stored: a.stored.max(b.stored),
        depth: b.depth,
    }
}

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
    let cells = problem.cells();
    let mut state = start;
    let mut last: Option<Dir> = None;
    let mut moves = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stats = Stats::default();
    let mut options = Vec::new();
    loop {
        if problem.is_goal(&state) {
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

    fn run(algo: Algo, board: &Board, database: Option<&PatternDatabase>) -> Solved {
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        solve(algo, board, Some(40), database, &mut ctl)
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
            let shortest = replayed_length(&board, &run(Algo::Bfs, &board, None)).unwrap();
            for algo in [Algo::AStar, Algo::AStarMisplaced, Algo::IdaStar, Algo::Auto] {
                let solved = run(algo, &board, None);
                assert!(solved.optimal, "{algo:?}");
                assert_eq!(replayed_length(&board, &solved), Some(shortest), "{algo:?} seed {seed}");
            }
            // Heuristic searches find valid, possibly longer, solutions.
            let dynamic = replayed_length(&board, &run(Algo::AStarDynamic, &board, None)).unwrap();
            assert!(dynamic >= shortest);
        }
    }

    #[test]
    fn dfs_respects_its_depth_limit_and_finds_long_paths_without_one() {
        let board = Board::shuffled(3, 12, 4);
        let limited = run(Algo::Dfs, &board, None);
        assert!(replayed_length(&board, &limited).is_none_or(|len| len <= 40));
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let unlimited = solve(Algo::Dfs, &board, None, None, &mut ctl);
        assert!(replayed_length(&board, &unlimited).unwrap() > 100, "depth-first wanders");
    }

    #[test]
    fn greedy_solves_easy_boards_and_admits_when_it_loops() {
        let easy = Board::shuffled(3, 3, 1);
        assert_eq!(replayed_length(&easy, &run(Algo::Greedy, &easy, None)), Some(3));
        let outcomes: Vec<Outcome<Dir>> = (0..20)
            .map(|seed| run(Algo::Greedy, &Board::random_solvable(4, seed), None).result.outcome)
            .collect();
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
        let solved = solve(Algo::Bfs, &board, None, None, &mut ctl);
        assert_eq!(solved.result.outcome, Outcome::Stopped(StopReason::MemoryLimit(50_000)));
        assert!(!solved.optimal);
    }

    #[test]
    fn pattern_databases_agree_with_idastar_on_4x4() {
        let database = pattern_database(&mut |_, _| {});
        for seed in 0..8 {
            let board = Board::shuffled(4, 40, seed);
            let ida = replayed_length(&board, &run(Algo::IdaStar, &board, None)).unwrap();
            let pdb = run(Algo::Pdb, &board, Some(database));
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
        let database = pattern_database(&mut |_, _| {});
        // The quickest of Korf's 100 (41 to 46 moves), so the test stays short.
        for instance in super::super::benchmarks::korf_100()
            .iter()
            .filter(|i| [9, 12, 42, 55, 79, 97].contains(&i.number))
        {
            let solved = run(Algo::Pdb, &instance.board, Some(database));
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
    fn auto_on_5x5_states_its_bound() {
        let board = Board::shuffled(5, 60, 2);
        let solved = run(Algo::Auto, &board, None);
        assert!(replayed_length(&board, &solved).is_some());
        assert!(solved.note.unwrap().contains("at most"));
        assert!(!solved.optimal);
    }
}
