//! Races: two to four algorithms on the same puzzle, measured on one clock (`race=bfs,astar`
//! in a link, `clock=expanded` by default). Each lane is the puzzle's own solve of the link
//! with that algorithm (and that seed, with `seeds=`); the answer lists the lanes with the
//! clock's count at each one's end.

use crate::core::format::html_text as text;
use crate::core::job::{format_count, JobContext, Report};
use crate::core::link::Link;
use crate::core::replay::{Frame, Pictures, Replay, Seek, Summary, SNAPSHOT_BUDGET};
use crate::core::search::Limits;
use crate::core::trace::{Event, Trace};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

pub use crate::core::link::{CLOCK_KEY, RACE_KEY, SEEDS_KEY};

/// A lane stops when its clock passes this many units.
pub const LANE_LIMIT: u64 = 250_000;
/// A lane that ran for less than this runs a second time, so that its time is its own work
/// and not the warm-up of whatever ran first.
const RUN_AGAIN_BELOW_MS: f64 = 200.0;

/// What a solver does as it works, read from its link alone so that a race or a trace it
/// cannot give is refused before any work: the clocks it counts, and whether it records the
/// search step by step (`trace=1`, the Search view).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// A search: it expands and generates positions, recorded event by event.
    Search,
    /// A constraint solver: it propagates and guesses (its guesses count as expanded nodes),
    /// recorded event by event.
    Constraint,
    /// A count by backtracking, recorded placement by placement; its nodes are none of a
    /// race's clocks.
    Count,
    /// A genetic run (its size bounded by its link's reader); it records no trace.
    Genetic,
    /// Worked out without a search to show or race; says why, for `trace=1`.
    Unrecorded(String),
}

impl Work {
    /// Whether a race may run this solver on `clock`.
    fn counts(&self, clock: Clock) -> bool {
        matches!(
            (self, clock),
            (Work::Search, Clock::Expanded | Clock::Generated)
                | (Work::Constraint, Clock::Expanded | Clock::Guesses)
                | (Work::Genetic, Clock::Generations)
        )
    }

    /// The clocks it counts, in words, for a refusal.
    fn clocks(&self) -> &'static str {
        match self {
            Work::Search => "a search is raced on the positions it expands or generates (clock=expanded or clock=generated)",
            Work::Constraint => "a constraint solver is raced on its guesses (clock=guesses) or clock=expanded",
            Work::Genetic => "a genetic run is raced on its generations (clock=generations, each lane with its seed: seeds=1,2)",
            Work::Count => "a count by backtracking is not raced (its nodes are the queens it places): solve it on its own",
            Work::Unrecorded(_) => "it finds its answer without a search to replay, so it is not raced: solve it on its own",
        }
    }
}

/// Whether a race (`link`) may run a lane doing `work` on its clock, said before any lane
/// runs: the clock must be one the lane counts (a genetic lane's size is bounded by its link's
/// reader, as any run's). A refusal names a key the link has.
pub fn check_lane(link: &Link, index: usize, name: &str, work: &Work, clock: Clock) -> Result<(), String> {
    let lane = format!("lane {} ({name})", index + 1);
    if !work.counts(clock) {
        let key = if link.get(CLOCK_KEY).is_some() { CLOCK_KEY } else { RACE_KEY };
        return Err(format!(
            "{key}: {lane} does not count {} (the race's clock): {}",
            clock.name(),
            work.clocks()
        ));
    }
    Ok(())
}

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

    pub fn parse(text: &str) -> Result<Clock, String> {
        Self::ALL.iter().find(|(name, _)| *name == text).map(|&(_, clock)| clock).ok_or_else(|| {
            format!("clock: must be expanded, generated, guesses or generations, got '{text}'")
        })
    }

    pub fn name(self) -> &'static str {
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

/// A race's clock and its lanes: each one's algorithm, link and seed.
pub struct Lanes {
    pub clock: Clock,
    pub lanes: Vec<(String, Link, Option<u64>)>,
}

