//! The sliding-tile page: play by hand, shuffle from a seed, solve with any of the searches,
//! compare them on the same board, play the solution back. Everything shown is in the link.

use crate::core::job::Report;
use crate::core::link::{Link, LinkParams};
use crate::puzzles::sliding::domain::{Board, Dir, MAX_SIZE, MIN_SIZE};
use crate::puzzles::sliding::gif::solution_gif;
use crate::puzzles::sliding::params::{Shuffle, SlidingParams};
use crate::puzzles::sliding::refusal;
use crate::puzzles::sliding::solvers::Algo;
use crate::web::browser;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::messages::Notices;
use crate::web::components::playback_controls::PlaybackAction;
use crate::web::components::seed_field::SeedField;
use crate::web::components::solve_bar::SolveBar;
use crate::web::components::tiles::Tiles;
use crate::web::session::SolveSession;
use crate::web::solver::{SolverEvent, WORKER_URL};
use gloo_events::EventListener;
use yew::prelude::*;

/// Shuffle choices offered in the page: walk lengths, and uniform.
const SHUFFLES: [&str; 7] = ["10", "20", "30", "50", "100", "1000", "uniform"];
/// Depth limits offered for depth-first search ("" = none).
const DEPTHS: [&str; 5] = ["", "20", "30", "50", "100"];

#[derive(Properties, PartialEq)]
pub struct SlidingPageProps {
    pub link: Link,
    /// Where the solver worker's script is (tests serve it from elsewhere).
    #[prop_or(AttrValue::Static(WORKER_URL))]
    pub worker_url: AttrValue,
}

pub struct SlidingPage {
    params: SlidingParams,
    session: SolveSession<Board, Dir>,
    notices: Notices,
    _keys: EventListener,
}

pub enum Msg {
    Cell(usize),
    Slide(Dir),
    Key(KeyboardEvent),
    Solve,
    Cancel,
    Compare,
    Solver(SolverEvent),
    Playback(PlaybackAction),
    Tick,
    SetSize(u8),
    SetAlgo(Algo),
    SetDepth(Option<u32>),
    SetShuffle(Shuffle),
    SetSeed(u64),
    NewSeed,
    Reshuffle,
    Undo,
    Restart,
    CopyLink,
    ExportGif,
    DismissAlert,
}

fn shuffle_from_text(text: &str) -> Shuffle {
    text.parse().map_or(Shuffle::Uniform, Shuffle::Walk)
}

fn shuffle_text(shuffle: Shuffle) -> String {
    match shuffle {
        Shuffle::Walk(moves) => moves.to_string(),
        Shuffle::Uniform => "uniform".into(),
    }
}

impl Component for SlidingPage {
    type Message = Msg;
    type Properties = SlidingPageProps;

