//! N-queens: the slide's permutation check, a bitmask backtracking counter, and the article's
//! genetic algorithm on the improving-lines loop.

use crate::core::evolve::Genetic;
use crate::core::seed::Stream;
use crate::core::trace::{Event, Trace};

/// A placement: `columns[row]` is the column of the queen in that row.
pub type Placement = Vec<u8>;

/// Whether no two queens share a column or a diagonal (rows differ by construction).
pub fn is_solution(columns: &[u8]) -> bool {
    let n = columns.len();
    (0..n).all(|a| {
        (a + 1..n).all(|b| {
            let (ca, cb) = (i32::from(columns[a]), i32::from(columns[b]));
            ca != cb && (ca - cb).abs() != (b - a) as i32
        })
    })
}

/// The slide's method: try every permutation of columns (so rows and columns are distinct)
/// and keep those whose diagonals are distinct too. Heap's algorithm, in order of generation.
pub fn by_permutations(n: usize, progress: &mut dyn FnMut(u64) -> bool) -> Option<Vec<Placement>> {
    let mut columns: Vec<u8> = (0..n as u8).collect();
    let mut solutions = Vec::new();
    let mut counters = vec![0usize; n];
    let mut tried = 1u64;
    if is_solution(&columns) {
        solutions.push(columns.clone());
    }
    let mut i = 1;
    while i < n {
        if counters[i] < i {
            let j = if i % 2 == 0 { 0 } else { counters[i] };
            columns.swap(j, i);
            tried += 1;
            if tried.is_multiple_of(1 << 16) && !progress(tried) {
                return None;
            }
            if is_solution(&columns) {
                solutions.push(columns.clone());
            }
            counters[i] += 1;
            i = 1;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
    Some(solutions)
}

/// Counts solutions by backtracking over rows with bitmasks of attacked columns and diagonals;
/// `first_row` limits the first queen's columns (to split the work between workers).
/// `visit` sees every solution and `progress` the number of queens placed so far (every
/// 2^20 placements); either returns `false` to cancel. Returns the queens placed (the nodes
/// of the search tree), or `None` when cancelled.
pub fn backtrack(
    n: usize,
    first_row: &[usize],
    visit: &mut dyn FnMut(&[u8]) -> bool,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Option<u64> {
    backtrack_recorded(n, first_row, visit, progress, &mut ())
}

/// What backtracking tells a trace: queens placed and removed, rows with no free square. The
/// counter's own instance records nothing and costs nothing.
pub trait Placements {
    fn place(&mut self, row: usize, col: u8);
    fn remove(&mut self, row: usize, col: u8);
    fn dead_end(&mut self, row: usize);
}

impl Placements for () {
    #[inline(always)]
    fn place(&mut self, _: usize, _: u8) {}
    #[inline(always)]
    fn remove(&mut self, _: usize, _: u8) {}
    #[inline(always)]
    fn dead_end(&mut self, _: usize) {}
}

impl Placements for Trace {
    fn place(&mut self, row: usize, col: u8) {
        self.record(Event::Place { row: row as u32, col: u32::from(col) });
    }
    fn remove(&mut self, row: usize, col: u8) {
        self.record(Event::Remove { row: row as u32, col: u32::from(col) });
    }
    fn dead_end(&mut self, row: usize) {
        self.record(Event::DeadEnd { row: Some(row as u32), cell: None });
    }
}

/// [`backtrack`], telling `record` each placement.
pub fn backtrack_recorded<R: Placements>(
    n: usize,
    first_row: &[usize],
    visit: &mut dyn FnMut(&[u8]) -> bool,
    progress: &mut dyn FnMut(u64) -> bool,
    record: &mut R,
) -> Option<u64> {
    struct Search<'a, R> {
        n: usize,
        full: u32,
        columns: Vec<u8>,
        nodes: u64,
        visit: &'a mut dyn FnMut(&[u8]) -> bool,
        progress: &'a mut dyn FnMut(u64) -> bool,
        record: &'a mut R,
    }
    impl<R: Placements> Search<'_, R> {
        fn row(&mut self, cols: u32, left: u32, right: u32) -> bool {
            self.nodes += 1;
            if self.nodes.is_multiple_of(1 << 20) && !(self.progress)(self.nodes) {
                return false;
            }
            let row = self.columns.len();
            if row == self.n {
                return (self.visit)(&self.columns);
            }
            let mut free = self.full & !(cols | left | right);
            if free == 0 {
                self.record.dead_end(row);
            }
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                let col = bit.trailing_zeros() as u8;
                self.record.place(row, col);
                self.columns.push(col);
                let go_on = self.row(cols | bit, ((left | bit) << 1) & self.full, (right | bit) >> 1);
                self.columns.pop();
                self.record.remove(row, col);
                if !go_on {
                    return false;
                }
            }
            true
        }
    }
    if n == 0 {
        return visit(&[]).then_some(0);
    }
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut search = Search { n, full, columns: Vec::with_capacity(n), nodes: 0, visit, progress, record };
    for &col in first_row {
        let bit = 1u32 << col;
        search.record.place(0, col as u8);
        search.columns.push(col as u8);
        let go_on = search.row(bit, (bit << 1) & full, bit >> 1);
        search.columns.pop();
        search.record.remove(0, col as u8);
        if !go_on {
            return None;
        }
    }
    Some(search.nodes)
}