/// Reads the race a link names.
pub fn lanes(link: &Link) -> Result<Lanes, String> {
    let race = link.get(RACE_KEY).unwrap_or_default();
    let names: Vec<&str> = race.split(',').collect();
    if !(2..=4).contains(&names.len()) || names.iter().any(|n| n.is_empty()) {
        return Err(format!("race: must name 2 to 4 algorithms, separated by commas, got '{race}'"));
    }
    let clock = Clock::parse(link.get(CLOCK_KEY).unwrap_or("expanded"))?;
    let seeds = match link.get(SEEDS_KEY) {
        None => None,
        // Every lane starts from one position: a seed may vary only what a genetic run draws.
        Some(_) if clock != Clock::Generations => {
            return Err(format!(
                "seeds: only genetic runs draw from their seed as they go: race them with clock=generations \
                 (the lanes of a race on {} all start from the link's one position)",
                clock.name()
            ))
        }
        Some(text) => Some(read_seeds(text, names.len())?),
    };
    for (i, name) in names.iter().enumerate() {
        let seed = |k: usize| seeds.as_ref().map(|s| s[k]);
        if let Some(first) = (0..i).find(|&k| names[k] == *name && seed(k) == seed(i)) {
            return Err(format!(
                "race: lane {} repeats lane {} ({name}){}",
                i + 1,
                first + 1,
                if seeds.is_some() {
                    " with the same seed"
                } else {
                    "; give each lane its seed with seeds= to race a genetic run against itself"
                }
            ));
        }
    }
    let mut base = link.clone();
    // A lane's seed comes from `seeds=` when the race gives them.
    base.params.retain(|(key, _)| !RACE_KEYS.contains(&key.as_str()) && (key != "seed" || seeds.is_none()));
    let lanes = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let seed = seeds.as_ref().map(|s| s[i]);
            let lane_link = base.clone().set("algo", name);
            let lane_link = if let Some(seed) = seed { lane_link.set("seed", seed) } else { lane_link };
            (name.to_string(), lane_link, seed)
        })
        .collect();
    Ok(Lanes { clock, lanes })
}

/// Runs the race a link names: each lane's solve, and the answer listing them.
pub fn run(link: &Link, ctx: &mut JobContext, solve: Solve) -> Result<Report, String> {
    let (results, clock) = solve_lanes(link, ctx, solve)?;
    let canonical = results.last().map(|(_, report)| report.link.clone()).unwrap_or_default();
    let lanes: Vec<Lane> = results.into_iter().map(|(lane, _)| lane).collect();
    let mut answer = Report::new(&link.puzzle, "race", race_link(&canonical, link, clock));
    answer.solved = lanes.iter().all(|l| l.solved);
    answer.elapsed_ms = lanes.iter().map(|l| l.elapsed_ms).sum();
    answer.clock = Some(clock.name().to_string());
    answer.race = Some(lanes);
    Ok(answer)
}

/// How a lane's search is recorded (the registry's traced solve of one link).
pub type Record = fn(&Link, &mut JobContext) -> Result<(Report, Trace), String>;

/// How a lane is solved (the registry's solve of one link).
pub type Solve = fn(&Link, &mut JobContext) -> Result<Report, String>;

/// A lane's limits: it stops once its clock passes [`LANE_LIMIT`], whatever the clock counts
/// (constraint solvers count their guesses as expanded nodes).
fn lane_limits(limits: Limits, clock: Clock) -> Limits {
    match clock {
        Clock::Expanded | Clock::Guesses => {
            Limits { max_expanded: limits.max_expanded.min(LANE_LIMIT), ..limits }
        }
        Clock::Generated => Limits { max_generated: limits.max_generated.min(LANE_LIMIT), ..limits },
        // One past the limit, so that a run the limit stopped is seen to have passed it.
        Clock::Generations => {
            Limits { max_generations: limits.max_generations.min(LANE_LIMIT + 1), ..limits }
        }
    }
}

