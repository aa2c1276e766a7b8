//! The Towers of Hanoi page: play by hand, solve in the worker, play the solution back,
//! compare algorithms. Everything shown is in the link.

use crate::core::job::{format_count, Report};
use crate::core::link::{Link, LinkParams};
use crate::puzzles::hanoi::domain::{
    peg_name, peg_range, Move, Position, Tower, MAX_DISCS, MAX_PEGS, MIN_DISCS, MIN_PEGS,
};
use crate::puzzles::hanoi::params::HanoiParams;
use crate::puzzles::hanoi::random_position;
use crate::puzzles::hanoi::solvers::{optimal_length, Algo};
use crate::web::browser;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::messages::Notices;
use crate::web::components::playback_controls::PlaybackAction;
use crate::web::components::seed_field::SeedField;
use crate::web::components::solve_bar::SolveBar;
use crate::web::components::towers::Towers;
use crate::web::session::{SolveSession, MAX_PLAYBACK};
use crate::web::solver::{SolverEvent, WORKER_URL};
use gloo_events::EventListener;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HanoiPageProps {
    pub link: Link,
    /// Where the solver worker's script is (tests serve it from elsewhere).
    #[prop_or(AttrValue::Static(WORKER_URL))]
    pub worker_url: AttrValue,
}

pub struct HanoiPage {
    params: HanoiParams,
    session: SolveSession<Position, Move>,
    selected: Option<u8>,
    notices: Notices,
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
        let notices = Notices::for_link(&errors);
        let mut page = Self {
            params,
            session: SolveSession::new(&ctx.props().worker_url, ctx.link().callback(Msg::Solver)),
            selected: None,
            notices,
            _keys: browser::on_key(ctx.link().callback(Msg::Key)),
        };
        page.notices.status = page.play_status();
        if page.params.step > 0 {
            // A shared link points into a solution: solve again and show that step.
            page.start_solve(page.params.algo, page.params.step);
        }
        page.sync_url();
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Peg(peg) => self.pick_peg(peg),
            Msg::Key(e) => return self.key(ctx, e),
            Msg::Solve => self.start_solve(self.params.algo, 0),
            Msg::Cancel => self.session.cancel_into(&mut self.notices),
            Msg::Compare => {
                let runs = Algo::ALL.iter().map(|&a| (a.name(), self.link_for(a))).collect();
                self.session.compare(runs);
                self.notices.status = "Comparing every algorithm on this position…".into();
            }
            Msg::Solver(event) => {
                if let Some((report, seek_to)) = self.session.follow(event, &mut self.notices) {
                    self.show_report(report, seek_to);
                }
            }
            Msg::Playback(action) => self.session.playback_action(action, ctx.link().callback(|_| Msg::Tick)),
            Msg::Tick => {
                if self.session.tick() {
                    // The address is updated when playback stops: browsers throttle
                    // frequent history updates.
                    return true;
                }
            }
            Msg::SetDiscs(discs) => self.new_game(Tower::new(discs, self.params.tower.pegs)),
            Msg::SetPegs(pegs) => self.new_game(Tower::new(self.params.tower.discs, pegs)),
            Msg::SetAlgo(algo) => {
                self.params.algo = algo;
                self.session.clear();
            }
            Msg::SetSeed(seed) => self.params.seed = Some(seed),
            Msg::NewSeed => {
                self.params.seed = Some(browser::random_seed());
                self.random_position();
            }
            Msg::RandomPosition => self.random_position(),
            Msg::Undo => {
                self.params.played.extend(self.session.take_moves());
                if self.params.played.pop().is_some() {
                    self.notices.status = self.play_status();
                }
            }
            Msg::Restart => {
                self.session.clear();
                self.params.played.clear();
                self.notices.status = self.play_status();
            }
            Msg::CopyLink => {
                browser::copy_text(&browser::current_url());
                self.notices.status = "Link copied: anyone who opens it sees this page as it is now.".into();
            }
            Msg::DismissAlert => self.notices.alert = None,
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
        let busy = self.session.is_busy();
        let in_play = self.params.current();
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
                        on_change={cb.callback(|v: String| Msg::SetAlgo(Algo::from_name(&v).unwrap_or(Algo::Optimal)))} />
                    <SolveBar busy={busy} on_solve={cb.callback(|_| Msg::Solve)} on_cancel={cb.callback(|_| Msg::Cancel)}
                        on_compare={cb.callback(|_| Msg::Compare)} on_copy_link={cb.callback(|_| Msg::CopyLink)} />
                </section>
                { self.notices.view(cb.callback(|_| Msg::DismissAlert)) }
                { self.session.view_progress() }
                <section class="board" aria-label="Board">
                    <Towers tower={tower} position={*self.session.displayed(&in_play)} selected={self.selected}
                        on_peg={cb.callback(Msg::Peg)} />
                </section>
                { self.session.view_playback(cb.callback(Msg::Playback)) }
                <section class="play-bar" aria-label="Your moves">
                    <span class="move-counter">{ self.move_counter() }</span>
                    <button onclick={cb.callback(|_| Msg::Undo)} aria-label="Undo" title="Undo (u)"
                        disabled={self.params.played.is_empty() && self.session.step() == 0}>{ "Undo" }</button>
                    <button onclick={cb.callback(|_| Msg::Restart)} aria-label="Restart" title="Restart (r)">{ "Restart" }</button>
                    <SeedField seed={self.params.seed} on_change={cb.callback(Msg::SetSeed)}
                        on_new={cb.callback(|_| Msg::NewSeed)} action_label="Random position"
                        on_action={cb.callback(|_| Msg::RandomPosition)} />
                </section>
                if (1usize << tower.discs) > MAX_PLAYBACK {
                    <p class="note">{ format!("Solutions longer than {} moves are reported but not animated.", format_count(MAX_PLAYBACK as u64)) }</p>
                }
                { self.session.view_compare() }
            </main>
        }
    }
}

