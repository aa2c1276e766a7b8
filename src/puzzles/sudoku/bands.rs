//! The 9×9 benchmark solver, band by band (the idea of JCZSolve and tdoku): for each digit and
//! each band (three rows), one 27-bit mask of the cells where the digit may still go.
//!
//! In a band a digit sits once in each of three rows and once in each of three boxes: one of
//! six patterns. A table keeps the cells that some pattern still allows, which settles the
//! band's rows and boxes at once (hidden singles in boxes, locked candidates). A row left with
//! one place puts the digit there: its column leaves the digit's other two bands and its cell
//! leaves the other eight digits' masks. The same table does the stacks (three columns by
//! three bands), which finds hidden singles in columns, and naked singles come from counting
//! bits across the digits' masks. A guess copies a 140-byte board and prefers a cell with two
//! candidates.

use super::fast::Found;
use super::grid::Grid;
use crate::core::constraint::Counters;
use std::sync::OnceLock;

/// A band's 27 cells: bit `9 * row + column`, row and column within the band.
const BAND: u32 = (1 << 27) - 1;
/// One row of a band.
const ROW: u32 = 0x1FF;
/// Column 0 of a band's three rows.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// Guesses between two progress reports.
const PROGRESS_EVERY: u64 = 1 << 12;

/// The pattern tables, built on first use: the app's bundle carries the code that builds
/// them rather than their 3.5 KB.
static PATTERNS: OnceLock<Patterns> = OnceLock::new();

struct Patterns {
    /// For a row's nine bits, its boxes that hold any (bit `b` for box `b` of the band).
    boxes_of_row: [u8; 512],
    /// For a 3×3 pattern of crossings (bit `3 * line + part`; in a band, lines are rows and
    /// parts boxes), the crossings some placement (one per line and one per part) still uses;
    /// 0 when none can.
    used_crossings: [u16; 512],
    /// `used_crossings` of a band's row-and-box pattern, as the cells of those crossings.
    placements: [u32; 512],
}

/// For three bits (bit `r`: row `r` of a band), the cells of those rows.
static ROWS: [u32; 8] =
    [0, ROW, ROW << 9, ROW | ROW << 9, ROW << 18, ROW | ROW << 18, ROW << 9 | ROW << 18, BAND];