/// Solves each lane under the clock's limit: its result and its report.
fn solve_lanes(
    link: &Link,
    ctx: &mut JobContext,
    solve: Solve,
) -> Result<(Vec<(Lane, Report)>, Clock), String> {
    let Lanes { clock, lanes } = lanes(link)?;
    let limits = ctx.limits;
    ctx.limits = lane_limits(limits, clock);
    let results = lanes
        .iter()
        .enumerate()
        .map(|(i, (name, lane_link, seed))| {
            let mut timed = || -> Result<Report, String> {
                // The context's clock runs from the first lane: each lane's time is its own.
                let before = ctx.elapsed_ms();
                let mut report =
                    solve(lane_link, ctx).map_err(|e| format!("race: lane {} ({name}): {e}", i + 1))?;
                report.elapsed_ms -= before;
                Ok(report)
            };
            let mut report = timed()?;
            // A short lane's first run also pays for the code and memory every lane uses (the
            // first lane's more than the others'): it runs again and keeps its faster time.
            if report.elapsed_ms < RUN_AGAIN_BELOW_MS {
                let again = timed()?;
                report.elapsed_ms = report.elapsed_ms.min(again.elapsed_ms);
            }
            Ok((lane(&report, clock, *seed)?, report))
        })
        .collect::<Result<Vec<_>, String>>();
    ctx.limits = limits;
    Ok((results?, clock))
}

/// A race ready to be shown at any tick of its clock (the page's race view, in the worker):
/// each lane's result from its own untraced run, and its search recorded to replay it.
pub struct RaceReplay {
    clock: Clock,
    lanes: Vec<RaceLane>,
}

struct RaceLane {
    result: Lane,
    /// The algorithm's name for students ("A* with Manhattan distance").
    name: String,
    progress: Progress,
    /// The clock's count where the lane ended, finished or stopped.
    units: u64,
    /// Its recorded search was cut short: it is replayed up to there.
    cut: bool,
}

/// How a lane stood at each tick.
enum Progress {
    /// A recorded search, and the moment just after each unit of the clock.
    Recorded { replay: Box<Replay>, after_unit: Vec<u32> },
    /// A genetic run: (attempt or generation, best fitness) at each improvement.
    Genetic { best: Vec<(u64, f64)> },
}

impl RaceReplay {
    /// Runs and records the race `link` names (`solve` for the times and results, `record`
    /// for the searches).
    pub fn record(
        link: &Link,
        ctx: &mut JobContext,
        (solve, record): (Solve, Record),
        pictures: impl Fn(&Link) -> Option<Pictures>,
    ) -> Result<Self, String> {
        let (results, clock) = solve_lanes(link, ctx, solve)?;
        let limits = ctx.limits;
        ctx.limits = lane_limits(limits, clock);
        let lanes = Self::record_lanes(ctx, results, clock, record, pictures);
        ctx.limits = limits;
        Ok(Self { clock, lanes: lanes? })
    }

