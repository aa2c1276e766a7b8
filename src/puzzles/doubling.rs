//! Doubling, the example puzzle of `docs/architecture.md` ("Adding a puzzle"), as Tatham's
//! `nullgame.c` is his collection's: compiled and tested with the rest, not listed in the app.
//! Reach a target number from 1 by adding one (`A`) or doubling (`D`):
//! `#/doubling?target=10&algo=bfs`. The guide's code is taken from this file (a test checks it).

use crate::core::choice::Named;
use crate::core::job::{JobContext, Report};
use crate::core::link::{describe_errors, Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use crate::core::search::{self, Problem};
use std::fmt;

pub const PUZZLE: &str = "doubling";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Doubling",
    summary: "Reach a number from 1 by adding one or doubling: breadth- and depth-first search.",
    keys: &[crate::core::keys::own(&["a"], "a", "add one"), crate::core::keys::own(&["d"], "d", "double")],
};

crate::named_enum! {
    /// The searches a link may name (`algo=`).
    pub enum Algo {
        Bfs = ("bfs", "Breadth-first: the fewest moves"),
        Dfs = ("dfs", "Depth-first: the first way found"),
    }
}

/// A move: add one, or double.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    AddOne,
    Double,
}

/// As links and traces write a move: `A` or `D`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Move::AddOne => "A",
            Move::Double => "D",
        })
    }
}

impl Move {
    pub fn parse(text: &str) -> Result<Move, String> {
        match text {
            "A" => Ok(Move::AddOne),
            "D" => Ok(Move::Double),
            _ => Err(format!("'{text}' is not a move: A adds one, D doubles")),
        }
    }
}

/// The rules: numbers never pass the target, so the search space is finite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Doubling {
    pub target: u32,
}

impl Doubling {
    /// The number a move leads to from `n`, or why it may not be played.
    pub fn apply(&self, n: u32, mv: Move) -> Result<u32, String> {
        let next = match mv {
            Move::AddOne => n + 1,
            Move::Double => n * 2,
        };
        if next > self.target {
            return Err(format!("{n} {mv} would make {next}, past the target {}", self.target));
        }
        Ok(next)
    }
}

impl Problem for Doubling {
    type State = u32;
    type Move = Move;

    fn is_goal(&self, n: &u32) -> bool {
        *n == self.target
    }

    fn successors(&self, n: &u32, out: &mut Vec<(Move, u32)>) {
        for mv in [Move::AddOne, Move::Double] {
            if let Ok(next) = self.apply(*n, mv) {
                out.push((mv, next));
            }
        }
    }
}

pub const MAX_TARGET: u32 = 1000;

/// What a link holds: `target`, `algo`, the moves played by hand (`moves=D,A`) and the
/// playback step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    pub rules: Doubling,
    pub algo: Algo,
    pub played: Vec<Move>,
    pub step: usize,
}

impl Params {
    /// The number after the moves played by hand, where a solve starts.
    pub fn current(&self) -> u32 {
        self.played.iter().fold(1, |n, &mv| self.rules.apply(n, mv).expect("moves are checked"))
    }
}

impl LinkParams for Params {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let rules = Doubling { target: r.number("target", 1..=MAX_TARGET, 10) };
        let algo = r.named("algo", Algo::Bfs);
        let played = r.moves("moves", 1, Move::parse, |&n, &mv| rules.apply(n, mv));
        let step = r.step();
        (Self { rules, algo, played, step }, r.finish())
    }

    /// The canonical link: keys in a fixed order, no moves and no step 0 left in.
    fn to_link(&self) -> Link {
        let link = Link::new(PUZZLE)
            .with("target", self.rules.target)
            .with("algo", self.algo.name())
            .with_list("moves", &self.played);
        if self.step > 0 {
            link.with("step", self.step)
        } else {
            link
        }
    }
}

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<Params>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// Every key with a few valid and extreme values, which the link fuzz test draws on.
pub const SAMPLES: super::Samples = &[
    ("target", &["1", "10", "1000", "0", "1001"]),
    ("algo", &["bfs", "dfs", "astar"]),
    ("moves", &["D,A", "A,A,A", "X"]),
    ("step", &["0", "1", "4"]),
];

