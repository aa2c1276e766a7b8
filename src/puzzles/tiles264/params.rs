//! The "264" page's link (docs/links.md, "The 264 square"):
//! `#/tiles264?algo=genetic&seed=1&population=1000&keep=10&flip=0.5&exchange=0.95&generations=100000`.
//! Canonical links write every genetic parameter, so a run replays even if defaults change;
//! `runs=N` (written when above 1) runs seeds `seed … seed+N−1` (on from 0 past the largest)
//! and reports each;
//! `rng=python` (written when chosen) drives the run with CPython's stream instead of ChaCha8.

use crate::core::choice::Named;
use crate::core::evolve::{LINK_INDIVIDUALS, RUN_INDIVIDUALS};
use crate::core::format::format_count;
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::seed::MAX_SEED;

pub const PUZZLE: &str = "tiles264";

crate::named_enum! {
    /// The methods a 264-square link may name (`algo=`).
    pub enum Algo {
        Genetic = ("genetic", "Genetic algorithm: evolve a population"),
        Exact = ("exact", "Exact search: every solution"),
    }
}

/// Which random stream drives a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RngKind {
    /// Puzzle Lab's portable ChaCha8 stream.
    ChaCha,
    /// CPython's `random` (Mersenne Twister), to replay the article's own runs.
    Python,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TilesParams {
    pub rng: RngKind,
    pub algo: Algo,
    pub seed: u64,
    pub population: usize,
    /// Percentage of the population kept as parents (and replaced by fresh layouts).
    pub keep_percent: u32,
    pub p_flip: f64,
    pub p_exchange: f64,
    pub max_generations: u64,
    /// How many consecutive seeds to run, from `seed` on ("how reliable is this?").
    pub runs: u64,
    /// The page's view of an exact search: which solution class is on the board (1-based;
    /// 0 = the first).
    pub shown: usize,
    /// The step of the run's playback on the page (its improvements, one by one).
    pub step: usize,
}

/// Solution grids up to rotations and reflections: the largest `shown`.
pub const SOLUTION_CLASSES: usize = 144;

impl Default for TilesParams {
    fn default() -> Self {
        Self {
            rng: RngKind::ChaCha,
            algo: Algo::Genetic,
            seed: 1,
            population: 1000,
            keep_percent: 10,
            p_flip: 0.5,
            p_exchange: 0.95,
            max_generations: 100_000,
            runs: 1,
            shown: 0,
            step: 0,
        }
    }
}

impl LinkParams for TilesParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let d = Self::default();
        let mut r = ParamReader::new(link);
        let mut params = Self {
            rng: r.choice("rng", &[("chacha", RngKind::ChaCha), ("python", RngKind::Python)], d.rng),
            algo: r.named("algo", d.algo),
            seed: r.number("seed", 0..=MAX_SEED, d.seed),
            population: r.number("population", 10..=100_000, d.population),
            keep_percent: r.number("keep", 1..=50, d.keep_percent),
            p_flip: r.decimal("flip", 0.0..=1.0, d.p_flip),
            p_exchange: r.decimal("exchange", 0.0..=1.0, d.p_exchange),
            max_generations: r.number("generations", 1..=10_000_000, d.max_generations),
            runs: r.number("runs", 1..=1000, d.runs),
            shown: r.number("shown", 0..=SOLUTION_CLASSES, d.shown),
            step: r.step(),
        };
        if params.algo == Algo::Genetic {
            bound_the_work(&mut params, link, &mut r);
        }
        (params, r.finish())
    }

    fn to_link(&self) -> Link {
        let link = Link::new(PUZZLE)
            .with("algo", self.algo.name())
            .with("seed", self.seed)
            .with("population", self.population)
            .with("keep", self.keep_percent)
            .with("flip", self.p_flip)
            .with("exchange", self.p_exchange)
            .with("generations", self.max_generations);
        let mut link = if self.rng == RngKind::Python { link.with("rng", "python") } else { link };
        if self.runs > 1 {
            link = link.with("runs", self.runs);
        }
        if self.algo == Algo::Exact && self.shown > 0 {
            link = link.with("shown", self.shown);
        }
        if self.step > 0 {
            link = link.with("step", self.step);
        }
        link
    }
}