impl HanoiPage {
    fn displayed(&self) -> Position {
        *self.session.displayed(&self.params.current())
    }

    fn sync_url(&mut self) {
        self.params.step = self.session.step();
        browser::replace_hash(&self.params.to_link().to_hash());
    }

    /// The link of the position in play, solved with `algo`.
    fn link_for(&self, algo: Algo) -> Link {
        HanoiParams { algo, step: 0, ..self.params.clone() }.to_link()
    }

    fn start_solve(&mut self, algo: Algo, seek_to: usize) {
        self.selected = None;
        self.session.solve(algo.name(), &self.link_for(algo), seek_to);
        self.notices.status = format!("Solving with {}…", algo.label());
    }

    fn new_game(&mut self, tower: Tower) {
        let (algo, seed) = (self.params.algo, self.params.seed);
        self.params = HanoiParams { algo, seed, ..HanoiParams::new(tower) };
        self.session.reset();
        self.selected = None;
        self.notices.status = self.play_status();
    }

    fn random_position(&mut self) {
        let seed = *self.params.seed.get_or_insert_with(browser::random_seed);
        self.session.clear();
        self.params.played.clear();
        self.params.start = random_position(&self.params.tower, seed);
        self.notices.status = format!("Random position from seed {seed}. {}", self.play_status());
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
                self.notices.alert =
                    Some(format!("Peg {} is empty: pick a peg with a disc on it.", peg_name(peg)));
            } else {
                self.notices.alert = None;
                self.selected = Some(peg);
                self.notices.status = format!("Picked peg {}: now pick where the disc goes.", peg_name(peg));
            }
            return;
        };
        if from == peg {
            self.notices.status = self.play_status();
            return;
        }
        let mv = Move::new(from, peg);
        match tower.apply(position, mv) {
            Ok(_) => {
                self.params.played.extend(self.session.take_moves());
                self.params.played.push(mv);
                self.notices.alert = None;
                self.notices.status = self.play_status();
            }
            Err(why) => self.notices.alert = Some(format!("Move {mv} is not allowed: {why}.")),
        }
    }

    fn key(&mut self, ctx: &Context<Self>, e: KeyboardEvent) -> bool {
        let busy = self.session.is_busy();
        let msg = match e.key().as_str() {
            k @ ("1" | "2" | "3" | "4") => Some(Msg::Peg(k.parse::<u8>().unwrap_or(1) - 1)),
            " " => Some(Msg::Playback(PlaybackAction::Toggle)),
            "ArrowRight" => Some(Msg::Playback(PlaybackAction::Forward)),
            "ArrowLeft" => Some(Msg::Playback(PlaybackAction::Back)),
            "Home" => Some(Msg::Playback(PlaybackAction::Reset)),
            "+" | "=" => Some(Msg::Playback(PlaybackAction::Faster)),
            "-" => Some(Msg::Playback(PlaybackAction::Slower)),
            "s" if !busy => Some(Msg::Solve),
            "c" if !busy => Some(Msg::Compare),
            "Escape" if busy => Some(Msg::Cancel),
            "u" => Some(Msg::Undo),
            "r" => Some(Msg::Restart),
            _ => None,
        };
        browser::send_shortcut(ctx.link(), &e, msg)
    }

    fn show_report(&mut self, report: Report, seek_to: usize) {
        let tower = self.params.tower;
        self.session.show_report(
            &report,
            seek_to,
            self.params.current(),
            |m| Move::parse(m, tower.pegs),
            |&p, &m| tower.apply(p, m),
            &mut self.notices,
        );
    }
}

/// "move the whole tower to peg C", or the goal's letters when it is another position.
fn describe_goal(tower: &Tower, goal: Position) -> String {
    let last = tower.pegs - 1;
    if goal == tower.all_on(last) {
        return format!("move the whole tower to peg {}", peg_name(last));
    }
    format!("reach {} (peg of each disc, smallest first)", tower.format_position(goal))
}
