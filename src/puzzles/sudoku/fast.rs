//! The benchmark solver: candidates as bit masks, naked and hidden singles to a fixpoint, then
//! a guess in the cell with fewest candidates. Same rules and counters as the engine's
//! `propagate`, without its generality (no trace, no boxed propagators, no allocation per node).

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
    all: Mask,
}

/// A position of the search: every cell's candidates and which cells are placed.
#[derive(Clone)]
struct Board {
    candidates: [Mask; 256],
    placed: [bool; 256],
    open: usize,
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

impl Solver {
    pub fn new(box_size: usize) -> Self {
        let side = box_size * box_size;
        let friend_lists = friends(box_size);
        let friend_count = friend_lists[0].len();
        Self {
            side,
            cells: side * side,
            friends: friend_lists.iter().flatten().map(|&f| f as u16).collect(),
            friend_count,
            groups: groups(box_size).iter().flatten().map(|&c| c as u16).collect(),
            all: ((1u32 << side) - 1) as Mask,
        }
    }

    /// Finds up to `cap` solutions of `grid` (whose box size must be this solver's).
    pub fn solve(&self, grid: &Grid, cap: u64) -> Found {
        self.solve_watched(grid, cap, &mut |_| true)
    }

    /// [`Solver::solve`], showing `progress` the counters every few thousand guesses; it
    /// answers `false` to cancel.
    pub fn solve_watched(&self, grid: &Grid, cap: u64, progress: &mut dyn FnMut(&Counters) -> bool) -> Found {
        assert_eq!(grid.cells.len(), self.cells, "a grid of this solver's size");
        let mut found =
            Found { first: None, count: 0, complete: true, cancelled: false, counters: Counters::default() };
        let mut board = Board { candidates: [self.all; 256], placed: [false; 256], open: self.cells };
        let mut queue = Vec::with_capacity(self.cells);
        for (cell, &value) in grid.cells.iter().enumerate() {
            if value != 0 {
                board.candidates[cell] = 1 << (value - 1);
                queue.push(cell as u16);
            }
        }
        if self.propagate(&mut board, &mut queue, &mut found.counters) {
            self.search(board, cap, &mut found, grid.box_size, progress);
        }
        found
    }

    /// Depth-first search; returns false once the cap is reached.
    fn search(
        &self,
        board: Board,
        cap: u64,
        found: &mut Found,
        box_size: usize,
        progress: &mut dyn FnMut(&Counters) -> bool,
    ) -> bool {
        let Some(cell) = self.fewest_candidates(&board) else {
            found.count += 1;
            if found.first.is_none() {
                let cells = board.candidates[..self.cells].iter().map(|m| m.trailing_zeros() as u8 + 1);
                found.first = Some(Grid { box_size, cells: cells.collect() });
            }
            if found.count >= cap {
                found.complete = false;
                return false;
            }
            return true;
        };
        let mut rest = board.candidates[cell];
        let mut queue = Vec::with_capacity(self.cells);
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            found.counters.guesses += 1;
            if found.counters.guesses.is_multiple_of(PROGRESS_EVERY) && !progress(&found.counters) {
                (found.complete, found.cancelled) = (false, true);
                return false;
            }
            let mut child = board.clone();
            found.counters.eliminations += u64::from((child.candidates[cell] & !bit).count_ones());
            child.candidates[cell] = bit;
            queue.clear();
            queue.push(cell as u16);
            if self.propagate(&mut child, &mut queue, &mut found.counters)
                && !self.search(child, cap, found, box_size, progress)
            {
                return false;
            }
            found.counters.backtracks += 1;
        }
        true
    }

    /// The open cell with the fewest candidates (the first such), or `None` when all are placed.
    fn fewest_candidates(&self, board: &Board) -> Option<usize> {
        if board.open == 0 {
            return None;
        }
        let mut best = (u32::MAX, 0);
        for cell in 0..self.cells {
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

    /// Places the queued singles and any hidden singles until none is left; false on a dead end.
    fn propagate(&self, board: &mut Board, queue: &mut Vec<u16>, counters: &mut Counters) -> bool {
        loop {
            while let Some(cell) = queue.pop() {
                let cell = usize::from(cell);
                if board.placed[cell] {
                    continue;
                }
                if !self.place(board, cell, queue, counters) {
                    counters.dead_ends += 1;
                    return false;
                }
            }
            match self.hidden_singles(board, queue, counters) {
                None => {
                    counters.dead_ends += 1;
                    return false;
                }
                Some(0) => return true,
                Some(_) => {}
            }
        }
    }

    /// Places a cell's single value and removes it from its friends.
    fn place(&self, board: &mut Board, cell: usize, queue: &mut Vec<u16>, counters: &mut Counters) -> bool {
        let bit = board.candidates[cell];
        if bit == 0 {
            return false;
        }
        board.placed[cell] = true;
        board.open -= 1;
        counters.assignments += 1;
        let friends = &self.friends[cell * self.friend_count..(cell + 1) * self.friend_count];
        for &friend in friends {
            let friend = usize::from(friend);
            let mask = board.candidates[friend];
            if mask & bit != 0 {
                let left = mask & !bit;
                board.candidates[friend] = left;
                counters.eliminations += 1;
                if left == 0 {
                    return false;
                }
                if left & (left - 1) == 0 {
                    queue.push(friend as u16);
                }
            }
        }
        true
    }

    /// Queues every value with one place left in a group; `None` when a value has no place.
    fn hidden_singles(
        &self,
        board: &mut Board,
        queue: &mut Vec<u16>,
        counters: &mut Counters,
    ) -> Option<usize> {
        let mut found = 0;
        for group in self.groups.chunks_exact(self.side) {
            let (mut once, mut twice, mut fixed): (Mask, Mask, Mask) = (0, 0, 0);
            for &cell in group {
                let mask = board.candidates[usize::from(cell)];
                twice |= once & mask;
                once |= mask;
                if board.placed[usize::from(cell)] {
                    fixed |= mask;
                }
            }
            if once != self.all {
                return None;
            }
            let mut hidden = once & !twice & !fixed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = group.iter().map(|&c| usize::from(c)).find(|&c| board.candidates[c] & bit != 0)?;
                if board.candidates[cell] != bit {
                    counters.eliminations += u64::from((board.candidates[cell] & !bit).count_ones());
                    board.candidates[cell] = bit;
                }
                queue.push(cell as u16);
                found += 1;
            }
        }
        Some(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_puzzles_are_solved_and_unique() {
        let solver = Solver::new(3);
        for line in include_str!("../../../tests/data/sudoku/hardest.txt").lines() {
            let puzzle = Grid::parse(line).unwrap();
            let found = solver.solve(&puzzle, 2);
            assert_eq!((found.count, found.complete), (1, true), "{line}");
            assert!(found.first.unwrap().solves(&puzzle), "{line}");
        }
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
