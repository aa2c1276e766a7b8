//! The Towers of Hanoi page: play by hand, solve in the worker, play the solution back,
//! compare algorithms. Everything shown is in the link.

use crate::core::job::{format_count, format_ms, Progress, Report};
use crate::core::link::{describe_errors, Link};
use crate::core::playback::Playback;
use crate::core::search::Stats;
use crate::core::solution::Solution;
use crate::puzzles::hanoi::domain::{
    peg_name, peg_range, Move, Position, Tower, MAX_DISCS, MAX_PEGS, MIN_DISCS, MIN_PEGS,
};
use crate::puzzles::hanoi::params::HanoiParams;
use crate::puzzles::hanoi::random_position;
use crate::puzzles::hanoi::solvers::{optimal_length, Algo};
use crate::web::browser;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::compare_table::{CompareRow, CompareTable};
use crate::web::components::messages::Messages;
use crate::web::components::playback_controls::{PlaybackAction, PlaybackControls};
use crate::web::components::search_progress::SearchProgress;
use crate::web::components::seed_field::SeedField;
use crate::web::components::towers::Towers;
use crate::web::solver::{SolverClient, SolverEvent, WORKER_URL};
use crate::web::ticker::Ticker;
use gloo_events::EventListener;
use yew::prelude::*;

/// Longest solution the page animates; longer ones are reported but not played back.
pub const MAX_PLAYBACK: usize = 65_535;

#[derive(Properties, PartialEq)]
pub struct HanoiPageProps {
    pub link: Link,
    /// Where the solver worker's script is (tests serve it from elsewhere).
    #[prop_or(AttrValue::Static(WORKER_URL))]
    pub worker_url: AttrValue,
}

/// A solve in progress.
struct Running {
    algo: Algo,
    stats: Stats,
    elapsed_ms: f64,
    /// Step to show when the solution arrives (from a shared link).
    seek_to: usize,
}

pub struct HanoiPage {
    params: HanoiParams,
    solution: Option<Solution<Position, Move>>,
    playback: Playback,
    ticker: Option<Ticker>,
    selected: Option<u8>,
    status: String,
    alert: Option<String>,
    running: Option<Running>,
    compare: Vec<CompareRow>,
    solver: SolverClient,
    _keys: EventListener,
}

pub enum Msg {
    Peg(u8),
    Key(KeyboardEvent),
    Solve,
    Cancel,
    Compare,
    Solver(SolverEvent),
    Playback(PlaybackAction),
    Tick,
    SetDiscs(u8),
    SetPegs(u8),
    SetAlgo(Algo),
    SetSeed(u64),
    NewSeed,
    RandomPosition,
    Undo,
    Restart,
    CopyLink,
    DismissAlert,
}

impl Component for HanoiPage {
    type Message = Msg;
    type Properties = HanoiPageProps;

