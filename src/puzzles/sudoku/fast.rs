//! The benchmark solver's front, and its solver for 4×4 and 16×16 grids (9×9 grids go to
//! [`super::bands`]): candidates as bit masks, naked and hidden singles to a fixpoint (only the
//! rows, columns and boxes that changed are looked at again), locked candidates before any
//! guess wider than two values, then a guess in the cell with fewest candidates. Same rules
//! and counters as the engine's `propagate`, without its generality (no trace, no boxed
//! propagators, no allocation per node).

use super::grid::{friends, groups, Grid};
use crate::core::constraint::Counters;

/// Candidates of a cell: bit `v - 1` set when value `v` is possible.
type Mask = u16;

/// Guesses between two progress reports.
const PROGRESS_EVERY: u64 = 1 << 12;

/// The cell tables of one box size, built once and shared by every solve.
pub struct Solver {
    side: usize,
    cells: usize,
    /// Each cell's friends, `friend_count` per cell.
    friends: Vec<u16>,
    friend_count: usize,
    /// Each group's cells, `side` per group.
    groups: Vec<u16>,
    /// Each cell's groups as a bit set (row, column, box).
    groups_of: Vec<u64>,
    /// Each crossing's two groups as a bit set.
    crossing_groups: Vec<u64>,
    /// Each box-and-line crossing: the cells they share, then the box's other cells, then the
    /// line's other cells (`box_size`, `side - box_size`, `side - box_size` cells).
    crossings: Vec<u16>,
    all: Mask,
}

/// A position of the search for a grid of `N` cells: every cell's candidates and which cells
/// are placed (sized to the grid, so a guess copies no more than it needs).
#[derive(Clone, Copy)]
struct Board<const N: usize> {
    candidates: [Mask; N],
    placed: [bool; N],
    open: usize,
    /// Groups (bit i: group i) with a cell narrowed since hidden singles last looked at them…
    dirty_hidden: u64,
    /// …and since locked candidates last did.
    dirty_locked: u64,
}

impl<const N: usize> Board<N> {
    /// Narrows a cell's candidates, marking its groups for another look.
    fn set(&mut self, cell: usize, mask: Mask, groups: u64) {
        self.candidates[cell] = mask;
        self.dirty_hidden |= groups;
        self.dirty_locked |= groups;
    }
}

/// The solutions found, up to a cap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The first solution, if any.
    pub first: Option<Grid>,
    /// Solutions found (at most the cap).
    pub count: u64,
    /// False when the cap (or a cancel) stopped the search before the whole space was seen.
    pub complete: bool,
    pub cancelled: bool,
    pub counters: Counters,
}

impl Found {
    /// Nothing found yet.
    pub(super) fn nothing() -> Self {
        Self { first: None, count: 0, complete: true, cancelled: false, counters: Counters::default() }
    }

    /// Counts a solution, keeping the first (which `grid` writes out); false once `cap` is
    /// reached.
    pub(super) fn add(&mut self, cap: u64, grid: impl FnOnce() -> Grid) -> bool {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(grid());
        }
        if self.count >= cap {
            self.complete = false;
            return false;
        }
        true
    }
}

impl Solver {
    pub fn new(box_size: usize) -> Self {
        let side = box_size * box_size;
        let friend_lists = friends(box_size);
        let friend_count = friend_lists[0].len();
        let all_groups = groups(box_size);
        let (crossings, crossing_groups) = crossings(&all_groups, side);
        Self {
            side,
            cells: side * side,
            friends: friend_lists.iter().flatten().map(|&f| f as u16).collect(),
            friend_count,
            groups: all_groups.iter().flatten().map(|&c| c as u16).collect(),
            crossings,
            groups_of: (0..side * side)
                .map(|cell| {
                    let groups = all_groups.iter().enumerate().filter(|(_, g)| g.contains(&cell));
                    groups.fold(0, |mask, (i, _)| mask | 1 << i)
                })
                .collect(),
            crossing_groups,
            all: ((1u32 << side) - 1) as Mask,
        }
    }

