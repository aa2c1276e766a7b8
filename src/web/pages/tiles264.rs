//! The "264" square page: run the article's genetic algorithm from a seed and watch its best
//! and mean score per generation, change any parameter, or list every solution exactly.

use crate::core::job::{Checkpoint, SeedRun};
use crate::core::link::{Link, LinkParams};
use crate::puzzles::tiles264::domain::{Layout, ALL_TILES};
use crate::puzzles::tiles264::params::{Algo, RngKind, TilesParams};
use crate::web::browser;
use crate::web::components::chart::{Chart, Series};
use crate::web::components::choice::Choice;
use crate::web::components::histogram::Histogram;
use crate::web::components::listing::Listing;
use crate::web::components::messages::Notices;
use crate::web::components::number_field::NumberField;
use crate::web::components::seed_field::SeedField;
use crate::web::components::solve_bar::SolveBar;
use crate::web::components::square::Square;
use crate::web::session::{report_status, SolveSession};
use crate::web::solver::{SolverEvent, WORKER_URL};
use gloo_events::EventListener;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TilesPageProps {
    pub link: Link,
    #[prop_or(AttrValue::Static(WORKER_URL))]
    pub worker_url: AttrValue,
}

pub struct TilesPage {
    params: TilesParams,
    session: SolveSession<(), ()>,
    notices: Notices,
    /// The layout on the board: the run's best so far, or a listed solution.
    shown: Layout,
    /// Solutions listed by the exact search, one per symmetry class.
    listed: Listing<Layout>,
    /// Outcomes of the last "many seeds" run.
    runs: Vec<SeedRun>,
    /// The last run's state every 100 generations (the article's printout).
    checkpoints: Vec<Checkpoint>,
    _keys: EventListener,
}

pub enum Msg {
    Solve,
    Cancel,
    Compare,
    CopyLink,
    Solver(SolverEvent),
    /// A parameter edited in the page: its link key and the text typed.
    Set(&'static str, String),
    NewSeed,
    Browse(isize),
    Key(KeyboardEvent),
    DismissAlert,
}

fn layout_of(value: &serde_json::Value) -> Option<Layout> {
    serde_json::from_value::<Vec<u8>>(value.clone()).ok()?.try_into().ok()
}

impl Component for TilesPage {
    type Message = Msg;
    type Properties = TilesPageProps;

