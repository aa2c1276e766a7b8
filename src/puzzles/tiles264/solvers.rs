//! Solvers for the "264" square: the article's genetic algorithm on the generic population
//! loop, and an exact search that lists every solution.

use super::domain::{exchange, flip, scramble, Layout, ALL_TILES, GOAL};
use crate::core::evolve::Genetic;
use crate::core::seed::Stream;

/// The article's genome: a layout; fitness is the negated score (0 is perfect).
pub struct TileGenetics {
    pub p_flip: f64,
    pub p_exchange: f64,
}

impl Genetic for TileGenetics {
    type Genome = Layout;

    fn random<R: Stream>(&self, rng: &mut R) -> Layout {
        scramble(self.p_flip, rng)
    }

    fn fitness(&self, layout: &Layout) -> f64 {
        -super::domain::score(layout)
    }

    fn target(&self) -> f64 {
        0.0
    }

    fn mutate<R: Stream>(&self, layout: &Layout, rng: &mut R) -> Layout {
        exchange(layout, self.p_flip, self.p_exchange, rng)
    }
}

/// The 8 symmetries of the square as cell maps: image cell of each cell.
fn symmetries() -> [[usize; 16]; 8] {
    let map = |f: fn(usize, usize) -> (usize, usize)| {
        std::array::from_fn(|cell| {
            let (r, c) = f(cell / 4, cell % 4);
            r * 4 + c
        })
    };
    [
        map(|r, c| (r, c)),
        map(|r, c| (c, 3 - r)),
        map(|r, c| (3 - r, 3 - c)),
        map(|r, c| (3 - c, r)),
        map(|r, c| (r, 3 - c)),
        map(|r, c| (3 - r, c)),
        map(|r, c| (c, r)),
        map(|r, c| (3 - c, 3 - r)),
    ]
}

/// The smallest (row-major) of a layout's 8 images: equal for layouts that are rotations or
/// reflections of each other.
pub fn canonical(layout: &Layout) -> Layout {
    symmetries()
        .iter()
        .map(|image| {
            let mut out = [0u8; 16];
            for (cell, &to) in image.iter().enumerate() {
                out[to] = layout[cell];
            }
            out
        })
        .min()
        .expect("eight images")
}

/// Every solution grid. Identical tiles are indistinguishable, so a solution is a grid of
/// values (each value belongs to one kind of tile, either way up). Cells are filled row by
/// row; the last cell of a row and the whole last row are forced by the sums.
/// Returns them with the number of search nodes (partial grids) visited, or `None` when
/// `progress` cancelled.
pub fn all_solutions(progress: &mut dyn FnMut(u64) -> bool) -> Option<(Vec<Layout>, u64)> {
    let mut kinds: Vec<(u8, u8)> = Vec::new();
    for &tile in &ALL_TILES {
        match kinds.iter_mut().find(|(t, _)| *t == tile) {
            Some((_, count)) => *count += 1,
            None => kinds.push((tile, 1)),
        }
    }
    let mut kind_of_value = [u8::MAX; 100];
    for (k, &(tile, _)) in kinds.iter().enumerate() {
        kind_of_value[tile as usize] = k as u8;
        kind_of_value[flip(tile) as usize] = k as u8;
    }
    let mut values: Vec<u8> = (0..100u8).filter(|&v| kind_of_value[v as usize] != u8::MAX).collect();
    values.sort_unstable();
    let mut search = Enumeration {
        counts: kinds.iter().map(|&(_, c)| c).collect(),
        kind_of_value,
        values,
        layout: [0; 16],
        solutions: Vec::new(),
        nodes: 0,
        progress,
        cancelled: false,
    };
    search.fill(0);
    (!search.cancelled).then_some((search.solutions, search.nodes))
}

struct Enumeration<'a> {
    counts: Vec<u8>,
    kind_of_value: [u8; 100],
    values: Vec<u8>,
    layout: Layout,
    solutions: Vec<Layout>,
    nodes: u64,
    progress: &'a mut dyn FnMut(u64) -> bool,
    cancelled: bool,
}

