//! What the worker, the CLI and the pages exchange: a job (a link to solve), its progress and
//! its report. The report's JSON is a public contract (docs/cli.md): fields may be
//! added, never renamed.

pub use crate::core::format::{count_of, format_count, format_ms};

/// The note a first solve's report carries on what it built before solving, kept for the
/// session's later solves ("includes 3.7 s building the pattern databases, once per session").
pub fn built_once_note(label: &str, build_ms: f64) -> String {
    format!("includes {} building the {label}, once per session", format_ms(build_ms))
}
use crate::core::race::Lane;
use crate::core::replay::Frame;
use crate::core::search::{Control, Limits, Outcome, SearchResult, Stats};
use crate::core::trace::{Event, Layer, Trace};
use serde::{Deserialize, Deserializer, Serialize};

/// A number the worker wrote, read back with `null` as NaN: JSON has no NaN or infinity
/// (serde_json writes them as `null`), and one such number must not make the page drop the
/// whole message it came in.
fn number_or_nan<'de, D: Deserializer<'de>>(number: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(number)?.unwrap_or(f64::NAN))
}

/// The result of one solve, printed by `puzzlelab solve` and shown by the pages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub puzzle: String,
    pub algorithm: String,
    /// The canonical link of what was solved.
    pub link: String,
    pub solved: bool,
    /// Number of moves (0 when not solved).
    pub length: usize,
    pub moves: Vec<String>,
    pub expanded: u64,
    pub generated: u64,
    pub peak_frontier: u64,
    pub stored: u64,
    #[serde(deserialize_with = "number_or_nan")]
    pub elapsed_ms: f64,
    /// True when a solution was found by a method that guarantees the shortest one.
    #[serde(default)]
    pub optimal: bool,
    /// The shortest possible length, when the puzzle knows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal_length: Option<u64>,
    /// Why the run ended without a solution, or a note on how it was solved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Genetic runs: generations (or attempts) made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generations: Option<u64>,
    /// The solution in the puzzle's own terms (tiles: 16 numbers as placed; phrase: the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<serde_json::Value>,
    /// Exact searches that list what they found (e.g. one grid per symmetry class).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<serde_json::Value>>,
    /// N-queens: the queens' squares as `[row, col]`, 0-based.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queens: Option<Vec<[u32; 2]>>,
    /// N-queens with queens placed by hand (`placed=`): pairs of them attacking each other…
    /// (for the command line: the page judges its board itself)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip_deserializing))]
    pub placed_attacking_pairs: Option<u64>,
    /// …and whether they solve the board (n queens, none attacked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip_deserializing))]
    pub placed_solved: Option<bool>,
    /// Genetic runs that improve one line: every new best, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub improvements: Option<Vec<Improvement>>,
    /// Population runs: every 100th generation's mean and best score and best genome (the
    /// article's progress printout).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoints: Option<Vec<Checkpoint>>,
    /// Genetic runs: the best and mean score by generation (or attempt), as the page charts
    /// them (`core::evolve::RunChart`: every generation offered, at most 256 kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<Vec<ChartPoint>>,
    /// Runs over many seeds: each seed's outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<Vec<SeedRun>>,
    /// Counting runs: how many solutions there are…
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Benchmark sets (Sudoku `set=`): puzzles solved per second, timing the solving alone
    /// (pages show it in the message: the app is spared reading it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip_deserializing))]
    pub puzzles_per_s: Option<f64>,
    /// …and how many are left when those that are rotations or reflections of another are
    /// counted once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_up_to_symmetry: Option<u64>,
    /// Constraint solvers: what the search did (`core::constraint::Counters`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assignments: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminations: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guesses: Option<Guesses>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backtracks: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead_ends: Option<u64>,
    /// Alphametics: each solution written out as the equation with digits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equations: Option<Vec<String>>,
    /// Tournaments: `histogram[k]` games needed k + 1 guesses…
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub histogram: Option<Vec<u64>>,
    /// …guesses over all games, their mean, and the most any game needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worst: Option<u64>,
    /// Puzzles of the generic framework: distinct (canonical) positions reachable from the
    /// start (`explore=1`)…
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reachable: Option<u64>,
    /// …and how many different shortest solutions there are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortest_count: Option<u64>,
    /// Neural nets (Jets & Sharks): every unit's activation after the last cycle (the page
    /// draws its own cycles, so the app does not read these).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip_deserializing))]
    pub activations: Option<serde_json::Map<String, serde_json::Value>>,
    /// Classifiers (naive Bayes): `[category, score]`, best first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<(String, f64)>>,
    /// Why a search stopped without a solution, in a word (`StopReason::word`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// `trace=1`: every event of the search (`core::trace`), at most 250,000…
    /// (Pages do not read traces yet: the app is spared their reading code.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip_deserializing))]
    pub trace: Option<Vec<Event>>,
    /// …true when more happened than the trace keeps…
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace_cut: Option<bool>,
    /// …and the work per BFS layer or IDA* iteration, counted to the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip_deserializing))]
    pub trace_layers: Option<Vec<Layer>>,
    /// Races (`race=`): what the clock counts…
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip_deserializing))]
    pub clock: Option<String>,
    /// …and each lane's result (`core::race`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", serde(skip_deserializing))]
    pub race: Option<Vec<Lane>>,
}

