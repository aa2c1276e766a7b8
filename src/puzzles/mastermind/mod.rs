//! Mastermind (the slides of seed 001, "Mastermind-style games", ASPN recipe 496907): a
//! codebreaker probes a secret code, each probe scored (black, white); it keeps the codes
//! consistent with every score and a strategy picks the next probe. Games against one secret,
//! or tournaments over every secret (or a seeded sample).
//!
//! `#/mastermind?pegs=4&symbols=6&secret=3632&algo=knuth`: `repeats=0` forbids repeated
//! symbols; without `secret` the secret is drawn from `seed`; `breaker=you` is the page's game
//! where the student breaks it; `moves` lists probes already played; `tournament=all` (or a
//! sample size) plays every secret, `part=i&parts=k` one share of them.

pub mod code;
pub mod game;
pub mod strategy;

use crate::core::choice::Named;
use crate::core::format::{count_of, format_count};
use crate::core::job::{Guesses, JobContext, Progress, Report};
use crate::core::link::{describe_errors, Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use crate::core::search::Stats;
use crate::core::seed::{SeededRng, Stream, MAX_SEED};
use code::{Code, CodeSpace, Score, Variant, MAX_PEGS, MAX_SYMBOLS, MIN_PEGS, MIN_SYMBOLS, SCORES};
use game::{Probe, Share, Tally};
use serde::{Deserialize, Serialize};
pub use strategy::Algo;
use strategy::MAX_WHOLE_SPACE;

pub const PUZZLE: &str = "mastermind";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Mastermind",
    summary: "Break a secret code from black and white scores: random probes, Knuth's minimax and best-information strategies.",
    keys: &[
        crate::core::keys::own(crate::core::keys::DIGITS, "0–9", "type a symbol of your probe (1–9, or 0–9 with ten symbols)"),
        crate::core::keys::own(&["Enter"], "Enter", "make the probe (Enter on a focused button presses that button)"),
        crate::core::keys::own(&["Backspace"], "Backspace", "erase a symbol"),
        crate::core::keys::own(&["l"], "l", "list the codes still possible"),
    ],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<MastermindParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("pegs", &["2", "4", "6", "1", "7"]),
    ("symbols", &["2", "6", "10", "1", "11"]),
    ("repeats", &["0", "1", "2"]),
    ("secret", &["1122", "1234", "0000", "9999", "12", ""]),
    ("algo", &["allrand", "trynodup", "bestinfo", "samplebest", "knuth", "entropy", "expected", "parts"]),
    ("breaker", &["you", "computer", "me"]),
    ("moves", &["1122,3456", "1122", "7777"]),
    ("tournament", &["all", "1", "10", "50000", "50001", "0"]),
    ("part", &["0", "1", "7"]),
    ("parts", &["1", "2", "8", "65"]),
    ("seed", &["0", "1", "9007199254740991"]),
    ("step", &["0", "1", "5"]),
];

/// Most secrets a tournament plays (`tournament=all` on a larger space asks for a sample).
pub const MAX_TOURNAMENT: usize = 50_000;
/// Most shares a tournament is split into.
pub const MAX_PARTS: usize = 64;

crate::named_enum! {
    /// Who breaks the code on the page (`breaker=`).
    pub enum Breaker {
        Computer = ("computer", "The computer breaks your secret"),
        You = ("you", "You break the computer's secret"),
    }
}

