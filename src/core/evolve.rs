//! Generic genetic algorithms. A puzzle describes its genomes through [`Genetic`]; two
//! classic loops evolve them, both seeded, cancellable and reporting progress:
//! - [`evolve_population`]: a population scored each generation; the best fraction is kept
//!   as parents, the next generation is mutated copies of parents drawn with replacement plus
//!   fresh random members (the "264" tile article's loop);
//! - [`evolve_lines`]: a best line and a second line that mutates (or borrows a gene from the
//!   best) while it improves and restarts after a run of failures (the N-queens article's loop;
//!   with no restarts it is the article's first, string-matching loop).

use crate::core::history::History;
use crate::core::job::ChartPoint;
use crate::core::seed::Stream;

/// What the engine needs to know about a puzzle's genomes.
pub trait Genetic {
    type Genome: Clone;

    fn random<R: Stream>(&self, rng: &mut R) -> Self::Genome;

    /// Higher is better; [`Genetic::target`] is perfect.
    fn fitness(&self, genome: &Self::Genome) -> f64;

    fn target(&self) -> f64;

    fn mutate<R: Stream>(&self, genome: &Self::Genome, rng: &mut R) -> Self::Genome;

    /// A child of `genome` taking something from `best` (default: a plain mutation).
    fn crossover<R: Stream>(&self, genome: &Self::Genome, _best: &Self::Genome, rng: &mut R) -> Self::Genome {
        self.mutate(genome, rng)
    }

    /// Whether a fitness is perfect (with room for floating-point rounding).
    fn is_perfect(&self, fitness: f64) -> bool {
        (fitness - self.target()).abs() <= 1e-9 * self.target().abs().max(1.0)
    }
}

/// One progress report: the generation (or attempt) count, the best and mean fitness, and
/// the best genome so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Generation<G> {
    pub generation: u64,
    pub best: f64,
    pub mean: f64,
    pub best_genome: G,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Evolved<G> {
    /// The best genome found, perfect when `solved`.
    pub best: G,
    pub best_fitness: f64,
    pub solved: bool,
    pub generations: u64,
    /// Why it stopped without a perfect genome: the generation limit, or a cancel.
    pub cancelled: bool,
}

/// Points a run's chart keeps, evenly spread, however long the run (and its last one).
pub const CHART_POINTS: usize = 256;

/// Most individuals one genetic run may make (generations × population), raced or not: a
/// link asking for more is refused by its reader (the default 264 run, 100,000 generations of
/// 1,000, is the largest allowed; about ten seconds).
pub const RUN_INDIVIDUALS: u64 = 100_000_000;

/// Most individuals all the runs of one link may make together (`runs=` of the 264 square).
pub const LINK_INDIVIDUALS: u64 = 10_000_000_000;

/// A run's chart, recorded by the run itself: every generation is offered and a fixed rule
/// keeps some (`core::history`), so the same seed draws the same chart on every machine at
/// every speed (the page's progress messages arrive as fast as the machine runs).
#[derive(Debug, Clone)]
pub struct RunChart {
    kept: History<ChartPoint>,
    last: Option<ChartPoint>,
}

impl Default for RunChart {
    fn default() -> Self {
        Self { kept: History::new(CHART_POINTS), last: None }
    }
}

impl RunChart {
    pub fn record(&mut self, generation: u64, best: f64, mean: f64) {
        let point = ChartPoint { generation, best, mean };
        self.kept.offer(point);
        self.last = Some(point);
    }

    /// The points kept, ending with the run's last generation.
    pub fn into_points(self) -> Vec<ChartPoint> {
        let mut points = self.kept.into_samples();
        if let Some(last) = self.last.filter(|last| points.last() != Some(last)) {
            points.push(last);
        }
        points
    }
}

/// Settings of the population loop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PopulationConfig {
    pub size: usize,
    /// Fraction of the population kept as parents (and replaced by fresh random members).
    pub keep: f64,
    pub max_generations: u64,
}