/// Guesses as a report gives them: constraint solvers count theirs; codebreakers list each
/// probe (in the puzzle's own terms).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Guesses {
    Counted(u64),
    Listed(Vec<serde_json::Value>),
}

impl Guesses {
    pub fn count(&self) -> u64 {
        match self {
            Guesses::Counted(n) => *n,
            Guesses::Listed(probes) => probes.len() as u64,
        }
    }
}

/// A population run's state at one generation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub generation: u64,
    #[serde(deserialize_with = "number_or_nan")]
    pub mean: f64,
    #[serde(deserialize_with = "number_or_nan")]
    pub best: f64,
    pub genome: serde_json::Value,
}

/// One seed's genetic run, in a run over many seeds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeedRun {
    pub seed: u64,
    pub solved: bool,
    pub generations: u64,
}

/// One generation (or attempt) of a genetic run as its chart draws it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ChartPoint {
    pub generation: u64,
    #[serde(deserialize_with = "number_or_nan")]
    pub best: f64,
    #[serde(deserialize_with = "number_or_nan")]
    pub mean: f64,
}

/// A new best genome during a genetic run (the article's progress printout).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Improvement {
    /// Attempts (children made) so far; generations, for a population run.
    pub attempt: u64,
    #[serde(deserialize_with = "number_or_nan")]
    pub fitness: f64,
    pub genome: serde_json::Value,
    #[serde(deserialize_with = "number_or_nan")]
    pub elapsed_ms: f64,
}

impl Report {
    /// An empty report (not solved, no moves) for `link`, to be filled in.
    pub fn new(puzzle: &str, algorithm: &str, link: String) -> Self {
        Self {
            puzzle: puzzle.to_string(),
            algorithm: algorithm.to_string(),
            link,
            solved: false,
            length: 0,
            moves: Vec::new(),
            expanded: 0,
            generated: 0,
            peak_frontier: 0,
            stored: 0,
            elapsed_ms: 0.0,
            optimal: false,
            optimal_length: None,
            message: None,
            generations: None,
            solution: None,
            solutions: None,
            queens: None,
            placed_attacking_pairs: None,
            placed_solved: None,
            improvements: None,
            checkpoints: None,
            chart: None,
            runs: None,
            count: None,
            puzzles_per_s: None,
            count_up_to_symmetry: None,
            assignments: None,
            eliminations: None,
            guesses: None,
            backtracks: None,
            dead_ends: None,
            equations: None,
            histogram: None,
            total: None,
            average: None,
            worst: None,
            reachable: None,
            shortest_count: None,
            activations: None,
            scores: None,
            stopped: None,
            trace: None,
            trace_cut: None,
            trace_layers: None,
            clock: None,
            race: None,
        }
    }