    fn record_lanes(
        ctx: &mut JobContext,
        results: Vec<(Lane, Report)>,
        clock: Clock,
        record: Record,
        pictures: impl Fn(&Link) -> Option<Pictures>,
    ) -> Result<Vec<RaceLane>, String> {
        let mut lanes = Vec::new();
        // The lanes share one replay's budget of snapshots, so a race of four holds no more.
        let budget = SNAPSHOT_BUDGET / results.len().max(1);
        for (result, report) in results {
            // Each lane's report names the link it solved, in canonical form.
            let lane_link = Link::parse(&report.link).map_err(|e| e.to_string())?;
            let progress = match clock {
                Clock::Generations => Progress::Genetic { best: improvements(&report) },
                _ => {
                    let (_, trace) = record(&lane_link, ctx)?;
                    let after_unit = trace
                        .events
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| counts(clock, e))
                        .map(|(i, _)| i as u32 + 1)
                        .collect();
                    Progress::Recorded {
                        replay: Box::new(Replay::within(trace, budget).with_pictures(pictures(&lane_link))),
                        after_unit,
                    }
                }
            };
            let cut = matches!(&progress, Progress::Recorded { replay, .. } if replay.is_cut());
            let units = clock.units(&report).unwrap_or_default();
            let name = result.algorithm.clone();
            lanes.push(RaceLane { result, name, progress, units, cut });
        }
        Ok(lanes)
    }

    /// Names each lane's algorithm for students (`name` of its link word).
    pub fn name_lanes(mut self, name: impl Fn(&str) -> String) -> Self {
        for lane in &mut self.lanes {
            // Two lanes of one algorithm are told apart by their seeds.
            lane.name = match lane.result.seed {
                Some(seed) => format!("{} (seed {seed})", name(&lane.result.algorithm)),
                None => name(&lane.result.algorithm),
            };
        }
        self
    }

    /// The last tick: when the last lane ends.
    pub fn len(&self) -> u32 {
        self.lanes.iter().map(|l| l.end()).max().unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tick a step control leads to: one tick (event), a hundredth of the race
    /// (expansion), the next lane's end (layer), or either end.
    pub fn seek(&self, from: u32, seek: Seek) -> u32 {
        let len = self.len();
        let hundredth = (len / 100).max(1);
        let hundredths: Vec<u32> = (1..=len / hundredth).map(|k| k * hundredth).collect();
        let mut ends: Vec<u32> = self.lanes.iter().map(RaceLane::end).collect();
        ends.sort_unstable();
        seek.resolve(from, len, &hundredths, &ends)
    }

    /// The race at tick `t`: each lane's board, counters, progress and state.
    pub fn frame(&self, t: u32) -> Frame {
        let t = t.min(self.len());
        let unit = self.clock.name();
        let running = self.lanes.iter().filter(|l| l.end() > t).count();
        let at = format_count(u64::from(t));
        let said = match (running, self.winner(t)) {
            (0, Some(winner)) => format!("At {at} {unit}: every lane has ended. {winner}"),
            (0, None) => format!("At {at} {unit}: every lane has ended, none with a solution."),
            (n, Some(winner)) => {
                format!("At {at} {unit}: {winner} {n} of {} lanes still running.", self.lanes.len())
            }
            (n, None) => format!("At {at} {unit}: {n} of {} lanes still running.", self.lanes.len()),
        };
        // The bars' scale closes the sentence (a line of its own would push the lanes down).
        let widest = self.scale();
        let said = format!(
            "{said} A full bar: {} {unit}{}.",
            format_count(u64::from(widest)),
            if widest < self.len() { " (past it: an arrow)" } else { "" }
        );
        let mut markup = format!("<div class=\"lanes lanes-{}\">", self.lanes.len());
        for (i, lane) in self.lanes.iter().enumerate() {
            markup.push_str(&lane.draw(i, t, widest, self.clock));
        }
        markup.push_str("</div>");
        Frame { t, len: self.len(), said, path: Vec::new(), next: None, board: false, markup }
    }

    /// What a full bar stands for: the last finisher's work, so that lanes that finished are
    /// told apart however far a stopped lane went (which then runs off the scale).
    fn scale(&self) -> u32 {
        let finished = self.lanes.iter().filter(|l| l.result.finished_at.is_some()).map(RaceLane::end).max();
        finished.filter(|&end| end > 0).unwrap_or(self.len()).max(1)
    }

    /// Who won by tick `t`, in words, with how much more the others did: the first lane to
    /// finish with a solution ("astar finished first, at 149 expanded; bfs needed 93 times as
    /// many (13,892)"), or `None` while none has.
    fn winner(&self, t: u32) -> Option<String> {
        let unit = self.clock.name();
        let finished = |lane: &&RaceLane| lane.result.solved && lane.end() <= t;
        let first = self.lanes.iter().filter(finished).min_by_key(|lane| lane.end())?;
        if first.end() == 0 {
            // Nothing to compare: no lane had to work.
            return Some(format!("The start is already the goal: the race is over at 0 {unit}."));
        }
        let at = first.end();
        let mut words = format!("{} finished first, at {} {unit}", first.name, format_count(u64::from(at)));
        let others: Vec<String> = self
            .lanes
            .iter()
            .filter(finished)
            .filter(|lane| !std::ptr::eq(*lane, first))
            .map(|lane| {
                let times = f64::from(lane.end()) / f64::from(at);
                let times = match times >= 10.0 {
                    true => format_count(times.round() as u64),
                    false => format!("{times:.1}"),
                };
                format!(
                    "{} needed {times} times as many ({})",
                    lane.name,
                    format_count(u64::from(lane.end()))
                )
            })
            .collect();
        if !others.is_empty() {
            let _ = write!(words, "; {}", others.join(", "));
        }
        // Each stopped lane says where and why in its own box.
        let stopped: Vec<&str> = self
            .lanes
            .iter()
            .filter(|lane| lane.result.finished_at.is_none() && lane.end() <= t)
            .map(|lane| lane.name.as_str())
            .collect();
        if !stopped.is_empty() {
            let _ = write!(words, "; {} stopped without a solution", stopped.join(" and "));
        }
        words.push('.');
        Some(words)
    }

    /// Each lane's counters by tick, as CSV: every tick up to 1,000, then 1,000 ticks evenly.
    pub fn csv(&self) -> String {
        let len = self.len();
        let step = (len / 1_000).max(1);
        let ticks: Vec<u32> = (0..len).step_by(step as usize).chain([len]).collect();
        // Each lane's counters along the ticks, its replay walked forward once.
        let counters: Vec<Vec<Summary>> = self.lanes.iter().map(|lane| lane.counters_along(&ticks)).collect();
        let mut csv = String::from("tick,lane,algorithm,expanded,generated,frontier,guesses,ended\n");
        for (k, &t) in ticks.iter().enumerate() {
            for (i, lane) in self.lanes.iter().enumerate() {
                let s = &counters[i][k];
                let _ = writeln!(
                    csv,
                    "{t},{},{},{},{},{},{},{}",
                    i + 1,
                    lane.result.algorithm,
                    s.expanded,
                    s.generated,
                    s.frontier,
                    s.guesses,
                    lane.end() <= t
                );
            }
        }
        csv
    }
}

