//! The golf-tee triangle (peg solitaire, the slides' `TriPuzzle`, on `core::classic`): tees
//! in a triangle of holes; a tee jumps over a neighbouring tee along a line into the empty hole
//! behind it, and the jumped tee is removed. Goal: one tee left, in hole `goal` (default 0,
//! the top) or anywhere with `goal=any`. Holes are numbered row by row from the top, 0-based.
//! `#/golf-tee?pos=011111111111111&algo=dfs`; `rows` 4–6; `moves=3-0,5-3` (from-to) by hand.

use crate::core::classic::{self, Classic, ClassicParams, Options};
use crate::core::job::{JobContext, Report};
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use std::fmt;

pub const PUZZLE: &str = "golf-tee";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Golf-tee triangle",
    summary: "Peg solitaire on a triangle: jump tees until one is left, with symmetric positions folded.",
    keys: &[crate::core::keys::own(&["e"], "e", "edit the start: picking a hole places or removes its tee")],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<GolfTeeParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<classic::Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("pos", &["011111111111111", "111111111111111", "000000000000000", "0111111111", "01"]),
    ("rows", &["4", "5", "6", "3", "7"]),
    ("goal", &["0", "any", "14", "15"]),
    ("moves", &["3-0", "5-0", "0-0"]),
    ("algo", &["bfs", "dfs"]),
    ("fold", &["0", "1"]),
    ("explore", &["0", "1"]),
    ("step", &["0", "1", "13"]),
];

pub const MIN_ROWS: usize = 4;
pub const MAX_ROWS: usize = 6;

/// Tees as bits: bit h set when hole h holds a tee.
pub type Tees = u32;

/// A jump from one hole over the next into the one after (0-based; written `3-0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Jump {
    pub from: usize,
    pub over: usize,
    pub to: usize,
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Where the last tee must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    Hole(usize),
    Any,
}

/// A triangle of holes and its lines of three.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Triangle {
    pub rows: usize,
    /// Every line of three neighbouring holes, as (end, middle, end).
    pub lines: Vec<[usize; 3]>,
    /// The symmetries that keep the goal where it is, as hole permutations.
    symmetries: Vec<Vec<usize>>,
    pub goal: Goal,
}

/// Hole number of (row, column), column 0..=row.
pub fn hole(row: usize, col: usize) -> usize {
    row * (row + 1) / 2 + col
}

/// (row, column) of a hole.
pub fn place(h: usize) -> (usize, usize) {
    let row = ((((8 * h + 1) as f64).sqrt() - 1.0) / 2.0).floor() as usize;
    let row = if hole(row + 1, 0) <= h { row + 1 } else { row };
    (row, h - hole(row, 0))
}

impl Triangle {
    pub fn new(rows: usize, goal: Goal) -> Self {
        let mut lines = Vec::new();
        for row in 0..rows {
            for col in 0..=row {
                if col + 2 <= row {
                    lines.push([hole(row, col), hole(row, col + 1), hole(row, col + 2)]);
                }
                if row + 2 < rows {
                    lines.push([hole(row, col), hole(row + 1, col), hole(row + 2, col)]);
                    lines.push([hole(row, col), hole(row + 1, col + 1), hole(row + 2, col + 2)]);
                }
            }
        }
        // The six symmetries of the triangle permute a hole's three distances to its sides.
        let holes = hole(rows, 0);
        let all: Vec<Vec<usize>> = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
            .iter()
            .map(|perm| {
                (0..holes)
                    .map(|h| {
                        let (row, col) = place(h);
                        let d = [row - col, col, rows - 1 - row];
                        let (x, y, z) = (d[perm[0]], d[perm[1]], d[perm[2]]);
                        debug_assert_eq!(x + y + z, rows - 1);
                        hole(rows - 1 - z, y)
                    })
                    .collect()
            })
            .collect();
        let symmetries = all
            .into_iter()
            .filter(|s| matches!(goal, Goal::Any) || matches!(goal, Goal::Hole(g) if s[g] == g))
            .collect();
        Self { rows, lines, symmetries, goal }
    }

    pub fn holes(&self) -> usize {
        hole(self.rows, 0)
    }

    pub fn parse_jump(&self, text: &str) -> Result<Jump, String> {
        let number = |t: &str| t.parse::<usize>().ok().filter(|&h| h < self.holes());
        let (from, to) = match text.split_once('-').map(|(a, b)| (number(a), number(b))) {
            Some((Some(from), Some(to))) => (from, to),
            _ => {
                return Err(format!(
                    "'{text}' is not a jump: write two holes from 0 to {}, as 3-0",
                    self.holes() - 1
                ))
            }
        };
        self.lines
            .iter()
            .find_map(|&[a, b, c]| match (from, to) {
                (f, t) if f == a && t == c => Some(Jump { from, over: b, to }),
                (f, t) if f == c && t == a => Some(Jump { from, over: b, to }),
                _ => None,
            })
            .ok_or_else(|| format!("holes {from} and {to} are not two apart on a line"))
    }

