//! The Search view: steps through a recorded search, event by event, with the frontier, the
//! counters and a drawing beside the board. The search is recorded and replayed in a worker
//! of its own (`core::replay`), which answers each step with the moment to show; this side
//! only asks, keeps the answer and the predictions' score, and lays them out.

use crate::core::format::format_count;
use crate::core::link::{with_view, Link, SearchAsk};
use crate::core::replay::Frame;
use crate::web::solver::{SolverClient, SolverEvent};
use crate::web::ticker::Ticker;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A step button: (seek, symbol, name, key).
type StepButton = (&'static str, &'static str, &'static str, &'static str);

/// A card picked while the frame of the next question is on its way (the cards shown are
/// the last question's).
const NEXT_QUESTION_ON_ITS_WAY: &str = "The next question is on its way: pick a card once it is shown.";

/// The step buttons, backwards then forwards.
const BACK: [StepButton; 4] = [
    ("start", "⇤", "To the start", "Home"),
    ("layer-", "«", "Back one layer (a depth, an f value), iteration, guess or take-back", "{"),
    ("expansion-", "‹‹", "Back one expansion", "["),
    ("event-", "‹", "Back one event", ","),
];
const FORWARD: [StepButton; 4] = [
    ("event+", "›", "Forward one event", "."),
    ("expansion+", "››", "Forward one expansion", "]"),
    ("layer+", "»", "Forward one layer (a depth, an f value), iteration, guess or take-back", "}"),
    ("end", "⇥", "To the end", "End"),
];

/// A constraint solver's (or the queens') step buttons: it expands nothing, so `[` `]` step
/// by the values it gives (a cell's value, a queen placed).
const ASSIGN_BACK: [StepButton; 4] = [
    ("start", "⇤", "To the start", "Home"),
    ("layer-", "«", "Back one guess, take-back or solution", "{"),
    ("expansion-", "‹‹", "Back one assignment or placement", "["),
    ("event-", "‹", "Back one event", ","),
];
const ASSIGN_FORWARD: [StepButton; 4] = [
    ("event+", "›", "Forward one event", "."),
    ("expansion+", "››", "Forward one assignment or placement", "]"),
    ("layer+", "»", "Forward one guess, take-back or solution", "}"),
    ("end", "⇥", "To the end", "End"),
];

/// A race's step buttons: a tick, a hundredth of the race, the next lane's end.
const RACE_BACK: [StepButton; 4] = [
    ("start", "⇤", "To the start", "Home"),
    ("layer-", "«", "Back to the last lane's end", "{"),
    ("expansion-", "‹‹", "Back a hundredth of the race", "["),
    ("event-", "‹", "Back one tick", ","),
];
const RACE_FORWARD: [StepButton; 4] = [
    ("event+", "›", "Forward one tick", "."),
    ("expansion+", "››", "Forward a hundredth of the race", "]"),
    ("layer+", "»", "Forward to the next lane's end", "}"),
    ("end", "⇥", "Fast-forward to the end", "End"),
];

/// A candidate's card in predict mode (its node's number in `data-node`).
const CARD: &str = ".predict-cards li[data-node]";

/// The card numbered `card` (predict mode), if one is on screen.
fn card_numbered(card: u32) -> Option<web_sys::Element> {
    let document = web_sys::window()?.document()?;
    document.query_selector(&format!(".predict-cards li[data-card=\"{card}\"]")).ok().flatten()
}

/// The number of the card showing node `node`.
fn card_of_node(node: u32) -> Option<String> {
    let document = web_sys::window()?.document()?;
    let card = document.query_selector(&format!(".predict-cards li[data-node=\"{node}\"]")).ok().flatten()?;
    card.get_attribute("data-card")
}

/// Expansions per second that Play offers; the first is the default.
const SPEEDS: [u32; 4] = [2, 5, 10, 1];

/// Steps that may wait for the worker (a key held down asks faster than a frame comes back).
const MAX_QUEUED: usize = 64;
/// A race's clock units per second (a log scale: 1 to 10,000).
const RACE_SPEEDS: [u32; 5] = [100, 1_000, 10_000, 1, 10];

