//! The N-queens page: count every solution, try every permutation as on the slide, or let the
//! article's genetic algorithm place the queens from a seed.

use crate::core::format::{format_count, format_ms};
use crate::core::link::{Link, LinkParams};
use crate::puzzles::queens::params::{Algo, QueensParams, MAX_N};
use crate::web::browser;
use crate::web::components::chessboard::Chessboard;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::listing::Listing;
use crate::web::components::messages::Notices;
use crate::web::components::seed_field::SeedField;
use crate::web::components::solve_bar::SolveBar;
use crate::web::session::{report_status, SolveSession};
use crate::web::solver::{SolverClient, SolverEvent, WORKER_URL};
use gloo_events::EventListener;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct QueensPageProps {
    pub link: Link,
    #[prop_or(AttrValue::Static(WORKER_URL))]
    pub worker_url: AttrValue,
}

/// Smallest board counted by several workers at once (smaller counts take milliseconds).
const PARALLEL_FROM_N: usize = 12;
/// Most workers a count uses.
const MAX_WORKERS: usize = 8;

/// A count shared between workers. Each counts the solutions whose first queen is in a range
/// of the left half of the first row (doubled: their mirror images fill the right half), or in
/// the middle column of an odd board (not doubled). Every family of solutions has its
/// smallest member in those columns, so the families simply add up.
struct ParallelCount {
    /// Each part's worker and whether its count is doubled.
    parts: Vec<(SolverClient, u64)>,
    waiting: usize,
    all: u64,
    unique: u64,
    first: Option<Vec<[u32; 2]>>,
    started_ms: f64,
}

pub struct QueensPage {
    params: QueensParams,
    parallel: Option<ParallelCount>,
    session: SolveSession<(), ()>,
    notices: Notices,
    queens: Vec<[u32; 2]>,
    /// Every solution of a small board, and which one is shown.
    listed: Listing<Vec<[u32; 2]>>,
    show_attacks: bool,
    _keys: EventListener,
}

pub enum Msg {
    Solve,
    Cancel,
    Compare,
    CopyLink,
    Solver(SolverEvent),
    /// An event from one worker of a parallel count.
    Part(usize, SolverEvent),
    Set(&'static str, String),
    NewSeed,
    ToggleAttacks,
    Browse(isize),
    Key(KeyboardEvent),
    DismissAlert,
}

fn queens_of(value: &serde_json::Value) -> Option<Vec<[u32; 2]>> {
    serde_json::from_value(value.clone()).ok()
}

impl Component for QueensPage {
    type Message = Msg;
    type Properties = QueensPageProps;

