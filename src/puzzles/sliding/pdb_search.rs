//! IDA* on the 4×4 and 5×5 boards with the pattern databases, written for speed: optimal,
//! or weighted (bound on `g + w·h`) for 5×5 boards, whose optimal searches take hours. A position carries
//! the Manhattan distance and each group's placement twice (on the board and on its mirror
//! image) with its half-detour count; a move changes one tile, so it re-reads only the two
//! entries that tile belongs to. Nothing is allocated per position: positions are small
//! copies on the call stack, the cells one array changed in place, and the bound is checked
//! before a child is entered. Paths ending in a move sequence with an earlier twin are not
//! searched (see [`duplicates`](super::duplicates)).

use super::domain::Dir;
use super::duplicates::DuplicateFilter;
use super::packed::Packed;
use super::pdb::{Layout, PatternDatabase, CELL_BITS, MAX_CELLS};
use crate::core::search::{Control, Outcome, SearchResult, Stats, StopReason};
use std::sync::OnceLock;

/// Entries `0..GROUPS` describe the board, `GROUPS..2·GROUPS` its mirror image (at most
/// five groups).
const MAX_ENTRIES: usize = 10;
const NO_CELL: u8 = u8::MAX;

/// Where the blank goes from each cell of an `n`×`n` board, in [`Dir::ALL`] order (`NO_CELL`
/// off the board).
const fn neighbour_cells(n: usize) -> [[u8; 4]; MAX_CELLS] {
    let mut table = [[NO_CELL; 4]; MAX_CELLS];
    let mut cell = 0;
    while cell < n * n {
        let (row, col) = (cell / n, cell % n);
        if row > 0 {
            table[cell][0] = (cell - n) as u8;
        }
        if row < n - 1 {
            table[cell][1] = (cell + n) as u8;
        }
        if col > 0 {
            table[cell][2] = (cell - 1) as u8;
        }
        if col < n - 1 {
            table[cell][3] = (cell + 1) as u8;
        }
        cell += 1;
    }
    table
}

impl<const N: usize> Layout<N> {
    const NEIGHBOURS: [[u8; 4]; MAX_CELLS] = neighbour_cells(N);
}

/// Where one tile is recorded: an entry and the bit offset of its cell there.
#[derive(Clone, Copy, Default)]
struct Slot {
    entry: u8,
    shift: u8,
}

/// A position: the blank's cell, the tiles' Manhattan distance, and each entry's placement
/// and half-detour count. Its estimate is the distance plus twice the larger detour sum.
#[derive(Clone, Copy)]
struct Position {
    blank: u8,
    manhattan: u8,
    placements: [u32; MAX_ENTRIES],
    half_detours: [u8; MAX_ENTRIES],
}

/// How a search weighs the moves made (`g`) against the estimate of those left (`h`): it
/// bounds `g·g_weight + h·h_weight`. Equal weights keep IDA* optimal; a heavier estimate
/// finds a solution at most `h_weight / g_weight` times the optimal length, much sooner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    pub g_weight: u32,
    pub h_weight: u32,
}

impl Weights {
    pub const OPTIMAL: Weights = Weights { g_weight: 1, h_weight: 1 };
}

struct Search<'d, 'c, 'm, const N: usize> {
    database: &'d PatternDatabase<N>,
    /// Stops paths that end in a sequence of moves with an earlier twin.
    duplicates: &'d DuplicateFilter,
    weights: Weights,
    /// The tile in each cell, for the position being expanded.
    board: [u8; MAX_CELLS],
    /// For each tile, its slot on the board and its slot (as its mirror tile) on the mirror.
    slots: [[Slot; 2]; MAX_CELLS],
    moves: Vec<Dir>,
    stats: Stats,
    ctl: &'c mut Control<'m>,
    /// A native run shared between threads gathers its subtrees at this depth instead of
    /// entering them ([`parallel`]); `u32::MAX` enters every one.
    #[cfg(not(target_arch = "wasm32"))]
    split_at: u32,
    #[cfg(not(target_arch = "wasm32"))]
    splits: Vec<parallel::Split>,
}

enum Step {
    Found,
    /// Not found within the bound; the smallest f beyond it (`u32::MAX`: none).
    Next(u32),
}

impl<'d, 'c, 'm, const N: usize> Search<'d, 'c, 'm, N> {
    const GROUPS: usize = Layout::<N>::GROUPS;

    fn new(
        database: &'d PatternDatabase<N>,
        duplicates: &'d DuplicateFilter,
        weights: Weights,
        ctl: &'c mut Control<'m>,
    ) -> Self {
        let slots = tile_slots(database);
        let board = [0; MAX_CELLS];
        Search {
            database,
            duplicates,
            weights,
            board,
            slots,
            moves: Vec::new(),
            stats: Stats::default(),
            ctl,
            #[cfg(not(target_arch = "wasm32"))]
            split_at: u32::MAX,
            #[cfg(not(target_arch = "wasm32"))]
            splits: Vec::new(),
        }
    }