impl Patterns {
    fn new() -> Self {
        const ORDERS: [[u16; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut used_crossings = [0; 512];
        for (pattern, used) in used_crossings.iter_mut().enumerate() {
            for [a, b, c] in ORDERS {
                let crossings = 1 << a | 1 << (3 + b) | 1 << (6 + c);
                if pattern as u16 & crossings == crossings {
                    *used |= crossings;
                }
            }
        }
        let placements = used_crossings.map(|used| {
            let crossings = (0..9).filter(|crossing| used >> crossing & 1 == 1);
            crossings.fold(0, |cells, crossing| cells | 7 << (9 * (crossing / 3) + 3 * (crossing % 3)))
        });
        let mut boxes_of_row = [0; 512];
        for (row, boxes) in boxes_of_row.iter_mut().enumerate() {
            *boxes = (0..3).filter(|b| row >> (3 * b) & 7 != 0).fold(0, |boxes, b| boxes | 1 << b);
        }
        Self { boxes_of_row, used_crossings, placements }
    }
}

/// A position of the search.
#[derive(Clone, Copy)]
struct Board {
    /// `candidates[3 * digit + band]`: the cells of the band where the digit may go.
    candidates: [u32; 27],
    /// Per band, bit `3 * digit + row` while the digit is not yet placed in that row.
    open_rows: [u32; 3],
    /// Per band, the cells not yet placed.
    open_cells: [u32; 3],
    /// The masks (bit `i`: `candidates[i]`) narrowed since their band patterns were checked.
    dirty: u32,
    /// The digits (bit `d`) narrowed since their stack patterns were checked.
    dirty_stacks: u32,
}

/// Finds up to `cap` solutions of a 9×9 `grid`, showing `progress` the counters every few
/// thousand guesses (it answers `false` to cancel).
pub fn solve(grid: &Grid, cap: u64, progress: &mut dyn FnMut(&Counters) -> bool) -> Found {
    assert_eq!(grid.cells.len(), 81, "a 9×9 grid");
    let mut search =
        Search { patterns: PATTERNS.get_or_init(Patterns::new), cap, progress, found: Found::nothing() };
    let mut board = Board {
        candidates: [BAND; 27],
        open_rows: [BAND; 3],
        open_cells: [BAND; 3],
        dirty: BAND,
        dirty_stacks: 0,
    };
    for (cell, &value) in grid.cells.iter().enumerate().filter(|(_, &v)| v != 0) {
        let (row, column) = (cell / 9, cell % 9);
        board.assign(usize::from(value) - 1, row / 3, 1 << (9 * (row % 3) + column));
    }
    if search.propagate(&mut board, 9 * 81) {
        search.search(board);
    }
    search.found
}

impl Board {
    /// Keeps `keep` of mask `i`, marking it when that narrows it.
    #[inline(always)]
    fn narrow(&mut self, i: usize, keep: u32) {
        let old = self.candidates[i];
        self.candidates[i] = old & keep;
        self.dirty |= u32::from(old & !keep != 0) << i;
    }

    /// Puts `digit` in `cell` (one bit) of `band`: out of the cell's row and box there, and
    /// the cell out of the other digits. The band pattern then finds the row's single place
    /// and clears the column in the other bands.
    fn assign(&mut self, digit: usize, band: usize, cell: u32) {
        self.clear_cell(digit, band, cell);
        let at = cell.trailing_zeros();
        let (row, box_cells) = (ROW << (at / 9 * 9), (7 * COLUMN) << (at % 9 / 3 * 3));
        self.narrow(3 * digit + band, !(row | box_cells) | cell);
    }

    /// Takes `cell` out of every digit's mask in `band` except `digit`'s.
    #[inline(always)]
    fn clear_cell(&mut self, digit: usize, band: usize, cell: u32) {
        let own = 3 * digit + band;
        let kept = self.candidates[own];
        let mut narrowed = 0;
        for other in (band..27).step_by(3) {
            let cells = self.candidates[other];
            narrowed |= u32::from(cells & cell != 0) << other;
            self.candidates[other] = cells & !cell;
        }
        self.candidates[own] = kept;
        self.dirty |= narrowed & !(1 << own);
    }

    /// The digit found the only place of some rows in `band` (`cells`, one per row): the
    /// cells leave the other digits and their columns leave the digit's other two bands.
    fn place(&mut self, digit: usize, band: usize, rows: u32, cells: u32) {
        self.open_rows[band] &= !(rows << (3 * digit));
        self.open_cells[band] &= !cells;
        self.clear_cell(digit, band, cells);
        let columns = in_every_row(columns_of(cells));
        self.narrow(3 * digit + (band + 1) % 3, !columns);
        self.narrow(3 * digit + (band + 2) % 3, !columns);
    }

    /// Keeps the cells of mask `i` that some placement in its band still uses and places the
    /// digit in rows left with one cell; false when no placement is left.
    fn settle_band(&mut self, i: usize, patterns: &Patterns, counters: &mut Counters) -> bool {
        let (digit, band) = (i / 3, i % 3);
        let cells = self.candidates[i];
        let boxes = &patterns.boxes_of_row;
        let pattern = usize::from(boxes[(cells & ROW) as usize])
            | usize::from(boxes[(cells >> 9 & ROW) as usize]) << 3
            | usize::from(boxes[(cells >> 18) as usize]) << 6;
        let cells = cells & patterns.placements[pattern];
        if cells == 0 {
            return false;
        }
        self.candidates[i] = cells;
        self.dirty_stacks |= 1 << digit;
        // A row's places less its lowest one are none when it has one place (no row is empty).
        let more = cells & (cells - COLUMN);
        let single = [0, 1, 2].map(|row| u32::from(more >> (9 * row) & ROW == 0) << row);
        let fresh = (single[0] | single[1] | single[2]) & self.open_rows[band] >> (3 * digit);
        if fresh != 0 {
            counters.assignments += u64::from(fresh.count_ones());
            self.place(digit, band, fresh, cells & ROWS[fresh as usize]);
        }
        true
    }

    /// Assigns every open cell left with one digit; `None` when a cell has none.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for band in 0..3 {
            let (mut once, mut twice) = (0, 0);
            for digit in 0..9 {
                let cells = self.candidates[3 * digit + band];
                twice |= once & cells;
                once |= cells;
            }
            if once != BAND {
                return None;
            }
            let mut singles = once & !twice & self.open_cells[band];
            while singles != 0 {
                let cell = singles & singles.wrapping_neg();
                singles ^= cell;
                let digit = (0..9).find(|&d| self.candidates[3 * d + band] & cell != 0)?;
                self.assign(digit, band, cell);
                found = true;
            }
        }
        Some(found)
    }

