//! The Einstein "264" square (seed 000): sixteen two-digit tiles on a 4×4 grid so that every
//! row, column and diagonal adds up to 264. A tile may be turned upside down, which reverses
//! its digits and turns 6 into 9 and 9 into 6 (19 becomes 61; 88 stays 88).

use crate::core::seed::Stream;

/// A layout: the values shown in the 16 cells, row by row (a turned tile shows its turned value).
pub type Layout = [u8; 16];

/// The tiles in the box, as printed.
pub const ALL_TILES: Layout = [66, 66, 19, 19, 86, 86, 89, 89, 16, 16, 18, 18, 88, 96, 69, 11];

/// What every row, column and diagonal must add up to.
pub const GOAL: u32 = 264;

/// The ten lines: four rows, four columns, then the diagonals (the article's order).
pub const LINES: [[usize; 4]; 10] = [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
    [8, 9, 10, 11],
    [12, 13, 14, 15],
    [0, 4, 8, 12],
    [1, 5, 9, 13],
    [2, 6, 10, 14],
    [3, 7, 11, 15],
    [0, 5, 10, 15],
    [12, 9, 6, 3],
];

/// The value a tile shows turned upside down: 89 → 68, 19 → 61, 88 → 88.
pub fn flip(tile: u8) -> u8 {
    FLIPPED[usize::from(tile)]
}

/// [`flip`] of every two-digit value, worked out once (the genetic loop flips millions); a
/// byte beyond 99 stays as it is. Indexed by any byte, the table needs no bounds check.
const FLIPPED: [u8; 256] = {
    const fn turn(digit: u8) -> u8 {
        match digit {
            6 => 9,
            9 => 6,
            other => other,
        }
    }
    let mut table = [0u8; 256];
    let mut tile = 0;
    while tile < 256 {
        table[tile] =
            if tile < 100 { turn(tile as u8 % 10) * 10 + turn(tile as u8 / 10) } else { tile as u8 };
        tile += 1;
    }
    table
};

/// Each line's sum, in [`LINES`] order.
pub fn line_sums(layout: &Layout) -> [u32; 10] {
    LINES.map(|line| line.iter().map(|&c| u32::from(layout[c])).sum())
}

/// Each line's distance from 264 (the article's `score_breakdown`).
pub fn breakdown(layout: &Layout) -> [u32; 10] {
    line_sums(layout).map(|sum| sum.abs_diff(GOAL))
}

/// The article's score: the sum over the lines of |line − 264| / 264, added in line order
/// (0 = solved).
pub fn score(layout: &Layout) -> f64 {
    breakdown(layout).iter().map(|&d| line_score(d)).sum()
}

/// One line's share of the score, `distance / 264`, from a table. Four byte values add up to
/// at most 1020, so no distance reaches the table's end; the clamp only spares a bounds
/// check (a branch in the genetic loop's innermost step).
fn line_score(distance: u32) -> f64 {
    static TABLE: [f64; 1024] = {
        let mut table = [0.0; 1024];
        let mut d = 0;
        while d < table.len() {
            table[d] = d as f64 / GOAL as f64;
            d += 1;
        }
        table
    };
    TABLE[distance.min(1023) as usize]
}

/// Checks a layout uses each tile of the box exactly once (either way up) and that every
/// line adds up to 264; says what is wrong otherwise.
pub fn check_solution(layout: &Layout) -> Result<(), String> {
    let mut unused: Vec<u8> = ALL_TILES.to_vec();
    for &value in layout {
        let Some(i) = unused.iter().position(|&t| t == value || flip(t) == value) else {
            return Err(format!("{value} is not one of the tiles left (either way up)"));
        };
        unused.swap_remove(i);
    }
    match LINES.iter().zip(line_sums(layout)).find(|(_, sum)| *sum != GOAL) {
        Some((line, sum)) => Err(format!("the line through cells {line:?} adds up to {sum}, not {GOAL}")),
        None => Ok(()),
    }
}

/// The article's `exchange`: two distinct cells; each is turned with `p_flip`, then they swap
/// places with `p_exchange`.
pub fn exchange<R: Stream>(layout: &Layout, p_flip: f64, p_exchange: f64, rng: &mut R) -> Layout {
    let [a, b] = rng.pair(16);
    let [turn_a, turn_b, swap] = rng.chances([p_flip, p_flip, p_exchange]);
    let (at_a, at_b) = (turned_if(turn_a, layout[a]), turned_if(turn_b, layout[b]));
    let (at_a, at_b) = if swap { (at_b, at_a) } else { (at_a, at_b) };
    let mut halves = Halves::of(layout);
    halves.put(a, at_a);
    halves.put(b, at_b);
    halves.layout()
}