    /// A report for `link` from a search result, moves written by `name`.
    pub fn from_search<M>(
        puzzle: &str,
        algorithm: &str,
        link: String,
        result: &SearchResult<M>,
        name: impl Fn(&M) -> String,
    ) -> Self {
        let (moves, message) = match &result.outcome {
            Outcome::Found(moves) => (moves.iter().map(name).collect::<Vec<_>>(), None),
            Outcome::Unreachable => (Vec::new(), Some("the goal cannot be reached".to_string())),
            Outcome::Stopped(reason) => (Vec::new(), Some(reason.explain())),
        };
        let solved = matches!(result.outcome, Outcome::Found(_));
        let stopped = match &result.outcome {
            Outcome::Stopped(reason) => Some(reason.word().to_string()),
            _ => None,
        };
        let Stats { expanded, generated, peak_frontier, stored, .. } = result.stats;
        Self {
            stopped,
            solved,
            length: if solved { moves.len() } else { 0 },
            moves,
            expanded,
            generated,
            peak_frontier,
            stored,
            message,
            ..Self::new(puzzle, algorithm, link)
        }
    }

    /// Puts a constraint search's counters in the report; its nodes are its guesses.
    pub fn set_counters(&mut self, c: &crate::core::constraint::Counters) {
        self.assignments = Some(c.assignments);
        self.eliminations = Some(c.eliminations);
        self.guesses = Some(Guesses::Counted(c.guesses));
        self.backtracks = Some(c.backtracks);
        self.dead_ends = Some(c.dead_ends);
        self.expanded = c.guesses;
    }

    /// How many guesses the solver made, when it counts them.
    pub fn guess_count(&self) -> Option<u64> {
        self.guesses.as_ref().map(Guesses::count)
    }

    /// Adds what to try instead to the message of a search that ran out of memory.
    pub fn advise_on_memory(&mut self, advice: &str) {
        if self.stopped.as_deref() == Some("memory") {
            if let Some(message) = &mut self.message {
                message.push_str("; ");
                message.push_str(advice);
            }
        }
    }

    /// Drops the list of moves when it is longer than `max` (the length stays).
    pub fn keep_moves_within(&mut self, max: Option<usize>) {
        if max.is_some_and(|max| self.moves.len() > max) {
            self.moves = Vec::new();
        }
    }

    /// One sentence for the status region: "Solved: 15 moves, 31 nodes expanded, 0.2 ms".
    pub fn summary(&self) -> String {
        let time = format_ms(self.elapsed_ms);
        if self.solved {
            format!(
                "Solved: {}, {}, {time}",
                count_of(self.length as u64, "move", "moves"),
                count_of(self.expanded, "node expanded", "nodes expanded")
            )
        } else {
            let why = self.message.as_deref().unwrap_or("no solution found");
            let expanded = count_of(self.expanded, "node expanded", "nodes expanded");
            format!("Not solved: {why}; {expanded}, {time}")
        }
    }
}

/// Live counters while a job runs. Tagged by an outer key, `{"search": {…}}`, as
/// [`FromWorker`] is: the page reads it without buffering (a smaller app than internal tags).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Progress {
    Search(Stats),
    /// A genetic run: generation, best and mean fitness, and the best genome in the puzzle's
    /// own terms.
    Evolution {
        generation: u64,
        #[serde(deserialize_with = "number_or_nan")]
        best: f64,
        #[serde(deserialize_with = "number_or_nan")]
        mean: f64,
        best_genome: serde_json::Value,
    },
    /// Preparing data before searching (e.g. pattern databases): `done` of `total` units.
    Build {
        label: String,
        done: u64,
        total: u64,
    },
    /// Many games (a tournament): `done` of `total` played, `histogram[k]` of them needed
    /// k + 1 guesses.
    Tally {
        label: String,
        done: u64,
        total: u64,
        histogram: Vec<u64>,
    },
}

