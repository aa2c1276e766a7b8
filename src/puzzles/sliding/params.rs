//! The sliding page's link (docs/links.md, "Sliding tiles"):
//! `#/sliding?size=4&tiles=1,2,...,0&moves=U,L&algo=auto&seed=7&shuffle=40&depth=30&step=3`.
//! Canonical links always spell the board out in `tiles`, so they do not depend on how a
//! shuffle is computed; `seed` and `shuffle` record how it was made.

use super::domain::{Board, Dir, MAX_SIZE, MIN_SIZE};
use super::solvers::Algo;
use crate::core::choice::Named;
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::seed::MAX_SEED;

pub const PUZZLE: &str = "sliding";

/// How the board was shuffled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shuffle {
    /// A random walk of this many moves from the goal, never undoing the last one.
    Walk(u32),
    /// Uniformly among all solvable boards.
    Uniform,
}

impl Shuffle {
    pub fn make(self, size: u8, seed: u64) -> Board {
        match self {
            Shuffle::Walk(moves) => Board::shuffled(size, moves, seed),
            Shuffle::Uniform => Board::random_solvable(size, seed),
        }
    }

    fn to_text(self) -> String {
        match self {
            Shuffle::Walk(moves) => moves.to_string(),
            Shuffle::Uniform => "uniform".into(),
        }
    }
}

pub const DEFAULT_SIZE: u8 = 4;
pub const DEFAULT_SEED: u64 = 1;
pub const DEFAULT_SHUFFLE: Shuffle = Shuffle::Walk(30);
/// Longest shuffle walk a link may ask for: computed on the page's main thread, it must stay
/// within a few milliseconds (beyond a few hundred moves a walk mixes no better anyway).
pub const MAX_WALK: u32 = 100_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlidingParams {
    /// Where play started.
    pub start: Board,
    /// Moves played by hand from `start` (all legal).
    pub played: Vec<Dir>,
    pub algo: Algo,
    pub seed: u64,
    pub shuffle: Shuffle,
    /// Depth limit for depth-first search.
    pub depth: Option<u32>,
    pub step: usize,
}

impl Default for SlidingParams {
    fn default() -> Self {
        Self::shuffled(DEFAULT_SIZE, DEFAULT_SEED, DEFAULT_SHUFFLE)
    }
}

impl SlidingParams {
    pub fn shuffled(size: u8, seed: u64, shuffle: Shuffle) -> Self {
        Self { start: shuffle.make(size, seed), ..Self::unshuffled(size, seed, shuffle) }
    }

    /// The solved board, remembering how a shuffle would have been made.
    fn unshuffled(size: u8, seed: u64, shuffle: Shuffle) -> Self {
        Self {
            start: Board::goal(size),
            played: Vec::new(),
            algo: Algo::Auto,
            seed,
            shuffle,
            depth: None,
            step: 0,
        }
    }

    pub fn size(&self) -> u8 {
        self.start.size()
    }

    /// The board after the moves played by hand.
    pub fn current(&self) -> Board {
        self.played
            .iter()
            .fold(self.start.clone(), |b, &d| b.apply(d).expect("played moves are checked when added"))
    }
}

impl LinkParams for SlidingParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let size = r.number("size", MIN_SIZE..=MAX_SIZE, DEFAULT_SIZE);
        let seed = r.number("seed", 0..=MAX_SEED, DEFAULT_SEED);
        let shuffle = match r.raw("shuffle") {
            None => DEFAULT_SHUFFLE,
            Some("uniform") => Shuffle::Uniform,
            Some(text) => match text.parse::<u32>() {
                Ok(moves) if moves <= MAX_WALK => Shuffle::Walk(moves),
                _ => {
                    r.reject(
                        "shuffle",
                        format!("must be a number of moves from 0 to {MAX_WALK} or 'uniform', got '{text}'"),
                    );
                    DEFAULT_SHUFFLE
                }
            },
        };
        // A board spelled out in `tiles` wins; the shuffle is only computed without one.
        let tiles = r.raw("tiles").map(|text| Board::parse(size, text));
        if let Some(Err(why)) = &tiles {
            r.reject("tiles", why.clone());
        }
        let start = match tiles {
            // A board no move sequence can solve is refused here, so that no solver sees it.
            Some(Ok(board)) => match board.check_solvable() {
                Ok(()) => board,
                Err(why) => {
                    r.reject("tiles", why);
                    shuffle.make(size, seed)
                }
            },
            _ => shuffle.make(size, seed),
        };
        let mut params = Self { start, ..Self::unshuffled(size, seed, shuffle) };
        params.played = r.moves("moves", params.start.clone(), Dir::parse, |board, &dir| board.apply(dir));
        params.algo = r.named("algo", Algo::Auto);
        if params.algo == Algo::Pdb && size != 4 {
            r.reject(
                "algo",
                format!("pattern databases are built for 4×4 boards; for {size}×{size} use idastar or auto"),
            );
            params.algo = Algo::Auto;
        }
        if r.raw("depth").is_some() {
            params.depth = Some(r.number("depth", 1..=10_000, 50));
        }
        params.step = r.step();
        (params, r.finish())
    }

    fn to_link(&self) -> Link {
        let mut link = Link::new(PUZZLE)
            .with("size", self.size())
            .with("tiles", self.start.to_text())
            .with_list("moves", &self.played)
            .with("algo", self.algo.name())
            .with("seed", self.seed)
            .with("shuffle", self.shuffle.to_text());
        if let Some(depth) = self.depth {
            link = link.with("depth", depth);
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
    use crate::core::link::LinkParams;

    fn parse(text: &str) -> (SlidingParams, Vec<LinkError>) {
        SlidingParams::from_link(&Link::parse(text).unwrap())
    }

    #[test]
    fn defaults_are_a_seeded_shuffle_written_out() {
        let (p, errors) = parse("#/sliding");
        assert!(errors.is_empty());
        assert_eq!(p.start, Board::shuffled(4, 30, 1));
        let hash = p.to_link().to_hash();
        assert!(hash.starts_with(&format!(
            "#/sliding?size=4&tiles={}&algo=auto&seed=1&shuffle=30",
            p.start.to_text()
        )));
    }

    #[test]
    fn full_link_round_trips() {
        let text = "#/sliding?size=3&tiles=1,2,3,4,5,6,7,0,8&moves=L,R,L&algo=dfs&seed=9&shuffle=uniform&depth=40&step=2";
        let (p, errors) = parse(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(p.to_link().to_hash(), text);
        assert_eq!(p.current().to_text(), "1,2,3,4,5,6,0,7,8");
    }

    #[test]
    fn seed_and_shuffle_make_the_board_when_tiles_are_absent() {
        let (p, _) = parse("#/sliding?size=5&seed=42&shuffle=uniform");
        assert_eq!(p.start, Board::random_solvable(5, 42));
    }

    #[test]
    fn bad_parameters_are_named() {
        let (p, errors) = parse("#/sliding?size=3&tiles=1,1,2,3,4,5,6,7,0&shuffle=lots&algo=fast");
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["shuffle", "tiles", "algo"]);
        assert!(errors[1].reason.contains("tile 1 appears twice"));
        assert_eq!(p.start, Board::shuffled(3, 30, 1), "falls back to the seeded shuffle");
        let (p, errors) = parse("#/sliding?size=3&tiles=1,2,3,4,5,6,7,8,0&moves=U,X");
        assert_eq!(errors[0].field, "moves");
        assert!(errors[0].reason.contains("move 2 'X'"));
        assert_eq!(p.played, [Dir::Up], "the legal prefix is kept");
    }
}
