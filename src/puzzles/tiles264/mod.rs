//! The Einstein "264" tile square, after the genetic-algorithm article in seed 000.

pub mod domain;
pub mod params;
pub mod solvers;

use crate::core::choice::Named;
use crate::core::evolve::{evolve_population, Evolved, Generation, PopulationConfig, RunChart};
use crate::core::history::History;
use crate::core::job::{format_count, Checkpoint, Improvement, JobContext, Progress, Report, SeedRun};
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::python_random::PythonRandom;
use crate::core::race::Work;
use crate::core::search::Limits;
use crate::core::seed::{SeededRng, MAX_SEED};
use domain::{check_solution, Layout};
use params::{Algo, RngKind, TilesParams};
use solvers::{all_solutions, canonical, TileGenetics};

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: params::PUZZLE,
    title: "The 264 square",
    summary: "Sixteen flippable tiles, every line 264: a seeded genetic algorithm next to an exact search.",
    keys: &[crate::core::keys::own(&["ArrowLeft", "ArrowRight"], "← →", "previous / next solution")],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<params::TilesParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("seed", &["0", "1", "7", "9007199254740991"]),
    ("population", &["10", "1000", "100000", "9", "100001"]),
    ("keep", &["1", "10", "50", "0", "51"]),
    ("flip", &["0", "0.5", "1", "1.5", "NaN"]),
    ("exchange", &["0", "0.95", "1", "-0.1"]),
    ("generations", &["1", "100000", "10000000", "10000001"]),
    ("runs", &["1", "5", "1000", "1001"]),
    ("rng", &["python", "chacha", "java"]),
    ("algo", &["genetic", "exact"]),
    ("shown", &["0", "1", "143", "1151", "1152"]),
    ("step", &["0", "1", "40", "131072"]),
];

/// One genetic run evolves a population; many runs (`runs=`) and the exact search are
/// worked out unrecorded.
pub fn work(link: &Link) -> Work {
    let (params, _) = TilesParams::from_link(link);
    match params.algo {
        Algo::Genetic if params.runs == 1 => Work::Genetic,
        _ => Work::Unrecorded(super::records_no_trace(params::PUZZLE, None)),
    }
}

/// Solves what a "264" link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = TilesParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    Ok(match params.algo {
        Algo::Genetic if params.runs > 1 => many_seeds(&params, ctx),
        Algo::Genetic => genetic(&params, ctx),
        Algo::Exact => exact(&params, ctx),
    })
}

fn layout_json(layout: &Layout) -> serde_json::Value {
    serde_json::json!(layout)
}

/// The article's run from `seed` on the chosen stream; `report` sees each generation and
/// may cancel.
fn run_seed(
    params: &TilesParams,
    seed: u64,
    limits: Limits,
    report: &mut dyn FnMut(&Generation<Layout>) -> bool,
) -> Evolved<Layout> {
    let genetics = TileGenetics { p_flip: params.p_flip, p_exchange: params.p_exchange };
    let config = PopulationConfig {
        size: params.population,
        keep: f64::from(params.keep_percent) / 100.0,
        max_generations: params.max_generations.min(limits.max_generations),
    };
    match params.rng {
        RngKind::ChaCha => evolve_population(&genetics, config, &mut SeededRng::new(seed), report),
        RngKind::Python => evolve_population(&genetics, config, &mut PythonRandom::new(seed), report),
    }
}

/// How often a run's state is logged, as the article prints it.
const CHECKPOINT_EVERY: u64 = 100;

/// Most checkpoints a report carries (the article's runs need about 110); longer runs keep
/// this many, evenly spread, so a report stays small however many generations are asked for.
pub const MAX_CHECKPOINTS: usize = 1_000;

fn genetic(params: &TilesParams, ctx: &mut JobContext) -> Report {
    let mut checkpoints = History::new(MAX_CHECKPOINTS);
    // Each generation whose best beats every earlier one, for the page to replay.
    let mut improvements: Vec<Improvement> = Vec::new();
    let mut chart = RunChart::default();
    let result = run_seed(params, params.seed, ctx.limits, &mut |g| {
        chart.record(g.generation, -g.best, -g.mean);
        if improvements.last().is_none_or(|last| -g.best < last.fitness) {
            let elapsed_ms = ctx.elapsed_ms();
            let genome = layout_json(&g.best_genome);
            improvements.push(Improvement { attempt: g.generation, fitness: -g.best, genome, elapsed_ms });
        }
        if g.generation.is_multiple_of(CHECKPOINT_EVERY) {
            let genome = layout_json(&g.best_genome);
            checkpoints.offer(Checkpoint { generation: g.generation, mean: -g.mean, best: -g.best, genome });
        }
        ctx.progress_with(|| Progress::Evolution {
            generation: g.generation,
            best: -g.best,
            mean: -g.mean,
            best_genome: layout_json(&g.best_genome),
        })
    });
    let mut report = Report::new(params::PUZZLE, Algo::Genetic.name(), params.to_link().to_hash());
    report.solved = result.solved && check_solution(&result.best).is_ok();
    report.generations = Some(result.generations);
    report.solution = Some(layout_json(&result.best));
    report.checkpoints = Some(checkpoints.into_samples());
    report.improvements = Some(improvements);
    report.chart = Some(chart.into_points());
    report.message = (!report.solved).then(|| match result.cancelled {
        true => "cancelled".to_string(),
        false => format!(
            "no perfect layout within {} generations; the best scores {:.4}",
            format_count(result.generations),
            -result.best_fitness
        ),
    });
    report
}

