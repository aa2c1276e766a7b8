//! N queens on an n×n board, none attacking another: the permutation slide (seed 001), exact
//! counting, and the genetic algorithm of the article in seed 004.

pub mod hand;
pub mod params;
pub mod solvers;
pub mod symmetry;

use crate::core::choice::Named;
use crate::core::evolve::{evolve_lines, LinesConfig, RunChart};
use crate::core::job::{format_count, Improvement, JobContext, Progress, Report};
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::race::Work;
use crate::core::search::Stats;
use crate::core::seed::SeededRng;
use crate::core::trace::MAX_EVENTS;
use params::{Algo, QueensParams};
use solvers::{backtrack, backtrack_recorded, by_permutations, is_canonical, QueenGenetics};

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: params::PUZZLE,
    title: "N queens",
    summary: "Queens that do not attack each other: permutations, backtracking and a genetic algorithm.",
    keys: &[
        crate::core::keys::own(&["a"], "a", "show or hide attacked squares"),
        crate::core::keys::own(&["ArrowLeft", "ArrowRight"], "← →", "previous / next solution"),
    ],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<params::QueensParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("n", &["1", "4", "8", "10", "14", "20", "0", "21"]),
    ("algo", &["backtracking", "permutations", "genetic"]),
    ("first", &["0-3", "3-0", "7-7", "0-19", "x"]),
    ("part", &["0", "1", "63", "64"]),
    ("parts", &["1", "2", "64", "65"]),
    ("seed", &["0", "1", "9007199254740991"]),
    ("shown", &["0", "1", "91", "724"]),
    ("step", &["0", "1", "40", "131072"]),
    ("attacks", &["0", "1", "2"]),
    ("placed", &["r1c1", "r1c1,r2c3,r3c5", "r21c1", "r1c1,r1c1", "c1r1", ""]),
];

/// Attempts the genetic algorithm may make before giving up.
const GENETIC_MAX_ATTEMPTS: u64 = 200_000_000;

/// Solves what a queens link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = QueensParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let mut report = Report::new(params::PUZZLE, params.algo.name(), params.to_link().to_hash());
    match params.algo {
        Algo::Backtracking => count(&params, ctx, &mut report),
        Algo::Permutations => permutations(&params, ctx, &mut report),
        Algo::Genetic => genetic(&params, ctx, &mut report),
    }
    if !params.placed.is_empty() {
        report.placed_attacking_pairs = Some(hand::attacking_pairs(&params.placed) as u64);
        report.placed_solved = Some(hand::solves(&params.placed, params.n));
    }
    if let Some(queens) = &report.queens {
        let mut columns = vec![0u8; params.n];
        for &[row, col] in queens {
            columns[row as usize] = col as u8;
        }
        if !solvers::is_solution(&columns) {
            return Err("internal error: the queens found attack each other".into());
        }
    }
    Ok(report)
}

/// Smallest board whose count is worth sharing between workers (smaller ones take
/// milliseconds).
pub const SHARE_FROM_N: usize = 14;

/// Splits a whole-board count into one share per worker (`part=i&parts=k`; each counts every
/// k-th branch of the search by families), or `None` when the count is not worth sharing.
pub fn split_count(params: &QueensParams, workers: usize) -> Option<Vec<QueensParams>> {
    let whole_row = params.first == (0..=params.n - 1);
    let parts = workers.min(params::MAX_PARTS);
    if params.algo != Algo::Backtracking || params.n < SHARE_FROM_N || !whole_row || parts < 2 {
        return None;
    }
    Some((1..=parts).map(|part| QueensParams { part, parts, ..params.clone() }).collect())
}

/// The report of a whole-board count from the reports of its shares (see [`split_count`]).
pub fn merge_counts(params: &QueensParams, parts: &[Report]) -> Report {
    let whole = QueensParams { part: 1, parts: 1, ..params.clone() };
    let mut report = Report::new(params::PUZZLE, params.algo.name(), whole.to_link().to_hash());
    let (mut all, mut unique) = (0, 0);
    for part in parts {
        all += part.count.unwrap_or(0);
        unique += part.count_up_to_symmetry.unwrap_or(0);
        report.expanded += part.expanded;
        report.queens = report.queens.take().or_else(|| part.queens.clone());
    }
    report.solved = all > 0;
    report.count = Some(all);
    report.count_up_to_symmetry = Some(unique);
    report.message = Some(format!("counted in {} parts, one worker each", parts.len()));
    report
}

fn squares(columns: &[u8]) -> Vec<[u32; 2]> {
    columns.iter().enumerate().map(|(row, &col)| [row as u32, u32::from(col)]).collect()
}