pub enum SearchMsg {
    /// A step control: `event+`, `expansion-`, `layer+`, `start`, `end`… (see `Seek::parse`).
    Step(&'static str),
    /// The slider, moved to this moment.
    Scrub(u32),
    TogglePlay,
    /// The speed button: the next speed, round and round.
    NextSpeed,
    /// `+` and `−`: the next faster or slower speed, stopping at the ends.
    Faster,
    Slower,
    TogglePredict,
    /// The card of this number picked by its key.
    PickCard(u32),
    /// A click in the drawing (a frontier row's button in predict mode).
    Click(MouseEvent),
    /// Play's clock: a search steps one expansion, a race moves on by its speed.
    Tick,
    /// A race's counters by tick, as a CSV file.
    ExportCsv,
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
    /// The nodes the questions scored so far were about: a question asked again (stepping
    /// back to it) is answered again but scored once.
    scored: Vec<u32>,
    /// An answer was just given: the page puts the focus on the verdict (the buttons picked
    /// from are redrawn).
    focus_verdict: bool,
    /// The answer's frame is asked for: once drawn, its top (the rule, the row taken) is shown.
    revealing: bool,
    show_top: bool,
    /// A frame just came: the node taken next is brought into the figures' view (once).
    new_frame: bool,
    /// A request is out; steps asked meanwhile wait here, in order, so that no key press is
    /// lost (a moment asked for outright replaces them).
    asking: bool,
    /// Each with its moment, or `None` for a step from wherever the view then is.
    queued: Vec<(&'static str, Option<u32>)>,
    error: Option<String>,
    playing: Option<Ticker>,
    speed: usize,
    new_path: Option<Vec<String>>,
    /// A race's keys (none: a search).
    race: Vec<(&'static str, String)>,
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
            race: ask.race,
            score: (0, 0),
            verdict: None,
            scored: Vec::new(),
            focus_verdict: false,
            revealing: false,
            show_top: false,
            new_frame: false,
            asking: false,
            queued: Vec::new(),
            error: None,
            playing: None,
            speed: 0,
            new_path: None,
        };
        match ask.predict {
            true => view.ask_a_question(),
            false => view.ask("at", ask.t),
        }
        view
    }

    /// Predict mode asks where the search is about to take a node: the moment just before
    /// the next expansion (a question asked mid-expansion would be asked again at that stop).
    fn ask_a_question(&mut self) {
        match self.t.checked_sub(1) {
            Some(before) => self.ask("expansion+", before),
            None => self.ask("at", 0),
        }
    }

    pub fn link(&self) -> &Link {
        &self.link
    }

    /// The moment shown (a race: the tick).
    pub fn moment(&self) -> u32 {
        self.t
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
        let ask = SearchAsk { t: self.t, predict: self.predict, race: self.race.clone() };
        with_view(link, &ask)
    }

    /// The moves from the start to the node to put on the board, once per new frame (when
    /// the page draws the board).
    /// Whether the worker refused what the view was to show (it never showed a moment).
    pub fn refused(&self) -> bool {
        self.frame.is_none() && self.error.is_some()
    }

    pub fn take_new_path(&mut self) -> Option<Vec<String>> {
        self.new_path.take()
    }

    /// Whether the verdict just given should take the focus (once).
    pub fn take_focus(&mut self) -> bool {
        std::mem::take(&mut self.focus_verdict)
    }

    /// Whether the answer's frame just came, to be shown from its top (once).
    pub fn take_show_top(&mut self) -> bool {
        std::mem::take(&mut self.show_top)
    }

    /// Whether a frame just came, whose next node (a frontier row) should be in view (once;
    /// never in predict mode, where it is the question).
    pub fn take_new_frame(&mut self) -> bool {
        std::mem::take(&mut self.new_frame) && !self.predict
    }

    /// Whether predict mode has something to ask: a search of nodes (a constraint solver or
    /// the queens' backtracking gives values instead).
    pub fn can_predict(&self) -> bool {
        self.frame.as_ref().is_some_and(|f| f.board)
    }

    /// Predict mode is on (a question asked, answered, or none left at the end).
    pub fn predict_on(&self) -> bool {
        self.predict
    }

    /// A question is asked: its candidates, each with its board, take the page's board's room.
    pub fn predicting(&self) -> bool {
        self.predict && self.frame.as_ref().is_some_and(|f| f.next.is_some())
    }

    /// The board is in the drawing (constraint solvers): the page draws none.
    pub fn draws_board(&self) -> bool {
        self.frame.as_ref().is_some_and(|f| !f.board)
    }

    fn ask(&mut self, seek: &'static str, t: u32) {
        if self.asking {
            if seek == "at" {
                self.queued.clear();
            }
            if self.queued.len() < MAX_QUEUED {
                // A step from the moment shown goes on from the moment the view will show; one
                // from another moment (a question asked just before an expansion) keeps it.
                let from = (seek == "at" || t != self.t).then_some(t);
                self.queued.push((seek, from));
            }
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
                self.error = None;
                self.ask(seek, self.t);
            }
            SearchMsg::Scrub(t) => {
                self.verdict = None;
                self.error = None;
                self.ask("at", t);
            }
            SearchMsg::TogglePlay => match self.playing.take() {
                Some(_) => {}
                None => {
                    self.error = None;
                    self.play(tick)
                }
            },
            SearchMsg::NextSpeed | SearchMsg::Faster | SearchMsg::Slower => {
                let speeds = self.speeds();
                let now = speeds[self.speed % speeds.len()];
                let next = match msg {
                    SearchMsg::Faster => speeds.iter().filter(|&&s| s > now).min(),
                    SearchMsg::Slower => speeds.iter().filter(|&&s| s < now).max(),
                    _ => speeds.get((self.speed + 1) % speeds.len()),
                };
                self.speed = next.and_then(|s| speeds.iter().position(|x| x == s)).unwrap_or(self.speed);
                if self.playing.is_some() {
                    self.play(tick);
                }
            }
            SearchMsg::TogglePredict => {
                self.predict = !self.predict;
                self.playing = None;
                self.verdict = None;
                self.error = None;
                match self.predict {
                    true => self.ask_a_question(),
                    false => self.ask("at", self.t),
                }
            }
            SearchMsg::Click(event) => {
                let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                let within = |selector| target.as_ref().and_then(|e| e.closest(selector).ok().flatten());
                if let Some(card) = within(CARD) {
                    self.pick(&card);
                } else if within(".mini-board").is_some() {
                    // A board drawn in the view (a lane's, a frontier node's) is shown, not played.
                    let view = if self.race.is_empty() { "search" } else { "race" };
                    self.error = Some(format!(
                        "This board shows the {view}: it is not played here. To play, go back to the page with \"Close the {view}\"."
                    ));
                }
            }
            SearchMsg::PickCard(card) => self.pick_card(card),
            SearchMsg::Tick if self.race.is_empty() => self.ask("expansion+", self.t),
            SearchMsg::Tick => {
                let units = (RACE_SPEEDS[self.speed % RACE_SPEEDS.len()] * self.tick_ms() / 1000).max(1);
                self.ask("at", self.t + units)
            }
            SearchMsg::ExportCsv => {
                // The worker takes one job at a time: a moment asked for meanwhile is dropped
                // (asked again when the file arrives), and Play stops.
                self.playing = None;
                self.asking = false;
                self.queued.clear();
                self.client.race_csv(&self.link.to_hash());
            }
            SearchMsg::Worker(event) => self.answer(event),
        }
    }