/// Messages from a page to its worker. Each is a JSON string, except `SessionData`, which
/// travels as a two-element array: the JSON, then the bytes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToWorker {
    Solve {
        job: u32,
        link: String,
        /// Send the moves only when there are at most this many (the page cannot animate
        /// more, and a comparison needs none): a long solution is not copied for nothing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_moves: Option<usize>,
    },
    /// Data an earlier worker of this session built (e.g. pattern databases), to take over.
    SessionData { name: String },
    /// A shared cancel flag (travels as [JSON, SharedArrayBuffer], on cross-origin isolated
    /// pages): the page sets it to 1 and the job stops at its next progress report.
    CancelFlag,
    /// Draw the solution `moves`, played from the position of `link`, as an animated GIF
    /// (drawn in the worker, so the page's bundle does without the encoder).
    ExportGif { job: u32, link: String, moves: Vec<String> },
    /// The Search view: the moment of `link`'s recorded search that `seek` (see
    /// `core::replay::Seek::parse`) leads to from moment `t`. The worker records the search
    /// on the first request for a link and keeps it for the next ones.
    Frame { job: u32, link: String, seek: String, t: u32, predict: bool },
    /// A race's counters by tick, as a CSV file (answered as [`FromWorker::File`]).
    RaceCsv { job: u32, link: String },
    /// The puzzle `link` draws from its seed, made and written out (`puzzles::make_puzzle`),
    /// answered as [`FromWorker::Made`].
    MakePuzzle { job: u32, link: String },
    /// The address `link` as a QR code (`puzzles::qr_code`), answered as [`FromWorker::Made`].
    QrCode { job: u32, link: String },
    /// From a worker to a helper worker it started: build half `half` (0 or 1) of the session
    /// data `name` and send it back as [`FromWorker::Half`].
    BuildHalf { name: String, half: u8 },
}

/// Messages from the worker to its page, each a JSON object whose one key names it:
/// `{"done": {"job": 1, "report": {…}}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FromWorker {
    /// The worker has loaded and takes jobs. `release` names the build it came from (the id
    /// its loader was given, `None` for an unnamed build), so a page can refuse a worker of
    /// another release.
    Ready {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        release: Option<String>,
    },
    /// A job's progress. Job 0 is none of the page's: the worker's loader saying how much of
    /// the worker's code has arrived (`Progress::Build`), for whatever job waits for it.
    Progress {
        job: u32,
        #[serde(deserialize_with = "number_or_nan")]
        elapsed_ms: f64,
        progress: Progress,
    },
    Done {
        job: u32,
        report: Box<Report>,
    },
    /// The job could not run (bad link, internal error): the message says why.
    Failed {
        job: u32,
        error: String,
    },
    /// The solver panicked: the worker must be replaced before the next job.
    Crashed {
        job: u32,
        error: String,
    },
    /// Data built once per session, for the page to hand to later workers (with bytes, as
    /// for `ToWorker::SessionData`).
    SessionData {
        name: String,
    },
    /// A file the job made (an exported GIF), named for saving, with its bytes attached.
    File {
        job: u32,
        name: String,
    },
    /// A moment of a recorded search, for the Search view.
    Frame {
        job: u32,
        frame: Box<Frame>,
    },
    /// What [`ToWorker::MakePuzzle`] or [`ToWorker::QrCode`] asked for, as text: the puzzle
    /// written out, or the QR code's markup.
    Made {
        job: u32,
        text: String,
    },
    /// From a helper worker: the half of session data `ToWorker::BuildHalf` asked for, with
    /// its bytes attached.
    Half {
        name: String,
        half: u8,
    },
}