    /// The board's own lower bound.
    fn direct_estimate(position: &Position) -> u32 {
        let detours = position.half_detours[..Self::GROUPS].iter().map(|&h| u32::from(h)).sum::<u32>();
        u32::from(position.manhattan) + 2 * detours
    }

    /// The lower bound: the larger of the board's and its mirror image's.
    fn estimate(position: &Position) -> u32 {
        let mirror =
            position.half_detours[Self::GROUPS..2 * Self::GROUPS].iter().map(|&h| u32::from(h)).sum::<u32>();
        Self::direct_estimate(position).max(u32::from(position.manhattan) + 2 * mirror)
    }

    /// Reads `entry`'s half-detour count for its current placement.
    fn read(&self, position: &mut Position, entry: usize) {
        let table = &self.database.tables()[entry % Self::GROUPS];
        position.half_detours[entry] = table.half_detours(position.placements[entry]);
    }

    /// Sets the board to `start` and returns its position.
    fn start(&mut self, start: Packed) -> Position {
        let mut position =
            Position { blank: 0, manhattan: 0, placements: [0; MAX_ENTRIES], half_detours: [0; MAX_ENTRIES] };
        for cell in 0..Layout::<N>::CELLS {
            let tile = start.tile(cell);
            self.board[cell] = tile;
            if tile == 0 {
                position.blank = cell as u8;
            } else {
                position.manhattan += Layout::<N>::DISTANCE[usize::from(tile)][cell];
                self.record(&mut position, tile, cell as u8);
            }
        }
        for entry in 0..2 * Self::GROUPS {
            self.read(&mut position, entry);
        }
        position
    }

    /// Writes `tile`'s new cell into its two entries (their counts are left to the caller).
    fn record(&self, position: &mut Position, tile: u8, cell: u8) {
        for (slot, cell) in self.slots[usize::from(tile)].iter().zip([cell, Layout::<N>::mirror_cell(cell)]) {
            let placement = &mut position.placements[usize::from(slot.entry)];
            let mask = (1 << CELL_BITS) - 1;
            *placement = (*placement & !(mask << slot.shift)) | u32::from(cell) << slot.shift;
        }
    }

    /// A first look at moving the blank to `target`: the moved tile's new board entry and
    /// the board's estimate, enough to cut most children off without building them.
    fn look(&self, position: &Position, dir: Dir, target: u8) -> Child {
        let tile = self.board[usize::from(target)];
        let slot = self.slots[usize::from(tile)][0];
        let entry = usize::from(slot.entry);
        let mask = (1 << CELL_BITS) - 1;
        let placement =
            (position.placements[entry] & !(mask << slot.shift)) | u32::from(position.blank) << slot.shift;
        let half_detours = self.database.tables()[entry].half_detours(placement);
        let distance = &Layout::<N>::DISTANCE[usize::from(tile)];
        let manhattan =
            position.manhattan + distance[usize::from(position.blank)] - distance[usize::from(target)];
        let detours: u32 = position.half_detours[..Self::GROUPS].iter().map(|&h| u32::from(h)).sum::<u32>()
            + u32::from(half_detours)
            - u32::from(position.half_detours[entry]);
        Child {
            dir,
            target,
            tile,
            entry: slot.entry,
            half_detours,
            manhattan,
            estimate: u32::from(manhattan) + 2 * detours,
        }
    }

    /// The child `look` described, complete with its mirror entry.
    fn build(&self, position: &Position, child: &Child) -> Position {
        let mut next = *position;
        next.blank = child.target;
        next.manhattan = child.manhattan;
        self.record(&mut next, child.tile, position.blank);
        next.half_detours[usize::from(child.entry)] = child.half_detours;
        self.read(&mut next, usize::from(self.slots[usize::from(child.tile)][1].entry));
        next
    }

    /// The weighted cost `f` of a position reached in `g` moves with estimate `h`.
    fn cost(&self, g: u32, h: u32) -> u32 {
        g * self.weights.g_weight + h * self.weights.h_weight
    }