/// The secrets a tournament plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Secrets {
    All,
    /// This many distinct secrets drawn with the seed.
    Sample(usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MastermindParams {
    pub variant: Variant,
    /// The secret the link names; otherwise it is drawn from the seed.
    pub secret: Option<Code>,
    pub breaker: Breaker,
    pub algo: Algo,
    pub seed: u64,
    /// Probes already played (by hand on the page).
    pub played: Vec<Code>,
    pub tournament: Option<Secrets>,
    /// Which share (1-based) of the tournament's secrets this is, of `parts`.
    pub part: usize,
    pub parts: usize,
    /// The probe shown while a solution plays back.
    pub step: usize,
}

impl Default for MastermindParams {
    fn default() -> Self {
        Self {
            variant: Variant::CLASSIC,
            secret: None,
            breaker: Breaker::Computer,
            algo: Algo::Knuth,
            seed: 1,
            played: Vec::new(),
            tournament: None,
            part: 1,
            parts: 1,
            step: 0,
        }
    }
}

impl MastermindParams {
    /// The secret: the link's, or the seed's draw.
    pub fn secret(&self) -> Code {
        self.secret.unwrap_or_else(|| secret_of_seed(self.variant, self.seed))
    }

    /// The secrets of the tournament, as indices of `space`.
    pub fn tournament_secrets(&self, space: &CodeSpace) -> Vec<usize> {
        match self.tournament {
            None => Vec::new(),
            Some(Secrets::All) => (0..space.len()).collect(),
            Some(Secrets::Sample(n)) => SeededRng::new(self.seed).sample(space.len(), n),
        }
    }
}

/// The secret a seed draws for a variant.
pub fn secret_of_seed(variant: Variant, seed: u64) -> Code {
    variant.code_at(SeededRng::new(seed).below(variant.size() as u64) as usize)
}

impl LinkParams for MastermindParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let defaults = Self::default();
        let pegs = r.number("pegs", MIN_PEGS..=MAX_PEGS, defaults.variant.pegs);
        let symbols = r.number("symbols", MIN_SYMBOLS..=MAX_SYMBOLS, defaults.variant.symbols);
        let repeats = r.number("repeats", 0..=1, 1u8) == 1;
        let mut variant = Variant { pegs, symbols, repeats };
        if variant.size() == 0 {
            r.reject("repeats", format!("without repeats, {pegs} pegs need at least {pegs} symbols"));
            variant.repeats = true;
        }
        let secret =
            r.raw("secret").and_then(|text| variant.parse(text).map_err(|why| r.reject("secret", why)).ok());
        let breaker = r.named("breaker", Breaker::Computer);
        let mut algo = r.named("algo", Algo::Knuth);
        if algo.searches_whole_space() && variant.size() > MAX_WHOLE_SPACE {
            r.reject(
                "algo",
                format!(
                    "{} scores all {} codes against every possibility for each probe: at most {} codes; use bestinfo or samplebest",
                    algo.short_label(),
                    format_count(variant.size() as u64),
                    format_count(MAX_WHOLE_SPACE as u64)
                ),
            );
            algo = Algo::SampleBest;
        }
        let seed = r.number("seed", 0..=MAX_SEED, 1);
        let target = secret.unwrap_or_else(|| secret_of_seed(variant, seed));
        let played = r.moves(
            "moves",
            false,
            |text| variant.parse(text),
            |&broken, guess| match broken {
                true => Err("the code was already broken".to_string()),
                false => Ok(*guess == target),
            },
        );
        let tournament = match r.raw("tournament") {
            None => None,
            Some("all") if variant.size() > MAX_TOURNAMENT => {
                r.reject(
                    "tournament",
                    format!(
                        "'all' would play {} secrets; ask for a sample of at most {} (tournament=1000)",
                        format_count(variant.size() as u64),
                        format_count(MAX_TOURNAMENT as u64)
                    ),
                );
                None
            }
            Some("all") => Some(Secrets::All),
            Some(_) => {
                let most = variant.size().min(MAX_TOURNAMENT);
                Some(Secrets::Sample(r.number("tournament", 1..=most, most.min(100))))
            }
        };
        let mut parts = r.number("parts", 1..=MAX_PARTS, 1);
        let mut part = r.number("part", 1..=parts, 1);
        if parts > 1 && tournament.is_none() {
            r.reject("parts", "shares a tournament's secrets: add tournament=all or a sample size");
            (part, parts) = (1, 1);
        }
        let mut step = r.step();
        if step > variant.size() {
            r.reject(
                "step",
                format!(
                    "must be a whole number from 0 to {} (a game has no more guesses than codes), got '{step}'",
                    variant.size()
                ),
            );
            step = 0;
        }
        let params = Self { variant, secret, breaker, algo, seed, played, tournament, part, parts, step };
        (params, r.finish())
    }

    fn to_link(&self) -> Link {
        let v = self.variant;
        let mut link = Link::new(PUZZLE).with("pegs", v.pegs).with("symbols", v.symbols);
        if !v.repeats {
            link = link.with("repeats", 0);
        }
        if let Some(secret) = &self.secret {
            link = link.with("secret", v.show(secret));
        }
        if self.breaker != Breaker::Computer {
            link = link.with("breaker", self.breaker.name());
        }
        link = link.with("algo", self.algo.name());
        if self.secret.is_none() || self.algo.is_random() || self.tournament.is_some() {
            link = link.with("seed", self.seed);
        }
        let played: Vec<String> = self.played.iter().map(|c| v.show(c)).collect();
        link = link.with_list("moves", &played);
        match self.tournament {
            None => {}
            Some(Secrets::All) => link = link.with("tournament", "all"),
            Some(Secrets::Sample(n)) => link = link.with("tournament", n),
        }
        if self.parts > 1 {
            link = link.with("part", self.part).with("parts", self.parts);
        }
        if self.step > 0 {
            link = link.with("step", self.step);
        }
        link
    }
}