    /// Finds up to `cap` solutions of `grid` (whose box size must be this solver's).
    pub fn solve(&self, grid: &Grid, cap: u64) -> Found {
        self.solve_watched(grid, cap, &mut |_| true)
    }

    /// [`Solver::solve`] for the sizes puzzles are generated in (4×4 and 9×9): the app, which
    /// only generates, is then built without the 16×16 search.
    pub fn solve_generated_size(&self, grid: &Grid, cap: u64) -> Found {
        match self.cells {
            16 => self.run::<16>(grid, cap, &mut |_| true),
            _ => super::bands::solve(grid, cap, &mut |_| true),
        }
    }

    /// [`Solver::solve`], showing `progress` the counters every few thousand guesses; it
    /// answers `false` to cancel.
    pub fn solve_watched(&self, grid: &Grid, cap: u64, progress: &mut dyn FnMut(&Counters) -> bool) -> Found {
        assert_eq!(grid.cells.len(), self.cells, "a grid of this solver's size");
        match self.cells {
            16 => self.run::<16>(grid, cap, progress),
            81 => super::bands::solve(grid, cap, progress),
            _ => self.run::<256>(grid, cap, progress),
        }
    }

    fn run<const N: usize>(
        &self,
        grid: &Grid,
        cap: u64,
        progress: &mut dyn FnMut(&Counters) -> bool,
    ) -> Found {
        let mut search = Search {
            solver: self,
            cap,
            box_size: grid.box_size,
            progress,
            queue: Vec::with_capacity(4 * N),
            found: Found::nothing(),
        };
        let every_group = (1u64 << (3 * self.side)) - 1;
        let mut board = Board::<N> {
            candidates: [self.all; N],
            placed: [false; N],
            open: N,
            dirty_hidden: every_group,
            dirty_locked: every_group,
        };
        for (cell, &value) in grid.cells.iter().enumerate() {
            if value != 0 {
                board.candidates[cell] = 1 << (value - 1);
                search.queue.push(cell as u16);
            }
        }
        if search.propagate(&mut board) {
            search.search(board);
        }
        search.found
    }
}

/// One solve: the solver's tables, what was found, and a queue of cells to place (reused by
/// every node).
struct Search<'a> {
    solver: &'a Solver,
    cap: u64,
    box_size: usize,
    progress: &'a mut dyn FnMut(&Counters) -> bool,
    queue: Vec<u16>,
    found: Found,
}