/// Boards small enough for a count to list every solution too.
pub const LIST_UP_TO: usize = 10;

/// Counts by backtracking. A whole board too big to list is counted by families (each
/// family of rotations and reflections visited once and weighted by its size); a small board
/// is searched whole so that every solution can be listed, and `first=a-b` counts the
/// solutions whose first queen is in columns a–b.
fn count(params: &QueensParams, ctx: &mut JobContext, report: &mut Report) {
    let n = params.n;
    // A race's lane (or a small budget) stops the count once it passes its limit.
    let max_nodes = ctx.limits.max_expanded;
    let mut over_limit = false;
    let stop = |report: &mut Report, over_limit: bool, nodes: u64| {
        report.expanded = nodes;
        if over_limit {
            report.stopped = Some("nodes".into());
            report.message = Some(format!("stopped after {} nodes (the limit)", format_count(nodes)));
        } else {
            report.message = Some("cancelled".into());
        }
    };
    if counts_by_families(params) {
        let counted = symmetry::count_families(n, params.part - 1, params.parts, &mut |nodes| {
            over_limit |= nodes >= max_nodes;
            !over_limit && ctx.progress(Progress::Search(Stats { expanded: nodes, ..Stats::default() }))
        });
        let counted = match counted {
            Ok(counted) => counted,
            Err(nodes) => return stop(report, over_limit, nodes),
        };
        report.expanded = counted.nodes;
        report.solved = counted.all > 0;
        report.count = Some(counted.all);
        report.count_up_to_symmetry = Some(counted.families);
        report.queens = first_solution(n);
        return;
    }
    let listing = n <= LIST_UP_TO;
    let mut listed = Vec::new();
    let (mut all, mut unique, mut first) = (0u64, 0u64, None);
    let columns: Vec<usize> = params.first.clone().collect();
    let mut trace = ctx.take_trace();
    let mut visit = |solution: &[u8]| {
        all += 1;
        unique += u64::from(is_canonical(solution));
        first.get_or_insert_with(|| squares(solution));
        if listing {
            listed.push(serde_json::json!(squares(solution)));
        }
        true
    };
    let mut last_nodes = 0;
    // A recording for a view stops at its cut: each node places a queen, an event.
    let recorded_max = if trace.is_some() && ctx.limits.stop_at_cut { MAX_EVENTS as u64 } else { u64::MAX };
    let mut progress = |nodes| {
        last_nodes = nodes;
        over_limit |= nodes >= max_nodes.min(recorded_max);
        !over_limit && ctx.progress(Progress::Search(Stats { expanded: nodes, ..Stats::default() }))
    };
    let nodes = match trace.as_deref_mut() {
        Some(trace) => backtrack_recorded(n, &columns, &mut visit, &mut progress, trace),
        None => backtrack(n, &columns, &mut visit, &mut progress),
    };
    ctx.keep_trace(trace);
    let Some(nodes) = nodes else {
        return stop(report, over_limit, last_nodes);
    };
    report.expanded = nodes;
    report.solved = all > 0;
    report.count = Some(all);
    report.count_up_to_symmetry = Some(unique);
    report.queens = first;
    report.solutions = listing.then_some(listed);
}

/// Whether a count is made by families of symmetric solutions (a whole board too big to list),
/// which records no trace.
fn counts_by_families(params: &QueensParams) -> bool {
    let n = params.n;
    params.first == (0..=n - 1) && n > LIST_UP_TO && n >= symmetry::MIN_N
}

/// Backtracking over a board small enough to list (or a range of first columns) records its
/// placements; the genetic run makes one child an attempt; the rest is unrecorded.
pub fn work(link: &Link) -> Work {
    let (params, _) = QueensParams::from_link(link);
    match params.algo {
        Algo::Backtracking if counts_by_families(&params) => Work::Unrecorded(format!(
            "trace: queens backtracking records its placements up to n = {LIST_UP_TO} (n = {} is counted by families of symmetric boards, unrecorded)",
            params.n
        )),
        Algo::Backtracking => Work::Count,
        Algo::Genetic => Work::Genetic,
        other => Work::Unrecorded(super::records_no_trace(params::PUZZLE, Some(other.name()))),
    }
}

/// The first solution in column order, to show beside a count.
fn first_solution(n: usize) -> Option<Vec<[u32; 2]>> {
    let mut first = None;
    let columns: Vec<usize> = (0..n).collect();
    backtrack(
        n,
        &columns,
        &mut |solution| {
            first = Some(squares(solution));
            false
        },
        &mut |_| true,
    );
    first
}