/// A probe as reports list it (`guesses`): the code, its score, and what the codebreaker saw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProbeRecord {
    pub guess: String,
    /// [black, white].
    pub score: [usize; 2],
    /// Codes still possible before the probe and after its score.
    pub before: u64,
    pub after: u64,
    /// The probe could have been the secret.
    pub consistent: bool,
    /// Shannon information of the split (bits).
    pub information: f64,
    /// The largest group the split left (the worst case).
    pub worst: u64,
    /// The split: how many of the codes possible before give each score.
    pub split: Vec<ScoreCount>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreCount {
    pub score: [usize; 2],
    pub count: u64,
}

/// The split of possibilities by score, scores in increasing order (all black last).
pub fn split_of(parts: &[u32; SCORES]) -> Vec<ScoreCount> {
    (0..SCORES)
        .filter(|&i| parts[i] > 0)
        .map(|i| {
            let s = Score::from_index(i);
            ScoreCount { score: [s.black(), s.white()], count: u64::from(parts[i]) }
        })
        .collect()
}

impl ProbeRecord {
    fn of(space: &CodeSpace, probe: &Probe) -> Self {
        Self {
            guess: space.show(probe.guess),
            score: [probe.score.black(), probe.score.white()],
            before: probe.before as u64,
            after: probe.after as u64,
            consistent: probe.consistent,
            information: strategy::information(&probe.parts),
            worst: u64::from(probe.parts.iter().copied().max().unwrap_or(0)),
            split: split_of(&probe.parts),
        }
    }
}

/// Its solvers search nothing step by step: a trace or a race is refused.
pub fn work(_: &Link) -> Work {
    Work::Unrecorded(super::records_no_trace(PUZZLE, None))
}

/// Solves what a Mastermind link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = MastermindParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let mut report = Report::new(PUZZLE, params.algo.name(), params.to_link().to_hash());
    let space = CodeSpace::new(params.variant);
    if params.tournament.is_some() {
        run_tournament(&params, &space, ctx, &mut report);
    } else {
        run_game(&params, &space, ctx, &mut report);
    }
    Ok(report)
}

fn index(space: &CodeSpace, code: &Code) -> usize {
    space.index_of(code).expect("links hold codes of their own variant")
}

fn run_game(params: &MastermindParams, space: &CodeSpace, ctx: &mut JobContext, report: &mut Report) {
    let secret = index(space, &params.secret());
    let played: Vec<usize> = params.played.iter().map(|c| index(space, c)).collect();
    // The codes scored are the game's expanded nodes: the job's limit on them is honoured.
    let max_scored = ctx.limits.max_expanded;
    let mut over_limit = None;
    let mut keep_going = |scored: u64| {
        if scored >= max_scored {
            over_limit = Some(scored);
            return false;
        }
        ctx.progress(Progress::Search(Stats { expanded: scored, ..Stats::default() }))
    };
    report.solution = Some(serde_json::json!(space.show(secret)));
    let game = game::play(space, params.algo, secret, &played, params.seed, &mut keep_going);
    let Some(game) = game else {
        stop(report, over_limit);
        return;
    };
    report.expanded = game.scored;
    report.solved = true;
    report.length = game.probes.len();
    report.moves = game.probes.iter().map(|p| space.show(p.guess)).collect();
    let records = game.probes.iter().map(|p| serde_json::to_value(ProbeRecord::of(space, p)));
    report.guesses = Some(Guesses::Listed(records.map(|r| r.expect("a probe record is JSON")).collect()));
    let after = match played.len() {
        0 => String::new(),
        n => format!(" after your {}", count_of(n as u64, "probe", "probes")),
    };
    report.message = Some(match game.probes.len() {
        0 => "the code was already broken".into(),
        n => format!("broke {} in {}{after}", space.show(secret), count_of(n as u64, "probe", "probes")),
    });
}