/// A layout as two 64-bit words, so cells are rewritten in registers: storing single bytes
/// and then copying the layout whole stalls the processor (the copy cannot be forwarded from
/// the byte stores). Two words rather than one 128-bit one, which WebAssembly lacks (a
/// 128-bit shift there is a library call).
struct Halves([u64; 2]);

impl Halves {
    fn of(layout: &Layout) -> Self {
        let word = |half: usize| u64::from_le_bytes(std::array::from_fn(|i| layout[8 * half + i]));
        Self([word(0), word(1)])
    }

    /// Writes `value` into `cell` (below 16; `% 2` spares the bounds check).
    fn put(&mut self, cell: usize, value: u8) {
        let shift = 8 * (cell % 8);
        let word = &mut self.0[cell / 8 % 2];
        *word = *word & !(0xff << shift) | u64::from(value) << shift;
    }

    fn layout(&self) -> Layout {
        let [low, high] = self.0.map(u64::to_le_bytes);
        std::array::from_fn(|i| if i < 8 { low[i] } else { high[i - 8] })
    }
}

/// The article's `scramble`: the tiles in a random order, each turned with `p_flip`.
pub fn scramble<R: Stream>(p_flip: f64, rng: &mut R) -> Layout {
    let mut layout = [0u8; 16];
    rng.choose_into(&mut ALL_TILES.clone(), &mut layout);
    let turns = rng.chances([p_flip; 16]);
    std::array::from_fn(|cell| turned_if(turns[cell], layout[cell]))
}

/// `value` turned when `turn` holds, chosen without a branch: coin tosses are unpredictable,
/// and a mispredicted branch costs more than the flip.
fn turned_if(turn: bool, value: u8) -> u8 {
    let turned = flip(value);
    [value, turned][usize::from(turn)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::seed::SeededRng;

    #[test]
    fn flips_come_in_pairs() {
        for (a, b) in [
            (66, 99),
            (19, 61),
            (86, 98),
            (89, 68),
            (16, 91),
            (18, 81),
            (88, 88),
            (96, 96),
            (69, 69),
            (11, 11),
        ] {
            assert_eq!((flip(a), flip(b)), (b, a));
        }
    }

    #[test]
    fn line_sums_follow_the_article() {
        let counting: Layout = std::array::from_fn(|i| i as u8 + 1);
        let sums = line_sums(&counting);
        assert_eq!(sums[..4], [10, 26, 42, 58]);
        assert_eq!(sums[4..8], [28, 32, 36, 40]);
        assert_eq!(sums[8..], [1 + 6 + 11 + 16, 4 + 7 + 10 + 13]);
    }

    #[test]
    fn the_box_order_scores_2_708_with_the_articles_breakdown() {
        assert!((score(&ALL_TILES) - 2.708).abs() < 0.001);
        assert_eq!(breakdown(&ALL_TILES), [94, 86, 196, 0, 8, 0, 69, 127, 83, 52]);
    }

    #[test]
    fn the_articles_solutions_score_zero_and_check() {
        for layout in [
            [91, 89, 68, 16, 18, 66, 81, 99, 86, 98, 19, 61, 69, 11, 96, 88],
            [18, 86, 69, 91, 99, 61, 88, 16, 81, 19, 96, 68, 66, 98, 11, 89],
        ] {
            assert_eq!(score(&layout), 0.0);
            assert_eq!(check_solution(&layout), Ok(()));
        }
        assert!(check_solution(&ALL_TILES).unwrap_err().contains("adds up to"));
        let mut twice = ALL_TILES;
        twice[15] = 88;
        assert!(check_solution(&twice).unwrap_err().contains("88 is not one of the tiles left"));
    }

    #[test]
    fn exchange_and_scramble_keep_the_tiles() {
        let mut rng = SeededRng::new(11);
        let mut layout = scramble(0.5, &mut rng);
        for _ in 0..200 {
            layout = exchange(&layout, 0.5, 0.95, &mut rng);
            let mut normal: Vec<u8> = layout.iter().map(|&v| v.min(flip(v))).collect();
            let mut expected: Vec<u8> = ALL_TILES.iter().map(|&v| v.min(flip(v))).collect();
            normal.sort();
            expected.sort();
            assert_eq!(normal, expected);
        }
    }
}