/// How often progress reaches the page: often enough to look live, rarely enough to cost
/// nothing next to the search.
pub const PROGRESS_INTERVAL_MS: f64 = 50.0;

/// What a running job may use from its host: a clock, a listener for progress (which may
/// answer `false` to cancel) and the search limits.
pub struct JobContext<'a> {
    pub limits: Limits,
    clock: &'a dyn Fn() -> f64,
    listener: &'a mut dyn FnMut(f64, &Progress) -> bool,
    started_ms: f64,
    last_report_ms: f64,
    /// The searches' events, when the link asks for them.
    trace: Option<Box<Trace>>,
}

impl<'a> JobContext<'a> {
    /// `clock` returns milliseconds from any fixed origin; `listener` receives the elapsed
    /// time and the live counters.
    pub fn new(
        limits: Limits,
        clock: &'a dyn Fn() -> f64,
        listener: &'a mut dyn FnMut(f64, &Progress) -> bool,
    ) -> Self {
        let started_ms = clock();
        Self { limits, clock, listener, started_ms, last_report_ms: f64::NEG_INFINITY, trace: None }
    }

    pub fn elapsed_ms(&self) -> f64 {
        (self.clock)() - self.started_ms
    }

    /// Passes progress on at most every [`PROGRESS_INTERVAL_MS`]; returns `false` to cancel.
    pub fn progress(&mut self, progress: Progress) -> bool {
        self.progress_with(|| progress)
    }

    /// As [`JobContext::progress`], building the progress only when it is passed on (for
    /// progress that costs to build, asked for in a hot loop).
    pub fn progress_with(&mut self, progress: impl FnOnce() -> Progress) -> bool {
        let elapsed = self.elapsed_ms();
        if elapsed - self.last_report_ms < PROGRESS_INTERVAL_MS {
            return true;
        }
        self.last_report_ms = elapsed;
        (self.listener)(elapsed, &progress())
    }

    /// Runs a search with this job's limits, streaming its counters as progress.
    pub fn search<R>(&mut self, run: impl FnOnce(&mut Control) -> R) -> R {
        let limits = self.limits;
        let trace = self.trace.take();
        let mut monitor = |stats: &Stats| self.progress(Progress::Search(*stats));
        let mut control = Control::new(limits, &mut monitor);
        control.trace = trace;
        let result = run(&mut control);
        let trace = control.trace.take();
        self.trace = trace;
        result
    }

    /// Asks the searches of this job to record their events (`trace=1`).
    pub fn record_trace(&mut self) {
        self.trace = Some(Box::default());
    }

    /// Gives back a trace taken with [`Self::take_trace`] to record into outside a search.
    pub fn keep_trace(&mut self, trace: Option<Box<Trace>>) {
        self.trace = trace;
    }