    /// The stacks' counterpart of [`Board::settle_band`], for each digit narrowed since: in a
    /// stack (three columns) a digit sits once in each column and once in each band, so a
    /// column of a band that no such placement uses loses the digit. Whether a mask narrowed;
    /// `None` when no placement is left.
    fn settle_stacks(&mut self, patterns: &Patterns) -> Option<bool> {
        let dirty = self.dirty;
        while self.dirty_stacks != 0 {
            let digit = self.dirty_stacks.trailing_zeros() as usize;
            self.dirty_stacks &= self.dirty_stacks - 1;
            let columns = [0, 1, 2].map(|band| columns_of(self.candidates[3 * digit + band]));
            let mut keep = [0; 3];
            for stack in [0, 3, 6] {
                let pattern =
                    columns[0] >> stack & 7 | (columns[1] >> stack & 7) << 3 | (columns[2] >> stack & 7) << 6;
                let used = u32::from(patterns.used_crossings[pattern as usize]);
                if used == 0 {
                    return None;
                }
                for (band, keep) in keep.iter_mut().enumerate() {
                    *keep |= (used >> (3 * band) & 7) << stack;
                }
            }
            for (band, keep) in keep.into_iter().enumerate() {
                self.narrow(3 * digit + band, in_every_row(keep));
            }
        }
        Some(self.dirty != dirty)
    }

    fn candidate_count(&self) -> u32 {
        self.candidates.iter().map(|cells| cells.count_ones()).sum()
    }

    fn solved(&self) -> bool {
        self.open_cells == [0; 3]
    }

    /// The open cell to guess in (band and cell bit): one with two candidates if any,
    /// otherwise one with fewest.
    fn guess_cell(&self) -> (usize, u32) {
        let mut fewest = (u32::MAX, 0, 0);
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for digit in 0..9 {
                let cells = self.candidates[3 * digit + band];
                thrice |= twice & cells;
                twice |= once & cells;
                once |= cells;
            }
            let pairs = twice & !thrice & self.open_cells[band];
            if pairs != 0 {
                return (band, pairs & pairs.wrapping_neg());
            }
            let mut open = self.open_cells[band];
            while open != 0 {
                let cell = open & open.wrapping_neg();
                open ^= cell;
                let count = (0..9).filter(|&d| self.candidates[3 * d + band] & cell != 0).count() as u32;
                if count < fewest.0 {
                    fewest = (count, band, cell);
                }
            }
        }
        (fewest.1, fewest.2)
    }

    fn grid(&self) -> Grid {
        let mut cells = vec![0; 81];
        for (i, &band_cells) in self.candidates.iter().enumerate() {
            let (digit, band) = (i / 3, i % 3);
            let mut left = band_cells;
            while left != 0 {
                let cell = left.trailing_zeros() as usize;
                left &= left - 1;
                cells[27 * band + cell] = digit as u8 + 1;
            }
        }
        Grid { box_size: 3, cells }
    }
}

/// The columns (bit `c`) that a band's `cells` use.
fn columns_of(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW
}

/// A band's cells in `columns` (bit `c`), in all three rows.
fn in_every_row(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// One solve: what was found so far.
struct Search<'a> {
    patterns: &'static Patterns,
    cap: u64,
    progress: &'a mut dyn FnMut(&Counters) -> bool,
    found: Found,
}