    pub fn apply(&self, tees: Tees, jump: Jump) -> Result<Tees, String> {
        let has = |h: usize| tees & (1 << h) != 0;
        match (has(jump.from), has(jump.over), has(jump.to)) {
            (true, true, false) => Ok(tees & !(1 << jump.from) & !(1 << jump.over) | 1 << jump.to),
            (false, _, _) => Err(format!("hole {} has no tee to jump", jump.from)),
            (_, false, _) => Err(format!("there is no tee in hole {} to jump over", jump.over)),
            (_, _, true) => Err(format!("hole {} is not empty", jump.to)),
        }
    }
}

impl Classic for Triangle {
    type Position = Tees;
    type Move = Jump;

    fn moves(&self, &tees: &Tees, out: &mut Vec<(Jump, Tees)>) {
        for &[a, b, c] in &self.lines {
            for (from, to) in [(a, c), (c, a)] {
                let jump = Jump { from, over: b, to };
                if let Ok(next) = self.apply(tees, jump) {
                    out.push((jump, next));
                }
            }
        }
    }

    fn is_goal(&self, &tees: &Tees) -> bool {
        tees.count_ones() == 1
            && match self.goal {
                Goal::Any => true,
                Goal::Hole(h) => tees == 1 << h,
            }
    }

    /// The smallest image of the position under the symmetries that keep the goal in place.
    fn canonical(&self, &tees: &Tees) -> Tees {
        self.symmetries
            .iter()
            .map(|perm| {
                perm.iter()
                    .enumerate()
                    .filter(|&(h, _)| tees & (1 << h) != 0)
                    .fold(0, |t, (_, &to)| t | 1 << to)
            })
            .min()
            .unwrap_or(tees)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GolfTeeParams {
    pub triangle: Triangle,
    pub start: Tees,
    pub played: Vec<Jump>,
    pub options: Options,
    pub step: usize,
}

impl Default for GolfTeeParams {
    fn default() -> Self {
        let triangle = Triangle::new(5, Goal::Hole(0));
        let start = full(&triangle) & !1;
        Self { triangle, start, played: Vec::new(), options: Options::default(), step: 0 }
    }
}

/// Every hole holding a tee.
fn full(triangle: &Triangle) -> Tees {
    (1 << triangle.holes()) - 1
}

/// The position written as the slides do: one `0`/`1` per hole.
pub fn write_tees(triangle: &Triangle, tees: Tees) -> String {
    (0..triangle.holes()).map(|h| if tees & (1 << h) != 0 { '1' } else { '0' }).collect()
}

impl LinkParams for GolfTeeParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let pos = r.raw("pos");
        // Without `rows`, a position's length says how many rows it has.
        let rows_of_pos = pos.and_then(|p| (MIN_ROWS..=MAX_ROWS).find(|&rows| hole(rows, 0) == p.len()));
        let rows = r.number("rows", MIN_ROWS..=MAX_ROWS, rows_of_pos.unwrap_or(5));
        let holes = hole(rows, 0);
        let goal = match r.raw("goal") {
            None => Goal::Hole(0),
            Some("any") => Goal::Any,
            Some(text) => match text.parse::<usize>() {
                Ok(h) if h < holes => Goal::Hole(h),
                _ => {
                    r.reject(
                        "goal",
                        format!("must be a hole from 0 to {} or 'any', got '{text}'", holes - 1),
                    );
                    Goal::Hole(0)
                }
            },
        };
        let triangle = Triangle::new(rows, goal);
        let mut start = full(&triangle) & !1;
        if let Some(text) = pos {
            if text.len() != holes || !text.chars().all(|c| c == '0' || c == '1') {
                r.reject("pos", format!("must be {holes} digits 0 (empty hole) or 1 (tee), one per hole of {rows} rows; got '{text}'"));
            } else {
                start = text.chars().enumerate().filter(|&(_, c)| c == '1').fold(0, |t, (h, _)| t | 1 << h);
            }
        }
        let played = r.moves("moves", start, |t| triangle.parse_jump(t), |&tees, &j| triangle.apply(tees, j));
        let options = Options::read(&mut r);
        let step = r.step();
        (Self { triangle, start, played, options, step }, r.finish())
    }

    fn to_link(&self) -> Link {
        let t = &self.triangle;
        // The position's length gives the number of rows.
        let mut link = Link::new(PUZZLE).with("pos", write_tees(t, self.start));
        match t.goal {
            Goal::Hole(0) => {}
            Goal::Hole(h) => link = link.with("goal", h),
            Goal::Any => link = link.with("goal", "any"),
        }
        classic::write_play(link, &self.played, &self.options, self.step)
    }
}

impl ClassicParams for GolfTeeParams {
    type Puzzle = Triangle;
    const NAME: &'static str = PUZZLE;

    fn puzzle(&self) -> &Triangle {
        &self.triangle
    }