    fn create(ctx: &Context<Self>) -> Self {
        let (params, errors) = HanoiParams::from_link(&ctx.props().link);
        let on_event = ctx.link().callback(Msg::Solver);
        let solver = SolverClient::new(&ctx.props().worker_url, move |e| on_event.emit(e));
        let on_key = ctx.link().callback(Msg::Key);
        let window = web_sys::window().expect("a browser window");
        let keys = EventListener::new(&window, "keydown", move |e| {
            if let Some(e) = wasm_bindgen::JsCast::dyn_ref::<KeyboardEvent>(e) {
                on_key.emit(e.clone());
            }
        });
        let alert = (!errors.is_empty()).then(|| {
            format!(
                "Some of this link could not be used, defaults were taken instead: {}.",
                describe_errors(&errors)
            )
        });
        let mut page = Self {
            status: String::new(),
            params,
            solution: None,
            playback: Playback::new(0, 0),
            ticker: None,
            selected: None,
            alert,
            running: None,
            compare: Vec::new(),
            solver,
            _keys: keys,
        };
        page.status = page.play_status();
        if page.params.step > 0 {
            // A shared link points into a solution: solve again and show that step.
            let seek_to = page.params.step;
            page.start_solve(page.params.algo, seek_to);
        }
        page.sync_url();
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Peg(peg) => self.pick_peg(peg),
            Msg::Key(e) => return self.key(ctx, e),
            Msg::Solve => {
                self.compare.clear();
                self.start_solve(self.params.algo, 0);
            }
            Msg::Cancel => self.cancel(),
            Msg::Compare => {
                self.compare =
                    Algo::ALL.iter().map(|a| CompareRow { algorithm: a.name(), outcome: None }).collect();
                self.run_next_comparison();
            }
            Msg::Solver(event) => self.solver_event(event),
            Msg::Playback(action) => self.playback_action(ctx, action),
            Msg::Tick => {
                self.playback.tick();
                if self.playback.is_playing() {
                    // The address is updated when playback stops: browsers throttle
                    // frequent history updates.
                    return true;
                }
                self.ticker = None;
            }
            Msg::SetDiscs(discs) => self.new_game(Tower::new(discs, self.params.tower.pegs)),
            Msg::SetPegs(pegs) => self.new_game(Tower::new(self.params.tower.discs, pegs)),
            Msg::SetAlgo(algo) => {
                self.params.algo = algo;
                self.clear_solution();
            }
            Msg::SetSeed(seed) => self.params.seed = Some(seed),
            Msg::NewSeed => {
                self.params.seed = Some(browser::random_seed());
                self.random_position();
            }
            Msg::RandomPosition => self.random_position(),
            Msg::Undo => {
                self.adopt_solution_steps();
                if self.params.played.pop().is_some() {
                    self.status = self.play_status();
                }
            }
            Msg::Restart => {
                self.clear_solution();
                self.params.played.clear();
                self.status = self.play_status();
            }
            Msg::CopyLink => {
                browser::copy_text(&browser::current_url());
                self.status = "Link copied: anyone who opens it sees this page as it is now.".into();
            }
            Msg::DismissAlert => self.alert = None,
        }
        self.sync_url();
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let cb = ctx.link();
        let tower = self.params.tower;
        let algo_options = Algo::ALL
            .iter()
            .map(|a| (AttrValue::from(a.name()), AttrValue::from(a.label())))
            .collect::<Vec<_>>();
        let busy = self.running.is_some();
        html! {
            <main class="puzzle-page hanoi">
                <h1>{ "Towers of Hanoi" }</h1>
                <section class="controls" aria-label="Puzzle settings">
                    <Choice label="Discs" options={number_options(MIN_DISCS..=MAX_DISCS)}
                        selected={tower.discs.to_string()}
                        on_change={cb.callback(|v: String| Msg::SetDiscs(v.parse().unwrap_or(4)))} />
                    <Choice label="Pegs" options={number_options(MIN_PEGS..=MAX_PEGS)}
                        selected={tower.pegs.to_string()}
                        on_change={cb.callback(|v: String| Msg::SetPegs(v.parse().unwrap_or(3)))} />
                    <Choice label="Algorithm" options={algo_options} selected={self.params.algo.name()}
                        on_change={cb.callback(|v: String| {
                            Msg::SetAlgo(Algo::from_name(&v).unwrap_or(Algo::Optimal))
                        })} />
                    <button class="primary" onclick={cb.callback(|_| Msg::Solve)} disabled={busy}
                        aria-label="Solve" title="Solve (s)">{ "Solve" }</button>
                    <button onclick={cb.callback(|_| Msg::Cancel)} disabled={!busy}
                        aria-label="Cancel" title="Cancel (Esc)">{ "Cancel" }</button>
                    <button onclick={cb.callback(|_| Msg::Compare)} disabled={busy}
                        aria-label="Compare all algorithms" title="Compare (c)">{ "Compare" }</button>
                    <button onclick={cb.callback(|_| Msg::CopyLink)} aria-label="Copy link">{ "Copy link" }</button>
                </section>
                <Messages status={self.status.clone()} alert={self.alert.clone().map(AttrValue::from)}
                    on_dismiss={cb.callback(|_| Msg::DismissAlert)} />
                if let Some(running) = &self.running {
                    <SearchProgress algorithm={running.algo.name()} stats={running.stats}
                        elapsed_ms={running.elapsed_ms} />
                }
                <section class="board" aria-label="Board">
                    <Towers tower={tower} position={self.displayed()} selected={self.selected}
                        on_peg={cb.callback(Msg::Peg)} />
                </section>
                if self.solution.is_some() {
                    <PlaybackControls playback={self.playback.clone()} on_action={cb.callback(Msg::Playback)} />
                }
                <section class="play-bar" aria-label="Your moves">
                    <span class="move-counter">{ self.move_counter() }</span>
                    <button onclick={cb.callback(|_| Msg::Undo)} aria-label="Undo" title="Undo (u)"
                        disabled={self.params.played.is_empty() && self.playback.step() == 0}>{ "Undo" }</button>
                    <button onclick={cb.callback(|_| Msg::Restart)} aria-label="Restart" title="Restart (r)">{ "Restart" }</button>
                    <SeedField seed={self.params.seed} on_change={cb.callback(Msg::SetSeed)}
                        on_new={cb.callback(|_| Msg::NewSeed)} action_label="Random position"
                        on_action={cb.callback(|_| Msg::RandomPosition)} />
                </section>
                if tower.discs > 16 {
                    <p class="note">{ format!("Solutions longer than {} moves are reported but not animated.", format_count(MAX_PLAYBACK as u64)) }</p>
                }
                <CompareTable rows={self.compare.clone()} />
            </main>
        }
    }
}

