//! Boards up to 5×5 packed into one `u128` (5 bits per cell), the form the searches store,
//! and the heuristics computed on it.

use super::domain::{Board, Dir};
use crate::core::search::Problem;

/// Largest board the solvers take (25 cells × 5 bits fit in 128 bits).
pub const MAX_SOLVER_SIZE: u8 = 5;

/// A packed board: cell `c` holds its tile in bits `5c..5c+5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Packed(pub u128);

impl Packed {
    pub fn from_board(board: &Board) -> Packed {
        assert!(board.size() <= MAX_SOLVER_SIZE, "packed boards hold at most 5×5");
        Packed(
            board.tiles().iter().enumerate().fold(0, |bits, (cell, &t)| bits | (u128::from(t) << (5 * cell))),
        )
    }

    pub fn tile(self, cell: usize) -> u8 {
        ((self.0 >> (5 * cell)) & 31) as u8
    }

    pub fn blank(self, cells: usize) -> usize {
        (0..cells).find(|&c| self.tile(c) == 0).expect("a board always has a blank")
    }

    /// Swaps the blank (at `blank`) with the tile at `target`.
    pub fn slide(self, blank: usize, target: usize) -> Packed {
        let tile = u128::from(self.tile(target));
        Packed((self.0 & !(31 << (5 * target))) | (tile << (5 * blank)))
    }
}

/// Lower bounds on the moves left, from weakest to strongest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Estimate {
    /// No estimate: uninformed search.
    Zero,
    /// Tiles not in their goal cell.
    Misplaced,
    /// Sum of each tile's row and column distance to its goal cell.
    Manhattan,
    /// Manhattan plus linear conflicts: two tiles in their goal line but in the wrong order
    /// must step aside, two moves each time.
    ManhattanConflicts,
}

/// The sliding rules on packed boards, as a search problem.
pub struct SlidingProblem {
    pub n: usize,
    pub goal: Packed,
    pub estimate: Estimate,
    /// `distance[tile * cells + cell]`: Manhattan distance of `tile` in `cell` from home.
    distance: Vec<u8>,
}

impl SlidingProblem {
    pub fn new(size: u8, estimate: Estimate) -> Self {
        let n = usize::from(size);
        let cells = n * n;
        let mut distance = vec![0u8; cells * cells];
        for tile in 1..cells {
            let home = tile - 1;
            for cell in 0..cells {
                distance[tile * cells + cell] =
                    ((home / n).abs_diff(cell / n) + (home % n).abs_diff(cell % n)) as u8;
            }
        }
        let goal = Packed::from_board(&Board::goal(size));
        Self { n, goal, estimate, distance }
    }

    pub fn cells(&self) -> usize {
        self.n * self.n
    }

    pub fn manhattan(&self, state: Packed) -> u32 {
        let cells = self.cells();
        (0..cells).map(|c| u32::from(self.distance[usize::from(state.tile(c)) * cells + c])).sum()
    }

    pub fn misplaced(&self, state: Packed) -> u32 {
        (0..self.cells()).filter(|&c| state.tile(c) != 0 && state.tile(c) != self.goal.tile(c)).count() as u32
    }

    /// Extra moves forced by tiles in their goal row (or column) but in the wrong order: each
    /// line needs 2 × (its tiles − the longest run already in order) more than Manhattan.
    pub fn linear_conflicts(&self, state: Packed) -> u32 {
        let n = self.n;
        let mut extra = 0;
        let mut line = [0usize; 8];
        for major in 0..n {
            for by_row in [true, false] {
                let mut len = 0;
                for minor in 0..n {
                    let cell = if by_row { major * n + minor } else { minor * n + major };
                    let tile = usize::from(state.tile(cell));
                    if tile == 0 {
                        continue;
                    }
                    let home = tile - 1;
                    let (home_major, home_minor) =
                        if by_row { (home / n, home % n) } else { (home % n, home / n) };
                    if home_major == major {
                        line[len] = home_minor;
                        len += 1;
                    }
                }
                extra += 2 * (len - longest_increasing(&line[..len])) as u32;
            }
        }
        extra
    }
}

fn longest_increasing(values: &[usize]) -> usize {
    let mut best = [1usize; 8];
    for i in 0..values.len() {
        for j in 0..i {
            if values[j] < values[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best[..values.len()].iter().copied().max().unwrap_or(0)
}

impl Problem for SlidingProblem {
    type State = Packed;
    type Move = Dir;

    fn is_goal(&self, state: &Packed) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &Packed, out: &mut Vec<(Dir, Packed)>) {
        let blank = state.blank(self.cells());
        for dir in Dir::ALL {
            if let Some(target) = dir.step(blank, self.n) {
                out.push((dir, state.slide(blank, target)));
            }
        }
    }

    fn heuristic(&self, state: &Packed) -> u32 {
        match self.estimate {
            Estimate::Zero => 0,
            Estimate::Misplaced => self.misplaced(*state),
            Estimate::Manhattan => self.manhattan(*state),
            Estimate::ManhattanConflicts => self.manhattan(*state) + self.linear_conflicts(*state),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips_and_slides_like_the_board() {
        let board = Board::shuffled(5, 60, 3);
        let packed = Packed::from_board(&board);
        for cell in 0..25 {
            assert_eq!(packed.tile(cell), board.tiles()[cell]);
        }
        let problem = SlidingProblem::new(5, Estimate::Zero);
        let mut next = Vec::new();
        problem.successors(&packed, &mut next);
        for (dir, state) in next {
            assert_eq!(state, Packed::from_board(&board.apply(dir).unwrap()), "{dir}");
        }
    }

    #[test]
    fn heuristics_on_known_boards() {
        let p = SlidingProblem::new(3, Estimate::ManhattanConflicts);
        let goal = p.goal;
        assert_eq!((p.manhattan(goal), p.misplaced(goal), p.linear_conflicts(goal)), (0, 0, 0));
        // 2 1 3 / 4 5 6 / 7 8 _: tiles 1 and 2 swapped in their row.
        let swapped = Packed::from_board(&Board::parse(3, "2,1,3,4,5,6,7,8,0").unwrap());
        assert_eq!((p.manhattan(swapped), p.misplaced(swapped), p.linear_conflicts(swapped)), (2, 2, 2));
        // 3 2 1 in the top row: three conflicting pairs, but two tiles stepping aside suffice.
        let reversed = Packed::from_board(&Board::parse(3, "3,2,1,4,5,6,7,8,0").unwrap());
        assert_eq!((p.manhattan(reversed), p.linear_conflicts(reversed)), (4, 4));
    }
}
