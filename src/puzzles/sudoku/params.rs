//! The Sudoku link (docs/links.md, "Sudoku"): `#/sudoku?grid=4.....8.5.3...&algo=propagate&pick=min`.
//! Without `grid`, `clues=N` (with `seed` and `box`) generates a puzzle with a unique solution,
//! and a link with neither shows the slides' example. `set=top95` solves a whole benchmark set.

use super::grid::{Grid, BOX_SIZES};
use super::trace::Move;
use crate::core::choice::Named;
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::seed::MAX_SEED;

pub const PUZZLE: &str = "sudoku";

/// The example of the slides (seed 001, "What does a Sudoku puzzle look like?"), read back
/// from the slide's text (its blanks are lost there): the reading whose one solution is the
/// slide's solved grid.
pub const SLIDES_EXAMPLE: &str =
    "27..15..8...3..7.4....7.....5.1...7...9...2.6.....2.5.....8....6.5..4...8..59..41";

/// Grids the page offers: (label, grid), with their sources.
pub const PRESETS: [(&str, &str); 7] = [
    ("The slides' example", SLIDES_EXAMPLE),
    (
        "Easy (Wikipedia's example)",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ),
    ("4×4 (Shidoku)", "..3..4.221......"),
    (
        "Hard: top95 no. 1",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ),
    (
        "Hard: Norvig's hardest no. 1",
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    ),
    (
        "17 clues: Royle's list no. 1",
        ".......2143.......6........2.15..........637...........68...4.....23........7....",
    ),
    // Made by this generator (box 4, 140 clues, seed 2026), which links offer for 4×4 and 9×9.
    (
        "16×16, 140 clues",
        ".E.24.D5..B3...F9A1.68F7.5...B..FD.8C3B1G.6.E495.....2A9.18CG76..GFD.4..B.7956.1..43.C.D..56.G..A..1..62D.C83...8.2E...G.3.F..C.7.9631C42...F.E..C3.AD2...G.6.7..2.....F.69...1.E5..9786C43.B.DA5.E9..184.F.A.B.GB....437..A..864.6ADF.C.....9.E2F87B.9.6.1..3..",
    ),
];

/// Most solutions a count may look for.
pub const MAX_CAP: u64 = 1_000_000;

crate::named_enum! {
    /// The solvers a Sudoku link may name (`algo=`).
    pub enum Algo {
        Propagate = ("propagate", "Propagate constraints, then guess"),
        Backtrack = ("backtrack", "Plain backtracking: try values, no propagation"),
        Fast = ("fast", "Fast bit-mask solver (singles, hidden singles, fewest candidates)"),
        Count = ("count", "Count every solution (until \"Stop after\" is reached)"),
    }
}

crate::named_enum! {
    /// Which open cell a solver guesses in next (`pick=`; the slides' heuristic).
    pub enum PickRule {
        Min = ("min", "fewest candidates"),
        Max = ("max", "most candidates"),
        Random = ("random", "a random open cell"),
        First = ("first", "the first open cell"),
    }
}

crate::named_enum! {
    /// Benchmark sets solved whole by `set=` (files in tests/data/sudoku, sources in its README).
    pub enum Set {
        Top95 = ("top95", "top95: 95 hard puzzles"),
        Hardest = ("hardest", "hardest: Norvig's 11 hardest"),
        Clue17 = ("17clue", "98 puzzles with 17 clues"),
    }
}

/// Where the grid comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Written in the link.
    Given(Grid),
    /// Generated from `seed` with `clues` clues and this box size.
    Generated { box_size: usize, clues: usize },
    /// The slides' example.
    Slides,
    /// A whole benchmark set.
    Set(Set),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SudokuParams {
    pub source: Source,
    pub algo: Algo,
    pub pick: PickRule,
    pub seed: u64,
    /// Most solutions a count looks for.
    pub cap: u64,
    /// Values entered by hand, in order (each a `Move::Enter`).
    pub played: Vec<Move>,
    /// Pencil marks (each open cell's candidates) shown.
    pub marks: bool,
    pub step: usize,
}

impl Default for SudokuParams {
    fn default() -> Self {
        Self {
            source: Source::Slides,
            algo: Algo::Propagate,
            pick: PickRule::Min,
            seed: 1,
            cap: 1000,
            played: Vec::new(),
            marks: false,
            step: 0,
        }
    }
}

impl SudokuParams {
    /// The side of the grid the link describes.
    pub fn side(&self) -> usize {
        match &self.source {
            Source::Given(grid) => grid.side(),
            Source::Generated { box_size, .. } => box_size * box_size,
            Source::Slides | Source::Set(_) => 9,
        }
    }
}