impl HanoiPage {
    /// The position on the board: the solution at the current step, or the position in play.
    fn displayed(&self) -> Position {
        match &self.solution {
            Some(solution) => *solution.state_at(self.playback.step()),
            None => self.params.current(),
        }
    }

    fn sync_url(&mut self) {
        self.params.step = if self.solution.is_some() { self.playback.step() } else { 0 };
        browser::replace_hash(&self.params.to_link().to_hash());
    }

    /// Forgets the solution and stops any solve: the position or the algorithm changed.
    fn clear_solution(&mut self) {
        self.cancel_quietly();
        self.drop_solution();
    }

    fn drop_solution(&mut self) {
        self.solution = None;
        self.playback = Playback::new(0, 0);
        self.ticker = None;
    }

    /// Moving by hand from a solution step keeps the solution's moves so far as played moves.
    fn adopt_solution_steps(&mut self) {
        if let Some(solution) = self.solution.take() {
            let taken = solution.steps.iter().take(self.playback.step()).map(|s| s.mv);
            self.params.played.extend(taken);
        }
        self.clear_solution();
    }

    fn new_game(&mut self, tower: Tower) {
        let (algo, seed) = (self.params.algo, self.params.seed);
        self.params = HanoiParams { algo, seed, ..HanoiParams::new(tower) };
        self.clear_solution();
        self.compare.clear();
        self.selected = None;
        self.status = self.play_status();
    }

    fn random_position(&mut self) {
        let seed = *self.params.seed.get_or_insert_with(browser::random_seed);
        self.clear_solution();
        self.params.played.clear();
        self.params.start = random_position(&self.params.tower, seed);
        self.status = format!("Random position from seed {seed}. {}", self.play_status());
    }

    fn optimum_from_start(&self) -> Option<u64> {
        optimal_length(&self.params.tower, self.params.start, self.params.goal)
    }

    fn move_counter(&self) -> String {
        let played = self.params.played.len();
        match self.optimum_from_start() {
            Some(best) => format!("Moves: {played} · optimum from the start: {}", format_count(best)),
            None => format!("Moves: {played}"),
        }
    }

