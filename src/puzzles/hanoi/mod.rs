//! Towers of Hanoi: the rules (`domain`), its link (`params`) and its solvers (`solvers`),
//! after the Julia article in seed 000.

pub mod domain;
pub mod params;
pub mod solvers;

use crate::core::choice::Named;
use crate::core::job::{JobContext, Report};
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::race::Work;
use crate::core::search::{Outcome, SearchResult, Stats};
use crate::core::seed::{SeededRng, Stream};
use crate::core::solution::Solution;
use domain::{Move, Position, Tower};
use params::HanoiParams;
use solvers::{optimal_length, optimal_moves, Algo};

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: params::PUZZLE,
    title: "Towers of Hanoi",
    summary: "Move the tower one disc at a time: naive search, A*, BFS and the direct method.",
    keys: &[crate::core::keys::own(
        &["1", "2", "3", "4"],
        "1 2 3 4",
        "pick pegs A–D: first the source, then the target",
    )],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<params::HanoiParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("discs", &["1", "3", "4", "17", "20", "0", "21"]),
    ("pegs", &["3", "4", "2", "5"]),
    ("state", &["AAAA", "ABCA", "ABCD", "A", "", "E"]),
    ("goal", &["CCCC", "BBBB", "DDDD", "ABAB", "Z"]),
    ("moves", &["AC,AB,CB", "AB,AB", "AC", "AD", "ZZ"]),
    ("algo", &["optimal", "astar", "bfs", "greedy", "naive"]),
    ("seed", &["0", "1", "9007199254740991", "9007199254740992"]),
    ("step", &["0", "1", "7", "131071", "131072"]),
];

/// The searches are recorded; the direct method works the moves out unrecorded.
pub fn work(link: &Link) -> Work {
    let (params, _) = HanoiParams::from_link(link);
    match params.algo {
        solvers::Algo::Optimal => Work::Unrecorded(super::records_no_trace(params::PUZZLE, Some("optimal"))),
        _ => Work::Search,
    }
}

/// Solves what a Hanoi link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = HanoiParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    solve(&params, ctx)
}

/// Solves from the current position (start plus the moves played) to the goal.
pub fn solve(params: &HanoiParams, ctx: &mut JobContext) -> Result<Report, String> {
    let tower = params.tower;
    let (from, to) = (params.current(), params.goal);
    let link = params.to_link().to_hash();
    let direct = match params.algo {
        Algo::Optimal => optimal_moves(&tower, from, to),
        _ => None,
    };
    let mut report = match direct {
        Some(moves) => {
            let result = SearchResult { outcome: Outcome::Found(moves), stats: Stats::default() };
            let mut report =
                Report::from_search(params::PUZZLE, Algo::Optimal.name(), link, &result, Move::to_string);
            report.message = Some(direct_method_note(&tower));
            report
        }
        None => {
            let result = ctx.search(|ctl| solvers::search(params.algo, tower, from, to, ctl));
            let mut report =
                Report::from_search(params::PUZZLE, params.algo.name(), link, &result, Move::to_string);
            if params.algo == Algo::Optimal && report.solved {
                report.message =
                    Some("Frame–Stewart needs whole towers: solved optimally by A* search instead".into());
            }
            report.advise_on_memory("the direct method needs no search");
            report
        }
    };
    check_solution(&tower, from, to, &report.moves)?;
    report.optimal = params.algo.is_optimal() && report.solved;
    report.optimal_length =
        optimal_length(&tower, from, to).or(report.optimal.then_some(report.length as u64));
    Ok(report)
}

fn direct_method_note(tower: &Tower) -> String {
    match tower.pegs {
        3 => "direct method (recursion): no search needed".to_string(),
        _ => "direct method (Frame–Stewart): no search needed".to_string(),
    }
}

/// Replays reported moves through the rules: a solver bug must never reach a user as an answer.
fn check_solution(tower: &Tower, from: Position, to: Position, moves: &[String]) -> Result<(), String> {
    let parsed: Result<Vec<Move>, String> = moves.iter().map(|m| Move::parse(m, tower.pegs)).collect();
    let solution = Solution::replay(from, parsed?, |p, m| tower.apply(*p, *m))
        .map_err(|e| format!("internal error: solver move {} is illegal: {}", e.index + 1, e.error))?;
    if !moves.is_empty() && *solution.end() != to {
        return Err("internal error: solver stopped short of the goal".into());
    }
    Ok(())
}

/// A random position (every disc on a random peg) drawn from `seed`.
pub fn random_position(tower: &Tower, seed: u64) -> Position {
    let mut rng = SeededRng::new(seed);
    (0..tower.discs).fold(Position(0), |p, d| tower.with_disc(p, d, rng.below(u64::from(tower.pegs)) as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::search::Limits;

    fn solve_text(text: &str) -> Result<Report, String> {
        let clock = || 0.0;
        let mut listener = |_: f64, _: &crate::core::job::Progress| true;
        let mut ctx = JobContext::new(Limits::default(), &clock, &mut listener);
        solve_link(&Link::parse(text).unwrap(), &mut ctx)
    }

    #[test]
    fn default_link_solves_in_fifteen_moves() {
        let report = solve_text("#/hanoi?discs=4&pegs=3&algo=optimal").unwrap();
        assert!(report.solved);
        assert_eq!(report.length, 15);
        assert_eq!(report.optimal_length, Some(15));
        assert!(report.optimal);
        assert_eq!(report.moves[0], "AB");
        assert_eq!(report.link, "#/hanoi?discs=4&pegs=3&algo=optimal");
    }

    #[test]
    fn every_algorithm_solves_from_played_moves() {
        for algo in Algo::ALL {
            let report = solve_text(&format!("#/hanoi?discs=4&moves=AB,AC&algo={}", algo.name())).unwrap();
            assert!(report.solved, "{algo:?}");
            assert_eq!(report.optimal_length, Some(13));
            assert_eq!(report.optimal, algo.is_optimal(), "{algo:?}");
            if algo.is_optimal() {
                assert_eq!(report.length, 13, "{algo:?}");
            }
        }
    }

    #[test]
    fn four_pegs_from_a_scattered_position_use_search() {
        let report = solve_text("#/hanoi?discs=5&pegs=4&state=ABCDA&algo=optimal").unwrap();
        assert!(report.solved && report.expanded > 0);
        assert_eq!(report.optimal_length, Some(report.length as u64));
        assert!(report.message.unwrap().contains("A*"));
    }

    #[test]
    fn memory_hungry_search_stops_with_advice() {
        let report = solve_text("#/hanoi?discs=20&algo=bfs").unwrap();
        assert!(!report.solved);
        assert!(report.message.unwrap().contains("direct method"));
        assert_eq!(report.optimal_length, Some((1 << 20) - 1));
    }

    #[test]
    fn bad_links_are_refused_with_the_field() {
        let err = solve_text("#/hanoi?discs=40").unwrap_err();
        assert!(err.starts_with("discs: must be a whole number from 1 to 20"), "{err}");
    }

    #[test]
    fn random_positions_are_reproducible() {
        let tower = Tower::new(8, 3);
        assert_eq!(random_position(&tower, 5), random_position(&tower, 5));
        assert_ne!(random_position(&tower, 5), random_position(&tower, 6));
    }
}