    /// A race's keys, to keep in the page's link.
    pub fn race(&self) -> &[(&'static str, String)] {
        &self.race
    }

    fn speeds(&self) -> &'static [u32] {
        if self.race.is_empty() {
            &SPEEDS
        } else {
            &RACE_SPEEDS
        }
    }

    /// Play's clock: a search steps one expansion a tick; a race moves ten times a second,
    /// or, slower than 10 units a second, one unit a tick.
    fn tick_ms(&self) -> u32 {
        let speed = self.speeds()[self.speed % self.speeds().len()];
        if self.race.is_empty() || speed < 10 {
            1000 / speed
        } else {
            100
        }
    }

    fn play(&mut self, tick: Callback<SearchMsg>) {
        let ms = self.tick_ms();
        self.playing = Some(Ticker::every(ms, move || tick.emit(SearchMsg::Tick)));
    }

    fn answer(&mut self, event: SolverEvent) {
        match event {
            SolverEvent::Frame(frame) => {
                self.asking = false;
                self.show_top = std::mem::take(&mut self.revealing);
                self.new_frame = true;
                // The link's moment past the end is shown at the end, and said to be.
                let past_the_end = (self.frame.is_none() && self.t > frame.len).then(|| {
                    let unit = if self.race.is_empty() { "event" } else { "tick" };
                    let (asked, len) = (format_count(self.t.into()), format_count(frame.len.into()));
                    format!("This link's moment, {unit} {asked}, is past the end: shown at its end, {unit} {len}.")
                });
                self.t = frame.t;
                if frame.t >= frame.len {
                    self.playing = None;
                }
                if frame.board {
                    self.new_path = Some(frame.path.clone());
                }
                self.frame = Some(*frame);
                // An alert given while this frame was on its way (a key pressed meanwhile)
                // stays: alerts are cleared by the user's next action, not by a frame.
                if past_the_end.is_some() {
                    self.error = past_the_end;
                }
                if !self.queued.is_empty() {
                    let (seek, from) = self.queued.remove(0);
                    self.ask(seek, from.unwrap_or(self.t));
                }
            }
            SolverEvent::Failed(why) => {
                self.asking = false;
                self.playing = None;
                self.queued.clear();
                self.error = Some(why);
            }
            SolverEvent::File { name, bytes } => {
                if let Err(why) = crate::web::browser::download(&bytes, &name, "text/csv") {
                    self.error = Some(format!("No CSV: {why}."));
                }
                self.ask("at", self.t);
            }
            SolverEvent::Progress { .. }
            | SolverEvent::Done(_)
            | SolverEvent::TablesChanged
            | SolverEvent::Made(_) => {}
        }
    }