/// The population loop. `report` sees every generation and returns `false` to cancel.
pub fn evolve_population<P: Genetic, R: Stream>(
    problem: &P,
    config: PopulationConfig,
    rng: &mut R,
    report: &mut dyn FnMut(&Generation<P::Genome>) -> bool,
) -> Evolved<P::Genome> {
    let size = config.size.max(1);
    let keep = ((size as f64 * config.keep) as usize).clamp(1, size);
    let mut population: Vec<P::Genome> = (0..size).map(|_| problem.random(rng)).collect();
    // Buffers reused by every generation.
    let mut scores: Vec<f64> = Vec::with_capacity(size);
    let mut order: Vec<usize> = Vec::with_capacity(size);
    let mut parents: Vec<P::Genome> = Vec::with_capacity(keep);
    let mut picks: Vec<usize> = Vec::with_capacity(size);
    let mut keys: Vec<u128> = Vec::with_capacity(size);
    let mut generation = 1;
    loop {
        scores.clear();
        scores.extend(population.iter().map(|g| problem.fitness(g)));
        best_first(&scores, keep, &mut order, &mut keys);
        parents.clear();
        parents.extend(order[..keep].iter().map(|&i| population[i].clone()));
        let best = order[0];
        let mean = order[..keep].iter().map(|&i| scores[i]).sum::<f64>() / keep as f64;
        let summary =
            Generation { generation, best: scores[best], mean, best_genome: population[best].clone() };
        let go_on = report(&summary);
        let solved = problem.is_perfect(scores[best]);
        if solved || !go_on || generation >= config.max_generations {
            return Evolved {
                best: summary.best_genome,
                best_fitness: summary.best,
                solved,
                generations: generation,
                cancelled: !go_on && !solved,
            };
        }
        // Draw every parent first, then mutate each, then add fresh members (the article's order).
        picks.clear();
        picks.extend((0..size - keep).map(|_| rng.pick(keep)));
        population.clear();
        population.extend(picks.iter().map(|&p| problem.mutate(&parents[p], rng)));
        population.extend((0..keep).map(|_| problem.random(rng)));
        generation += 1;
    }
}

/// Fills `order` with the indices of the `keep` best scores, best first, ties in index order:
/// the first `keep` of a stable sort, found without sorting the rest. Each score becomes one
/// integer with its index in the low bits (`keys` is scratch space), so all keys differ and
/// the `keep` smallest are exactly the answer.
fn best_first(scores: &[f64], keep: usize, order: &mut Vec<usize>, keys: &mut Vec<u128>) {
    keys.clear();
    keys.extend(scores.iter().enumerate().map(|(i, &s)| u128::from(rank_key(s)) << 64 | i as u128));
    if keep < keys.len() {
        keys.select_nth_unstable(keep);
    }
    keys[..keep].sort_unstable();
    order.clear();
    order.extend(keys[..keep].iter().map(|&key| key as u64 as usize));
}

/// An integer that orders scores as [`f64::total_cmp`] does, reversed: the best is smallest.
fn rank_key(score: f64) -> u64 {
    let bits = score.to_bits();
    let ordered = bits ^ ((((bits as i64) >> 63) as u64) >> 1) ^ (1 << 63);
    !ordered
}

/// Settings of the lines loop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinesConfig {
    /// Failed attempts after which the second line restarts; `None`: a single line that only
    /// ever mutates the best.
    pub patience: Option<u32>,
    /// Whether the second line may borrow a gene from the best line (half of its attempts).
    pub crossover: bool,
    /// Most attempts (children made) in all.
    pub max_attempts: u64,
}