/// Both solvers are searches, so every link records its trace (`trace=1`, the Search view)
/// and races on expanded or generated positions.
pub fn work(_: &Link) -> Work {
    Work::Search
}

/// Solves what a doubling link describes (its entry in the registry).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = Params::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let (rules, start) = (params.rules, params.current());
    let result = ctx.search(|ctl| match params.algo {
        Algo::Bfs => search::bfs(&rules, start, ctl),
        Algo::Dfs => search::dfs(&rules, start, ctl),
    });
    let solved = params.to_link().without("step").to_hash();
    let mut report = Report::from_search(PUZZLE, params.algo.name(), solved, &result, Move::to_string);
    report.optimal = report.solved && params.algo == Algo::Bfs;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solves a link through this module alone (it is not in the registry).
    fn run(text: &str) -> Result<Report, String> {
        let link = Link::parse(text).map_err(|e| e.to_string())?;
        crate::puzzles::quietly(|ctx| solve_link(&link, ctx))
    }

    /// Where a solution's moves lead from `start`, each checked by the rules.
    fn replay(rules: Doubling, start: u32, moves: &[String]) -> u32 {
        moves.iter().fold(start, |n, mv| rules.apply(n, Move::parse(mv).unwrap()).unwrap())
    }

    #[test]
    fn ten_takes_four_moves_at_the_fewest() {
        let report = run("#/doubling?target=10").unwrap();
        assert_eq!((report.solved, report.length, report.optimal), (true, 4, true));
        assert_eq!(report.moves, ["A", "D", "A", "D"], "1 → 2 → 4 → 5 → 10");
        assert_eq!(report.link, "#/doubling?target=10&algo=bfs");
    }

    #[test]
    fn every_solution_replays_to_its_target() {
        for target in [1, 2, 7, 10, 100, 1000] {
            for algo in Algo::ALL {
                let report = run(&format!("#/doubling?target={target}&algo={}", algo.name())).unwrap();
                assert!(report.solved, "{target} by {}", algo.name());
                assert_eq!(replay(Doubling { target }, 1, &report.moves), target);
            }
        }
        // Depth-first adds one first, all the way: the first way found is the longest.
        let dfs = run("#/doubling?target=10&algo=dfs").unwrap();
        assert_eq!((dfs.length, dfs.optimal), (9, false));
    }

    #[test]
    fn the_fewest_moves_match_the_binary_rule() {
        // From 1, the fewest moves to n: one doubling per binary digit after the first, and one
        // addition per 1 among them.
        for target in 1..=200u32 {
            let report = run(&format!("#/doubling?target={target}")).unwrap();
            let digits = 31 - target.leading_zeros();
            assert_eq!(report.length as u32, digits + target.count_ones() - 1, "{target}");
        }
    }

    #[test]
    fn a_solve_goes_on_from_the_moves_played() {
        // A, A leads to 3; from there 3 → 4 → 5 → 10.
        let report = run("#/doubling?target=10&moves=A,A").unwrap();
        assert_eq!(report.moves, ["A", "A", "D"]);
        assert_eq!(report.link, "#/doubling?target=10&algo=bfs&moves=A,A");
    }

    #[test]
    fn bad_links_are_refused_naming_the_key() {
        assert!(run("#/doubling?target=0").unwrap_err().starts_with("target:"));
        assert!(run("#/doubling?algo=astar").unwrap_err().starts_with("algo:"));
        assert!(run("#/doubling?target=3&moves=D,D").unwrap_err().contains("past the target 3"));
        assert!(run("#/doubling?moves=X").unwrap_err().contains("'X' is not a move"));
    }
}
