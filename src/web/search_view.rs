//! The Search view: steps through a recorded search, event by event, with the frontier, the
//! counters and a drawing beside the board. The search is recorded and replayed in a worker
//! of its own (`core::replay`), which answers each step with the moment to show; this side
//! only asks, keeps the answer and the predictions' score, and lays them out.

use crate::core::link::{Link, SearchAsk};
use crate::core::replay::Frame;
use crate::web::solver::{SolverClient, SolverEvent};
use crate::web::ticker::Ticker;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A step button: (seek, symbol, name, key).
type StepButton = (&'static str, &'static str, &'static str, &'static str);

/// The step buttons, backwards then forwards.
const BACK: [StepButton; 4] = [
    ("start", "⇤", "To the start", "Home"),
    ("layer-", "«", "Back one layer, iteration or guess", "{"),
    ("expansion-", "‹‹", "Back one expansion", "["),
    ("event-", "‹", "Back one event", ","),
];
const FORWARD: [StepButton; 4] = [
    ("event+", "›", "Forward one event", "."),
    ("expansion+", "››", "Forward one expansion", "]"),
    ("layer+", "»", "Forward one layer, iteration or guess", "}"),
    ("end", "⇥", "To the end", "End"),
];

/// Expansions per second that Play offers; the first is the default.
const SPEEDS: [u32; 4] = [2, 5, 10, 1];

pub enum SearchMsg {
    /// A step control: `event+`, `expansion-`, `layer+`, `start`, `end`… (see `Seek::parse`).
    Step(&'static str),
    /// The slider, moved to this moment.
    Scrub(u32),
    TogglePlay,
    Faster,
    TogglePredict,
    /// A click in the drawing (a frontier row's button in predict mode).
    Click(MouseEvent),
    Worker(SolverEvent),
}

pub struct SearchView {
    client: SolverClient,
    /// The solve whose search is shown (the page's puzzle and algorithm).
    link: Link,
    frame: Option<Frame>,
    /// The moment last asked for.
    t: u32,
    predict: bool,
    /// Predictions right, of those made.
    score: (u32, u32),
    /// What the last prediction got, until the next step.
    verdict: Option<String>,
    /// A request is out; the latest step asked meanwhile waits here.
    asking: bool,
    queued: Option<(&'static str, u32)>,
    error: Option<String>,
    playing: Option<Ticker>,
    speed: usize,
    new_path: Option<Vec<String>>,
}

impl SearchView {
    /// Opens the view on `link`'s search at the moment `ask` names.
    pub fn open(worker_url: &str, link: Link, ask: SearchAsk, send: Callback<SearchMsg>) -> Self {
        let client = SolverClient::new(worker_url, move |event| send.emit(SearchMsg::Worker(event)));
        let mut view = Self {
            client,
            link,
            frame: None,
            t: ask.t,
            predict: ask.predict,
            score: (0, 0),
            verdict: None,
            asking: false,
            queued: None,
            error: None,
            playing: None,
            speed: 0,
            new_path: None,
        };
        view.ask("at", ask.t);
        view
    }

    pub fn link(&self) -> &Link {
        &self.link
    }

    /// The search of another solve (the puzzle or the algorithm changed): from its start.
    pub fn follow(&mut self, link: Link) {
        self.link = link;
        self.frame = None;
        self.error = None;
        self.playing = None;
        self.asking = false;
        self.client.cancel();
        self.ask("at", 0);
    }

    /// The link keys of what is shown: the view, its moment, predict mode.
    pub fn link_keys(&self, link: Link) -> Link {
        let link = link.set("view", "search").set("t", self.t);
        if self.predict {
            link.set("predict", 1)
        } else {
            link
        }
    }

    /// The moves from the start to the node to put on the board, once per new frame (when
    /// the page draws the board).
    pub fn take_new_path(&mut self) -> Option<Vec<String>> {
        self.new_path.take()
    }

    /// The board is in the drawing (constraint solvers): the page draws none.
    pub fn draws_board(&self) -> bool {
        self.frame.as_ref().is_some_and(|f| !f.board)
    }

    fn ask(&mut self, seek: &'static str, t: u32) {
        if self.asking {
            self.queued = Some((seek, t));
            return;
        }
        self.asking = true;
        self.client.frame(&self.link.to_hash(), seek, t, self.predict);
    }

    /// Handles a message; `tick` restarts Play's clock.
    pub fn update(&mut self, msg: SearchMsg, tick: Callback<SearchMsg>) {
        match msg {
            SearchMsg::Step(seek) => {
                self.verdict = None;
                self.ask(seek, self.t);
            }
            SearchMsg::Scrub(t) => {
                self.verdict = None;
                self.ask("at", t);
            }
            SearchMsg::TogglePlay => match self.playing.take() {
                Some(_) => {}
                None => self.play(tick),
            },
            SearchMsg::Faster => {
                self.speed = (self.speed + 1) % SPEEDS.len();
                if self.playing.is_some() {
                    self.play(tick);
                }
            }
            SearchMsg::TogglePredict => {
                self.predict = !self.predict;
                self.playing = None;
                self.verdict = None;
                self.ask("at", self.t);
            }
            SearchMsg::Click(event) => self.pick(&event),
            SearchMsg::Worker(event) => self.answer(event),
        }
    }