    fn create(ctx: &Context<Self>) -> Self {
        let (params, errors) = QueensParams::from_link(&ctx.props().link);
        let mut page = Self {
            params,
            parallel: None,
            session: SolveSession::new(&ctx.props().worker_url, ctx.link().callback(Msg::Solver)),
            notices: Notices::for_link(&errors),
            queens: Vec::new(),
            listed: Listing::default(),
            show_attacks: false,
            _keys: browser::on_key(ctx.link().callback(Msg::Key)),
        };
        page.notices.status =
            "Place n queens so that none attacks another. Solve to count or to evolve them.".into();
        page.sync_url();
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Solve => {
                self.queens.clear();
                self.listed = Listing::default();
                let workers = browser::cores().min(MAX_WORKERS).min(self.params.n / 2);
                let whole_row = self.params.first == (0..=self.params.n - 1);
                if self.params.algo == Algo::Backtracking
                    && self.params.n >= PARALLEL_FROM_N
                    && workers > 1
                    && whole_row
                {
                    self.start_parallel(ctx, workers);
                } else {
                    self.session.solve(self.params.algo.name(), &self.params.to_link(), 0);
                    self.notices.status = format!("{}…", self.params.algo.label());
                }
            }
            Msg::Cancel => {
                if self.parallel.take().is_some() {
                    self.notices.status = "Cancelled.".into();
                }
                self.session.cancel_into(&mut self.notices);
            }
            Msg::Part(index, event) => self.part_event(index, event),
            Msg::Compare => {
                let runs = Algo::ALL
                    .iter()
                    .filter(|&&a| {
                        QueensParams::from_link(&self.params.to_link().set("algo", a.name())).1.is_empty()
                    })
                    .map(|&a| (a.name(), QueensParams { algo: a, ..self.params.clone() }.to_link()));
                self.session.compare(runs.collect());
                self.notices.status = "Running every method on this board…".into();
            }
            Msg::CopyLink => {
                browser::copy_text(&browser::current_url());
                self.notices.status = "Link copied.".into();
            }
            Msg::Solver(event) => {
                if let Some(queens) = self.session.latest_genome().and_then(queens_of) {
                    self.queens = queens;
                }
                if let Some((report, _)) = self.session.follow(event, &mut self.notices) {
                    self.notices.status =
                        match (report.count, report.count_up_to_symmetry, report.generations) {
                            (Some(all), Some(unique), _) => format!(
                                "{} solutions for n = {}, {} up to rotations and reflections ({}).",
                                format_count(all),
                                self.params.n,
                                format_count(unique),
                                format_ms(report.elapsed_ms)
                            ),
                            (_, _, Some(attempts)) if report.solved => {
                                format!(
                                    "Placed after {} attempts ({}).",
                                    format_count(attempts),
                                    format_ms(report.elapsed_ms)
                                )
                            }
                            _ => report_status(&report),
                        };
                    if let Some(queens) = report.queens {
                        self.queens = queens;
                    }
                    self.listed =
                        Listing::new(report.solutions.iter().flatten().filter_map(queens_of).collect());
                }
            }
            Msg::Set(key, text) => {
                if let Some(params) =
                    self.notices.edit(self.params.to_link(), key, &text, QueensParams::from_link)
                {
                    if params.n != self.params.n {
                        self.queens.clear();
                    }
                    self.params = params;
                    self.parallel = None;
                    self.session.reset();
                }
            }
            Msg::NewSeed => self.params.seed = browser::random_seed(),
            Msg::ToggleAttacks => self.show_attacks = !self.show_attacks,
            Msg::Browse(delta) => {
                if let Some(item) = self.listed.step(delta) {
                    self.queens = item.clone();
                }
            }
            Msg::Key(e) => {
                let msg = match e.key().as_str() {
                    "s" if !self.is_busy() => Some(Msg::Solve),
                    "Escape" if self.is_busy() => Some(Msg::Cancel),
                    "a" => Some(Msg::ToggleAttacks),
                    "ArrowRight" => Some(Msg::Browse(1)),
                    "ArrowLeft" => Some(Msg::Browse(-1)),
                    _ => None,
                };
                return browser::send_shortcut(ctx.link(), &e, msg);
            }
            Msg::DismissAlert => self.notices.alert = None,
        }
        self.sync_url();
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let cb = ctx.link();
        let p = &self.params;
        let set = |key: &'static str| cb.callback(move |text: String| Msg::Set(key, text));
        let algo_options = Algo::ALL
            .iter()
            .map(|a| (AttrValue::from(a.name()), AttrValue::from(a.label())))
            .collect::<Vec<_>>();
        html! {
            <main class="puzzle-page queens">
                <h1>{ "N queens" }</h1>
                <section class="controls" aria-label="Board settings">
                    <Choice label="n" options={number_options(1..=MAX_N as u8)} selected={p.n.to_string()} on_change={set("n")} />
                    <Choice label="Method" options={algo_options} selected={p.algo.name()} on_change={set("algo")} />
                    <SolveBar busy={self.is_busy()} on_solve={cb.callback(|_| Msg::Solve)}
                        on_cancel={cb.callback(|_| Msg::Cancel)} on_compare={cb.callback(|_| Msg::Compare)}
                        on_copy_link={cb.callback(|_| Msg::CopyLink)} />
                    <button aria-pressed={self.show_attacks.to_string()} onclick={cb.callback(|_| Msg::ToggleAttacks)}
                        title="Show attacked squares (a)">{ "Show attacks" }</button>
                </section>
                if p.algo == Algo::Genetic {
                    <section class="play-bar" aria-label="Seed">
                        <SeedField seed={Some(p.seed)} on_change={cb.callback(|seed: u64| Msg::Set("seed", seed.to_string()))}
                            on_new={cb.callback(|_| Msg::NewSeed)} action_label="Run this seed"
                            on_action={cb.callback(|_| Msg::Solve)} />
                    </section>
                }
                { self.notices.view(cb.callback(|_| Msg::DismissAlert)) }
                { self.session.view_progress() }
                if let Some(count) = &self.parallel {
                    <div class="running">
                        <progress aria-label="Counting" max={count.parts.len().to_string()}
                            value={(count.parts.len() - count.waiting).to_string()}></progress>
                        <span class="live-counters">
                            { format!("{} workers counting: {} of {} parts done", count.parts.len(),
                                count.parts.len() - count.waiting, count.parts.len()) }
                        </span>
                    </div>
                }
                <section class="board" aria-label="Board">
                    <Chessboard n={p.n} queens={self.queens.clone()} show_attacks={self.show_attacks} />
                </section>
                { self.listed.view(cb.callback(Msg::Browse)) }
                { self.session.view_compare() }
            </main>
        }
    }
}