/// The seed of run `i` from `first`: the seeds after it, back to 0 past the largest, so that each
/// run's seed opens as a link of its own (and survives the page's JSON, exact to 2^53).
fn run_seed_number(first: u64, i: u64) -> u64 {
    (first + i) % (MAX_SEED + 1)
}

/// The same run over `runs` consecutive seeds: how often, and how fast, does it succeed?
fn many_seeds(params: &TilesParams, ctx: &mut JobContext) -> Report {
    let mut report = Report::new(params::PUZZLE, Algo::Genetic.name(), params.to_link().to_hash());
    let mut runs = Vec::new();
    for (i, seed) in (0..params.runs).map(|i| run_seed_number(params.seed, i)).enumerate() {
        let label = format!("Seed {seed} ({} of {})", i + 1, params.runs);
        let (done, total) = (i as u64, params.runs);
        let result = run_seed(params, seed, ctx.limits, &mut |_| {
            ctx.progress(Progress::Build { label: label.clone(), done, total })
        });
        if result.cancelled {
            report.message = Some("cancelled".into());
            return report;
        }
        let solved = result.solved && check_solution(&result.best).is_ok();
        runs.push(SeedRun { seed, solved, generations: result.generations });
    }
    let solved = runs.iter().filter(|r| r.solved).count();
    report.solved = solved > 0;
    report.message = Some(format!(
        "{solved} of {} seeds solved within {} generations",
        runs.len(),
        format_count(params.max_generations)
    ));
    report.runs = Some(runs);
    report
}

/// A run stopped by the job's limit on expanded positions, said as a search says it.
fn stop_at_limit(report: &mut Report, nodes: u64) {
    report.expanded = nodes;
    report.stopped = Some("nodes".into());
    report.message = Some(crate::core::search::StopReason::ExpansionLimit(nodes).explain());
}

fn exact(params: &TilesParams, ctx: &mut JobContext) -> Report {
    let mut report = Report::new(params::PUZZLE, Algo::Exact.name(), params.to_link().to_hash());
    // The search honours the job's limit on expanded positions (checked as it reports).
    let max_expanded = ctx.limits.max_expanded;
    let mut stopped_at = None;
    let solutions = all_solutions(&mut |nodes| {
        if nodes >= max_expanded {
            stopped_at = Some(nodes);
            return false;
        }
        ctx.progress(Progress::Search(crate::core::search::Stats { expanded: nodes, ..Default::default() }))
    });
    let Some((solutions, nodes)) = solutions else {
        match stopped_at {
            Some(nodes) => stop_at_limit(&mut report, nodes),
            None => report.message = Some("cancelled".into()),
        }
        return report;
    };
    report.expanded = nodes;
    report.solved = !solutions.is_empty();
    report.count = Some(solutions.len() as u64);
    let classes: Vec<&Layout> = solutions.iter().filter(|s| canonical(s) == **s).collect();
    report.count_up_to_symmetry = Some(classes.len() as u64);
    report.solution = classes.first().map(|s| layout_json(s));
    report.solutions = Some(classes.into_iter().map(layout_json).collect());
    report
}

#[cfg(test)]
mod tests {
    use crate::core::search::Limits;
    use crate::puzzles::{quietly, solve_link};

    #[test]
    fn many_runs_from_the_largest_seed_go_on_from_0() {
        let report =
            quietly(|ctx| solve_link("#/tiles264?runs=3&seed=9007199254740991&generations=2", ctx)).unwrap();
        let seeds: Vec<u64> = report.runs.unwrap().iter().map(|run| run.seed).collect();
        assert_eq!(seeds, [9_007_199_254_740_991, 0, 1]);
    }

    #[test]
    fn the_exact_search_stops_at_the_jobs_limit_and_says_so() {
        let report = quietly(|ctx| {
            ctx.limits = Limits { max_expanded: 1_000_000, ..Limits::default() };
            solve_link("#/tiles264?algo=exact", ctx)
        })
        .unwrap();
        assert!(!report.solved);
        assert_eq!(report.stopped.as_deref(), Some("nodes"));
        // Checked as the search reports its count: past the limit by at most one report.
        assert!((1_000_000..3_000_000).contains(&report.expanded), "{}", report.expanded);
    }
}
