//! Sliding-tile puzzles (the 8-, 15- and 24-puzzle and friends), after the Swift talk in
//! seed 002 and the n-puzzle notebook in seed 003.

pub mod benchmarks;
pub mod domain;
mod duplicates;
pub mod gif;
pub mod packed;
pub mod params;
pub mod pdb;
mod pdb_search;
pub mod picture;
mod shorten;
pub mod solvers;

use crate::core::choice::Named;
use crate::core::job::{built_once_note, JobContext, Progress, Report};
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::race::Work;
use crate::core::solution::Solution;
use domain::{Board, Dir};
use packed::MAX_SOLVER_SIZE;
use params::SlidingParams;
use solvers::{databases_for, Algo};

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: params::PUZZLE,
    title: "Sliding tiles",
    summary: "The 8- and 15-puzzle: BFS, DFS, greedy, A*, IDA* and pattern databases side by side.",
    keys: &[crate::core::keys::own(
        &["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"],
        "← ↑ → ↓",
        "slide a tile into the blank (on the board's places the arrows move between them)",
    )],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<params::SlidingParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("size", &["2", "3", "4", "5", "8", "1", "9"]),
    ("tiles", &["1,2,3,4,5,6,7,8,0", "8,6,7,2,5,4,3,0,1", "1,2,3,0", "0,1,2,3,4,5,6,7,8", "1,1,2,3", ""]),
    ("shuffle", &["0", "30", "100000", "100001", "uniform"]),
    ("seed", &["0", "1", "42", "9007199254740991"]),
    ("moves", &["U,L", "D,R", "U,U,U,U,U", "X"]),
    (
        "algo",
        &["auto", "pdb", "idastar", "astar", "astar-misplaced", "astar-dynamic", "bfs", "dfs", "greedy"],
    ),
    ("depth", &["1", "20", "10000", "0", "10001"]),
    ("step", &["0", "1", "31", "131071"]),
];

/// The searches are recorded, except those with pattern databases (4×4 and 5×5).
pub fn work(link: &Link) -> Work {
    let (params, _) = SlidingParams::from_link(link);
    let size = params.current().size();
    match solvers::database_size(params.algo, size) {
        Some(_) => Work::Unrecorded(super::records_no_trace(params::PUZZLE, Some(params.algo.name()))),
        None => Work::Search,
    }
}

/// Solves what a sliding link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = SlidingParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    solve(&params, ctx)
}

/// Why no solver takes `board`, if none does: a board larger than 5×5 is played by hand.
/// (Boards that cannot be solved and algorithms the size does not allow are refused by the
/// link's reader, before this.)
pub fn beyond_the_solvers(board: &Board) -> Option<String> {
    let size = board.size();
    (size > MAX_SOLVER_SIZE).then(|| {
        format!(
            "the solvers take boards up to {MAX_SOLVER_SIZE}×{MAX_SOLVER_SIZE}; a {size}×{size} board can be played by hand"
        )
    })
}

/// The size of the pattern databases solving `link` would build first (none when the link
/// is refused or this session has them already).
pub fn databases_wanted(link: &Link) -> Option<u8> {
    if link.puzzle != params::PUZZLE {
        return None;
    }
    let (params, errors) = SlidingParams::from_link(link);
    let board = params.current();
    let wanted = solvers::database_size(params.algo, board.size())?;
    let built = match wanted {
        4 => solvers::built_pattern_database().is_some(),
        _ => solvers::built_pattern_database_5x5().is_some(),
    };
    (errors.is_empty() && beyond_the_solvers(&board).is_none() && !built).then_some(wanted)
}

/// Solves from the current board (start plus the moves played).
pub fn solve(params: &SlidingParams, ctx: &mut JobContext) -> Result<Report, String> {
    let board = params.current();
    let link = SlidingParams { step: 0, ..params.clone() }.to_link().to_hash();
    if let Some(why) = beyond_the_solvers(&board) {
        // Not a refusal: the link is a board to play, and the answer says no solver takes it.
        let mut report = Report::new(params::PUZZLE, params.algo.name(), link);
        report.message = Some(format!("Not solved: {why}"));
        return Ok(report);
    }
    let before_build = ctx.elapsed_ms();
    let databases = databases_for(params.algo, board.size(), &mut |done, total| {
        ctx.progress(Progress::Build { label: "Building pattern databases".into(), done, total });
    });
    let build_ms = ctx.elapsed_ms() - before_build;
    let solved = ctx.search(|ctl| solvers::solve(params.algo, &board, params.depth, databases, ctl));
    let mut report =
        Report::from_search(params::PUZZLE, params.algo.name(), link, &solved.result, Dir::to_string);
    check_solution(&board, &report.moves)?;
    report.advise_on_memory("IDA* needs little memory");
    report.optimal = solved.optimal;
    if report.optimal {
        report.optimal_length = Some(report.length as u64);
    }
    let build_note = (build_ms >= 100.0).then(|| built_once_note("pattern databases", build_ms));
    if report.solved {
        let notes: Vec<String> = solved.note.into_iter().chain(build_note).collect();
        report.message = (!notes.is_empty()).then(|| notes.join("; "));
    }
    Ok(report)
}

/// Replays reported moves through the rules: a solver bug must never reach a user as an answer.
fn check_solution(board: &Board, moves: &[String]) -> Result<(), String> {
    let dirs: Result<Vec<Dir>, String> = moves.iter().map(|m| Dir::parse(m)).collect();
    let solution = Solution::replay(board.clone(), dirs?, |b, d| b.apply(*d))
        .map_err(|e| format!("internal error: solver move {} is illegal: {}", e.index + 1, e.error))?;
    if !moves.is_empty() && !solution.end().is_goal() {
        return Err("internal error: solver stopped short of the goal".into());
    }
    Ok(())
}