    fn play_status(&self) -> String {
        let tower = self.params.tower;
        if self.params.current() == self.params.goal {
            return match (self.params.played.len(), self.optimum_from_start()) {
                (0, _) => "The discs are already where the goal wants them.".into(),
                (n, Some(best)) if n as u64 == best => format!("Solved by hand in {n} moves: optimal!"),
                (n, Some(best)) => format!("Solved by hand in {n} moves (the optimum is {best})."),
                (n, None) => format!("Solved by hand in {n} moves."),
            };
        }
        format!(
            "Goal: {}. Pick a peg, then another ({} or keys 1–{}).",
            describe_goal(&tower, self.params.goal),
            peg_range(tower.pegs),
            tower.pegs
        )
    }

    fn pick_peg(&mut self, peg: u8) {
        let tower = self.params.tower;
        if peg >= tower.pegs {
            return;
        }
        let position = self.displayed();
        let Some(from) = self.selected.take() else {
            if tower.stacks(position)[peg as usize].is_empty() {
                self.alert = Some(format!("Peg {} is empty: pick a peg with a disc on it.", peg_name(peg)));
            } else {
                self.alert = None;
                self.selected = Some(peg);
                self.status = format!("Picked peg {}: now pick where the disc goes.", peg_name(peg));
            }
            return;
        };
        if from == peg {
            self.status = self.play_status();
            return;
        }
        let mv = Move::new(from, peg);
        match tower.apply(position, mv) {
            Ok(_) => {
                self.adopt_solution_steps();
                self.params.played.push(mv);
                self.alert = None;
                self.status = self.play_status();
            }
            Err(why) => self.alert = Some(format!("Move {mv} is not allowed: {why}.")),
        }
    }

    fn key(&mut self, ctx: &Context<Self>, e: KeyboardEvent) -> bool {
        if browser::typing_in_field(&e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return false;
        }
        let msg = match e.key().as_str() {
            k @ ("1" | "2" | "3" | "4") => Msg::Peg(k.parse::<u8>().unwrap_or(1) - 1),
            " " => Msg::Playback(PlaybackAction::Toggle),
            "ArrowRight" => Msg::Playback(PlaybackAction::Forward),
            "ArrowLeft" => Msg::Playback(PlaybackAction::Back),
            "Home" => Msg::Playback(PlaybackAction::Reset),
            "+" | "=" => Msg::Playback(PlaybackAction::Faster),
            "-" => Msg::Playback(PlaybackAction::Slower),
            "s" if self.running.is_none() => Msg::Solve,
            "c" if self.running.is_none() => Msg::Compare,
            "Escape" if self.running.is_some() => Msg::Cancel,
            "u" => Msg::Undo,
            "r" => Msg::Restart,
            _ => return false,
        };
        e.prevent_default();
        ctx.link().send_message(msg);
        false
    }

    fn start_solve(&mut self, algo: Algo, seek_to: usize) {
        self.drop_solution();
        self.selected = None;
        let link = HanoiParams { algo, step: 0, ..self.params.clone() }.to_link();
        self.solver.solve(&link.to_hash());
        self.running = Some(Running { algo, stats: Stats::default(), elapsed_ms: 0.0, seek_to });
        self.status = format!("Solving with {}…", algo.label());
    }

    fn cancel_quietly(&mut self) {
        if self.running.take().is_some() {
            self.solver.cancel();
        }
        for row in self.compare.iter_mut().filter(|r| r.outcome.is_none()) {
            row.outcome = Some(Err("cancelled".into()));
        }
    }

    fn cancel(&mut self) {
        if let Some(running) = &self.running {
            self.status = format!(
                "Cancelled after {} nodes expanded, {}.",
                format_count(running.stats.expanded),
                format_ms(running.elapsed_ms)
            );
        }
        self.cancel_quietly();
    }

