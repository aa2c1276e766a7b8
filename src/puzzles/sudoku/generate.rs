//! Seeded puzzles with exactly one solution: a full grid (a solved grid shuffled by the
//! moves that keep the rules: relabel values, swap rows within a band, bands, columns within a
//! stack, stacks, transpose), then clues removed in a seeded order while the solution stays
//! the only one.

use super::fast::Solver;
use super::grid::Grid;
use crate::core::seed::{SeededRng, Stream};

pub struct Generated {
    pub grid: Grid,
    /// Clues the puzzle was asked to keep; `grid` keeps more when no clue could go without a
    /// second solution appearing.
    pub asked: usize,
}

/// A random order of `0..n` within groups of `size`, the groups shuffled too.
fn shuffled_lines(rng: &mut SeededRng, box_size: usize) -> Vec<usize> {
    let mut bands: Vec<usize> = (0..box_size).collect();
    rng.shuffle(&mut bands);
    let mut order = Vec::new();
    for band in bands {
        let mut lines: Vec<usize> = (0..box_size).map(|i| band * box_size + i).collect();
        rng.shuffle(&mut lines);
        order.extend(lines);
    }
    order
}

/// A full grid drawn from `rng`.
fn full_grid(box_size: usize, solver: &Solver, rng: &mut SeededRng) -> Grid {
    let base =
        solver.solve_generated_size(&Grid::empty(box_size), 1).first.expect("an empty grid has solutions");
    let side = box_size * box_size;
    let mut labels: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut labels);
    let rows = shuffled_lines(rng, box_size);
    let columns = shuffled_lines(rng, box_size);
    let transpose = rng.below(2) == 1;
    let mut cells = vec![0; side * side];
    for r in 0..side {
        for c in 0..side {
            let (from_r, from_c) = if transpose { (columns[c], rows[r]) } else { (rows[r], columns[c]) };
            cells[r * side + c] = labels[usize::from(base.cells[from_r * side + from_c]) - 1];
        }
    }
    Grid { box_size, cells }
}

/// A puzzle with `clues` clues (or as few as it could) and one solution, the same for the
/// same seed everywhere.
pub fn generate(box_size: usize, clues: usize, seed: u64) -> Generated {
    let mut rng = SeededRng::new(seed);
    let solver = Solver::new(box_size);
    let mut grid = full_grid(box_size, &solver, &mut rng);
    let mut cells: Vec<usize> = (0..grid.cells.len()).collect();
    rng.shuffle(&mut cells);
    for cell in cells {
        if grid.clue_count() <= clues {
            break;
        }
        let value = std::mem::take(&mut grid.cells[cell]);
        if solver.solve_generated_size(&grid, 2).count != 1 {
            grid.cells[cell] = value;
        }
    }
    Generated { grid, asked: clues }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_unique_puzzle() {
        let a = generate(3, 28, 42);
        assert_eq!(a.grid, generate(3, 28, 42).grid);
        assert_ne!(a.grid, generate(3, 28, 43).grid);
        assert_eq!(a.grid.clue_count(), 28);
        let found = Solver::new(3).solve(&a.grid, 2);
        assert_eq!(found.count, 1);
        let small = generate(2, 4, 1);
        assert_eq!(Solver::new(2).solve(&small.grid, 2).count, 1);
        assert!(small.grid.clue_count() >= 4);
    }

    #[test]
    fn a_seed_makes_the_puzzle_it_always_made() {
        // Links keep a seed, not the grid: these are the puzzles every earlier version made.
        assert_eq!(
            generate(3, 28, 42).grid.to_string(),
            ".7..3..........41........9...15..829..69.2..42....76..5.4.2..61..964...3...35...."
        );
        assert_eq!(generate(2, 4, 1).grid.to_string(), ".42....12....1..");
    }

    #[test]
    fn too_few_clues_stop_at_a_minimal_puzzle() {
        let g = generate(3, 0, 5);
        assert!(g.grid.clue_count() >= 17, "no 9×9 puzzle has fewer than 17 clues");
        assert_eq!(Solver::new(3).solve(&g.grid, 2).count, 1);
        // Minimal: taking away any clue lets a second solution in.
        for cell in (0..81).filter(|&c| g.grid.cells[c] != 0) {
            let mut fewer = g.grid.clone();
            fewer.cells[cell] = 0;
            assert_eq!(Solver::new(3).solve(&fewer, 2).count, 2);
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(256))]

        /// Any grid left after taking clues out of a solved grid is solved consistently with
        /// what is left, and the count finds the solved grid among its solutions.
        #[test]
        fn clues_taken_from_a_solved_grid_leave_a_consistent_puzzle(
            seed in 0u64..1_000_000,
            keep in proptest::collection::vec(proptest::bool::weighted(0.35), 81),
        ) {
            let solver = Solver::new(3);
            let full = full_grid(3, &solver, &mut SeededRng::new(seed));
            let mut puzzle = full.clone();
            for (cell, kept) in keep.iter().enumerate() {
                if !kept {
                    puzzle.cells[cell] = 0;
                }
            }
            let found = solver.solve(&puzzle, 1);
            proptest::prop_assert!(found.first.as_ref().is_some_and(|s| s.solves(&puzzle)));
            let outcome = crate::core::constraint::solve(
                &super::super::model(&puzzle, super::super::params::Algo::Propagate),
                crate::core::constraint::Options {
                    pick: crate::core::constraint::Pick::Min,
                    cap: 2,
                    trace_limit: 0,
                    dead_ends: false,
                    eliminations: false,
                    keep: 2,
                },
                &mut |_| true,
            );
            proptest::prop_assert!(outcome.count >= 1);
            let unique = solver.solve(&puzzle, 2).count == 1;
            proptest::prop_assert_eq!(unique, outcome.count == 1);
            if unique {
                let engine: Vec<u8> = outcome.solutions[0].iter().map(|&v| v as u8 + 1).collect();
                proptest::prop_assert_eq!(&engine, &full.cells);
            }
        }
    }
}
