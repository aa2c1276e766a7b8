//! Races: two to four algorithms on the same puzzle, measured on one clock (`race=bfs,astar`
//! in a link, `clock=expanded` by default). Each lane is the puzzle's own solve of the link
//! with that algorithm (and that seed, with `seeds=`); the answer lists the lanes with the
//! clock's count at each one's end.

use crate::core::job::{JobContext, Report};
use crate::core::link::Link;
use serde::{Deserialize, Serialize};

pub const RACE_KEY: &str = "race";
pub const CLOCK_KEY: &str = "clock";
pub const SEEDS_KEY: &str = "seeds";

/// A lane stops when its clock passes this many units.
pub const LANE_LIMIT: u64 = 250_000;

/// Keys of a race link that are not the puzzle's (each lane's link drops them).
const RACE_KEYS: [&str; 7] = [RACE_KEY, CLOCK_KEY, SEEDS_KEY, "algo", "step", "view", "t"];

/// What the race's clock counts: every lane advances by the same number of these per tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    Expanded,
    Generated,
    /// Constraint solvers' guesses.
    Guesses,
    /// Genetic runs' generations (or attempts).
    Generations,
}

impl Clock {
    const ALL: [(&'static str, Clock); 4] = [
        ("expanded", Clock::Expanded),
        ("generated", Clock::Generated),
        ("guesses", Clock::Guesses),
        ("generations", Clock::Generations),
    ];

    fn parse(text: &str) -> Result<Clock, String> {
        Self::ALL.iter().find(|(name, _)| *name == text).map(|&(_, clock)| clock).ok_or_else(|| {
            format!("clock: must be expanded, generated, guesses or generations, got '{text}'")
        })
    }

    fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, clock)| *clock == self).map_or("expanded", |(name, _)| name)
    }

    /// The clock's count in a lane's report, if the lane's algorithm counts such units.
    fn units(self, report: &Report) -> Option<u64> {
        match self {
            Clock::Expanded => Some(report.expanded),
            Clock::Generated => Some(report.generated),
            Clock::Guesses => report.guesses.as_ref().map(|g| g.count()),
            Clock::Generations => report.generations,
        }
    }
}

/// One lane's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lane {
    pub algorithm: String,
    /// The seed of a lane of a seeded (genetic) run, from `seeds=`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub solved: bool,
    pub length: usize,
    pub optimal: bool,
    pub expanded: u64,
    pub generated: u64,
    pub peak_frontier: u64,
    /// The clock's count when the lane ended (solved, or shown to have no solution); `None`
    /// when it was stopped.
    pub finished_at: Option<u64>,
    /// Why the lane stopped short, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Wall time of the lane's run (not part of the race, which runs on the clock).
    pub elapsed_ms: f64,
}

/// Runs the race a link names: each lane's solve, and the answer listing them.
pub fn run(
    link: &Link,
    ctx: &mut JobContext,
    solve: impl Fn(&Link, &mut JobContext) -> Result<Report, String>,
) -> Result<Report, String> {
    let names: Vec<&str> = link.get(RACE_KEY).unwrap_or_default().split(',').collect();
    if !(2..=4).contains(&names.len()) || names.iter().any(|n| n.is_empty()) {
        return Err(format!(
            "race: must name 2 to 4 algorithms, separated by commas, got '{}'",
            link.get(RACE_KEY).unwrap_or_default()
        ));
    }
    let clock = Clock::parse(link.get(CLOCK_KEY).unwrap_or("expanded"))?;
    let seeds = match link.get(SEEDS_KEY) {
        None => None,
        Some(text) => Some(read_seeds(text, names.len())?),
    };
    let mut base = link.clone();
    // A lane's seed comes from `seeds=` when the race gives them.
    base.params.retain(|(key, _)| !RACE_KEYS.contains(&key.as_str()) && (key != "seed" || seeds.is_none()));
    let limits = ctx.limits;
    if matches!(clock, Clock::Expanded | Clock::Generated) {
        ctx.limits.max_expanded = ctx.limits.max_expanded.min(LANE_LIMIT);
    }
    let mut lanes = Vec::new();
    let mut canonical = String::new();
    for (i, name) in names.iter().enumerate() {
        let mut lane_link = base.clone().set("algo", name);
        if let Some(seeds) = &seeds {
            lane_link = lane_link.set("seed", seeds[i]);
        }
        let report = solve(&lane_link, ctx).map_err(|e| format!("race: lane {} ({name}): {e}", i + 1));
        let report = match report {
            Ok(report) => report,
            Err(e) => {
                ctx.limits = limits;
                return Err(e);
            }
        };
        canonical = report.link.clone();
        lanes.push(lane(&report, clock, seeds.as_ref().map(|s| s[i]))?);
    }
    ctx.limits = limits;
    let mut answer = Report::new(&link.puzzle, "race", race_link(&canonical, link, clock));
    answer.solved = lanes.iter().all(|l| l.solved);
    answer.elapsed_ms = lanes.iter().map(|l| l.elapsed_ms).sum();
    answer.clock = Some(clock.name().to_string());
    answer.race = Some(lanes);
    Ok(answer)
}

fn read_seeds(text: &str, lanes: usize) -> Result<Vec<u64>, String> {
    let seeds: Vec<u64> = text
        .split(',')
        .map(|s| s.parse().map_err(|_| format!("seeds: '{s}' is not a whole number from 0")))
        .collect::<Result<_, _>>()?;
    if seeds.len() != lanes {
        return Err(format!("seeds: gives {} seeds for {lanes} lanes", seeds.len()));
    }
    Ok(seeds)
}

fn lane(report: &Report, clock: Clock, seed: Option<u64>) -> Result<Lane, String> {
    let units = clock.units(report).ok_or_else(|| {
        format!("clock: {} counts no {} (pick another clock)", report.algorithm, clock.name())
    })?;
    let over = units > LANE_LIMIT;
    let stopped = match (&report.stopped, over) {
        (_, true) => Some(format!("passed {LANE_LIMIT} {}", clock.name())),
        (Some(word), false) => Some(word.clone()),
        (None, false) => None,
    };
    Ok(Lane {
        algorithm: report.algorithm.clone(),
        seed,
        solved: report.solved && !over,
        length: report.length,
        optimal: report.optimal,
        expanded: report.expanded,
        generated: report.generated,
        peak_frontier: report.peak_frontier,
        finished_at: stopped.is_none().then_some(units),
        stopped,
        elapsed_ms: report.elapsed_ms,
    })
}

/// The race's canonical link: the lanes' puzzle (canonical, without its `algo` and `seed`)
/// with the race's keys.
fn race_link(lane_link: &str, link: &Link, clock: Clock) -> String {
    let Ok(mut canonical) = Link::parse(lane_link) else { return lane_link.to_string() };
    canonical.params.retain(|(key, _)| key != "algo" && (key != "seed" || link.get(SEEDS_KEY).is_none()));
    let mut canonical = canonical.set(RACE_KEY, link.get(RACE_KEY).unwrap_or_default());
    if clock != Clock::Expanded {
        canonical = canonical.set(CLOCK_KEY, clock.name());
    }
    if let Some(seeds) = link.get(SEEDS_KEY) {
        canonical = canonical.set(SEEDS_KEY, seeds);
    }
    canonical.to_hash()
}