    fn play(&mut self, tick: Callback<SearchMsg>) {
        let ms = 1000 / SPEEDS[self.speed];
        self.playing = Some(Ticker::every(ms, move || tick.emit(SearchMsg::Step("expansion+"))));
    }

    fn answer(&mut self, event: SolverEvent) {
        match event {
            SolverEvent::Frame(frame) => {
                self.asking = false;
                self.t = frame.t;
                if frame.t >= frame.len {
                    self.playing = None;
                }
                if frame.board {
                    self.new_path = Some(frame.path.clone());
                }
                self.frame = Some(*frame);
                self.error = None;
                if let Some((seek, t)) = self.queued.take() {
                    self.ask(seek, if seek == "at" { t } else { self.t });
                }
            }
            SolverEvent::Failed(why) => {
                self.asking = false;
                self.playing = None;
                self.queued = None;
                self.error = Some(why);
            }
            SolverEvent::Progress { .. }
            | SolverEvent::Done(_)
            | SolverEvent::TablesChanged
            | SolverEvent::File { .. } => {}
        }
    }

    /// A prediction: the frontier row clicked against the node the search takes next.
    fn pick(&mut self, event: &MouseEvent) {
        let Some(frame) = &self.frame else { return };
        let row = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-node]").ok().flatten());
        let Some(picked) = row.as_ref().and_then(|r| r.get_attribute("data-node")) else { return };
        if !self.predict || self.verdict.is_some() {
            return;
        }
        let Some(next) = frame.next else { return };
        let right = picked == next.to_string();
        self.score = (self.score.0 + u32::from(right), self.score.1 + 1);
        let why = row
            .as_ref()
            .and_then(|r| r.closest("tr").ok().flatten())
            .and_then(|tr| tr.get_attribute("data-miss"))
            .unwrap_or_default();
        self.verdict = Some(if right {
            format!("Right: node {next} is expanded next.")
        } else {
            format!("Not this one: node {next} is expanded next. {why}")
        });
        // Reveal the answer: the same moment, with the next node marked.
        self.predict = false;
        self.ask("at", self.t);
        self.predict = true;
    }

    pub fn view(&self, send: &Callback<SearchMsg>) -> Html {
        let buttons = |steps: &'static [StepButton], disabled: bool| {
            steps
                .iter()
                .map(|&(seek, symbol, name, key)| {
                    html! {
                        <button onclick={send.reform(move |_: MouseEvent| SearchMsg::Step(seek))} {disabled}
                            aria-label={name} title={format!("{name} ({key})")}>{ symbol }</button>
                    }
                })
                .collect::<Html>()
        };
        let Some(frame) = &self.frame else {
            let said = match &self.error {
                Some(why) => format!("No search to show: {why}."),
                None => "Recording the search…".into(),
            };
            return html! { <section class="search-view" aria-label="Search view"><p class="search-said" role="status">{ said }</p></section> };
        };
        let (t, len) = (frame.t, frame.len);
        let scrub = send.reform(|e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            SearchMsg::Scrub(input.value().parse().unwrap_or(0))
        });
        let playing = self.playing.is_some();
        html! {
            <section class="search-view" aria-label="Search view">
                <p class="search-said" role="status">{ &frame.said }</p>
                <div class="search-steps" role="group" aria-label="Step through the search">
                    { buttons(&BACK, t == 0) }
                    <button onclick={send.reform(|_| SearchMsg::TogglePlay)} disabled={t >= len && !playing}
                        aria-label={if playing { "Pause" } else { "Play" }} title="Play / pause, one expansion at a time (Space)">
                        { if playing { "⏸" } else { "▶" } }
                    </button>
                    { buttons(&FORWARD, t >= len) }
                    <button onclick={send.reform(|_| SearchMsg::Faster)} class="speed"
                        aria-label={format!("{}/s: expansions per second while playing", SPEEDS[self.speed])}
                        title="Expansions per second while playing">{ format!("{}/s", SPEEDS[self.speed]) }</button>
                    <input type="range" class="moment" min="0" max={len.to_string()} value={t.to_string()}
                        aria-label="Moment of the search" aria-valuetext={format!("event {t} of {len}")} oninput={scrub} />
                    <span class="moment-count">{ format!("event {t} of {len}") }</span>
                    <label class="predict">
                        <input type="checkbox" checked={self.predict} onchange={send.reform(|_| SearchMsg::TogglePredict)} />
                        { " Predict" }
                    </label>
                    if self.predict {
                        <span class="predict-score">{ format!("{} of {} right", self.score.0, self.score.1) }</span>
                    }
                </div>
                if let Some(verdict) = &self.verdict {
                    <p class="predict-verdict" role="status">{ verdict }</p>
                } else if self.predict && frame.next.is_some() {
                    <p class="predict-verdict">{ "Predict: which waiting node is expanded next? Pick its number." }</p>
                }
                if let Some(why) = &self.error {
                    <p class="alert" role="alert">{ why }</p>
                }
                <div class="search-figures" onclick={send.reform(SearchMsg::Click)} tabindex="0" role="region"
                    aria-label="The search: counters, frontier and drawing">
                    { Html::from_html_unchecked(AttrValue::from(frame.markup.clone())) }
                </div>
            </section>
        }
    }
}