    fn create(ctx: &Context<Self>) -> Self {
        let (params, errors) = SlidingParams::from_link(&ctx.props().link);
        let mut notices = Notices::for_link(&errors);
        if let Err(why) = params.current().check_solvable() {
            notices.alert = Some(format!("This board {}", why.trim_start_matches("this board ")));
        }
        let mut page = Self {
            params,
            session: SolveSession::new(&ctx.props().worker_url, ctx.link().callback(Msg::Solver)),
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
            Msg::Cell(cell) => match self.displayed().move_for_cell(cell) {
                Some(dir) => self.slide(dir),
                None => self.notices.alert = Some("Only a tile next to the blank can slide.".into()),
            },
            Msg::Slide(dir) => self.slide(dir),
            Msg::Key(e) => return self.key(ctx, e),
            Msg::Solve => self.start_solve(self.params.algo, 0),
            Msg::Cancel => self.session.cancel_into(&mut self.notices),
            Msg::Compare => self.compare(),
            Msg::Solver(event) => {
                if let Some((report, seek_to)) = self.session.follow(event, &mut self.notices) {
                    self.show_report(report, seek_to);
                }
            }
            Msg::Playback(action) => self.session.playback_action(action, ctx.link().callback(|_| Msg::Tick)),
            Msg::Tick => {
                if self.session.tick() {
                    return true;
                }
            }
            Msg::SetSize(size) => {
                self.params = SlidingParams {
                    algo: self.params.algo,
                    ..SlidingParams::shuffled(size, self.params.seed, self.params.shuffle)
                };
                self.new_board("New board");
            }
            Msg::SetAlgo(algo) => {
                self.params.algo = algo;
                self.session.clear();
            }
            Msg::SetDepth(depth) => {
                self.params.depth = depth;
                self.session.clear();
            }
            Msg::SetShuffle(shuffle) => self.params.shuffle = shuffle,
            Msg::SetSeed(seed) => self.params.seed = seed,
            Msg::NewSeed => {
                self.params.seed = browser::random_seed();
                self.reshuffle();
            }
            Msg::Reshuffle => self.reshuffle(),
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
                self.notices.status = "Link copied: anyone who opens it sees this board as it is now.".into();
            }
            Msg::ExportGif => self.export_gif(),
            Msg::DismissAlert => self.notices.alert = None,
        }
        self.sync_url();
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let cb = ctx.link();
        let busy = self.session.is_busy();
        let algo_options = Algo::ALL
            .iter()
            .map(|a| (AttrValue::from(a.name()), AttrValue::from(a.label())))
            .collect::<Vec<_>>();
        let shuffle_options = SHUFFLES
            .iter()
            .map(|s| {
                (
                    AttrValue::Static(s),
                    AttrValue::from(if *s == "uniform" {
                        "uniform".to_string()
                    } else {
                        format!("{s} moves")
                    }),
                )
            })
            .collect::<Vec<_>>();
        let depth_options = DEPTHS
            .iter()
            .map(|d| (AttrValue::Static(d), AttrValue::Static(if d.is_empty() { "none" } else { d })))
            .collect::<Vec<_>>();
        let in_play = self.params.current();
        html! {
            <main class="puzzle-page sliding">
                <h1>{ "Sliding tiles" }</h1>
                <section class="controls" aria-label="Puzzle settings">
                    <Choice label="Size" options={number_options(MIN_SIZE..=MAX_SIZE)} selected={self.params.size().to_string()}
                        on_change={cb.callback(|v: String| Msg::SetSize(v.parse().unwrap_or(4)))} />
                    <Choice label="Algorithm" options={algo_options} selected={self.params.algo.name()}
                        on_change={cb.callback(|v: String| Msg::SetAlgo(Algo::from_name(&v).unwrap_or(Algo::Auto)))} />
                    if self.params.algo == Algo::Dfs {
                        <Choice label="Depth limit" options={depth_options}
                            selected={self.params.depth.map(|d| d.to_string()).unwrap_or_default()}
                            on_change={cb.callback(|v: String| Msg::SetDepth(v.parse().ok()))} />
                    }
                    <SolveBar busy={busy} on_solve={cb.callback(|_| Msg::Solve)} on_cancel={cb.callback(|_| Msg::Cancel)}
                        on_compare={cb.callback(|_| Msg::Compare)} on_copy_link={cb.callback(|_| Msg::CopyLink)} />
                </section>
                { self.notices.view(cb.callback(|_| Msg::DismissAlert)) }
                { self.session.view_progress() }
                <section class="board" aria-label="Board">
                    <Tiles board={self.session.displayed(&in_play).clone()} on_cell={cb.callback(Msg::Cell)} />
                </section>
                { self.session.view_playback(cb.callback(Msg::Playback)) }
                if self.session.solution().is_some() {
                    <button class="export" onclick={cb.callback(|_| Msg::ExportGif)}
                        aria-label="Export animation as GIF">{ "Export GIF" }</button>
                }
                <section class="play-bar" aria-label="Your moves">
                    <span class="move-counter">{ format!("Moves: {}", self.params.played.len()) }</span>
                    <button onclick={cb.callback(|_| Msg::Undo)} aria-label="Undo" title="Undo (u)"
                        disabled={self.params.played.is_empty() && self.session.step() == 0}>{ "Undo" }</button>
                    <button onclick={cb.callback(|_| Msg::Restart)} aria-label="Restart" title="Restart (r)">{ "Restart" }</button>
                    <Choice label="Shuffle" options={shuffle_options} selected={shuffle_text(self.params.shuffle)}
                        on_change={cb.callback(|v: String| Msg::SetShuffle(shuffle_from_text(&v)))} />
                    <SeedField seed={Some(self.params.seed)} on_change={cb.callback(Msg::SetSeed)}
                        on_new={cb.callback(|_| Msg::NewSeed)} action_label="Shuffle"
                        on_action={cb.callback(|_| Msg::Reshuffle)} />
                </section>
                { self.session.view_compare() }
            </main>
        }
    }
}

