//! The solving "mid-end" every puzzle page shares (after Tatham's collection): it sends jobs
//! to the worker, follows their progress, runs comparisons, and plays a solution back. A page
//! keeps only its puzzle's state and its board.

use crate::core::evolve::CHART_POINTS;
use crate::core::history::History;
use crate::core::job::{format_count, format_ms, ChartPoint, Progress, Report};
use crate::core::link::Link;
use crate::core::playback::{Playback, MAX_PLAYBACK};
use crate::core::search::Stats;
use crate::core::solution::Solution;
use crate::web::browser;
use crate::web::components::compare_table::{Column, CompareRow, CompareTable, RowResult};
use crate::web::components::messages::Notices;
use crate::web::components::playback_controls::{PlaybackAction, PlaybackControls};
use crate::web::components::search_progress::SearchProgress;
use crate::web::components::tally::LiveTally;
use crate::web::solver::{SolverClient, SolverEvent};
use crate::web::ticker::Ticker;
use yew::prelude::*;

/// A comparison's first run taking at least this long is its row's result: its warm-up (a
/// fresh worker compiling the search's code) is lost in its time.
const WARM_UP_KEPT_FROM_MS: f64 = 100.0;

/// Says what a finished solve found; whether it has a solution short enough to play back.
#[inline(never)]
fn announce_report(report: &Report, notices: &mut Notices) -> bool {
    notices.status = report_status(report);
    if !report.solved {
        return false;
    }
    if report.length > MAX_PLAYBACK || report.moves.len() < report.length {
        let limit = format_count(MAX_PLAYBACK as u64);
        notices.status.push_str(&format!(". Too long to animate (over {limit} moves)."));
        return false;
    }
    true
}

#[inline(never)]
fn unreadable(notices: &mut Notices, error: &str) {
    notices.alert = Some(format!("The solver's answer was unreadable: {error}"));
}

#[inline(never)]
fn illegal_move(index: usize, error: &str) -> String {
    format!("The solver's move {} was illegal: {error}", index + 1)
}

/// A job in progress.
pub struct Running {
    pub algorithm: &'static str,
    pub stats: Stats,
    pub elapsed_ms: f64,
    /// Preparation before the search (label, done, total), e.g. building tables.
    pub build: Option<(String, u64, u64)>,
    /// A genetic run's generation, best and mean fitness.
    pub evolution: Option<(u64, f64, f64)>,
    /// A tournament's games so far.
    pub tally: Option<LiveTally>,
    /// Step to show when the solution arrives, when a shared link named one.
    seek_to: Option<usize>,
}