/// A game or tournament that did not finish: stopped by the job's limit on codes scored (its
/// expanded nodes), or cancelled.
fn stop(report: &mut Report, over_limit: Option<u64>) {
    match over_limit {
        Some(scored) => {
            report.expanded = scored;
            report.stopped = Some("nodes".into());
            report.message =
                Some(format!("stopped after scoring {} codes (the limit)", format_count(scored)));
        }
        None => report.message = Some("cancelled".into()),
    }
}

/// Progress of a tournament: the histogram so far.
fn tally_progress(tally: &Tally) -> Progress {
    Progress::Tally {
        label: "Secrets broken".into(),
        done: tally.games(),
        total: tally.planned,
        histogram: tally.histogram.clone(),
    }
}

fn run_tournament(params: &MastermindParams, space: &CodeSpace, ctx: &mut JobContext, report: &mut Report) {
    let secrets = params.tournament_secrets(space);
    let max_scored = ctx.limits.max_expanded;
    let mut over_limit = None;
    let mut keep_going = |tally: &Tally| {
        if tally.scored >= max_scored {
            over_limit = Some(tally.scored);
            return false;
        }
        ctx.progress(tally_progress(tally))
    };
    let share = Share { part: params.part, parts: params.parts };
    let tally = game::tournament(space, params.algo, &secrets, params.seed, share, &mut keep_going);
    let Some(tally) = tally else {
        stop(report, over_limit);
        return;
    };
    report.expanded = tally.scored;
    report.solved = true;
    report.count = Some(tally.games());
    report.histogram = Some(tally.histogram.clone());
    report.total = Some(tally.total());
    report.average = Some(tally.total() as f64 / tally.games().max(1) as f64);
    report.worst = Some(tally.worst() as u64);
    report.message = Some(tournament_sentence(params.algo, tally.games(), tally.total(), tally.worst()));
}

/// "Knuth's rule broke 1,296 secrets with 5,801 probes: 4.476 on average, at most 5".
pub fn tournament_sentence(algo: Algo, games: u64, total: u64, worst: usize) -> String {
    format!(
        "{} broke {} with {}: {:.3} on average, at most {worst}",
        algo.short_label(),
        count_of(games, "secret", "secrets"),
        count_of(total, "probe", "probes"),
        total as f64 / games.max(1) as f64
    )
}