impl Search<'_> {
    /// [`Search::settle`], counting as eliminated the candidates gone since `before` (a
    /// candidate count taken before the board was narrowed).
    fn propagate(&mut self, board: &mut Board, before: u32) -> bool {
        let settled = self.settle(board);
        self.found.counters.eliminations += u64::from(before - board.candidate_count());
        settled
    }

    /// Settles bands, then naked singles, then stacks, until none changes; false on a dead end.
    fn settle(&mut self, board: &mut Board) -> bool {
        loop {
            while board.dirty != 0 {
                let i = board.dirty.trailing_zeros() as usize;
                board.dirty &= board.dirty - 1;
                if !board.settle_band(i, self.patterns, &mut self.found.counters) {
                    self.found.counters.dead_ends += 1;
                    return false;
                }
            }
            let progress = match board.naked_singles() {
                Some(false) => board.settle_stacks(self.patterns),
                other => other,
            };
            match progress {
                None => {
                    self.found.counters.dead_ends += 1;
                    return false;
                }
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Depth-first search from a propagated board; false once the cap is reached (or on
    /// cancel). A digit that fails leaves its cell before the next is tried.
    fn search(&mut self, mut board: Board) -> bool {
        loop {
            if board.solved() {
                return self.found.add(self.cap, || board.grid());
            }
            let (band, cell) = board.guess_cell();
            let digit = (0..9)
                .find(|&d| board.candidates[3 * d + band] & cell != 0)
                .expect("an open cell has a candidate");
            let counters = &mut self.found.counters;
            counters.guesses += 1;
            if counters.guesses.is_multiple_of(PROGRESS_EVERY) && !(self.progress)(counters) {
                (self.found.complete, self.found.cancelled) = (false, true);
                return false;
            }
            let before = board.candidate_count();
            let mut child = board;
            child.assign(digit, band, cell);
            if self.propagate(&mut child, before) && !self.search(child) {
                return false;
            }
            self.found.counters.backtracks += 1;
            board.narrow(3 * digit + band, !cell);
            if !self.propagate(&mut board, before) {
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::solve_quietly;
    use crate::puzzles::sudoku::{params::Set, set_puzzles};

    fn solve_all(grid: &Grid, cap: u64) -> Found {
        solve(grid, cap, &mut |_| true)
    }

    #[test]
    fn every_benchmark_puzzle_has_one_solution_keeping_its_clues_and_the_rules() {
        for set in [Set::Top95, Set::Hardest, Set::Clue17] {
            for puzzle in set_puzzles(set) {
                let found = solve_all(&puzzle, 2);
                assert_eq!((found.count, found.complete, found.cancelled), (1, true, false), "{puzzle}");
                assert!(found.first.unwrap().solves(&puzzle), "{puzzle}");
            }
        }
    }

    #[test]
    fn solution_counts_agree_with_the_constraint_engine() {
        // Norvig's hardest with their first three clues taken out: from 34 to about 10,000
        // solutions each (two have more and are left out by the cap).
        let mut compared = 0;
        for puzzle in set_puzzles(Set::Hardest) {
            let mut fewer = puzzle.clone();
            for cell in fewer.cells.iter_mut().filter(|v| **v != 0).take(3) {
                *cell = 0;
            }
            let link = format!("#/sudoku?algo=count&cap=20000&grid={fewer}");
            let engine = solve_quietly(&link).unwrap().count.unwrap();
            if engine == 20000 {
                continue;
            }
            let found = solve_all(&fewer, 20000);
            assert_eq!((found.count, found.complete), (engine, true), "{fewer}");
            assert!(found.first.unwrap().solves(&fewer));
            compared += 1;
        }
        assert_eq!(compared, 9);
    }

    #[test]
    fn clashing_clues_have_no_solution() {
        let mut grid = Grid::empty(3);
        (grid.cells[0], grid.cells[8]) = (5, 5);
        assert_eq!((solve_all(&grid, 2).count, solve_all(&grid, 2).complete), (0, true));
        let mut column = Grid::empty(3);
        (column.cells[4], column.cells[76]) = (7, 7);
        assert_eq!(solve_all(&column, 2).count, 0);
    }

    #[test]
    fn the_empty_grid_gives_a_valid_solution_and_a_cancel_stops_the_count() {
        let empty = Grid::empty(3);
        assert!(solve_all(&empty, 1).first.unwrap().solves(&empty));
        let mut reports = 0;
        let found = solve(&empty, u64::MAX, &mut |_| {
            reports += 1;
            false
        });
        assert_eq!((found.cancelled, found.complete, reports), (true, false, 1));
        assert_eq!(found.counters.guesses, PROGRESS_EVERY);
    }
}