    /// Searches below `position` (reached in `g` moves, leaving the duplicate filter in
    /// `path_state`, within `bound` on the cost), never moving the blank straight back to
    /// `came_from`.
    fn expand(
        &mut self,
        position: &Position,
        came_from: u8,
        path_state: u16,
        g: u32,
        bound: u32,
    ) -> Result<Step, StopReason> {
        #[cfg(not(target_arch = "wasm32"))]
        if g == self.split_at {
            self.splits.push(parallel::Split::new(self, position, came_from, path_state));
            return Ok(Step::Next(u32::MAX));
        }
        self.ctl.check(&self.stats)?;
        self.stats.expanded += 1;
        self.stats.depth = self.stats.depth.max(g);
        self.stats.stored = self.stats.stored.max(u64::from(g) + 1);
        self.stats.peak_frontier = self.stats.stored;
        // All children first: their table reads are independent, so the processor overlaps
        // their cache misses instead of waiting for each in turn.
        let mut children = [Child::default(); 4];
        let mut path_states = [DuplicateFilter::START; 4];
        let mut count = 0;
        for (&dir, &target) in Dir::ALL.iter().zip(&Layout::<N>::NEIGHBOURS[usize::from(position.blank)]) {
            if target == NO_CELL || target == came_from {
                continue;
            }
            let next_state = self.duplicates.step(path_state, dir);
            if next_state == DuplicateFilter::DEAD {
                continue;
            }
            children[count] = self.look(position, dir, target);
            path_states[count] = next_state;
            count += 1;
        }
        self.stats.generated += count as u64;
        let mut next_bound = u32::MAX;
        for (child, &child_state) in children[..count].iter().zip(&path_states) {
            // A cut-off child's f (its board estimate alone) may fall short of its full one:
            // the next bound can only come out lower, never skipping a solution.
            let first_f = self.cost(g + 1, child.estimate);
            if first_f > bound {
                next_bound = next_bound.min(first_f);
                continue;
            }
            let next = self.build(position, child);
            let h = Self::estimate(&next);
            let f = self.cost(g + 1, h);
            if f > bound {
                next_bound = next_bound.min(f);
                continue;
            }
            self.moves.push(child.dir);
            if h == 0 {
                return Ok(Step::Found);
            }
            self.board.swap(usize::from(position.blank), usize::from(child.target));
            match self.expand(&next, position.blank, child_state, g + 1, bound)? {
                Step::Found => return Ok(Step::Found),
                Step::Next(f) => next_bound = next_bound.min(f),
            }
            self.board.swap(usize::from(position.blank), usize::from(child.target));
            self.moves.pop();
        }
        Ok(Step::Next(next_bound))
    }
}

impl<const N: usize> Search<'_, '_, '_, N> {
    /// One iteration of IDA* within `bound`: natively on every core where the start is far
    /// enough from the goal for the tree to be shared ([`parallel`]), else on this thread.
    #[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
    fn iteration(&mut self, root: &Position, root_estimate: u32, bound: u32) -> Result<Step, StopReason> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(threads) = parallel::threads_for(self, root_estimate) {
            return parallel::iteration(self, root, bound, threads);
        }
        self.expand(root, NO_CELL, DuplicateFilter::START, 0, bound)
    }
}

/// What [`Search::look`] learns about a child.
#[derive(Clone, Copy)]
struct Child {
    dir: Dir,
    target: u8,
    tile: u8,
    /// The moved tile's board entry and its new count.
    entry: u8,
    half_detours: u8,
    manhattan: u8,
    /// The board's estimate (without the mirror).
    estimate: u32,
}

impl Default for Child {
    fn default() -> Self {
        Child { dir: Dir::Up, target: 0, tile: 0, entry: 0, half_detours: 0, manhattan: 0, estimate: 0 }
    }
}

/// The tile slots of every tile: its group and order in the partition, on the board and as
/// the mirror image of `mirror_tile(tile)`.
fn tile_slots<const N: usize>(database: &PatternDatabase<N>) -> [[Slot; 2]; MAX_CELLS] {
    let mut slots = [[Slot::default(); 2]; MAX_CELLS];
    let groups = Layout::<N>::GROUPS;
    for (group, tiles) in Layout::<N>::PARTITION.iter().enumerate() {
        for (order, &tile) in tiles.iter().enumerate() {
            let shift = CELL_BITS as u8 * order as u8;
            slots[usize::from(tile)][0] = Slot { entry: group as u8, shift };
            slots[usize::from(database.mirror_tile(tile))][1] = Slot { entry: (groups + group) as u8, shift };
        }
    }
    slots
}

#[cfg(not(target_arch = "wasm32"))]
mod parallel;

/// The duplicate filter, found once per session (per worker) on first use.
static DUPLICATES: OnceLock<DuplicateFilter> = OnceLock::new();

