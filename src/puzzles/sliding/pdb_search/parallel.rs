//! IDA*'s iterations shared between the processor's cores, for native runs (a page's worker
//! has one thread). An iteration's tree is cut at a fixed depth; the subtrees under the cut, in
//! the order a serial search enters them, are taken one at a time by each thread. The answer is
//! the serial search's: the first subtree in that order holding a solution gives it, and the
//! counts are those a serial search makes up to that solution (work past it is not counted).
//! Only where a search stops at its node limit may the point of stopping differ from a serial
//! run's, by the work the threads had in hand.

use super::{DuplicateFilter, PatternDatabase, Position, Search, Step, Weights, MAX_CELLS};
use crate::core::search::{Control, Limits, Stats, StopReason, CHECK_EVERY};
use crate::puzzles::sliding::domain::Dir;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Where the tree is cut: thousands of subtrees to share on a hard start, gathered in a
/// moment at every iteration.
const SPLIT_DEPTH: u32 = 12;

/// How often the calling thread reports the threads' progress and hears a cancel.
const REPORT_EVERY: Duration = Duration::from_millis(20);

/// Where a subtree starts: what [`Search::expand`] needs to enter it, and the counts a
/// serial search has made on entering it.
pub(super) struct Split {
    position: Position,
    came_from: u8,
    path_state: u16,
    board: [u8; MAX_CELLS],
    moves: Vec<Dir>,
    counted: Stats,
}

impl Split {
    pub(super) fn new<const N: usize>(
        search: &Search<N>,
        position: &Position,
        came_from: u8,
        path_state: u16,
    ) -> Self {
        let (board, moves, counted) = (search.board, search.moves.clone(), search.stats);
        Split { position: *position, came_from, path_state, board, moves, counted }
    }
}

/// The threads an iteration is shared between, if it is shared: several cores, no trace
/// being recorded (it follows one search's order), and a start too far from the goal for
/// a solution above the cut (every solution then lies in a subtree).
pub(super) fn threads_for<const N: usize>(search: &Search<N>, root_estimate: u32) -> Option<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (cores > 1 && search.ctl.trace.is_none() && root_estimate > SPLIT_DEPTH).then_some(cores)
}

/// What a subtree gave: the serial search's step and counts in it.
struct Done {
    step: Step,
    moves: Vec<Dir>,
    stats: Stats,
}

/// What the threads share while an iteration runs.
struct Shared {
    /// The subtree the next thread to finish one takes.
    next: AtomicUsize,
    /// The first subtree (in serial order) found to hold a solution: those after it are not
    /// needed.
    first_found: AtomicUsize,
    /// Cancelled, or the node limit passed.
    stop: AtomicBool,
    /// Positions expanded under the cut so far, by every thread (for progress and the limit).
    expanded: AtomicU64,
    /// Threads still working.
    running: AtomicUsize,
}

/// One iteration within `bound` from `root`, its subtrees shared by `threads` threads: the
/// step a serial search would take, with its counts added to `search`'s.
pub(super) fn iteration<const N: usize>(
    search: &mut Search<N>,
    root: &Position,
    bound: u32,
    threads: usize,
) -> Result<Step, StopReason> {
    search.split_at = SPLIT_DEPTH;
    let gathered = search.expand(root, super::NO_CELL, super::DuplicateFilter::START, 0, bound);
    search.split_at = u32::MAX;
    let above_cut = gathered?;
    let splits = std::mem::take(&mut search.splits);
    let done: Vec<Mutex<Option<Done>>> = splits.iter().map(|_| Mutex::new(None)).collect();
    let shared = Shared {
        next: AtomicUsize::new(0),
        first_found: AtomicUsize::new(usize::MAX),
        stop: AtomicBool::new(false),
        expanded: AtomicU64::new(0),
        running: AtomicUsize::new(threads),
    };
    let limit = search.ctl.limits.max_expanded;
    let mut stopped = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let tables = Tables {
                    database: search.database,
                    duplicates: search.duplicates,
                    weights: search.weights,
                };
                Worker { shared: &shared, splits: &splits, done: &done, bound, tables }.run();
                shared.running.fetch_sub(1, Ordering::AcqRel);
            });
        }
        // This thread reports the progress and stops the others on a cancel or at the limit.
        while shared.running.load(Ordering::Acquire) > 0 {
            std::thread::sleep(REPORT_EVERY);
            let so_far = Stats {
                expanded: search.stats.expanded + shared.expanded.load(Ordering::Relaxed),
                ..search.stats
            };
            let reason = if so_far.expanded >= limit {
                Some(StopReason::ExpansionLimit(limit))
            } else if !search.ctl.report(&so_far) {
                Some(StopReason::Cancelled)
            } else {
                None
            };
            if let Some(reason) = reason.filter(|_| stopped.is_none()) {
                shared.stop.store(true, Ordering::Release);
                stopped = Some((reason, so_far.expanded.min(limit)));
            }
        }
    });
    if let Some((reason, expanded)) = stopped {
        search.stats.expanded = expanded;
        return Err(reason);
    }
    // The serial order: every subtree up to the first with a solution, added up; the
    // positions above the cut, up to that subtree's entry.
    let Step::Next(mut next_bound) = above_cut else { unreachable!("no solution lies above the cut") };
    let mut below_cut = (0, 0);
    for (split, subtree) in splits.iter().zip(done) {
        let subtree = subtree.into_inner().unwrap_or_else(|poison| poison.into_inner());
        let Done { step, moves, stats } = subtree.expect("every subtree up to a solution was searched");
        below_cut = (below_cut.0 + stats.expanded, below_cut.1 + stats.generated);
        search.stats.depth = search.stats.depth.max(stats.depth);
        search.stats.stored = search.stats.stored.max(stats.stored);
        search.stats.peak_frontier = search.stats.stored;
        match step {
            Step::Found => {
                search.stats.expanded = split.counted.expanded + below_cut.0;
                search.stats.generated = split.counted.generated + below_cut.1;
                search.moves = moves;
                return Ok(Step::Found);
            }
            Step::Next(f) => next_bound = next_bound.min(f),
        }
    }
    search.stats.expanded += below_cut.0;
    search.stats.generated += below_cut.1;
    Ok(Step::Next(next_bound))
}