impl Enumeration<'_> {
    fn partial(&self, cells: impl Iterator<Item = usize>) -> u32 {
        cells.map(|c| u32::from(self.layout[c])).sum()
    }

    /// The value a cell must hold because it completes a line, if it does.
    fn forced(&self, cell: usize) -> Option<u32> {
        let (row, col) = (cell / 4, cell % 4);
        if row == 3 {
            Some(self.partial((0..3).map(|r| r * 4 + col)))
        } else if col == 3 {
            Some(self.partial((0..3).map(|c| row * 4 + c)))
        } else {
            None
        }
        .map(|sum| GOAL.wrapping_sub(sum))
    }

    fn place(&mut self, cell: usize, value: u8) {
        let kind = self.kind_of_value[value as usize] as usize;
        self.counts[kind] -= 1;
        self.layout[cell] = value;
        self.fill(cell + 1);
        self.counts[kind] += 1;
    }

    fn available(&self, value: u32) -> Option<u8> {
        let value = u8::try_from(value).ok().filter(|&v| v < 100)?;
        let kind = self.kind_of_value[value as usize];
        (kind != u8::MAX && self.counts[kind as usize] > 0).then_some(value)
    }

    fn fill(&mut self, cell: usize) {
        if self.cancelled {
            return;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(1 << 16) && !(self.progress)(self.nodes) {
            self.cancelled = true;
            return;
        }
        let anti_diagonal_done = cell == 13;
        if anti_diagonal_done && self.partial([12, 9, 6, 3].into_iter()) != GOAL {
            return;
        }
        if cell == 16 {
            if self.partial([0, 5, 10, 15].into_iter()) == GOAL {
                self.solutions.push(self.layout);
            }
            return;
        }
        match self.forced(cell) {
            Some(value) => {
                if let Some(value) = self.available(value) {
                    self.place(cell, value);
                }
            }
            None => {
                for i in 0..self.values.len() {
                    let value = self.values[i];
                    if self.counts[self.kind_of_value[value as usize] as usize] > 0 {
                        self.place(cell, value);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::evolve::{evolve_population, PopulationConfig};
    use crate::core::seed::SeededRng;
    use crate::puzzles::tiles264::domain::check_solution;

    #[test]
    fn exact_search_finds_every_known_solution_and_only_solutions() {
        let (solutions, nodes) = all_solutions(&mut |_| true).unwrap();
        assert!(nodes > solutions.len() as u64);
        assert!(!solutions.is_empty());
        for layout in &solutions {
            assert_eq!(check_solution(layout), Ok(()));
        }
        for known in [
            [91, 89, 68, 16, 18, 66, 81, 99, 86, 98, 19, 61, 69, 11, 96, 88],
            [18, 86, 69, 91, 99, 61, 88, 16, 81, 19, 96, 68, 66, 98, 11, 89],
            [18, 99, 86, 61, 66, 81, 98, 19, 91, 16, 69, 88, 89, 68, 11, 96],
        ] {
            assert!(solutions.contains(&known), "{known:?}");
        }
        // Every image of a solution under the square's symmetries is a solution too.
        let mut sorted = solutions.clone();
        sorted.sort();
        for layout in &solutions {
            for image in symmetries() {
                let mut out = [0u8; 16];
                for (cell, &to) in image.iter().enumerate() {
                    out[to] = layout[cell];
                }
                assert!(sorted.binary_search(&out).is_ok());
            }
        }
        let classes = solutions.iter().filter(|s| canonical(s) == **s).count();
        assert_eq!(solutions.len(), classes * 8, "no solution is its own mirror image");
    }

    #[test]
    fn genetic_run_finds_a_valid_solution() {
        let genetics = TileGenetics { p_flip: 0.5, p_exchange: 0.95 };
        let config = PopulationConfig { size: 1000, keep: 0.1, max_generations: 100_000 };
        let result = evolve_population(&genetics, config, &mut SeededRng::new(1), &mut |_| true);
        assert!(result.solved, "seed 1 solves in {} generations", result.generations);
        assert_eq!(check_solution(&result.best), Ok(()));
    }
}

#[cfg(test)]
mod article_replay {
    use super::*;
    use crate::core::evolve::{evolve_population, PopulationConfig};
    use crate::core::python_random::PythonRandom;

    /// The article's test table: seed, solution (its run printed 423 generations for the last).
    const ARTICLE: [(u64, Layout); 3] = [
        (1669425992, [16, 98, 61, 89, 69, 81, 18, 96, 88, 66, 99, 11, 91, 19, 86, 68]),
        (1669426298, [68, 16, 81, 99, 89, 91, 66, 18, 96, 88, 19, 61, 11, 69, 98, 86]),
        (1690419104, [18, 99, 86, 61, 66, 81, 98, 19, 91, 16, 69, 88, 89, 68, 11, 96]),
    ];

    #[test]
    fn the_articles_seeds_give_the_articles_solutions() {
        let genetics = TileGenetics { p_flip: 0.5, p_exchange: 0.95 };
        let config = PopulationConfig { size: 1000, keep: 0.1, max_generations: 100_000 };
        for (seed, solution) in ARTICLE {
            let mut log = Vec::new();
            let result = evolve_population(&genetics, config, &mut PythonRandom::new(seed), &mut |g| {
                log.push((g.generation, -g.mean, g.best_genome));
                true
            });
            assert!(result.solved, "seed {seed}");
            assert_eq!(result.best, solution, "seed {seed}");
            if seed == 1690419104 {
                assert_eq!(result.generations, 423);
                // The article's printout at generation 100: mean 0.1423 and this best layout.
                let (_, mean, best) = log[99];
                assert_eq!(format!("{mean:.4}"), "0.1423");
                assert_eq!(best, [18, 89, 98, 61, 68, 91, 88, 16, 81, 19, 66, 99, 96, 69, 11, 86]);
            }
        }
    }
}