/// Whether a placement is the smallest of its 8 images under the board's rotations and
/// reflections, so that counting only those counts each family of solutions once. It runs
/// for each of millions of solutions, so each image is compared entry by entry as it is
/// computed and abandoned at the first difference.
pub fn is_canonical(columns: &[u8]) -> bool {
    let n = columns.len();
    let last = n.saturating_sub(1);
    let mut row_of = [0u8; 32];
    for (row, &col) in columns.iter().enumerate() {
        row_of[col as usize] = row as u8;
    }
    // The seven other images, entry `i` of each (mirrors, half turn, transposes, quarter turns).
    let images: [&dyn Fn(usize) -> u8; 7] = [
        &|i| last as u8 - columns[i],
        &|i| columns[last - i],
        &|i| last as u8 - columns[last - i],
        &|i| row_of[i],
        &|i| last as u8 - row_of[i],
        &|i| row_of[last - i],
        &|i| last as u8 - row_of[last - i],
    ];
    images.iter().all(|image| {
        (0..n).map(|i| image(i).cmp(&columns[i])).find(|o| o.is_ne()) != Some(std::cmp::Ordering::Less)
    })
}

/// The article's genome: 2n genes, a (row, column) pair per queen.
pub struct QueenGenetics {
    pub n: usize,
}

impl QueenGenetics {
    /// The queens' squares as (row, column) pairs.
    pub fn squares(genes: &[u8]) -> Vec<[u32; 2]> {
        genes.chunks(2).map(|pair| [u32::from(pair[0]), u32::from(pair[1])]).collect()
    }
}

impl Genetic for QueenGenetics {
    type Genome = Vec<u8>;

    /// The article's `generateParent`: samples of the gene set until the length is reached.
    fn random<R: Stream>(&self, rng: &mut R) -> Vec<u8> {
        let mut genes = Vec::with_capacity(2 * self.n);
        while genes.len() < 2 * self.n {
            let take = (2 * self.n - genes.len()).min(self.n);
            genes.extend(rng.sample(self.n, take).into_iter().map(|g| g as u8));
        }
        genes
    }

    /// Rows, columns and both diagonal directions holding a queen (4n is perfect).
    fn fitness(&self, genes: &Vec<u8>) -> f64 {
        let n = self.n;
        let (mut rows, mut cols, mut north_east, mut south_east) = (0u64, 0u64, 0u128, 0u128);
        for pair in genes.chunks(2) {
            let (r, c) = (usize::from(pair[0]), usize::from(pair[1]));
            rows |= 1 << r;
            cols |= 1 << c;
            north_east |= 1 << (r + c);
            south_east |= 1 << (n - 1 - r + c);
        }
        f64::from(rows.count_ones() + cols.count_ones() + north_east.count_ones() + south_east.count_ones())
    }

    fn target(&self) -> f64 {
        4.0 * self.n as f64
    }

    /// The article's `mutate`: one gene replaced by a different one from the gene set.
    fn mutate<R: Stream>(&self, genes: &Vec<u8>, rng: &mut R) -> Vec<u8> {
        let mut child = genes.clone();
        let index = rng.pick(child.len());
        let pair = rng.sample(self.n, 2);
        let (new_gene, alternate) = (pair[0] as u8, pair[1] as u8);
        child[index] = if new_gene == child[index] { alternate } else { new_gene };
        child
    }

    /// The article's `crossover`: one gene taken from the best parent.
    fn crossover<R: Stream>(&self, genes: &Vec<u8>, best: &Vec<u8>, rng: &mut R) -> Vec<u8> {
        let mut child = genes.clone();
        let index = rng.pick(child.len());
        child[index] = best[index];
        child
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::evolve::{evolve_lines, LinesConfig};
    use crate::core::seed::SeededRng;

    /// OEIS A000170 and A002562.
    const ALL: [u64; 13] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    const UNIQUE: [u64; 13] = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

    fn count(n: usize) -> (u64, u64) {
        let (mut all, mut unique) = (0, 0);
        let first: Vec<usize> = (0..n).collect();
        let nodes = backtrack(
            n,
            &first,
            &mut |cols| {
                assert!(is_solution(cols));
                all += 1;
                unique += u64::from(is_canonical(cols));
                true
            },
            &mut |_| true,
        );
        assert!(nodes.unwrap() >= all * n as u64 / 2, "every solution places n queens");
        (all, unique)
    }

    #[test]
    fn backtracking_counts_match_the_known_sequences() {
        for n in 1..ALL.len() {
            assert_eq!(count(n), (ALL[n], UNIQUE[n]), "n = {n}");
        }
    }

    #[test]
    fn permutations_agree_with_backtracking() {
        for (n, &expected) in ALL.iter().enumerate().take(9).skip(1) {
            let solutions = by_permutations(n, &mut |_| true).unwrap();
            assert_eq!(solutions.len() as u64, expected, "n = {n}");
            assert!(solutions.iter().all(|s| is_solution(s)));
        }
    }

    #[test]
    fn work_splits_by_first_row() {
        let halves: u64 = [vec![0, 1, 2, 3], vec![4, 5, 6, 7]]
            .iter()
            .map(|cols| {
                let mut c = 0;
                backtrack(
                    8,
                    cols,
                    &mut |_| {
                        c += 1;
                        true
                    },
                    &mut |_| true,
                );
                c
            })
            .sum();
        assert_eq!(halves, 92);
    }

    #[test]
    fn genetic_lines_place_non_attacking_queens() {
        for n in [4, 8, 12] {
            let config = LinesConfig { patience: Some(128), crossover: true, max_attempts: 50_000_000 };
            let result = evolve_lines(&QueenGenetics { n }, config, &mut SeededRng::new(7), &mut |_| true);
            assert!(result.solved, "n = {n}");
            let squares = QueenGenetics::squares(&result.best);
            let mut columns = vec![0u8; n];
            let mut rows_seen = vec![false; n];
            for [r, c] in squares {
                rows_seen[r as usize] = true;
                columns[r as usize] = c as u8;
            }
            assert!(rows_seen.iter().all(|&seen| seen) && is_solution(&columns), "n = {n}");
        }
    }
}
