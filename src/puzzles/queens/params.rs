//! The N-queens link (docs/links.md, "N queens"): `#/queens?n=8&algo=backtracking&seed=1&first=0-3`.
//! `first` (a range of first-row columns) restricts a count to part of the board; canonical
//! links omit it when it covers the whole row. `part=i&parts=k` counts the i-th of k shares of
//! a whole-board count (so several workers can share it); omitted while `parts` is 1.

use crate::core::choice::Named;
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::seed::MAX_SEED;
use std::ops::RangeInclusive;

pub const PUZZLE: &str = "queens";
pub const MAX_N: usize = 20;
/// Permutations grow as n!: 10! = 3,628,800 boards is the classroom limit.
pub const MAX_PERMUTATION_N: usize = 10;

crate::named_enum! {
    /// The methods an N-queens link may name (`algo=`).
    pub enum Algo {
        Backtracking = ("backtracking", "Backtracking with bitmasks: count every solution"),
        Permutations = ("permutations", "Every permutation of columns"),
        Genetic = ("genetic", "Genetic algorithm: mutate toward fewer attacks"),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueensParams {
    pub n: usize,
    pub algo: Algo,
    pub seed: u64,
    /// First-row columns a count covers.
    pub first: RangeInclusive<usize>,
    /// Which share (1-based) of a whole-board count this is, of `parts`.
    pub part: usize,
    pub parts: usize,
    /// The page's view: which listed solution is on the board (1-based; 0 = the first found)…
    pub shown: usize,
    /// …and whether attacked squares are marked.
    pub attacks: bool,
    /// The step of the run's playback on the page (its improvements, one by one).
    pub step: usize,
    /// Queens placed by hand, as [row, col] (`placed=r1c4,r2c6`: 1-based, as a student counts).
    pub placed: Vec<[u32; 2]>,
}

/// The largest `shown`: the most solutions a listed board has (n = 10: 724).
pub const MAX_SHOWN: usize = 724;

/// Most shares a count can be split into.
pub const MAX_PARTS: usize = 64;

impl Default for QueensParams {
    fn default() -> Self {
        Self {
            n: 8,
            algo: Algo::Backtracking,
            seed: 1,
            first: 0..=7,
            part: 1,
            parts: 1,
            shown: 0,
            attacks: false,
            step: 0,
            placed: Vec::new(),
        }
    }
}

/// The squares of `placed=` ("r1c4,r2c6"), each on an n × n board and named once.
fn read_placed(text: &str, n: usize) -> Result<Vec<[u32; 2]>, String> {
    let mut placed: Vec<[u32; 2]> = Vec::new();
    for square in text.split(',').filter(|s| !s.is_empty()) {
        let (row, col) = square
            .strip_prefix('r')
            .and_then(|rest| rest.split_once('c'))
            .and_then(|(r, c)| Some((r.parse::<u32>().ok()?, c.parse::<u32>().ok()?)))
            .ok_or_else(|| format!("squares are written like r1c4, got '{square}'"))?;
        if !(1..=n as u32).contains(&row) || !(1..=n as u32).contains(&col) {
            return Err(format!("{square} is off the {n}×{n} board"));
        }
        if placed.contains(&[row - 1, col - 1]) {
            return Err(format!("{square} is named twice"));
        }
        placed.push([row - 1, col - 1]);
    }
    Ok(placed)
}

/// `placed` as the link writes it.
pub fn write_placed(placed: &[[u32; 2]]) -> String {
    placed.iter().map(|[r, c]| format!("r{}c{}", r + 1, c + 1)).collect::<Vec<_>>().join(",")
}

impl LinkParams for QueensParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let n = r.number("n", 1..=MAX_N, 8);
        let mut algo = r.named("algo", Algo::Backtracking);
        let seed = r.number("seed", 0..=MAX_SEED, 1);
        let whole = 0..=n - 1;
        let first = match r.raw("first") {
            None => whole.clone(),
            Some(text) => match text.split_once('-').map(|(a, b)| (a.parse::<usize>(), b.parse::<usize>())) {
                Some((Ok(a), Ok(b))) if a <= b && b < n => a..=b,
                _ => {
                    r.reject(
                        "first",
                        format!("must be a range of columns like 0-3 within 0-{}, got '{text}'", n - 1),
                    );
                    whole.clone()
                }
            },
        };
        let mut parts = r.number("parts", 1..=MAX_PARTS, 1);
        let mut part = r.number("part", 1..=parts, 1);
        if parts > 1 && (first != whole || algo != Algo::Backtracking) {
            r.reject("parts", "shares a whole-board count by backtracking: leave out first, use that algo");
            (part, parts) = (1, 1);
        }
        if algo == Algo::Permutations && n > MAX_PERMUTATION_N {
            r.reject(
                "n",
                format!(
                    "{n} queens: {} permutations to try, too many (up to n = {MAX_PERMUTATION_N}); use backtracking",
                    crate::core::format::format_count((1..=n as u64).product())
                ),
            );
            algo = Algo::Backtracking;
        }
        let shown = r.number("shown", 0..=MAX_SHOWN, 0);
        let attacks = r.choice("attacks", &[("0", false), ("1", true)], false);
        let step = r.step();
        // Checked on the board a page shows: for an n out of range, the nearest allowed size.
        let board = r.raw("n").and_then(|t| t.parse::<usize>().ok()).map_or(n, |v| v.clamp(1, MAX_N));
        let placed = match r.raw("placed").map(|text| read_placed(text, board)) {
            Some(Ok(placed)) => placed,
            Some(Err(why)) => {
                r.reject("placed", why);
                Vec::new()
            }
            None => Vec::new(),
        };
        (Self { n, algo, seed, first, part, parts, shown, attacks, step, placed }, r.finish())
    }

    fn to_link(&self) -> Link {
        let mut link = Link::new(PUZZLE).with("n", self.n).with("algo", self.algo.name());
        if self.algo == Algo::Genetic {
            link = link.with("seed", self.seed);
        }
        if self.first != (0..=self.n - 1) {
            link = link.with("first", format!("{}-{}", self.first.start(), self.first.end()));
        }
        if self.parts > 1 {
            link = link.with("part", self.part).with("parts", self.parts);
        }
        if self.shown > 0 {
            link = link.with("shown", self.shown);
        }
        if self.attacks {
            link = link.with("attacks", 1);
        }
        if self.step > 0 {
            link = link.with("step", self.step);
        }
        if !self.placed.is_empty() {
            link = link.with("placed", write_placed(&self.placed));
        }
        link
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_round_trip() {
        for text in [
            "#/queens?n=8&algo=backtracking",
            "#/queens?n=12&algo=genetic&seed=5",
            "#/queens?n=10&algo=backtracking&first=0-4",
            "#/queens?n=8&algo=backtracking&shown=5&attacks=1",
            "#/queens?n=8&algo=backtracking&placed=r1c1,r2c5,r8c8",
        ] {
            let (p, errors) = QueensParams::from_link(&Link::parse(text).unwrap());
            assert!(errors.is_empty(), "{errors:?}");
            assert_eq!(p.to_link().to_hash(), text);
        }
    }

    #[test]
    fn bad_values_are_named() {
        let (_, errors) =
            QueensParams::from_link(&Link::parse("#/queens?n=12&algo=permutations&first=5-2").unwrap());
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["first", "n"]);
        let (_, errors) = QueensParams::from_link(&Link::parse("#/queens?n=0").unwrap());
        assert_eq!(errors[0].field, "n");
        // An n out of range is named once: the queens are checked on the nearest board.
        let errors = QueensParams::from_link(&Link::parse("#/queens?n=99&placed=r15c15").unwrap()).1;
        assert_eq!(errors.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(), ["n"]);
        for (placed, why) in
            [("r9c1", "r9c1 is off the 8×8 board"), ("r1c1,r1c1", "r1c1 is named twice"), ("a1", "like r1c4")]
        {
            let link = Link::parse(&format!("#/queens?n=8&placed={placed}")).unwrap();
            let (params, errors) = QueensParams::from_link(&link);
            assert_eq!(errors[0].field, "placed", "{placed}");
            assert!(errors[0].to_string().contains(why), "{placed}: {}", errors[0]);
            assert!(params.placed.is_empty());
        }
    }
}