/// What a finished job gives the page.
pub enum Finished {
    /// A solve: the page shows it with [`SolveSession::show_report`], at the step asked for;
    /// the algorithm as the page's menu names it.
    Solved(Box<Report>, Option<usize>, &'static str),
    /// A file to save (an exported GIF).
    File { name: String, bytes: Vec<u8> },
    /// The comparison's last row is in.
    Compared,
}

/// What a worker event means for the page.
enum SessionEvent {
    /// Nothing for the page to do (progress, or a comparison moving on).
    Nothing,
    /// A single solve finished: the page shows it with [`SolveSession::show_report`].
    Solved { report: Box<Report>, seek_to: Option<usize>, algorithm: &'static str },
    /// A single solve could not run.
    Failed(String),
    /// An export finished.
    File { name: String, bytes: Vec<u8> },
    /// Every row of a comparison has its result.
    CompareFinished,
}

/// A solve shared between several workers, one part each.
struct Split {
    /// The parts' workers, kept alive until the split ends (dropping one terminates it).
    _workers: Vec<SolverClient>,
    reports: Vec<Option<Report>>,
    /// Each part's tournament so far, when the parts play games.
    tallies: Vec<LiveTally>,
    started_ms: f64,
}

/// A solution of any puzzle, its type erased so that the session's code is compiled once for
/// every page rather than once per puzzle (the bundle's size); pages read it back typed.
trait AnySolution {
    fn len(&self) -> usize;
    fn as_any(&self) -> &dyn std::any::Any;
    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any>;
}

impl<S: 'static, M: 'static> AnySolution for Solution<S, M> {
    fn len(&self) -> usize {
        self.steps.len()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

/// A solution put aside with [`SolveSession::shelve`].
pub struct Shelved {
    solution: Box<dyn AnySolution>,
    moves: Vec<String>,
    playback: Playback,
    chart: Option<Vec<ChartPoint>>,
}

pub struct SolveSession {
    solver: SolverClient,
    running: Option<Running>,
    split: Option<Split>,
    /// A running genetic run's progress, as it comes: its chart while it runs.
    history: History<ChartPoint>,
    /// The finished run's own chart (`Report::chart`): the same for the same link on every
    /// machine, unlike the progress samples, which come as fast as the machine runs.
    chart: Option<Vec<ChartPoint>>,
    /// The best genome a genetic run reported since the page last took it.
    latest_genome: Option<serde_json::Value>,
    compare: Vec<CompareRow>,
    /// The links still to run for the comparison, in row order.
    compare_queue: Vec<Link>,
    /// The comparison's first run is a warm-up, run again for its row: a fresh worker's first
    /// search pays for compiling its code (about 5 ms), which would make a quick row look slow.
    warming_up: bool,
    solution: Option<Box<dyn AnySolution>>,
    /// The moves of the solution shown, as the worker wrote them (for exports).
    solution_moves: Vec<String>,
    playback: Playback,
    ticker: Option<Ticker>,
    /// The last solve ended with no steps to play (not solved, or too long to animate).
    ended_without_steps: bool,
}

impl SolveSession {
    /// A session whose solves go to the worker at `worker_url`; `keeps_tables` for a page whose
    /// solvers use the tables saved in the browser.
    pub fn new(worker_url: &str, keeps_tables: bool, on_event: Callback<SolverEvent>) -> Self {
        let on_solver = move |e| on_event.emit(e);
        let solver = match keeps_tables {
            true => SolverClient::with_saved_tables(worker_url, on_solver),
            false => SolverClient::new(worker_url, on_solver),
        };
        Self {
            solver,
            running: None,
            split: None,
            history: History::new(CHART_POINTS),
            chart: None,
            latest_genome: None,
            compare: Vec::new(),
            compare_queue: Vec::new(),
            warming_up: false,
            solution: None,
            solution_moves: Vec::new(),
            playback: Playback::new(0, 0),
            ticker: None,
            ended_without_steps: false,
        }
    }

    /// Starts loading the solver now, so that the first Solve need not wait for its files.
    pub fn load_solver(&mut self) {
        self.solver.load();
    }

    pub fn is_busy(&self) -> bool {
        self.running.is_some() || self.split.is_some()
    }

    /// Bytes of solver tables kept in this browser (pattern databases).
    pub fn table_bytes(&self) -> u64 {
        self.solver.table_bytes()
    }

    /// Forgets the solver tables kept in this browser; a running job is stopped.
    pub fn forget_tables(&mut self) {
        self.stop();
        self.solver.forget_tables();
    }

    pub fn has_solution(&self) -> bool {
        self.solution.is_some()
    }

    pub fn ended_without_steps(&self) -> bool {
        self.ended_without_steps
    }

    /// The playback speed (1 = slowest), kept from one solution to the next.
    pub fn speed_level(&self) -> usize {
        self.playback.speed_level()
    }

    pub fn set_speed_level(&mut self, level: usize) {
        self.playback = self.playback.clone().with_speed_level(level);
    }

    /// The playback step, 0 without a solution.
    pub fn step(&self) -> usize {
        if self.solution.is_some() {
            self.playback.step()
        } else {
            0
        }
    }

    /// The position of the solution shown, at the current step (`None` without a solution).
    pub fn solution_state<S: Clone + 'static, M: Clone + 'static>(&self) -> Option<&S> {
        let solution = self.solution.as_ref()?.as_any().downcast_ref::<Solution<S, M>>()?;
        Some(solution.state_at(self.playback.step()))
    }

    /// The position before the solution's current step and the move into it (`None` at the
    /// start or without a solution).
    pub fn move_into_step<S: Clone + 'static, M: Clone + 'static>(&self) -> Option<(&S, &M)> {
        let solution = self.solution.as_ref()?.as_any().downcast_ref::<Solution<S, M>>()?;
        let step = self.playback.step().min(solution.len());
        Some((solution.state_at(step.checked_sub(1)?), solution.move_into(step)?))
    }

    /// The number of steps of the solution shown (0 without one).
    pub fn solution_len(&self) -> usize {
        self.playback.len()
    }

    /// A genetic run's chart: the finished run's own, or the progress so far while it runs.
    pub fn history(&self) -> &[ChartPoint] {
        self.chart.as_deref().unwrap_or(self.history.samples())
    }

    /// The step a running solve will show, when its link asked for one.
    pub fn asked_step(&self) -> Option<usize> {
        self.running.as_ref().and_then(|running| running.seek_to)
    }

    /// The best genome a genetic run reported since the last call.
    pub fn take_genome(&mut self) -> Option<serde_json::Value> {
        self.latest_genome.take()
    }

    /// Solves `link` (`algorithm` as the page's menu names it), forgetting any shown solution.
    pub fn solve(&mut self, algorithm: &'static str, link: &Link, seek_to: Option<usize>) {
        self.start(algorithm, link, seek_to, Some(MAX_PLAYBACK));
    }

    fn start(
        &mut self,
        algorithm: &'static str,
        link: &Link,
        seek_to: Option<usize>,
        max_moves: Option<usize>,
    ) {
        self.drop_solution();
        self.history.clear();
        self.chart = None;
        self.latest_genome = None;
        self.solver.solve(&link.to_hash(), max_moves);
        self.running = Some(Running {
            algorithm,
            stats: Stats::default(),
            elapsed_ms: 0.0,
            build: None,
            evolution: None,
            tally: None,
            seek_to,
        });
    }

    /// Solves the parts of a shared solve at once, one worker each; `on_part` hears part
    /// `i`'s events, which go to [`Self::follow_part`].
    pub fn solve_split(
        &mut self,
        worker_url: &str,
        parts: Vec<Link>,
        on_part: Callback<(usize, SolverEvent)>,
    ) {
        self.stop();
        self.drop_solution();
        let clients = parts
            .iter()
            .enumerate()
            .map(|(i, link)| {
                let on_part = on_part.clone();
                let mut client = SolverClient::new(worker_url, move |e| on_part.emit((i, e)));
                client.solve(&link.to_hash(), Some(0));
                client
            })
            .collect::<Vec<_>>();
        let reports = vec![None; clients.len()];
        let tallies = vec![LiveTally::default(); clients.len()];
        self.split = Some(Split { _workers: clients, reports, tallies, started_ms: browser::now_ms() });
    }

    /// How many parts of a shared solve are done, of how many.
    pub fn split_progress(&self) -> Option<(usize, usize)> {
        self.split.as_ref().map(|s| (s.reports.iter().flatten().count(), s.reports.len()))
    }

    /// Follows an event of part `index`: every part's report, and the time since the start,
    /// once the last one is in.
    pub fn follow_part(
        &mut self,
        index: usize,
        event: SolverEvent,
        notices: &mut Notices,
    ) -> Option<(Vec<Report>, f64)> {
        let split = self.split.as_mut()?;
        match event {
            SolverEvent::Progress { progress: Progress::Tally { done, total, histogram, .. }, .. } => {
                *split.tallies.get_mut(index)? = LiveTally { done, total, histogram };
                None
            }
            SolverEvent::Progress { .. }
            | SolverEvent::TablesChanged
            | SolverEvent::File { .. }
            | SolverEvent::Frame(_)
            | SolverEvent::Made(_) => None,
            SolverEvent::Failed(error) => {
                self.split = None;
                notices.alert = Some(error);
                notices.status = "The solver could not finish; the board is as it was.".into();
                None
            }
            SolverEvent::Done(report) => {
                *split.reports.get_mut(index)? = Some(*report);
                if split.reports.iter().any(Option::is_none) {
                    return None;
                }
                let split = self.split.take()?;
                Some((split.reports.into_iter().flatten().collect(), browser::now_ms() - split.started_ms))
            }
        }
    }

    /// Has the worker draw the solution shown, played from the position of `link`, as a GIF;
    /// the file comes back from [`Self::follow`].
    pub fn export_gif(&mut self, link: &Link) {
        if self.solution.is_none() || self.is_busy() {
            return;
        }
        self.solver.export_gif(&link.to_hash(), &self.solution_moves);
        self.running = Some(Running {
            algorithm: "GIF export",
            stats: Stats::default(),
            elapsed_ms: 0.0,
            build: None,
            evolution: None,
            tally: None,
            seek_to: None,
        });
    }

    /// Runs every `(algorithm, link)` in turn and fills the comparison table.
    pub fn compare(&mut self, runs: Vec<(&'static str, Link)>) {
        self.compare = runs
            .iter()
            .map(|(algorithm, link)| CompareRow { algorithm, link: link.clone(), outcome: None })
            .collect();
        self.compare_queue = runs.into_iter().map(|(_, link)| link).collect();
        self.warming_up = true;
        self.run_next_comparison();
    }

    /// Stops the running job; returns a sentence for the status region if one was running.
    fn cancel(&mut self) -> Option<String> {
        if self.split.is_some() && self.running.is_none() {
            self.stop();
            return Some("Cancelled.".into());
        }
        let said = self.running.as_ref().map(|r| {
            format!(
                "Cancelled after {} nodes expanded, {}.",
                format_count(r.stats.expanded),
                format_ms(r.elapsed_ms)
            )
        });
        self.stop();
        said
    }

    /// Stops any job without a word; unfinished comparison rows say "cancelled".
    pub fn stop(&mut self) {
        if self.running.take().is_some() {
            self.solver.cancel();
        }
        self.split = None;
        self.compare_queue.clear();
        self.warming_up = false;
        for row in self.compare.iter_mut().filter(|r| r.outcome.is_none()) {
            row.outcome = Some(Err("cancelled".into()));
        }
    }

    /// Stops any job and forgets the solution: the position or the algorithm changed.
    pub fn clear(&mut self) {
        self.stop();
        self.drop_solution();
        self.history.clear();
        self.chart = None;
    }

    /// Forgets the comparison table too (a new puzzle).
    pub fn reset(&mut self) {
        self.clear();
        self.compare.clear();
    }

    /// The solution's moves up to the current step, to continue by hand from there; the
    /// solution is forgotten.
    pub fn take_moves<S: 'static, M: 'static>(&mut self) -> Vec<M> {
        let step = self.playback.step();
        let solution = self.solution.take().and_then(|s| s.into_any().downcast::<Solution<S, M>>().ok());
        let moves = solution.map(|s| s.steps.into_iter().take(step).map(|st| st.mv).collect());
        self.clear();
        moves.unwrap_or_default()
    }

    /// Puts the solution shown aside, at its step (the Search view draws its nodes with the
    /// session's playback); [`Self::restore`] brings it back.
    pub fn shelve(&mut self) -> Option<Shelved> {
        let mut playback = self.playback.clone();
        playback.pause();
        let shelved = Shelved {
            solution: self.solution.take()?,
            moves: std::mem::take(&mut self.solution_moves),
            playback,
            chart: self.chart.take(),
        };
        self.drop_solution();
        Some(shelved)
    }

    /// Shows a shelved solution again, where it was left; whatever was shown is forgotten.
    pub fn restore(&mut self, shelved: Shelved) {
        self.clear();
        let speed = self.playback.speed_level();
        self.solution = Some(shelved.solution);
        self.solution_moves = shelved.moves;
        self.playback = shelved.playback.with_speed_level(speed);
        self.chart = shelved.chart;
    }

    fn drop_solution(&mut self) {
        self.ended_without_steps = false;
        self.solution = None;
        self.solution_moves.clear();
        self.playback = Playback::new(0, 0).with_speed_level(self.playback.speed_level());
        self.ticker = None;
    }

    /// Shows a finished solve: its summary, and its solution replayed from `start` through
    /// the puzzle's rules (`parse` reads a move, `apply` plays it), positioned at `seek_to`.
    pub fn show_report<S: Clone + 'static, M: Clone + 'static, E: std::fmt::Display>(
        &mut self,
        report: &Report,
        seek_to: usize,
        start: S,
        parse: impl Fn(&str) -> Result<M, String>,
        apply: impl Fn(&S, &M) -> Result<S, E>,
        notices: &mut Notices,
    ) {
        if !announce_report(report, notices) {
            self.ended_without_steps = true;
            return;
        }
        // Only the replay itself depends on the puzzle's types; the rest is shared by every
        // page (compiled once: the app's size).
        // A plain loop: collecting into a `Result` costs more code, once per puzzle.
        let mut moves = Vec::with_capacity(report.moves.len());
        for text in &report.moves {
            match parse(text) {
                Ok(mv) => moves.push(mv),
                Err(e) => return unreadable(notices, &e),
            }
        }
        match Solution::replay(start, moves, apply) {
            Ok(solution) => self.keep_solution(Box::new(solution), report, seek_to),
            Err(e) => notices.alert = Some(illegal_move(e.index, &e.error.to_string())),
        }
    }

    #[inline(never)]
    fn keep_solution(&mut self, solution: Box<dyn AnySolution>, report: &Report, seek_to: usize) {
        self.playback = Playback::new(solution.len(), seek_to).with_speed_level(self.playback.speed_level());
        self.solution = Some(solution);
        self.solution_moves = report.moves.clone();
    }

    fn run_next_comparison(&mut self) {
        let next = self.compare.iter().position(|r| r.outcome.is_none());
        if let (Some(row), false) = (next, self.compare_queue.is_empty()) {
            let link =
                if self.warming_up { self.compare_queue[0].clone() } else { self.compare_queue.remove(0) };
            // A comparison shows numbers only: the moves stay in the worker.
            self.start(self.compare[row].algorithm, &link, None, Some(0));
        }
    }

    /// Follows one worker event, telling the user what happened; a finished single solve is
    /// returned (with the step to show) for the page to pass to [`Self::show_report`].
    pub fn follow(&mut self, event: SolverEvent, notices: &mut Notices) -> Option<Finished> {
        match self.handle(event) {
            SessionEvent::Nothing => None,
            SessionEvent::Solved { report, seek_to, algorithm } => {
                Some(Finished::Solved(report, seek_to, algorithm))
            }
            SessionEvent::File { name, bytes } => Some(Finished::File { name, bytes }),
            SessionEvent::Failed(error) => {
                notices.alert = Some(error);
                notices.status = "The solver could not finish; the board is as it was.".into();
                None
            }
            SessionEvent::CompareFinished => {
                notices.status = "Comparison finished: see the table.".into();
                Some(Finished::Compared)
            }
        }
    }

    /// Cancels the running job, saying so in the status.
    pub fn cancel_into(&mut self, notices: &mut Notices) {
        if let Some(said) = self.cancel() {
            notices.status = said;
        }
    }

    fn handle(&mut self, event: SolverEvent) -> SessionEvent {
        let pending_row = self.compare.iter().position(|r| r.outcome.is_none());
        match event {
            SolverEvent::Progress { elapsed_ms, progress } => {
                if let Some(running) = &mut self.running {
                    running.elapsed_ms = elapsed_ms;
                    match progress {
                        Progress::Search(stats) => {
                            running.stats = stats;
                            running.build = None;
                        }
                        Progress::Build { label, done, total } => running.build = Some((label, done, total)),
                        Progress::Tally { done, total, histogram, .. } => {
                            running.tally = Some(LiveTally { done, total, histogram })
                        }
                        Progress::Evolution { generation, best, mean, best_genome } => {
                            running.evolution = Some((generation, best, mean));
                            self.history.offer(ChartPoint { generation, best, mean });
                            self.latest_genome = Some(best_genome);
                        }
                    }
                }
                SessionEvent::Nothing
            }
            SolverEvent::Done(report) => {
                let Some(running) = self.running.take() else { return SessionEvent::Nothing };
                match pending_row {
                    Some(row) => self.finish_row(row, Ok(*report)),
                    None => {
                        self.chart = report.chart.clone();
                        SessionEvent::Solved {
                            report,
                            seek_to: running.seek_to,
                            algorithm: running.algorithm,
                        }
                    }
                }
            }
            // Frames go to the Search view's own worker, made puzzles to the page's maker.
            SolverEvent::TablesChanged | SolverEvent::Frame(_) | SolverEvent::Made(_) => {
                SessionEvent::Nothing
            }
            SolverEvent::File { name, bytes } => {
                self.running = None;
                SessionEvent::File { name, bytes }
            }
            SolverEvent::Failed(error) => {
                self.running = None;
                match pending_row {
                    Some(row) => self.finish_row(row, Err(error)),
                    None => SessionEvent::Failed(error),
                }
            }
        }
    }

    fn finish_row(&mut self, row: usize, outcome: Result<Report, String>) -> SessionEvent {
        if std::mem::take(&mut self.warming_up) {
            // A run long enough for its compiling not to matter is kept as it is.
            if outcome.as_ref().is_ok_and(|report| report.elapsed_ms < WARM_UP_KEPT_FROM_MS) {
                self.run_next_comparison();
                return SessionEvent::Nothing;
            }
            self.compare_queue.remove(0);
        }
        self.compare[row].outcome = Some(outcome.map(|r| RowResult::of(&r)));
        self.run_next_comparison();
        if self.running.is_none() {
            SessionEvent::CompareFinished
        } else {
            SessionEvent::Nothing
        }
    }

    /// Applies a playback button or key; `tick` is what the page's timer sends while playing.
    pub fn playback_action(&mut self, action: PlaybackAction, tick: Callback<()>) {
        if self.solution.is_none() {
            return;
        }
        let p = &mut self.playback;
        match action {
            PlaybackAction::Reset => p.reset(),
            PlaybackAction::Back => p.back(),
            PlaybackAction::Toggle => p.toggle(),
            PlaybackAction::Forward => p.forward(),
            PlaybackAction::ToEnd => p.to_end(),
            PlaybackAction::Slower => p.slower(),
            PlaybackAction::Faster => p.faster(),
        }
        self.ticker = self
            .playback
            .is_playing()
            .then(|| Ticker::every(self.playback.interval_ms(), move || tick.emit(())));
    }

    pub fn is_playing(&self) -> bool {
        self.playback.is_playing()
    }

    /// One timer tick; returns whether playback goes on.
    pub fn tick(&mut self) -> bool {
        self.playback.tick();
        if !self.playback.is_playing() {
            self.ticker = None;
        }
        self.playback.is_playing()
    }

    pub fn view_progress(&self) -> Html {
        if let Some(split) = self.split.as_ref().filter(|s| s.tallies.iter().any(|t| t.total > 0)) {
            let elapsed = format_ms(browser::now_ms() - split.started_ms);
            return LiveTally::sum(split.tallies.iter())
                .view(&format!("{} workers · {elapsed}", split.tallies.len()));
        }
        if let Some(r) = &self.running {
            if let Some(tally) = &r.tally {
                return tally.view(&format_ms(r.elapsed_ms));
            }
        }
        if let Some((done, total)) = self.split_progress() {
            return html! {
                <div class="running">
                    <progress aria-label="Parts done" max={total.to_string()} value={done.to_string()}></progress>
                    <span class="live-counters">{ format!("{total} workers: {done} of {total} parts done") }</span>
                </div>
            };
        }
        match &self.running {
            Some(r) => html! {
                <SearchProgress algorithm={r.algorithm} stats={r.stats} elapsed_ms={r.elapsed_ms}
                    build={r.build.clone()} evolution={r.evolution} />
            },
            None => html! {},
        }
    }

    pub fn view_playback(&self, on_action: Callback<PlaybackAction>) -> Html {
        if self.solution.as_ref().is_none_or(|s| s.len() == 0) {
            return html! {};
        }
        html! { <PlaybackControls playback={self.playback.clone()} {on_action} /> }
    }

    /// What compared row `row` solved, when it found a solution.
    /// A comparison is what there is to see: it was asked for and no solution is on the board
    /// (picking a row shows that row's solution instead).
    pub fn shows_comparison(&self) -> bool {
        !self.compare.is_empty() && self.solution.is_none()
    }

    pub fn compared_link(&self, row: usize) -> Option<Link> {
        let row = self.compare.get(row)?;
        matches!(&row.outcome, Some(Ok(r)) if r.solved).then(|| row.link.clone())
    }

    pub fn view_compare(&self, columns: &'static [Column], on_pick: Callback<usize>) -> Html {
        html! { <CompareTable rows={self.compare.clone()} {columns} {on_pick} /> }
    }
}

/// The status sentence for a finished solve: the summary, whether it is optimal, and the
/// solver's note.
pub fn report_status(report: &Report) -> String {
    let mut status = report.summary();
    if report.solved {
        match report.optimal_length {
            Some(best) if best == report.length as u64 => status.push_str(", optimal"),
            Some(best) => status.push_str(&format!(" (the optimum is {})", format_count(best))),
            None if report.optimal => status.push_str(", optimal"),
            None => {}
        }
        if let Some(note) = &report.message {
            status.push_str(&format!(" — {note}"));
        }
    }
    status
}
