//! N queens on an n×n board, none attacking another: the permutation slide (seed 001), exact
//! counting, and the genetic algorithm of the article in seed 004.

pub mod params;
pub mod solvers;

use crate::core::choice::Named;
use crate::core::evolve::{evolve_lines, LinesConfig};
use crate::core::job::{JobContext, Progress, Report};
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::search::Stats;
use crate::core::seed::SeededRng;
use params::{Algo, QueensParams};
use solvers::{backtrack, by_permutations, is_canonical, QueenGenetics};

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: params::PUZZLE,
    title: "N queens",
    summary: "Queens that do not attack each other: permutations, backtracking and a genetic algorithm.",
    read_link: crate::core::link::canonical::<params::QueensParams>,
};

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
pub const SHARE_FROM_N: usize = 12;

/// Splits a whole-board count into parts for up to `workers` workers: ranges of the first
/// row's left half (their mirror images fill the right half, so [`merge_counts`] doubles
/// them) and the middle column of an odd board (counted once). Every family of solutions
/// has its smallest member in those columns, so the families simply add up. `None` when the
/// count is not worth sharing.
pub fn split_count(params: &QueensParams, workers: usize) -> Option<Vec<QueensParams>> {
    let n = params.n;
    let whole_row = params.first == (0..=n - 1);
    let workers = workers.min(n / 2);
    if params.algo != Algo::Backtracking || n < SHARE_FROM_N || !whole_row || workers < 2 {
        return None;
    }
    let half = n / 2;
    let mut ranges: Vec<(usize, usize)> =
        (0..workers).map(|w| (w * half / workers, (w + 1) * half / workers - 1)).collect();
    if n % 2 == 1 {
        ranges.push((half, half));
    }
    Some(ranges.into_iter().map(|(a, b)| QueensParams { first: a..=b, ..params.clone() }).collect())
}

/// The report of a whole-board count from the reports of its parts (see [`split_count`]).
pub fn merge_counts(params: &QueensParams, parts: &[Report]) -> Report {
    let mut report = Report::new(params::PUZZLE, params.algo.name(), params.to_link().to_hash());
    let (mut all, mut unique) = (0, 0);
    for part in parts {
        let first = Link::parse(&part.link).ok().map(|link| QueensParams::from_link(&link).0.first);
        let middle = params.n % 2 == 1 && first.is_some_and(|f| *f.start() == params.n / 2);
        all += if middle { 1 } else { 2 } * part.count.unwrap_or(0);
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

/// Counts by backtracking. Over the whole first row of a board too big to list, only its left
/// half (and the middle column) is searched and the mirror images are counted by doubling:
/// every family of solutions still has its smallest member there, so the count up to symmetry
/// is unchanged.
fn count(params: &QueensParams, ctx: &mut JobContext, report: &mut Report) {
    let n = params.n;
    let whole_row = params.first == (0..=n - 1);
    let listing = n <= LIST_UP_TO;
    let mut listed = Vec::new();
    let parts: Vec<(Vec<usize>, u64)> = if whole_row && n > 1 && !listing {
        let mut parts = vec![((0..n / 2).collect(), 2)];
        if n % 2 == 1 {
            parts.push((vec![n / 2], 1));
        }
        parts
    } else {
        vec![(params.first.clone().collect(), 1)]
    };
    let (mut all, mut unique, mut first) = (0u64, 0u64, None);
    for (columns, weight) in parts {
        let done_before = report.expanded;
        let nodes = backtrack(
            n,
            &columns,
            &mut |solution| {
                all += weight;
                unique += u64::from(is_canonical(solution));
                first.get_or_insert_with(|| squares(solution));
                if listing {
                    listed.push(serde_json::json!(squares(solution)));
                }
                true
            },
            &mut |nodes| {
                ctx.progress(Progress::Search(Stats { expanded: done_before + nodes, ..Stats::default() }))
            },
        );
        let Some(nodes) = nodes else {
            report.message = Some("cancelled".into());
            return;
        };
        report.expanded += nodes;
    }
    report.solved = all > 0;
    report.count = Some(all);
    report.count_up_to_symmetry = Some(unique);
    report.queens = first;
    report.solutions = listing.then_some(listed);
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
    let config = LinesConfig { patience: Some(128), crossover: true, max_attempts: GENETIC_MAX_ATTEMPTS };
    let result = evolve_lines(&genetics, config, &mut SeededRng::new(params.seed), &mut |g| {
        ctx.progress(Progress::Evolution {
            generation: g.generation,
            best: g.best,
            mean: g.mean,
            best_genome: serde_json::json!(QueenGenetics::squares(&g.best_genome)),
        })
    });
    report.solved = result.solved;
    report.generations = Some(result.generations);
    if result.solved {
        report.queens = Some(QueenGenetics::squares(&result.best));
    } else {
        report.message = Some(match result.cancelled {
            true => "cancelled".into(),
            false => format!("no placement without attacks after {} attempts", result.generations),
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
        let whole = run("#/queens?n=13");
        let (params, _) = QueensParams::from_link(&Link::parse("#/queens?n=13").unwrap());
        for workers in [2, 3, 8] {
            let parts: Vec<Report> =
                split_count(&params, workers).unwrap().iter().map(|p| run(&p.to_link().to_hash())).collect();
            let merged = merge_counts(&params, &parts);
            assert_eq!(merged.count, Some(73_712), "OEIS A000170, {workers} workers");
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