impl SlidingPage {
    fn displayed(&self) -> Board {
        self.session.displayed(&self.params.current()).clone()
    }

    fn sync_url(&mut self) {
        self.params.step = self.session.step();
        browser::replace_hash(&self.params.to_link().to_hash());
    }

    fn link_for(&self, algo: Algo) -> Link {
        SlidingParams { algo, step: 0, ..self.params.clone() }.to_link()
    }

    fn start_solve(&mut self, algo: Algo, seek_to: usize) {
        if let Some(why) = refusal(&self.params.current(), algo) {
            self.notices.alert = Some(why);
            return;
        }
        self.session.solve(algo.name(), &self.link_for(algo), seek_to);
        self.notices.status = format!("Solving with {}…", algo.label());
    }

    fn compare(&mut self) {
        let board = self.params.current();
        let runs: Vec<(&'static str, Link)> = Algo::ALL
            .iter()
            .filter(|&&a| refusal(&board, a).is_none())
            .map(|&a| (a.name(), self.link_for(a)))
            .collect();
        if runs.is_empty() {
            self.notices.alert = refusal(&board, Algo::Auto);
            return;
        }
        self.session.compare(runs);
        self.notices.status = "Comparing the algorithms on this board (Cancel stops the comparison)…".into();
    }

    fn slide(&mut self, dir: Dir) {
        match self.displayed().apply(dir) {
            Ok(_) => {
                self.params.played.extend(self.session.take_moves());
                self.params.played.push(dir);
                self.notices.alert = None;
                self.notices.status = self.play_status();
            }
            Err(why) => self.notices.alert = Some(format!("That slide is not possible: {why}.")),
        }
    }

    fn reshuffle(&mut self) {
        let p = &self.params;
        self.params = SlidingParams {
            algo: p.algo,
            depth: p.depth,
            ..SlidingParams::shuffled(p.size(), p.seed, p.shuffle)
        };
        self.new_board(&format!("Shuffled with seed {}", self.params.seed));
    }

    fn new_board(&mut self, what: &str) {
        self.session.reset();
        self.notices.alert = None;
        self.notices.status = format!("{what}. {}", self.play_status());
    }

    fn play_status(&self) -> String {
        let board = self.params.current();
        if board.is_goal() {
            return match self.params.played.len() {
                0 => "The board is solved: shuffle it to start.".into(),
                n => format!("Solved by hand in {n} moves!"),
            };
        }
        "Slide the tiles into order: click a tile next to the blank, or use the arrow keys.".into()
    }

    fn key(&mut self, ctx: &Context<Self>, e: KeyboardEvent) -> bool {
        let busy = self.session.is_busy();
        let msg = match e.key().as_str() {
            // Arrows move a tile that way, so the blank goes the other way.
            "ArrowUp" => Some(Msg::Slide(Dir::Down)),
            "ArrowDown" => Some(Msg::Slide(Dir::Up)),
            "ArrowLeft" => Some(Msg::Slide(Dir::Right)),
            "ArrowRight" => Some(Msg::Slide(Dir::Left)),
            " " => Some(Msg::Playback(PlaybackAction::Toggle)),
            "." => Some(Msg::Playback(PlaybackAction::Forward)),
            "," => Some(Msg::Playback(PlaybackAction::Back)),
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

    fn export_gif(&mut self) {
        let Some(solution) = self.session.solution() else { return };
        let name = format!("sliding-{0}x{0}-{1}-moves.gif", self.params.size(), solution.len());
        match solution_gif(solution).and_then(|bytes| browser::download(&bytes, &name, "image/gif")) {
            Ok(()) => self.notices.status = format!("Saved the animation as {name}."),
            Err(why) => self.notices.alert = Some(format!("No GIF: {why}.")),
        }
    }

    fn show_report(&mut self, report: Report, seek_to: usize) {
        self.session.show_report(
            &report,
            seek_to,
            self.params.current(),
            Dir::parse,
            |board, &dir| board.apply(dir),
            &mut self.notices,
        );
    }
}