impl RaceLane {
    /// The tick the lane ends at: its finish, or where it stopped.
    fn end(&self) -> u32 {
        self.units.min(u64::from(u32::MAX)) as u32
    }

    /// The last tick its recording shows (a cut trace shows less than the lane did).
    fn recorded_to(&self) -> u32 {
        match &self.progress {
            Progress::Recorded { after_unit, .. } if self.cut => after_unit.len() as u32,
            _ => self.end(),
        }
    }

    /// The moment of its recording that tick `t` shows.
    /// (Its last unit shows the whole recording: a goal found after it is shown too.)
    fn moment(replay: &Replay, after_unit: &[u32], t: u32) -> u32 {
        match (t as usize).checked_sub(1).and_then(|i| after_unit.get(i)) {
            Some(&moment) if (t as usize) < after_unit.len() => moment,
            _ if t == 0 => 0,
            _ => replay.len(),
        }
    }

    fn summary(&self, t: u32) -> Summary {
        match &self.progress {
            Progress::Recorded { replay, after_unit } => replay.summary(Self::moment(replay, after_unit, t)),
            Progress::Genetic { .. } => Summary::default(),
        }
    }

    /// The counters at each of `ticks` (in order), without drawing a board.
    fn counters_along(&self, ticks: &[u32]) -> Vec<Summary> {
        match &self.progress {
            Progress::Recorded { replay, after_unit } => {
                let moments: Vec<u32> = ticks.iter().map(|&t| Self::moment(replay, after_unit, t)).collect();
                replay.counters_along(&moments)
            }
            Progress::Genetic { .. } => vec![Summary::default(); ticks.len()],
        }
    }