/// The lines loop. `report` sees every new best (its `generation` counts attempts so far) and
/// returns `false` to cancel; it is also called every 4096 attempts so a cancel is noticed.
pub fn evolve_lines<P: Genetic, R: Stream>(
    problem: &P,
    config: LinesConfig,
    rng: &mut R,
    report: &mut dyn FnMut(&Generation<P::Genome>) -> bool,
) -> Evolved<P::Genome> {
    let mut best = problem.random(rng);
    let mut best_fitness = problem.fitness(&best);
    let mut attempts = 0u64;
    let summary = |best: &P::Genome, fitness: f64, attempts: u64| Generation {
        generation: attempts,
        best: fitness,
        mean: fitness,
        best_genome: best.clone(),
    };
    let mut go_on = report(&summary(&best, best_fitness, attempts));
    while go_on && !problem.is_perfect(best_fitness) && attempts < config.max_attempts {
        let (mut line, mut line_fitness) = match config.patience {
            Some(_) => {
                let fresh = problem.random(rng);
                let fitness = problem.fitness(&fresh);
                (fresh, fitness)
            }
            None => (best.clone(), best_fitness),
        };
        let mut failures = 0u32;
        while config.patience.is_none_or(|p| failures < p) && attempts < config.max_attempts {
            let child = if config.crossover && rng.below(2) == 1 {
                problem.crossover(&line, &best, rng)
            } else {
                problem.mutate(&line, rng)
            };
            attempts += 1;
            let fitness = problem.fitness(&child);
            if fitness > line_fitness {
                (line, line_fitness) = (child, fitness);
                failures = 0;
                if config.patience.is_none() {
                    break;
                }
            } else {
                failures += 1;
            }
            if attempts.is_multiple_of(4096) && !report(&summary(&best, best_fitness, attempts)) {
                go_on = false;
                break;
            }
        }
        if line_fitness > best_fitness {
            (best, best_fitness) = (line, line_fitness);
            go_on = go_on && report(&summary(&best, best_fitness, attempts));
        }
    }
    let solved = problem.is_perfect(best_fitness);
    Evolved { best, best_fitness, solved, generations: attempts, cancelled: !go_on && !solved }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::seed::SeededRng;

    #[test]
    fn a_run_chart_keeps_a_fixed_spread_and_the_last_generation() {
        let chart = |generations: u64| {
            let mut chart = RunChart::default();
            (1..=generations).for_each(|g| chart.record(g, g as f64, 0.0));
            chart.into_points()
        };
        let short = chart(10);
        assert_eq!(short.iter().map(|p| p.generation).collect::<Vec<_>>(), (1..=10).collect::<Vec<_>>());
        let long = chart(1_000_003);
        assert!(long.len() <= CHART_POINTS + 1, "{}", long.len());
        assert!(long.len() > CHART_POINTS / 2, "{}", long.len());
        assert_eq!(long[0].generation, 1);
        assert_eq!(long.last().unwrap().generation, 1_000_003, "the end of the run is drawn");
        assert!(long.windows(2).all(|w| w[0].generation < w[1].generation));
        assert_eq!(long, chart(1_000_003), "a rule, not a clock");
    }

    #[test]
    fn best_first_agrees_with_a_stable_sort() {
        let mut rng = SeededRng::new(7);
        for keep in [1, 2, 3, 10, 49, 50] {
            // Few distinct values, so that ties are common.
            let mut scores: Vec<f64> = (0..50).map(|_| -(rng.below(6) as f64) / 3.0).collect();
            (scores[7], scores[9], scores[11]) = (0.0, -0.0, 2.5);
            let mut stable: Vec<usize> = (0..50).collect();
            stable.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
            let (mut order, mut keys) = (Vec::new(), Vec::new());
            best_first(&scores, keep, &mut order, &mut keys);
            assert_eq!(order, stable[..keep], "keep {keep}");
        }
    }

    /// Genomes are bit strings; fitness is the number of ones.
    struct OneMax(usize);

    impl Genetic for OneMax {
        type Genome = Vec<bool>;
        fn random<R: Stream>(&self, rng: &mut R) -> Vec<bool> {
            (0..self.0).map(|_| rng.chance(0.5)).collect()
        }
        fn fitness(&self, g: &Vec<bool>) -> f64 {
            g.iter().filter(|&&b| b).count() as f64
        }
        fn target(&self) -> f64 {
            self.0 as f64
        }
        fn mutate<R: Stream>(&self, g: &Vec<bool>, rng: &mut R) -> Vec<bool> {
            let mut child = g.clone();
            let i = rng.pick(g.len());
            child[i] = !child[i];
            child
        }
        fn crossover<R: Stream>(&self, g: &Vec<bool>, best: &Vec<bool>, rng: &mut R) -> Vec<bool> {
            let mut child = g.clone();
            let i = rng.pick(g.len());
            child[i] = best[i];
            child
        }
    }

    const POPULATION: PopulationConfig = PopulationConfig { size: 200, keep: 0.1, max_generations: 2000 };

    #[test]
    fn population_loop_solves_and_reports_every_generation() {
        let mut seen = Vec::new();
        let result = evolve_population(&OneMax(40), POPULATION, &mut SeededRng::new(1), &mut |g| {
            seen.push((g.generation, g.best, g.mean));
            true
        });
        assert!(result.solved && !result.cancelled);
        assert_eq!(result.best, vec![true; 40]);
        assert_eq!(seen.len() as u64, result.generations);
        assert!(seen.iter().all(|&(_, best, mean)| best >= mean));
        assert_eq!(seen.last().unwrap().1, 40.0);
    }

    #[test]
    fn same_seed_same_run() {
        let run = |seed| {
            let mut bests = Vec::new();
            let result = evolve_population(&OneMax(30), POPULATION, &mut SeededRng::new(seed), &mut |g| {
                bests.push(g.best_genome.clone());
                true
            });
            (result, bests)
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5).1, run(6).1);
    }

    #[test]
    fn cancel_and_generation_limit_stop_the_loops() {
        let result =
            evolve_population(&OneMax(400), POPULATION, &mut SeededRng::new(1), &mut |g| g.generation < 3);
        assert_eq!((result.generations, result.cancelled, result.solved), (3, true, false));
        let limited = PopulationConfig { max_generations: 2, ..POPULATION };
        let result = evolve_population(&OneMax(400), limited, &mut SeededRng::new(1), &mut |_| true);
        assert_eq!((result.generations, result.cancelled), (2, false));
        let config = LinesConfig { patience: Some(8), crossover: true, max_attempts: 10_000 };
        let result =
            evolve_lines(&OneMax(2000), config, &mut SeededRng::new(1), &mut |g| g.generation < 5000);
        assert!(result.cancelled && result.generations <= 8192);
    }

    #[test]
    fn lines_loop_solves_with_and_without_restarts() {
        for config in [
            LinesConfig { patience: Some(64), crossover: true, max_attempts: 1_000_000 },
            LinesConfig { patience: None, crossover: false, max_attempts: 1_000_000 },
        ] {
            let mut improvements = Vec::new();
            let result = evolve_lines(&OneMax(30), config, &mut SeededRng::new(3), &mut |g| {
                improvements.push(g.best);
                true
            });
            assert!(result.solved, "{config:?}");
            assert!(improvements.windows(2).all(|w| w[0] <= w[1]), "the best never gets worse");
        }
    }
}