    fn current(&self) -> Tees {
        self.played.iter().fold(self.start, |t, &j| self.triangle.apply(t, j).expect("jumps are checked"))
    }

    fn options(&self) -> Options {
        self.options
    }
}

/// Every solver of the puzzle.py classics is a search that records its trace.
pub fn work(_: &Link) -> Work {
    Work::Search
}

/// Solves what a golf-tee link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    classic::solve_link::<GolfTeeParams>(link, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::solve_quietly as run;

    /// The slides' 18 lines of three for 15 holes.
    const SLIDES_LINES: [[usize; 3]; 18] = [
        [0, 1, 3],
        [1, 3, 6],
        [3, 6, 10],
        [2, 4, 7],
        [4, 7, 11],
        [5, 8, 12],
        [10, 11, 12],
        [11, 12, 13],
        [12, 13, 14],
        [6, 7, 8],
        [7, 8, 9],
        [3, 4, 5],
        [0, 2, 5],
        [2, 5, 9],
        [5, 9, 14],
        [1, 4, 8],
        [4, 8, 13],
        [3, 7, 12],
    ];

    #[test]
    fn the_lines_are_the_slides_lines() {
        let mut ours: Vec<[usize; 3]> = Triangle::new(5, Goal::Any).lines;
        let mut slides = SLIDES_LINES.to_vec();
        ours.sort();
        slides.sort();
        assert_eq!(ours, slides);
        assert_eq!(
            (0..15).map(place).map(|(r, c)| hole(r, c)).collect::<Vec<_>>(),
            (0..15).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_slides_puzzle_ends_with_one_tee_in_hole_0() {
        for algo in ["bfs", "dfs"] {
            let report = run(&format!("#/golf-tee?pos=011111111111111&algo={algo}")).unwrap();
            assert!(report.solved, "{algo}");
            assert_eq!(report.length, 13, "every jump removes one of 14 tees");
            let p = GolfTeeParams::default();
            let end = report
                .moves
                .iter()
                .fold(p.start, |t, m| p.triangle.apply(t, p.triangle.parse_jump(m).unwrap()).unwrap());
            assert_eq!(end, 1);
        }
    }

    /// Reachable positions counted by a plain flood fill over 0/1 strings, as the slides'
    /// code would (no bits, no folding).
    fn reachable_by_strings(start: &str) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![start.to_string()];
        while let Some(pos) = todo.pop() {
            if !seen.insert(pos.clone()) {
                continue;
            }
            let b = pos.as_bytes();
            for [a, m, c] in SLIDES_LINES {
                for (x, z) in [(a, c), (c, a)] {
                    if b[x] == b'1' && b[m] == b'1' && b[z] == b'0' {
                        let mut next = b.to_vec();
                        (next[x], next[m], next[z]) = (b'0', b'0', b'1');
                        todo.push(String::from_utf8(next).unwrap());
                    }
                }
            }
        }
        seen.len()
    }

    #[test]
    fn reachable_positions_match_a_flood_fill_and_folding_shrinks_them() {
        let unfolded = run("#/golf-tee?explore=1&fold=0").unwrap().reachable.unwrap();
        assert_eq!(unfolded as usize, reachable_by_strings("011111111111111"));
        assert_eq!(unfolded, 3016, "pinned for the browser test");
        let folded = run("#/golf-tee?explore=1").unwrap().reachable.unwrap();
        assert!(folded < unfolded && 2 * folded >= unfolded, "mirror folding: {folded} of {unfolded}");
        let any = run("#/golf-tee?explore=1&goal=any").unwrap().reachable.unwrap();
        assert!(any <= folded);
    }

    #[test]
    fn other_triangles_and_goals() {
        let four = run("#/golf-tee?rows=4").unwrap();
        let six = run("#/golf-tee?rows=6&algo=dfs&goal=any").unwrap();
        assert!(six.solved);
        assert_eq!(four.link, "#/golf-tee?pos=0111111111&algo=bfs");
        // The 10-hole triangle cannot be cleared down to one tee from a corner hole: the
        // search says so instead of failing.
        assert!(!four.solved && !run("#/golf-tee?rows=4&goal=any").unwrap().solved);
        assert!(four.message.unwrap().contains("cannot be reached"));
    }

    #[test]
    fn bad_positions_and_jumps_are_refused_with_the_reason() {
        assert!(run("#/golf-tee?pos=0111").unwrap_err().starts_with("pos: must be 15 digits"));
        assert!(run("#/golf-tee?pos=01111111111111x").unwrap_err().starts_with("pos:"));
        assert!(run("#/golf-tee?moves=0-3").unwrap_err().contains("hole 0 has no tee"));
        assert!(run("#/golf-tee?moves=3-9").unwrap_err().contains("not two apart on a line"));
        assert!(run("#/golf-tee?goal=15").unwrap_err().starts_with("goal:"));
        assert!(run("#/golf-tee?moves=3-0").unwrap().solved);
    }
}