    fn draw(&self, index: usize, t: u32, widest: u32, clock: Clock) -> String {
        let end = self.end();
        let ended = t >= end;
        let mut html = format!(
            "<section class=\"lane{}\" aria-label=\"Lane {}: {}\"><h3>{} {}</h3>",
            if ended { " ended" } else { "" },
            index + 1,
            text(&self.name),
            index + 1,
            text(&self.name)
        );
        // Each counter with its name before it: "expanded 149 · generated 412 · …".
        let labelled = |counts: &[(&str, String)]| -> String {
            let items: Vec<String> =
                counts.iter().map(|(name, value)| format!("<span>{name} <b>{value}</b></span>")).collect();
            items.join(" · ")
        };
        let counts = match &self.progress {
            Progress::Genetic { best } => {
                let fitness = best.iter().take_while(|(at, _)| *at <= u64::from(t)).last().map(|(_, f)| *f);
                labelled(&[
                    (clock.name(), format_count(u64::from(t.min(end)))),
                    ("best fitness", fitness.map_or("—".to_string(), |f| format!("{f}"))),
                ])
            }
            Progress::Recorded { .. } => {
                let s = self.summary(t);
                if let Some(picture) = &s.picture {
                    html.push_str(picture);
                }
                // Past its recording the clock's own count follows the bar, the lane's own
                // results stand at its end, and what was not recorded is not made up.
                let past = self.cut && t > self.recorded_to();
                let done = format_count(u64::from(t.min(end)));
                let unknown = || "—".to_string();
                // A constraint solver keeps no frontier: its work is its guesses.
                if clock == Clock::Guesses {
                    let (guesses, back) = match past {
                        true => (done, unknown()),
                        false => (format_count(s.guesses), format_count(s.backtracks)),
                    };
                    let counts = labelled(&[("guesses", guesses), ("taken back", back)]);
                    return self.close(html, counts, t, widest, clock);
                }
                let r = &self.result;
                let (expanded, generated, frontier) = match (past, t >= end) {
                    (false, _) => (
                        format_count(s.expanded),
                        format_count(s.generated),
                        format!("{} (at most {})", format_count(s.frontier), format_count(s.peak)),
                    ),
                    (true, true) => (
                        format_count(r.expanded),
                        format_count(r.generated),
                        format!("at most {}", format_count(r.peak_frontier)),
                    ),
                    (true, false) if clock == Clock::Expanded => (done, unknown(), unknown()),
                    (true, false) => (unknown(), done, unknown()),
                };
                let mut counts =
                    vec![("expanded", expanded), ("generated", generated), ("in the frontier", frontier)];
                match (s.bound, s.depth) {
                    _ if past => {}
                    (Some(bound), _) => counts.push(("bound on f", bound.to_string())),
                    (None, Some(depth)) => counts.push(("depth", depth.to_string())),
                    (None, None) => {}
                }
                labelled(&counts)
            }
        };
        self.close(html, counts, t, widest, clock)
    }