    /// A card picked by its number's key; a number no card has, or a key pressed once the
    /// answer is out, is answered in words.
    fn pick_card(&mut self, card: u32) {
        if self.verdict.is_some() {
            self.error = Some("The answer is out: step on (. or ]) for the next question.".into());
            return;
        }
        if self.asking {
            self.error = Some(NEXT_QUESTION_ON_ITS_WAY.into());
            return;
        }
        match card_numbered(card) {
            Some(element) => self.pick(&element),
            None => self.error = Some(format!("There is no card {card}: pick a number shown on a card.")),
        }
    }

    /// A prediction: the candidate card picked (its button, anywhere on it, or its number
    /// key) against the node the search takes next.
    fn pick(&mut self, card: &web_sys::Element) {
        if self.asking {
            self.error = Some(NEXT_QUESTION_ON_ITS_WAY.into());
            return;
        }
        self.error = None;
        let Some(frame) = &self.frame else { return };
        let Some(picked) = card.get_attribute("data-node") else { return };
        if !self.predict || self.verdict.is_some() {
            return;
        }
        let Some(next) = frame.next else { return };
        let right = picked == next.to_string();
        if !self.scored.contains(&next) {
            self.score = (self.score.0 + u32::from(right), self.score.1 + 1);
            self.scored.push(next);
        }
        self.focus_verdict = true;
        self.revealing = true;
        let why = card.get_attribute("data-miss").unwrap_or_default();
        let answer =
            card_of_node(next).map_or(format!("node {next}"), |card| format!("card {card}, node {next},"));
        self.verdict = Some(if right {
            format!("Right: {answer} is expanded next.")
        } else {
            format!("Not this one: {answer} is expanded next. {why}")
        });
        // Reveal the answer: the same moment, with the next node marked.
        self.predict = false;
        self.ask("at", self.t);
        self.predict = true;
    }