    /// The trace recorded, if one was asked for (a job of several searches records them all).
    pub fn take_trace(&mut self) -> Option<Box<Trace>> {
        self.trace.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::search::StopReason;

    #[test]
    fn a_number_written_as_null_reads_as_nan_not_as_a_broken_message() {
        let mut report = Report::new("queens", "genetic", "#/queens".into());
        report.elapsed_ms = f64::NAN;
        report.chart = Some(vec![ChartPoint { generation: 1, best: f64::INFINITY, mean: 2.0 }]);
        let json = serde_json::to_string(&report).unwrap();
        assert!(json.contains("\"elapsed_ms\":null"), "{json}");
        let read: Report = serde_json::from_str(&json).expect("a report with a null number still reads");
        assert!(read.elapsed_ms.is_nan());
        assert!(read.chart.unwrap()[0].best.is_nan());
    }

    #[test]
    fn summary_reads_as_a_sentence() {
        let result = SearchResult {
            outcome: Outcome::Found(vec![1, 2, 3]),
            stats: Stats { expanded: 31, ..Stats::default() },
        };
        let mut report = Report::from_search("t", "bfs", "#/t".into(), &result, |m| m.to_string());
        report.elapsed_ms = 0.24;
        assert_eq!(report.summary(), "Solved: 3 moves, 31 nodes expanded, 0.2 ms");
        assert_eq!(report.moves, ["1", "2", "3"]);
    }

    #[test]
    fn long_move_lists_are_dropped_but_the_length_stays() {
        let result = SearchResult { outcome: Outcome::Found(vec![1, 2, 3]), stats: Stats::default() };
        let mut report = Report::from_search("t", "bfs", "#/t".into(), &result, |m| m.to_string());
        report.keep_moves_within(Some(3));
        assert_eq!(report.moves.len(), 3);
        report.keep_moves_within(Some(2));
        assert!(report.moves.is_empty());
        assert_eq!((report.length, report.solved), (3, true));
    }

    #[test]
    fn stopped_search_explains_itself() {
        let result: SearchResult<u8> =
            SearchResult { outcome: Outcome::Stopped(StopReason::MemoryLimit(10)), stats: Stats::default() };
        let report = Report::from_search("t", "bfs", "#/t".into(), &result, |m| m.to_string());
        assert!(!report.solved);
        assert_eq!(report.length, 0);
        assert_eq!(report.stopped.as_deref(), Some("memory"));
        assert!(report.summary().contains("positions in memory"), "{}", report.summary());
    }

    #[test]
    fn messages_have_a_stable_json_shape() {
        let msg = ToWorker::Solve { job: 7, link: "#/hanoi".into(), max_moves: None };
        let json = serde_json::to_string(&msg).unwrap();
        assert_eq!(json, r##"{"type":"solve","job":7,"link":"#/hanoi"}"##);
        let back: ToWorker = serde_json::from_str(&json).unwrap();
        assert_eq!(back, msg);
        let capped = ToWorker::Solve { job: 7, link: "#/hanoi".into(), max_moves: Some(0) };
        let json = serde_json::to_string(&capped).unwrap();
        assert_eq!(json, r##"{"type":"solve","job":7,"link":"#/hanoi","max_moves":0}"##);
        let progress =
            FromWorker::Progress { job: 1, elapsed_ms: 2.0, progress: Progress::Search(Stats::default()) };
        let json = serde_json::to_string(&progress).unwrap();
        assert!(
            json.starts_with(r#"{"progress":{"job":1,"elapsed_ms":2.0,"progress":{"search":{"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<FromWorker>(&json).unwrap(), progress);
        let build = ToWorker::BuildHalf { name: "sliding-pdb".into(), half: 1 };
        let json = serde_json::to_string(&build).unwrap();
        assert_eq!(json, r#"{"type":"build_half","name":"sliding-pdb","half":1}"#);
        assert_eq!(serde_json::from_str::<ToWorker>(&json).unwrap(), build);
        let built = FromWorker::Half { name: "sliding-pdb".into(), half: 0 };
        let json = serde_json::to_string(&built).unwrap();
        assert_eq!(json, r#"{"half":{"name":"sliding-pdb","half":0}}"#);
        assert_eq!(serde_json::from_str::<FromWorker>(&json).unwrap(), built);
    }

    #[test]
    fn progress_is_throttled_and_can_cancel() {
        let now = std::cell::Cell::new(0.0);
        let clock = || now.get();
        let mut seen = Vec::new();
        let mut listener = |elapsed: f64, _: &Progress| {
            seen.push(elapsed);
            elapsed < 100.0
        };
        let mut ctx = JobContext::new(Limits::default(), &clock, &mut listener);
        let tick = Progress::Search(Stats::default());
        assert!(ctx.progress(tick.clone()));
        now.set(10.0);
        assert!(ctx.progress(tick.clone()), "throttled, not cancelled");
        now.set(60.0);
        assert!(ctx.progress(tick.clone()));
        now.set(200.0);
        assert!(!ctx.progress(tick));
        assert_eq!(seen, [0.0, 60.0, 200.0]);
    }
}