    /// The lane's counters, progress bar, state and time, closing its section.
    fn close(&self, mut html: String, counts: String, t: u32, widest: u32, clock: Clock) -> String {
        let (r, end) = (&self.result, self.end());
        let ended = t >= end;
        let _ = write!(html, "<p class=\"lane-counts\">{counts}</p>");
        // Work to scale: a lane that did a hundredth of another's work has a hundredth of its bar.
        let done = t.min(end);
        let past = done > widest;
        let scale = |n: u32| f64::from(n.min(widest)) / f64::from(widest) * 100.0;
        let _ = write!(
            html,
            "<div class=\"lane-bar{}\" role=\"img\" aria-label=\"{} {}{}\"><div style=\"width: {:.1}%\"></div></div>",
            if past { " past" } else { "" },
            format_count(u64::from(done)),
            clock.name(),
            if past { ", past the bars' scale" } else { ", to scale" },
            scale(done)
        );
        let recorded_to = self.recorded_to();
        // Its replay keeps 250,000 events: the lane says where it ends, and that counters past
        // it show a dash (in few words: four lanes share a projector's screen).
        let replay_end = format!("its replay ends at {}", format_count(u64::from(recorded_to)));
        let state = match (ended, r.finished_at, &r.stopped) {
            (false, _, _) if t > recorded_to => format!("running; {replay_end}"),
            (false, _, _) => "running…".to_string(),
            (true, Some(at), _) if r.solved => {
                let shortest = if r.optimal { "shortest" } else { "not shown to be shortest" };
                // A constraint solver's moves are its steps, not a solution's length.
                let moves = match (r.length, clock) {
                    (0, _) | (_, Clock::Guesses) => ": solved".to_string(),
                    (length, _) => format!(": {length} moves, {shortest}"),
                };
                format!("done at {} {}{moves}", format_count(at), clock.name())
            }
            (true, Some(at), _) => format!("ended at {} {}: no solution", format_count(at), clock.name()),
            (true, None, why) => {
                // A lane that reached the race's limit was stopped by it, whatever the solver said.
                match u64::from(end) >= LANE_LIMIT {
                    true => {
                        format!("stopped by the race's limit ({} {})", format_count(LANE_LIMIT), clock.name())
                    }
                    false => {
                        let why = why.clone().unwrap_or_else(|| "limit".to_string());
                        format!("stopped at {} {}: {why}", format_count(u64::from(end)), clock.name())
                    }
                }
            }
        };
        let state = if ended && self.cut { format!("{state}; {replay_end}") } else { state };
        let _ = write!(
            html,
            "<p><span class=\"lane-state\" title=\"A recorded search keeps 250,000 events: past them its board and other counters stay where the recording ends\">{state}</span>"
        );
        // Its own time is a result: said once the lane has ended.
        if ended {
            let _ =
                write!(html, " <span class=\"lane-time\">· time on its own: {:.1} ms</span>", r.elapsed_ms);
        }
        html.push_str("</p></section>");
        html
    }
}

/// Whether an event is a unit of the clock (a constraint solver's guesses are its expanded
/// nodes).
fn counts(clock: Clock, event: &Event) -> bool {
    matches!(
        (clock, event),
        (Clock::Expanded, Event::Expand { .. } | Event::Guess { .. })
            | (Clock::Generated, Event::Generate { .. })
            | (Clock::Guesses, Event::Guess { .. })
    )
}

/// A genetic run's best fitness at each improvement (or checkpoint).
fn improvements(report: &Report) -> Vec<(u64, f64)> {
    match (&report.improvements, &report.checkpoints) {
        (Some(list), _) => list.iter().map(|i| (i.attempt, i.fitness)).collect(),
        (None, Some(list)) => list.iter().map(|c| (c.generation, c.best)).collect(),
        (None, None) => Vec::new(),
    }
}

fn read_seeds(text: &str, lanes: usize) -> Result<Vec<u64>, String> {
    let max = crate::core::seed::MAX_SEED;
    let seeds: Vec<u64> = text
        .split(',')
        .map(|s| {
            s.parse()
                .ok()
                .filter(|seed| *seed <= max)
                .ok_or_else(|| format!("seeds: '{s}' is not a whole number from 0 to {max}"))
        })
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
    // Stopped by the lane's limit: past it, or stopped at it.
    let over = units > LANE_LIMIT || (units == LANE_LIMIT && report.stopped.is_some());
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