fn permutations(params: &QueensParams, ctx: &mut JobContext, report: &mut Report) {
    let solutions = by_permutations(params.n, &mut |tried| {
        ctx.progress(Progress::Search(Stats { expanded: tried, ..Stats::default() }))
    });
    let Some(solutions) = solutions else {
        report.message = Some("cancelled".into());
        return;
    };
    report.solved = !solutions.is_empty();
    report.expanded = (1..=params.n as u64).product();
    report.count = Some(solutions.len() as u64);
    report.count_up_to_symmetry = Some(solutions.iter().filter(|s| is_canonical(s)).count() as u64);
    report.queens = solutions.first().map(|s| squares(s));
}

fn genetic(params: &QueensParams, ctx: &mut JobContext, report: &mut Report) {
    let genetics = QueenGenetics { n: params.n };
    let config = LinesConfig {
        patience: Some(128),
        crossover: true,
        max_attempts: GENETIC_MAX_ATTEMPTS.min(ctx.limits.max_generations),
    };
    // Each new best placement, for the page to replay.
    let mut improvements: Vec<Improvement> = Vec::new();
    let mut chart = RunChart::default();
    let result = evolve_lines(&genetics, config, &mut SeededRng::new(params.seed), &mut |g| {
        chart.record(g.generation, g.best, g.mean);
        if improvements.last().is_none_or(|last| g.best > last.fitness) {
            let genome = serde_json::json!(QueenGenetics::squares(&g.best_genome));
            improvements.push(Improvement {
                attempt: g.generation,
                fitness: g.best,
                genome,
                elapsed_ms: ctx.elapsed_ms(),
            });
        }
        ctx.progress_with(|| Progress::Evolution {
            generation: g.generation,
            best: g.best,
            mean: g.mean,
            best_genome: serde_json::json!(QueenGenetics::squares(&g.best_genome)),
        })
    });
    report.solved = result.solved;
    report.generations = Some(result.generations);
    report.improvements = Some(improvements);
    report.chart = Some(chart.into_points());
    if result.solved {
        report.queens = Some(QueenGenetics::squares(&result.best));
    } else {
        report.message = Some(match result.cancelled {
            true => "cancelled".into(),
            false => format!("no placement without attacks after {} generations", result.generations),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::search::Limits;

    fn run(text: &str) -> Report {
        let clock = || 0.0;
        let mut listener = |_: f64, _: &Progress| true;
        solve_link(
            &Link::parse(text).unwrap(),
            &mut JobContext::new(Limits::default(), &clock, &mut listener),
        )
        .unwrap()
    }

    #[test]
    fn halved_counts_equal_full_counts() {
        for n in [1, 5, 8, 9, 10, 11, 12] {
            let halved = run(&format!("#/queens?n={n}"));
            // Two plain counts over the two halves of the first row, added up.
            let split = n / 2;
            let parts: Vec<Report> = if n == 1 {
                vec![run("#/queens?n=1&first=0-0")]
            } else {
                vec![
                    run(&format!("#/queens?n={n}&first=0-{}", split - 1)),
                    run(&format!("#/queens?n={n}&first={split}-{}", n - 1)),
                ]
            };
            let sum = |f: fn(&Report) -> Option<u64>| parts.iter().map(|r| f(r).unwrap()).sum::<u64>();
            assert_eq!(halved.count, Some(sum(|r| r.count)), "n = {n}");
            assert_eq!(halved.count_up_to_symmetry, Some(sum(|r| r.count_up_to_symmetry)), "n = {n}");
        }
        let eight = run("#/queens?n=8");
        let whole = run("#/queens?n=14");
        let (params, _) = QueensParams::from_link(&Link::parse("#/queens?n=14").unwrap());
        for workers in [2, 3, 8] {
            let parts: Vec<Report> =
                split_count(&params, workers).unwrap().iter().map(|p| run(&p.to_link().to_hash())).collect();
            let merged = merge_counts(&params, &parts);
            assert_eq!(merged.count, Some(365_596), "OEIS A000170, {workers} workers");
            assert_eq!(merged.count_up_to_symmetry, whole.count_up_to_symmetry);
            assert!(merged.queens.is_some());
        }
        assert!(split_count(&params, 1).is_none(), "one worker shares nothing");
        assert_eq!((eight.count, eight.count_up_to_symmetry), (Some(92), Some(12)));
        assert_eq!(eight.solutions.map(|s| s.len()), Some(92), "small boards list every solution");
        // Knuth's count of the 8-queens backtrack tree: 2,057 nodes with the empty board.
        assert_eq!(eight.expanded, 2_056);
        assert!(run("#/queens?n=12").expanded > run("#/queens?n=11").expanded);
    }
}