impl LinkParams for SudokuParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let defaults = Self::default();
        let algo = r.named("algo", Algo::Propagate);
        let pick = r.named("pick", PickRule::Min);
        let seed = r.number("seed", 0..=MAX_SEED, 1);
        let cap = r.number("cap", 1..=MAX_CAP, defaults.cap);
        let box_size = r.number("box", BOX_SIZES, 3);
        let set = r.raw("set").map(|_| ());
        let mut source = match r.raw("grid") {
            Some(text) => match Grid::parse(text) {
                Ok(grid) => Source::Given(grid),
                Err(why) => {
                    r.reject("grid", why);
                    Source::Slides
                }
            },
            None => Source::Slides,
        };
        if r.raw("clues").is_some() {
            let cells = box_size.pow(4);
            let clues = r.number("clues", 0..=cells, cells / 3);
            if box_size > 3 {
                r.reject("box", "puzzles are generated for 4×4 and 9×9 grids only");
            } else if matches!(source, Source::Given(_)) {
                r.reject("clues", "generates a grid: leave out grid");
            } else {
                source = Source::Generated { box_size, clues };
            }
        }
        if set.is_some() {
            let chosen = r.named("set", Set::Top95);
            // A set solves its own grids: a grid or clues beside it would be dropped unsaid.
            if let Some(key) = ["grid", "clues"].into_iter().find(|&key| link.get(key).is_some()) {
                r.reject(key, format!("a benchmark set (set=) solves its own grids: leave {key} out"));
            }
            source = Source::Set(chosen);
        } else if link.get("box").is_some() && link.get("clues").is_none() {
            r.reject("box", "sizes a generated puzzle: add clues=, or leave box out");
        }
        let side = Self { source: source.clone(), ..Self::default() }.side();
        // A grid the link writes out is known here, so a value entered on a clue is refused as
        // the link is read (a generated grid's clues are known once it is made).
        let clues = super::written_grid(&source).ok();
        let played = r.moves(
            "moves",
            (),
            |word| match Move::parse(word, side)? {
                entry @ Move::Enter { .. } => Ok(entry),
                _ => Err("only values entered by hand (like r1c3-5) belong in links".into()),
            },
            |_, entry| match &clues {
                Some(clues) => super::with_entries(clues, std::slice::from_ref(entry))
                    .map(|_| ())
                    .map_err(|why| why.trim_start_matches("moves: ").to_string()),
                None => Ok(()),
            },
        );
        let marks = r.number("marks", 0..=1, 0) == 1;
        let step = r.step();
        (Self { source, algo, pick, seed, cap, played, marks, step }, r.finish())
    }

    fn to_link(&self) -> Link {
        let mut link = Link::new(PUZZLE);
        match &self.source {
            Source::Given(grid) => link = link.with("grid", grid),
            Source::Generated { box_size, clues } => {
                if *box_size != 3 {
                    link = link.with("box", box_size);
                }
                link = link.with("clues", clues);
            }
            Source::Slides => {}
            Source::Set(set) => link = link.with("set", set.name()),
        }
        link = link.with("algo", self.algo.name());
        if matches!(self.algo, Algo::Propagate | Algo::Backtrack) {
            link = link.with("pick", self.pick.name());
        }
        let random_pick =
            self.pick == PickRule::Random && matches!(self.algo, Algo::Propagate | Algo::Backtrack);
        if random_pick || matches!(self.source, Source::Generated { .. }) {
            link = link.with("seed", self.seed);
        }
        if self.algo == Algo::Count {
            link = link.with("cap", self.cap);
        }
        if !self.played.is_empty() {
            let side = self.side();
            let words: Vec<String> = self.played.iter().map(|m| m.describe(side)).collect();
            link = link.with_list("moves", &words);
        }
        if self.marks {
            link = link.with("marks", 1);
        }
        if self.step > 0 {
            link = link.with("step", self.step);
        }
        link
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (SudokuParams, Vec<LinkError>) {
        SudokuParams::from_link(&Link::parse(text).unwrap())
    }

    #[test]
    fn links_round_trip() {
        for text in [
            "#/sudoku?algo=propagate&pick=min",
            "#/sudoku?grid=1.3.....4..2..1.&algo=fast",
            "#/sudoku?clues=30&algo=propagate&pick=random&seed=7",
            "#/sudoku?box=2&clues=6&algo=count&seed=3&cap=10",
            "#/sudoku?set=hardest&algo=fast",
            "#/sudoku?algo=propagate&pick=first&moves=r1c3-4,r1c3-.&marks=1&step=3",
        ] {
            let (p, errors) = read(text);
            assert!(errors.is_empty(), "{text}: {errors:?}");
            assert_eq!(p.to_link().to_hash(), text);
        }
    }

    #[test]
    fn bad_links_name_the_parameter() {
        let fields = |text: &str| read(text).1.into_iter().map(|e| e.field).collect::<Vec<_>>();
        assert_eq!(fields("#/sudoku?grid=12"), ["grid"]);
        assert_eq!(fields("#/sudoku?box=4&clues=100"), ["box"]);
        assert_eq!(fields("#/sudoku?grid=1.3.....4..2..1.&clues=5"), ["clues"]);
        assert_eq!(fields("#/sudoku?pick=best&cap=0"), ["pick", "cap"]);
        assert_eq!(fields("#/sudoku?set=top96"), ["set"]);
    }
}