/// What each thread's own search is built from: the tables every search shares.
struct Tables<'d, const N: usize> {
    database: &'d PatternDatabase<N>,
    duplicates: &'d DuplicateFilter,
    weights: Weights,
}

/// One thread's share: subtrees taken in turn until none is left or needed.
struct Worker<'a, 'd, const N: usize> {
    shared: &'a Shared,
    splits: &'a [Split],
    done: &'a [Mutex<Option<Done>>],
    bound: u32,
    tables: Tables<'d, N>,
}

impl<const N: usize> Worker<'_, '_, N> {
    fn run(self) {
        let shared = self.shared;
        let current = Cell::new(0);
        // Every CHECK_EVERY positions: counted in, and stopped if no longer needed.
        let mut monitor = |_: &Stats| {
            shared.expanded.fetch_add(CHECK_EVERY, Ordering::Relaxed);
            !shared.stop.load(Ordering::Acquire) && current.get() < shared.first_found.load(Ordering::Acquire)
        };
        let mut ctl = Control::new(Limits { max_expanded: u64::MAX, ..Limits::default() }, &mut monitor);
        let Tables { database, duplicates, weights } = self.tables;
        let mut search = Search::new(database, duplicates, weights, &mut ctl);
        loop {
            let index = shared.next.fetch_add(1, Ordering::AcqRel);
            if index >= self.splits.len()
                || index > shared.first_found.load(Ordering::Acquire)
                || shared.stop.load(Ordering::Acquire)
            {
                return;
            }
            current.set(index);
            let split = &self.splits[index];
            search.board = split.board;
            search.moves.clone_from(&split.moves);
            search.stats = Stats::default();
            let depth = split.moves.len() as u32;
            // Stopped: cancelled, at the limit, or past a solution already found.
            let Ok(step) =
                search.expand(&split.position, split.came_from, split.path_state, depth, self.bound)
            else {
                continue;
            };
            if matches!(step, Step::Found) {
                shared.first_found.fetch_min(index, Ordering::AcqRel);
            }
            let moves = std::mem::take(&mut search.moves);
            *self.done[index].lock().unwrap_or_else(|poison| poison.into_inner()) =
                Some(Done { step, moves, stats: search.stats });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{DuplicateFilter, Weights, NO_CELL};
    use super::*;
    use crate::puzzles::sliding::domain::Board;
    use crate::puzzles::sliding::packed::Packed;
    use crate::puzzles::sliding::solvers::pattern_database;

    /// An optimal search of `board` to the end, each iteration on `threads` threads (or on
    /// this one): its moves and counts, or why it stopped.
    fn solve(board: &Board, limits: Limits, threads: Option<usize>) -> Result<(Vec<Dir>, Stats), StopReason> {
        let database = pattern_database(&mut |_, _| {});
        let duplicates = DuplicateFilter::discover();
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(limits, &mut monitor);
        let mut search = Search::new(database, &duplicates, Weights::OPTIMAL, &mut ctl);
        let root = search.start(Packed::from_board(board));
        assert!(Search::<4>::estimate(&root) > SPLIT_DEPTH, "every solution under the cut");
        let mut bound = Search::<4>::estimate(&root);
        loop {
            let step = match threads {
                Some(threads) => iteration(&mut search, &root, bound, threads)?,
                None => search.expand(&root, NO_CELL, DuplicateFilter::START, 0, bound)?,
            };
            match step {
                Step::Found => return Ok((search.moves.clone(), search.stats)),
                Step::Next(next) => bound = next,
            }
        }
    }

    #[test]
    fn shared_iterations_find_the_serial_solution_with_its_counts() {
        for seed in 1..=6 {
            let board = Board::shuffled(4, 90, seed);
            let (serial, serial_stats) = solve(&board, Limits::default(), None).expect("solved");
            for threads in [2, 3] {
                let (shared, stats) = solve(&board, Limits::default(), Some(threads)).expect("solved");
                assert_eq!(shared, serial, "board {seed}, {threads} threads");
                assert_eq!(
                    (stats.expanded, stats.generated, stats.depth),
                    (serial_stats.expanded, serial_stats.generated, serial_stats.depth)
                );
            }
            let end =
                serial.iter().try_fold(board.clone(), |board, &dir| board.apply(dir)).expect("legal moves");
            assert!(end.is_goal(), "board {seed}: the moves reach the goal");
        }
    }

    #[test]
    fn a_shared_search_stops_at_its_node_limit() {
        let board = Board::shuffled(4, 200, 7);
        let limits = Limits { max_expanded: 50_000, ..Limits::default() };
        assert_eq!(solve(&board, limits, Some(2)).unwrap_err(), StopReason::ExpansionLimit(50_000));
    }
}