/// Solves a solvable `N`×`N` board: optimally with [`Weights::OPTIMAL`], else within the
/// weights' ratio of the optimal length. With `max_depth` set, it stops once the bound passes
/// that many moves (optimally: there is no solution that short).
pub fn idastar<const N: usize>(
    database: &PatternDatabase<N>,
    weights: Weights,
    start: Packed,
    ctl: &mut Control,
) -> SearchResult<Dir> {
    let duplicates = DUPLICATES.get_or_init(DuplicateFilter::discover);
    idastar_filtered(database, duplicates, weights, start, ctl)
}

fn idastar_filtered<const N: usize>(
    database: &PatternDatabase<N>,
    duplicates: &DuplicateFilter,
    weights: Weights,
    start: Packed,
    ctl: &mut Control,
) -> SearchResult<Dir> {
    let mut search = Search::new(database, duplicates, weights, ctl);
    let root = search.start(start);
    let root_estimate = Search::<N>::estimate(&root);
    let mut bound = search.cost(0, root_estimate);
    let outcome = loop {
        if root_estimate == 0 {
            break Outcome::Found(Vec::new());
        }
        if let Some(max) = search.ctl.limits.max_depth.filter(|&max| bound > max * weights.g_weight) {
            break Outcome::Stopped(StopReason::DepthLimit(max));
        }
        match search.iteration(&root, root_estimate, bound) {
            Ok(Step::Found) => break Outcome::Found(std::mem::take(&mut search.moves)),
            Ok(Step::Next(u32::MAX)) => break Outcome::Unreachable,
            Ok(Step::Next(next)) => bound = next,
            Err(reason) => break Outcome::Stopped(reason),
        }
    };
    if let Outcome::Found(moves) = &outcome {
        search.stats.depth = moves.len() as u32;
    }
    let stats = search.stats;
    search.ctl.finish(outcome, stats)
}

#[cfg(test)]
mod tests {
    use super::super::domain::Board;
    use super::super::solvers::{pattern_database, pattern_database_5x5};
    use super::*;
    use crate::core::search::Limits;

    fn values_kept_move_by_move_match_a_fresh_lookup<const N: usize>(database: &PatternDatabase<N>) {
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let duplicates = DuplicateFilter::none();
        let mut search = Search::new(database, &duplicates, Weights::OPTIMAL, &mut ctl);
        let mut board = Board::shuffled(N as u8, 0, 1);
        let mut position = search.start(Packed::from_board(&board));
        for step in 0..400u32 {
            let dir = Dir::ALL[(step.wrapping_mul(2_654_435_761) >> 7) as usize % 4];
            let Some(target) = dir.step(usize::from(position.blank), N) else { continue };
            let child = search.look(&position, dir, target as u8);
            let next = search.build(&position, &child);
            assert_eq!(child.estimate, Search::<N>::direct_estimate(&next));
            search.board.swap(usize::from(position.blank), target);
            board = board.apply(dir).expect("a move on the board");
            position = next;
            let estimate = database.estimate(Packed::from_board(&board));
            assert_eq!(Search::<N>::estimate(&position), estimate, "step {step}");
        }
    }

    #[test]
    fn values_kept_move_by_move_match_a_fresh_lookup_on_both_sizes() {
        values_kept_move_by_move_match_a_fresh_lookup(pattern_database(&mut |_, _| {}));
        values_kept_move_by_move_match_a_fresh_lookup(pattern_database_5x5(&mut |_, _| {}));
    }

    /// The moves and positions of an optimal search with `duplicates`.
    fn solve_with<const N: usize>(
        database: &PatternDatabase<N>,
        duplicates: &DuplicateFilter,
        board: &Board,
    ) -> (Vec<Dir>, u64) {
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let result =
            idastar_filtered(database, duplicates, Weights::OPTIMAL, Packed::from_board(board), &mut ctl);
        match result.outcome {
            Outcome::Found(moves) => (moves, result.stats.expanded),
            _ => panic!("{board:?} not solved"),
        }
    }

    #[test]
    fn skipping_twinned_sequences_finds_the_same_paths_in_fewer_positions() {
        let (all, skipping) = (DuplicateFilter::none(), DuplicateFilter::discover());
        let mut positions = [0, 0];
        for seed in 1..=12 {
            let board = Board::shuffled(4, 60, seed);
            let (moves, expanded) = solve_with(pattern_database(&mut |_, _| {}), &all, &board);
            let (fewer_moves, fewer) = solve_with(pattern_database(&mut |_, _| {}), &skipping, &board);
            assert_eq!(fewer_moves, moves, "board {seed}");
            positions[0] += expanded;
            positions[1] += fewer;
        }
        let board = Board::shuffled(5, 40, 1);
        let database = pattern_database_5x5(&mut |_, _| {});
        assert_eq!(solve_with(database, &skipping, &board).0, solve_with(database, &all, &board).0);
        assert!(positions[1] < positions[0] * 9 / 10, "{positions:?}");
    }
}