impl QueensPage {
    fn is_busy(&self) -> bool {
        self.session.is_busy() || self.parallel.is_some()
    }

    fn start_parallel(&mut self, ctx: &Context<Self>, workers: usize) {
        let n = self.params.n;
        let half = n / 2;
        // Left-half columns in `workers` ranges, then the middle column of an odd board.
        let mut ranges: Vec<(usize, usize, u64)> = (0..workers)
            .map(|w| (w * half / workers, (w + 1) * half / workers - 1, 2))
            .filter(|&(a, b, _)| a <= b)
            .collect();
        if n % 2 == 1 {
            ranges.push((half, half, 1));
        }
        let parts = ranges
            .iter()
            .enumerate()
            .map(|(i, &(a, b, weight))| {
                let on_event = ctx.link().callback(move |e| Msg::Part(i, e));
                let mut client = SolverClient::new(&ctx.props().worker_url, move |e| on_event.emit(e));
                let link = self.params.to_link().set("first", format!("{a}-{b}"));
                client.solve(&link.to_hash());
                (client, weight)
            })
            .collect::<Vec<_>>();
        self.notices.status = format!("Counting with {} workers…", parts.len());
        self.parallel = Some(ParallelCount {
            waiting: parts.len(),
            parts,
            all: 0,
            unique: 0,
            first: None,
            started_ms: browser::now_ms(),
        });
    }

    fn part_event(&mut self, index: usize, event: SolverEvent) {
        let Some(count) = &mut self.parallel else { return };
        match event {
            SolverEvent::Progress { .. } => {}
            SolverEvent::Failed(error) => {
                self.parallel = None;
                self.notices.alert = Some(error);
            }
            SolverEvent::Done(report) => {
                let weight = count.parts[index].1;
                count.all += weight * report.count.unwrap_or(0);
                count.unique += report.count_up_to_symmetry.unwrap_or(0);
                if count.first.is_none() || index == 0 {
                    count.first = report.queens.clone().or(count.first.take());
                }
                count.waiting -= 1;
                if count.waiting == 0 {
                    let elapsed = browser::now_ms() - count.started_ms;
                    self.notices.status = format!(
                        "{} solutions for n = {}, {} up to rotations and reflections ({} with {} workers).",
                        format_count(count.all),
                        self.params.n,
                        format_count(count.unique),
                        format_ms(elapsed),
                        count.parts.len()
                    );
                    self.queens = count.first.take().unwrap_or_default();
                    self.parallel = None;
                }
            }
        }
    }

    fn sync_url(&self) {
        browser::replace_hash(&self.params.to_link().to_hash());
    }
}