impl Search<'_> {
    /// Depth-first search; returns false once the cap is reached (or on cancel). A value that
    /// fails is removed from its cell before the next is tried, so the last one is placed by
    /// propagation rather than guessed.
    fn search<const N: usize>(&mut self, mut board: Board<N>) -> bool {
        loop {
            let Some(cell) = fewest_candidates(&board) else {
                return self.solution(&board);
            };
            // No cell with two candidates: before a wider guess, look for locked candidates.
            if board.candidates[cell].count_ones() > 2 {
                match self.locked_candidates(&mut board) {
                    None => {
                        self.found.counters.dead_ends += 1;
                        return true;
                    }
                    Some(0) => {}
                    Some(_) => {
                        if !self.propagate(&mut board) {
                            return true;
                        }
                        continue;
                    }
                }
            }
            let bit = board.candidates[cell] & board.candidates[cell].wrapping_neg();
            let counters = &mut self.found.counters;
            counters.guesses += 1;
            if counters.guesses.is_multiple_of(PROGRESS_EVERY) && !(self.progress)(counters) {
                (self.found.complete, self.found.cancelled) = (false, true);
                return false;
            }
            let mut child = board;
            counters.eliminations += u64::from((child.candidates[cell] & !bit).count_ones());
            child.set(cell, bit, self.solver.groups_of[cell]);
            self.queue.clear();
            self.queue.push(cell as u16);
            if self.propagate(&mut child) && !self.search(child) {
                return false;
            }
            self.found.counters.backtracks += 1;
            // The guess is refuted (or its solutions counted): take the value out and go on.
            board.set(cell, board.candidates[cell] & !bit, self.solver.groups_of[cell]);
            self.found.counters.eliminations += 1;
            self.queue.clear();
            if board.candidates[cell].count_ones() == 1 {
                self.queue.push(cell as u16);
            }
            if board.candidates[cell] == 0 || !self.propagate(&mut board) {
                return true;
            }
        }
    }

    fn solution<const N: usize>(&mut self, board: &Board<N>) -> bool {
        let box_size = self.box_size;
        self.found.add(self.cap, || {
            let cells = board.candidates.iter().map(|m| m.trailing_zeros() as u8 + 1);
            Grid { box_size, cells: cells.collect() }
        })
    }

    /// Places the queued singles and any hidden singles until none is left; false on a dead end.
    fn propagate<const N: usize>(&mut self, board: &mut Board<N>) -> bool {
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = usize::from(cell);
                if !board.placed[cell] && !self.place(board, cell) {
                    self.found.counters.dead_ends += 1;
                    return false;
                }
            }
            match self.hidden_singles(board) {
                None => {
                    self.found.counters.dead_ends += 1;
                    return false;
                }
                Some(0) => return true,
                Some(_) => {}
            }
        }
    }

    /// Locked candidates: a value that, within a box, lies only on one line leaves the rest
    /// of that line (pointing), and one that, within a line, lies only in one box leaves the
    /// rest of that box (claiming). Returns the cells narrowed, `None` on a dead end.
    fn locked_candidates<const N: usize>(&mut self, board: &mut Board<N>) -> Option<usize> {
        let solver = self.solver;
        let (shared, rest) = (self.box_size, solver.side - self.box_size);
        let union = |board: &Board<N>, cells: &[u16]| {
            cells.iter().fold(0, |m, &c| m | board.candidates[usize::from(c)])
        };
        let mut narrowed = 0;
        let dirty = std::mem::take(&mut board.dirty_locked);
        let crossings = solver.crossings.chunks_exact(shared + 2 * rest).zip(&solver.crossing_groups);
        for (crossing, _) in crossings.filter(|(_, &g)| g & dirty != 0) {
            let (inside, others) = crossing.split_at(shared);
            let (box_rest, line_rest) = others.split_at(rest);
            let here = union(board, inside);
            let pointing = here & !union(board, box_rest);
            let claiming = here & !union(board, line_rest);
            for (cells, gone) in [(line_rest, pointing), (box_rest, claiming)] {
                if gone == 0 {
                    continue;
                }
                for &cell in cells {
                    let cell = usize::from(cell);
                    let mask = board.candidates[cell];
                    if board.placed[cell] || mask & gone == 0 {
                        continue;
                    }
                    let left = mask & !gone;
                    self.found.counters.eliminations += u64::from((mask & gone).count_ones());
                    board.set(cell, left, solver.groups_of[cell]);
                    narrowed += 1;
                    match left.count_ones() {
                        0 => return None,
                        1 => self.queue.push(cell as u16),
                        _ => {}
                    }
                }
            }
        }
        Some(narrowed)
    }

    /// Places a cell's single value and removes it from its friends.
    fn place<const N: usize>(&mut self, board: &mut Board<N>, cell: usize) -> bool {
        let bit = board.candidates[cell];
        if bit == 0 {
            return false;
        }
        board.placed[cell] = true;
        board.open -= 1;
        let counters = &mut self.found.counters;
        counters.assignments += 1;
        let count = self.solver.friend_count;
        for &friend in &self.solver.friends[cell * count..(cell + 1) * count] {
            let friend = usize::from(friend);
            let mask = board.candidates[friend];
            if mask & bit != 0 {
                let left = mask & !bit;
                board.set(friend, left, self.solver.groups_of[friend]);
                counters.eliminations += 1;
                if left == 0 {
                    return false;
                }
                if left & (left - 1) == 0 {
                    self.queue.push(friend as u16);
                }
            }
        }
        true
    }

    /// Queues every value with one place left in a group; `None` when a value has no place.
    fn hidden_singles<const N: usize>(&mut self, board: &mut Board<N>) -> Option<usize> {
        let mut found = 0;
        let side = self.solver.side;
        let mut todo = std::mem::take(&mut board.dirty_hidden);
        while todo != 0 {
            let g = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let group = &self.solver.groups[g * side..(g + 1) * side];
            let (mut once, mut twice, mut fixed): (Mask, Mask, Mask) = (0, 0, 0);
            for &cell in group {
                let mask = board.candidates[usize::from(cell)];
                twice |= once & mask;
                once |= mask;
                if board.placed[usize::from(cell)] {
                    fixed |= mask;
                }
            }
            if once != self.solver.all {
                return None;
            }
            let mut hidden = once & !twice & !fixed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = group.iter().map(|&c| usize::from(c)).find(|&c| board.candidates[c] & bit != 0)?;
                if board.candidates[cell] != bit {
                    self.found.counters.eliminations +=
                        u64::from((board.candidates[cell] & !bit).count_ones());
                    board.candidates[cell] = bit;
                }
                self.queue.push(cell as u16);
                found += 1;
            }
        }
        Some(found)
    }
}