/// Refuses a genetic run bigger than its budgets ([`RUN_INDIVIDUALS`] a run, as a race's lane
/// has, and [`LINK_INDIVIDUALS`] for all the runs), before any work; the sizes fall back to the
/// defaults, which fit.
fn bound_the_work(p: &mut TilesParams, link: &Link, r: &mut ParamReader) {
    let d = TilesParams::default();
    let per_run = p.population as u64 * p.max_generations;
    if per_run > RUN_INDIVIDUALS {
        let key = ["generations", "population"]
            .into_iter()
            .find(|key| link.get(key).is_some())
            .unwrap_or("generations");
        r.reject(
            key,
            format!(
                "{} generations of {} individuals make {}, past a run's budget of {} (generations × population): \
                 ask for fewer generations or a smaller population",
                format_count(p.max_generations),
                format_count(p.population as u64),
                format_count(per_run),
                format_count(RUN_INDIVIDUALS)
            ),
        );
        (p.population, p.max_generations) = (d.population, d.max_generations);
    }
    let per_run = p.population as u64 * p.max_generations;
    let all = p.runs.saturating_mul(per_run);
    if all > LINK_INDIVIDUALS {
        r.reject(
            "runs",
            format!(
                "{} runs of up to {} individuals make {}, past a link's budget of {}: ask for at most {} runs",
                p.runs,
                format_count(per_run),
                format_count(all),
                format_count(LINK_INDIVIDUALS),
                LINK_INDIVIDUALS / per_run
            ),
        );
        p.runs = d.runs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_round_trip_with_every_parameter_written() {
        let (p, errors) = TilesParams::from_link(&Link::parse("#/tiles264").unwrap());
        assert!(errors.is_empty());
        let hash = p.to_link().to_hash();
        assert_eq!(
            hash,
            "#/tiles264?algo=genetic&seed=1&population=1000&keep=10&flip=0.5&exchange=0.95&generations=100000"
        );
        assert_eq!(TilesParams::from_link(&Link::parse(&hash).unwrap()).0, p);
    }

    #[test]
    fn the_solution_shown_is_kept_for_the_exact_search() {
        let read = |text: &str| TilesParams::from_link(&Link::parse(text).unwrap());
        let (p, errors) = read("#/tiles264?algo=exact&shown=7");
        assert!(errors.is_empty());
        assert_eq!(p.shown, 7);
        assert_eq!(p.to_link().get("shown"), Some("7"));
        assert_eq!(read("#/tiles264?algo=genetic&shown=7").0.to_link().get("shown"), None);
        assert_eq!(read("#/tiles264?algo=exact&shown=145").1[0].field, "shown");
    }

    #[test]
    fn many_seeds_are_written_only_when_asked_for() {
        let link = Link::parse("#/tiles264?runs=20&seed=5").unwrap();
        let (p, _) = TilesParams::from_link(&link);
        assert_eq!(p.runs, 20);
        assert!(p.to_link().to_hash().ends_with("&generations=100000&runs=20"));
        let (p, errors) =
            TilesParams::from_link(&Link::parse("#/tiles264?seed=1690419104&rng=python").unwrap());
        assert!(errors.is_empty());
        assert_eq!(p.rng, RngKind::Python);
        assert!(p.to_link().to_hash().ends_with("&generations=100000&rng=python"));
    }

    #[test]
    fn bad_values_are_named() {
        let (p, errors) =
            TilesParams::from_link(&Link::parse("#/tiles264?flip=2&population=3&algo=exact").unwrap());
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["population", "flip"]);
        assert_eq!((p.algo, p.p_flip, p.population), (Algo::Exact, 0.5, 1000));
    }
}