    fn create(ctx: &Context<Self>) -> Self {
        let (params, errors) = TilesParams::from_link(&ctx.props().link);
        let mut page = Self {
            params,
            session: SolveSession::new(&ctx.props().worker_url, ctx.link().callback(Msg::Solver)),
            notices: Notices::for_link(&errors),
            shown: ALL_TILES,
            listed: Listing::default(),
            runs: Vec::new(),
            checkpoints: Vec::new(),
            _keys: browser::on_key(ctx.link().callback(Msg::Key)),
        };
        page.notices.status =
            "The tiles as they come out of the box. Solve to run the algorithm from the seed.".into();
        page.sync_url();
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Solve => self.start(self.params.algo),
            Msg::Cancel => self.session.cancel_into(&mut self.notices),
            Msg::Compare => {
                let runs = Algo::ALL
                    .iter()
                    .map(|&a| (a.name(), TilesParams { algo: a, ..self.params.clone() }.to_link()));
                self.session.compare(runs.collect());
                self.notices.status = "Running the genetic algorithm, then the exact search…".into();
            }
            Msg::CopyLink => {
                browser::copy_text(&browser::current_url());
                self.notices.status = "Link copied: it replays exactly this run.".into();
            }
            Msg::Solver(event) => {
                if let Some(genome) = self.session.latest_genome().and_then(layout_of) {
                    self.shown = genome;
                }
                if let Some((report, _)) = self.session.follow(event, &mut self.notices) {
                    self.notices.status = report_status(&report);
                    if let Some(generations) = report.generations {
                        self.notices.status = format!(
                            "{} after {generations} generations (population {}).",
                            if report.solved { "Solved" } else { "Not solved" },
                            self.params.population
                        );
                    }
                    if let (Some(all), Some(classes)) = (report.count, report.count_up_to_symmetry) {
                        self.notices.status = format!(
                            "{all} solution grids; {classes} when rotations and reflections count once. Browse them below."
                        );
                    }
                    self.listed =
                        Listing::new(report.solutions.iter().flatten().filter_map(layout_of).collect());
                    self.checkpoints = report.checkpoints.clone().unwrap_or_default();
                    if let Some(runs) = report.runs.clone() {
                        self.runs = runs;
                        self.notices.status = format!("{}.", report.message.clone().unwrap_or_default());
                    }
                    if let Some(layout) = report.solution.as_ref().and_then(layout_of) {
                        self.shown = layout;
                    }
                    if let Some(message) = report.message.filter(|_| !report.solved) {
                        self.notices.status.push_str(&format!(" {message}."));
                    }
                }
            }
            Msg::Set(key, text) => {
                if let Some(params) =
                    self.notices.edit(self.params.to_link(), key, &text, TilesParams::from_link)
                {
                    self.params = params;
                }
            }
            Msg::NewSeed => {
                self.params.seed = browser::random_seed();
                self.start(Algo::Genetic);
            }
            Msg::Browse(delta) => {
                if let Some(item) = self.listed.step(delta) {
                    self.shown = *item;
                }
            }
            Msg::Key(e) => {
                let msg = match e.key().as_str() {
                    "s" if !self.session.is_busy() => Some(Msg::Solve),
                    "Escape" if self.session.is_busy() => Some(Msg::Cancel),
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
        let history = self.session.history();
        let series = vec![
            Series {
                name: "best score".into(),
                class: "best".into(),
                points: history.iter().map(|&(g, best, _)| (g as f64, best)).collect(),
            },
            Series {
                name: "mean of kept".into(),
                class: "mean".into(),
                points: history.iter().map(|&(g, _, mean)| (g as f64, mean)).collect(),
            },
        ];
        html! {
            <main class="puzzle-page tiles264">
                <h1>{ "The 264 square" }</h1>
                <section class="controls" aria-label="Run settings">
                    <Choice label="Algorithm" options={algo_options} selected={p.algo.name()}
                        on_change={set("algo")} />
                    <Choice label="Random stream" options={vec![
                            (AttrValue::Static("chacha"), AttrValue::Static("Puzzle Lab (ChaCha8)")),
                            (AttrValue::Static("python"), AttrValue::Static("Python's random: replays the article")),
                        ]}
                        selected={if p.rng == RngKind::Python { "python" } else { "chacha" }} on_change={set("rng")} />
                    <SolveBar busy={self.session.is_busy()} on_solve={cb.callback(|_| Msg::Solve)}
                        on_cancel={cb.callback(|_| Msg::Cancel)} on_compare={cb.callback(|_| Msg::Compare)}
                        on_copy_link={cb.callback(|_| Msg::CopyLink)} />
                </section>
                if p.algo == Algo::Genetic {
                    <section class="controls" aria-label="Genetic parameters">
                        <NumberField label="Population" value={p.population.to_string()} step="1" on_change={set("population")} />
                        <NumberField label="Keep %" value={p.keep_percent.to_string()} step="1" on_change={set("keep")} />
                        <NumberField label="Flip probability" value={p.p_flip.to_string()} on_change={set("flip")} />
                        <NumberField label="Exchange probability" value={p.p_exchange.to_string()} on_change={set("exchange")} />
                        <NumberField label="Max generations" value={p.max_generations.to_string()} step="1" on_change={set("generations")} />
                    </section>
                    <section class="play-bar" aria-label="Seed">
                        <SeedField seed={Some(p.seed)} on_change={cb.callback(|seed: u64| Msg::Set("seed", seed.to_string()))}
                            on_new={cb.callback(|_| Msg::NewSeed)} action_label="Run this seed"
                            on_action={cb.callback(|_| Msg::Solve)} />
                        <NumberField label="Seeds to run" value={p.runs.to_string()} step="1" on_change={set("runs")} />
                    </section>
                }
                { self.notices.view(cb.callback(|_| Msg::DismissAlert)) }
                { self.session.view_progress() }
                <section class="board" aria-label="Board">
                    <Square layout={self.shown} />
                </section>
                { self.listed.view(cb.callback(Msg::Browse)) }
                if !self.runs.is_empty() {
                    <Histogram label="Generations to a solution, per seed"
                        values={self.runs.iter().filter(|r| r.solved).map(|r| r.generations).collect::<Vec<_>>()}
                        failures={self.runs.iter().filter(|r| !r.solved).count()} />
                }
                if !history.is_empty() {
                    <Chart series={series} x_label="generation" y_label="score (0 = solved)" />
                }
                if !self.checkpoints.is_empty() {
                    <table class="improvements">
                        <caption>{ "Every 100 generations (as the article prints it)" }</caption>
                        <thead><tr><th>{ "gen" }</th><th>{ "mean" }</th><th>{ "best" }</th><th>{ "best layout" }</th></tr></thead>
                        <tbody>{ for self.checkpoints.iter().map(|c| html! {
                            <tr>
                                <td>{ c.generation }</td><td>{ format!("{:.4}", c.mean) }</td>
                                <td>{ format!("{:.4}", c.best) }</td><td>{ c.genome.to_string() }</td>
                            </tr>
                        }) }</tbody>
                    </table>
                }
                { self.session.view_compare() }
            </main>
        }
    }
}

impl TilesPage {
    fn sync_url(&self) {
        browser::replace_hash(&self.params.to_link().to_hash());
    }

    fn start(&mut self, algo: Algo) {
        self.listed = Listing::default();
        self.runs.clear();
        self.checkpoints.clear();
        let link = TilesParams { algo, ..self.params.clone() }.to_link();
        self.session.solve(algo.name(), &link, 0);
        self.notices.status = match algo {
            Algo::Genetic if self.params.runs > 1 => {
                format!("Running seeds {} to {}…", self.params.seed, self.params.seed + self.params.runs - 1)
            }
            Algo::Genetic => format!("Evolving from seed {}…", self.params.seed),
            Algo::Exact => "Searching every arrangement…".into(),
        };
    }
}