/// Every crossing of a box with a row or column through it, as [`Solver::crossings`] lists
/// them, with its two groups as [`Solver::crossing_groups`] does.
fn crossings(all: &[Vec<usize>], side: usize) -> (Vec<u16>, Vec<u64>) {
    let (mut cells, mut groups) = (Vec::new(), Vec::new());
    for (b, cells_of_box) in all.iter().enumerate().skip(2 * side) {
        for (l, line) in all.iter().enumerate().take(2 * side) {
            let shared: Vec<usize> = cells_of_box.iter().copied().filter(|c| line.contains(c)).collect();
            if shared.is_empty() {
                continue;
            }
            cells.extend(shared.iter().map(|&c| c as u16));
            cells.extend(cells_of_box.iter().filter(|c| !shared.contains(c)).map(|&c| c as u16));
            cells.extend(line.iter().filter(|c| !shared.contains(c)).map(|&c| c as u16));
            groups.push(1 << b | 1 << l);
        }
    }
    (cells, groups)
}

/// The open cell with the fewest candidates (the first such), or `None` when all are placed.
fn fewest_candidates<const N: usize>(board: &Board<N>) -> Option<usize> {
    if board.open == 0 {
        return None;
    }
    let mut best = (u32::MAX, 0);
    for cell in 0..N {
        let n = board.candidates[cell].count_ones();
        if !board.placed[cell] && n < best.0 {
            best = (n, cell);
            if n == 2 {
                break;
            }
        }
    }
    Some(best.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sixteen_by_sixteen_puzzle_is_solved_and_unique() {
        // A solved 16×16 grid with its two diagonals cleared.
        let solved = Solver::new(4).solve(&Grid::empty(4), 1).first.unwrap();
        let mut puzzle = solved.clone();
        for (cell, value) in puzzle.cells.iter_mut().enumerate() {
            if cell / 16 == cell % 16 || cell / 16 + cell % 16 == 15 {
                *value = 0;
            }
        }
        let found = Solver::new(4).solve(&puzzle, 2);
        assert_eq!((found.count, found.complete), (1, true));
        assert_eq!(found.first.unwrap(), solved);
    }

    #[test]
    fn the_empty_grids_have_many_solutions() {
        // 288 Shidoku (4×4) grids in all.
        let found = Solver::new(2).solve(&Grid::empty(2), 1000);
        assert_eq!((found.count, found.complete), (288, true));
        let found = Solver::new(4).solve(&Grid::empty(4), 3);
        assert_eq!((found.count, found.complete), (3, false));
        assert!(found.first.unwrap().solves(&Grid::empty(4)));
    }
}