    fn run_next_comparison(&mut self) {
        let next =
            self.compare.iter().find(|r| r.outcome.is_none()).and_then(|r| Algo::from_name(r.algorithm));
        match next {
            Some(algo) => self.start_solve(algo, 0),
            None => self.status = "Comparison finished: see the table below.".into(),
        }
    }

    /// The comparison row waiting for the current job, if a comparison is running.
    fn pending_row(&mut self) -> Option<&mut CompareRow> {
        self.compare.iter_mut().find(|r| r.outcome.is_none())
    }

    fn solver_event(&mut self, event: SolverEvent) {
        match event {
            SolverEvent::Progress { elapsed_ms, progress: Progress::Search(stats) } => {
                if let Some(running) = &mut self.running {
                    running.stats = stats;
                    running.elapsed_ms = elapsed_ms;
                }
            }
            SolverEvent::Done(report) => {
                let Some(running) = self.running.take() else { return };
                if let Some(row) = self.pending_row() {
                    row.outcome = Some(Ok(report));
                    self.run_next_comparison();
                } else {
                    self.show_report(report, running.seek_to);
                }
            }
            SolverEvent::Failed(error) => {
                self.running = None;
                if let Some(row) = self.pending_row() {
                    row.outcome = Some(Err(error));
                    self.run_next_comparison();
                } else {
                    self.alert = Some(error);
                    self.status = "The solver could not finish; the board is as it was.".into();
                }
            }
        }
    }

    fn show_report(&mut self, report: Report, seek_to: usize) {
        let mut status = report.summary();
        if let Some(best) = report.optimal_length.filter(|_| report.solved) {
            status.push_str(&if best == report.length as u64 {
                " (optimal)".to_string()
            } else {
                format!(" (the optimum is {})", format_count(best))
            });
        }
        if let Some(note) = report.message.as_ref().filter(|_| report.solved) {
            status.push_str(&format!(" — {note}"));
        }
        if report.solved && report.length > MAX_PLAYBACK {
            status.push_str(&format!(
                ". Too long to animate (over {} moves).",
                format_count(MAX_PLAYBACK as u64)
            ));
        } else if report.solved {
            let tower = self.params.tower;
            let moves: Result<Vec<Move>, String> =
                report.moves.iter().map(|m| Move::parse(m, tower.pegs)).collect();
            match moves
                .map(|moves| Solution::replay(self.params.current(), moves, |p, m| tower.apply(*p, *m)))
            {
                Ok(Ok(solution)) => {
                    self.playback = Playback::new(solution.len(), seek_to);
                    self.solution = Some(solution);
                }
                Ok(Err(e)) => {
                    self.alert = Some(format!("The solver's move {} was illegal: {}", e.index + 1, e.error))
                }
                Err(e) => self.alert = Some(format!("The solver's answer was unreadable: {e}")),
            }
        }
        self.status = status;
    }

    fn playback_action(&mut self, ctx: &Context<Self>, action: PlaybackAction) {
        if self.solution.is_none() {
            return;
        }
        let p = &mut self.playback;
        match action {
            PlaybackAction::Reset => p.reset(),
            PlaybackAction::Back => p.back(),
            PlaybackAction::Toggle => p.toggle(),
            PlaybackAction::Forward => p.forward(),
            PlaybackAction::Slower => p.slower(),
            PlaybackAction::Faster => p.faster(),
        }
        self.ticker = self.playback.is_playing().then(|| {
            let tick = ctx.link().callback(|_| Msg::Tick);
            Ticker::every(self.playback.interval_ms(), move || tick.emit(()))
        });
    }
}

/// "all discs on C" or "discs 1–2 on A, 3 on C" style text for the goal.
fn describe_goal(tower: &Tower, goal: Position) -> String {
    let last = tower.pegs - 1;
    if goal == tower.all_on(last) {
        return format!("move the whole tower to peg {}", peg_name(last));
    }
    format!("reach {} (peg of each disc, smallest first)", tower.format_position(goal))
}