/// Puts the shares of a split tournament back together.
pub fn merge_tournament(algo: Algo, parts: &[Report]) -> Option<Report> {
    let first = parts.first()?;
    let mut link = Link::parse(&first.link).ok()?;
    link.params.retain(|(key, _)| key != "part" && key != "parts");
    // A share that stopped (the limit, a cancel) leaves the tournament unfinished: said as
    // such, with no average of the shares that did finish passed off as the whole.
    if let Some(i) = parts.iter().position(|part| part.histogram.is_none()) {
        let why = parts[i].message.clone().unwrap_or_else(|| "stopped".into());
        return Some(Report {
            link: link.to_hash(),
            solved: false,
            expanded: parts.iter().map(|p| p.expanded).sum(),
            stopped: parts[i].stopped.clone(),
            message: Some(format!(
                "not finished: share {} of {} {why}, so the tournament has no result",
                i + 1,
                parts.len()
            )),
            count: None,
            total: None,
            average: None,
            worst: None,
            histogram: None,
            ..first.clone()
        });
    }
    let mut histogram: Vec<u64> = Vec::new();
    for part in parts {
        for (k, &n) in part.histogram.as_ref()?.iter().enumerate() {
            if histogram.len() <= k {
                histogram.resize(k + 1, 0);
            }
            histogram[k] += n;
        }
    }
    let tally = Tally { histogram, scored: parts.iter().map(|p| p.expanded).sum(), planned: 0 };
    let (games, total) = (tally.games(), tally.total());
    Some(Report {
        link: link.to_hash(),
        expanded: tally.scored,
        count: Some(games),
        total: Some(total),
        average: Some(total as f64 / games.max(1) as f64),
        worst: Some(tally.worst() as u64),
        message: Some(tournament_sentence(algo, games, total, tally.worst())),
        histogram: Some(tally.histogram),
        ..first.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::solve_quietly as run;

    #[test]
    fn a_game_and_a_tournament_stop_at_the_jobs_limit_on_codes_scored() {
        for link in
            ["#/mastermind?pegs=4&symbols=6&secret=3632&algo=knuth", "#/mastermind?tournament=all&algo=knuth"]
        {
            let report = crate::puzzles::quietly(|ctx| {
                ctx.limits = crate::core::search::Limits { max_expanded: 10_000, ..Default::default() };
                crate::puzzles::solve_link(link, ctx)
            })
            .unwrap();
            assert!(!report.solved, "{link}");
            assert_eq!(report.stopped.as_deref(), Some("nodes"), "{link}");
            assert!(report.expanded >= 10_000, "{link}: {}", report.expanded);
        }
    }

    #[test]
    fn knuth_breaks_3632_from_1122() {
        let report = run("#/mastermind?pegs=4&symbols=6&secret=3632&algo=knuth").unwrap();
        assert!(report.solved);
        assert_eq!(report.moves[0], "1122");
        assert_eq!(report.moves.last().unwrap(), "3632");
        assert!(report.length <= 5);
        let Some(Guesses::Listed(probes)) = &report.guesses else { panic!("no probes listed") };
        let first: ProbeRecord = serde_json::from_value(probes[0].clone()).unwrap();
        assert_eq!((first.guess.as_str(), first.before, first.worst), ("1122", 1296, 256));
        assert_eq!(first.split.iter().map(|s| s.count).sum::<u64>(), 1296);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["guesses"][0]["guess"], "1122");
        assert!(json["guesses"][0]["score"].is_array());
    }

    #[test]
    fn knuth_tournament_totals_5801() {
        let report = run("#/mastermind?pegs=4&symbols=6&algo=knuth&tournament=all").unwrap();
        assert_eq!(report.histogram.as_deref(), Some(&[1, 6, 62, 533, 694][..]));
        assert_eq!((report.total, report.worst, report.count), (Some(5801), Some(5), Some(1296)));
        assert!((report.average.unwrap() - 4.476).abs() < 0.0005);
    }

    #[test]
    fn shares_of_a_tournament_add_up_to_the_whole() {
        let whole = run("#/mastermind?algo=bestinfo&tournament=200&seed=4").unwrap();
        let parts: Vec<Report> = (1..=3)
            .map(|i| {
                run(&format!("#/mastermind?algo=bestinfo&tournament=200&seed=4&part={i}&parts=3")).unwrap()
            })
            .collect();
        assert_eq!(parts.iter().map(|p| p.count.unwrap()).sum::<u64>(), 200);
        let merged = merge_tournament(Algo::BestInfo, &parts).unwrap();
        assert_eq!((merged.histogram, merged.total, merged.link), (whole.histogram, whole.total, whole.link));
        let parts: Vec<Report> = (1..=2)
            .map(|i| run(&format!("#/mastermind?algo=expected&tournament=all&part={i}&parts=2")).unwrap())
            .collect();
        assert_eq!(merge_tournament(Algo::Expected, &parts).unwrap().total, Some(5696));
    }

    #[test]
    fn a_tournament_with_a_stopped_share_is_said_unfinished_not_passed_off_as_whole() {
        let limited = |link: &str| {
            crate::puzzles::quietly(|ctx| {
                ctx.limits = crate::core::search::Limits { max_expanded: 1_000, ..Default::default() };
                crate::puzzles::solve_link(link, ctx)
            })
            .unwrap()
        };
        let finished = run("#/mastermind?algo=knuth&tournament=20&part=1&parts=2").unwrap();
        let stopped = limited("#/mastermind?algo=knuth&tournament=all&part=2&parts=2");
        assert_eq!(stopped.stopped.as_deref(), Some("nodes"));
        let merged = merge_tournament(Algo::Knuth, &[finished.clone(), stopped.clone()]).unwrap();
        assert!(!merged.solved);
        assert_eq!((merged.histogram, merged.average, merged.count), (None, None, None));
        assert_eq!(merged.expanded, finished.expanded + stopped.expanded);
        let message = merged.message.unwrap();
        assert!(message.starts_with("not finished: share 2 of 2 stopped after scoring"), "{message}");
    }

    #[test]
    fn links_round_trip() {
        for text in [
            "#/mastermind?pegs=4&symbols=6&secret=3632&algo=knuth",
            "#/mastermind?pegs=4&symbols=10&secret=4337&algo=allrand&seed=9",
            "#/mastermind?pegs=3&symbols=5&repeats=0&breaker=you&algo=entropy&seed=2&moves=123,345",
            "#/mastermind?pegs=4&symbols=6&algo=parts&seed=1&tournament=all&part=2&parts=4",
            "#/mastermind?pegs=5&symbols=8&algo=samplebest&seed=3&tournament=500&step=2",
        ] {
            let (p, errors) = MastermindParams::from_link(&Link::parse(text).unwrap());
            assert!(errors.is_empty(), "{text}: {errors:?}");
            assert_eq!(p.to_link().to_hash(), text);
        }
    }

    #[test]
    fn a_seed_draws_the_secret_when_the_link_has_none() {
        let a = run("#/mastermind?algo=allrand&seed=8").unwrap();
        assert_eq!(
            a,
            Report { elapsed_ms: a.elapsed_ms, ..run("#/mastermind?algo=allrand&seed=8").unwrap() }
        );
        let secret = a.solution.unwrap();
        assert_eq!(a.moves.last().map(|m| serde_json::json!(m)), Some(secret.clone()));
        assert!((9..20)
            .any(|seed| run(&format!("#/mastermind?seed={seed}")).unwrap().solution != Some(secret.clone())));
    }

    /// Pins a seeded game (random stream and entropy ties) so the browser test can check that
    /// the worker plays it the same.
    #[test]
    fn seeded_games_are_pinned() {
        let report = run("#/mastermind?pegs=4&symbols=10&algo=bestinfo&seed=5").unwrap();
        assert_eq!(report.moves, PINNED_BESTINFO_SEED_5);
        let tournament = run("#/mastermind?pegs=4&symbols=10&algo=samplebest&seed=5&tournament=300").unwrap();
        assert_eq!(tournament.histogram.unwrap(), PINNED_SAMPLEBEST_300);
    }

    pub const PINNED_BESTINFO_SEED_5: [&str; 6] = ["5846", "9056", "3745", "6741", "4145", "3643"];
    pub const PINNED_SAMPLEBEST_300: [u64; 9] = [0, 0, 4, 12, 94, 128, 53, 8, 1];

    #[test]
    fn played_probes_come_first() {
        let report = run("#/mastermind?secret=3632&algo=knuth&moves=1111,2222").unwrap();
        let Some(Guesses::Listed(probes)) = &report.guesses else { panic!() };
        let first: ProbeRecord = serde_json::from_value(probes[0].clone()).unwrap();
        assert!(first.before < 1296);
        assert!(report.message.unwrap().ends_with("after your 2 probes"));
        let broken = run("#/mastermind?secret=3632&moves=3632").unwrap();
        assert_eq!((broken.length, broken.message.as_deref()), (0, Some("the code was already broken")));
    }

    #[test]
    fn bad_links_are_refused_with_the_reason() {
        let err = run("#/mastermind?pegs=4&symbols=6&secret=12345").unwrap_err();
        assert_eq!(err, "secret: '12345' has 5 symbols; a code has 4");
        assert!(run("#/mastermind?secret=17").unwrap_err().contains("has 2 symbols"));
        assert!(run("#/mastermind?secret=1270")
            .unwrap_err()
            .contains("'7' in '1270' is not a symbol: use 1–6"));
        assert!(run("#/mastermind?repeats=0&secret=1123").unwrap_err().contains("repeats a symbol"));
        assert!(run("#/mastermind?pegs=5&symbols=4&repeats=0").unwrap_err().starts_with("repeats:"));
        assert!(run("#/mastermind?pegs=6&symbols=10&algo=knuth")
            .unwrap_err()
            .contains("use bestinfo or samplebest"));
        assert!(run("#/mastermind?pegs=6&symbols=10&algo=allrand&tournament=all")
            .unwrap_err()
            .contains("sample"));
        assert!(run("#/mastermind?secret=3632&moves=3632,1111").unwrap_err().contains("already broken"));
        assert!(run("#/mastermind?parts=2").unwrap_err().starts_with("parts:"));
        assert!(run("#/mastermind?pegs=7").unwrap_err().starts_with("pegs:"));
    }
}