    pub fn view(&self, send: &Callback<SearchMsg>) -> Html {
        const PREDICT_QUESTION: &str =
            "Predict: which of these waiting nodes does the search expand next? Pick its card (click it or press its number); the rule comes with the answer.";
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
            // A refusal is a problem to read at once; the recording, news to hear in turn.
            let (said, role) = match &self.error {
                Some(why) => (format!("No search to show: {why}."), "alert"),
                None => ("Recording the search…".into(), "status"),
            };
            return html! { <section class="search-view" aria-label="Search view"><p class="search-said" {role}>{ said }</p></section> };
        };
        let (t, len) = (frame.t, frame.len);
        let scrub = send.reform(|e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            SearchMsg::Scrub(input.value().parse().unwrap_or(0))
        });
        let playing = self.playing.is_some();
        let racing = !self.race.is_empty();
        let speed = self.speeds()[self.speed % self.speeds().len()];
        let (unit, moment) = if racing { ("units", "tick") } else { ("expansions", "event") };
        // A search draws the board of a node; a constraint solver's markup holds its grid.
        let (back, forward) = match (racing, frame.board) {
            (true, _) => (&RACE_BACK, &RACE_FORWARD),
            (false, true) => (&BACK, &FORWARD),
            (false, false) => (&ASSIGN_BACK, &ASSIGN_FORWARD),
        };
        html! {
            <section class="search-view" aria-label="Search view">
                <div class="search-steps" role="group" aria-label="Step through the search">
                    { buttons(back, t == 0) }
                    <button onclick={send.reform(|_| SearchMsg::TogglePlay)} disabled={t >= len && !playing}
                        aria-label={if playing { "Pause" } else { "Play" }} title="Play / pause (Space)">
                        { if playing { "❚❚" } else { "▶" } }
                    </button>
                    { buttons(forward, t >= len) }
                    <button onclick={send.reform(|_| SearchMsg::NextSpeed)} class="speed"
                        aria-label={format!("{speed}/s: {unit} per second while playing")}
                        title="Speed while playing">{ format!("{speed}/s") }</button>
                    <input type="range" class="moment" min="0" max={len.to_string()} value={t.to_string()}
                        aria-label="Moment of the search" aria-valuetext={format!("{moment} {t} of {len}")} oninput={scrub} />
                    // As wide as its widest moment, so nothing after it moves while stepping.
                    <span class="moment-count" style={format!("min-width: {}ch", format!("{moment} {0} of {0}", format_count(u64::from(len))).len())}>
                        { format!("{moment} {} of {}", format_count(u64::from(t)), format_count(u64::from(len))) }
                    </span>
                    if racing {
                        <button class="export-csv" onclick={send.reform(|_| SearchMsg::ExportCsv)}>{ "Export CSV" }</button>
                    } else if frame.board {
                        <button class="predict" aria-pressed={self.predict.to_string()}
                            onclick={send.reform(|_| SearchMsg::TogglePredict)} title="Predict mode (g)">
                            { "Predict" }
                        </button>
                    }
                    if self.predict {
                        <span class="predict-score">{ format!("{} of {} right", self.score.0, self.score.1) }</span>
                    }
                </div>
                // Under the buttons: a sentence's length never moves them.
                <p class="search-said" role="status">{ &frame.said }</p>
                // One element for the question and its answer, kept in place (empty at the end) so
                // the figures under it do not move and the focus the answer took stays on it.
                if self.predict || self.verdict.is_some() {
                    <p class="predict-verdict" role="status" tabindex="-1">
                        { match (&self.verdict, frame.next) {
                            (Some(verdict), _) => verdict.as_str(),
                            (None, Some(_)) => PREDICT_QUESTION,
                            (None, None) => "",
                        } }
                    </p>
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
