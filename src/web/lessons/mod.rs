//! Lessons (`#/lesson?data=…&step=K`), the second bundle of the app (`src/bin/lessons.rs`),
//! loaded when a lesson opens (`web::lesson_host`). The player draws the lesson's bar (where
//! it is, the step's note as a caption, the step buttons) and has the app show the step's page
//! live below it, moving between steps without reloading (PageDown / PageUp, `]` / `[`);
//! `&presenter=1` is the presenter window (the note, the next step, a timer), which follows
//! the projector's window and leads it over a `BroadcastChannel`. A link that cannot be read
//! gets an alert and the lesson builder.

mod builder;

use super::browser;
use super::keymap::{self, DialogKeys};
use super::lesson_host::{self, PRESENTER_KEY, ROOT_ID, SHOW_STEP, STEP_LINK};
use super::ticker::Ticker;
use crate::core::keys::{Command, Mode};
use crate::core::lesson::{self, markup, Lesson, LESSON_PAGE};
use crate::core::link::Link;
use crate::core::qr;
use builder::{read_lesson_file, Builder, Edit};
use gloo_events::EventListener;
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use yew::prelude::*;

thread_local! {
    static APP: RefCell<Option<yew::AppHandle<LessonPage>>> = const { RefCell::new(None) };
    static REQUESTS: RefCell<Vec<EventListener>> = const { RefCell::new(Vec::new()) };
}

/// The most of the window the lesson bar may take, so the board keeps most of it.
const MOST_OF_THE_WINDOW: f64 = 0.3;
/// Narrower than this, a note is not worth growing the bar for.
const NARROWEST_NOTE_PX: i32 = 160;

/// Makes the lesson bar as tall as its note (the teacher's script is read whole), up to
/// [`MOST_OF_THE_WINDOW`]; past that the note scrolls, and it can take the focus to be scrolled
/// by keys. The page below sizes itself by the bar's height (`--lesson-bar`).
fn fit_the_note() {
    let Some(window) = web_sys::window() else { return };
    let Some(document) = window.document() else { return };
    let (Ok(Some(note)), Ok(Some(host))) =
        (document.query_selector(".lesson-note"), document.query_selector(".lesson-host"))
    else {
        return;
    };
    let _ = host.remove_attribute("style");
    // A note squeezed narrower than a few words (a phone's bar) is not made taller: the bar
    // would grow and still show nothing readable.
    if note.scroll_height() <= note.client_height() || note.client_width() < NARROWEST_NOTE_PX {
        return;
    }
    let window_height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(768.0);
    let bar = document.query_selector(".lesson-bar").ok().flatten();
    // The bar's padding and border around the note (the bar's height is its border box).
    let box_height = |element: &web_sys::Element| {
        element.dyn_ref::<web_sys::HtmlElement>().map_or(0, web_sys::HtmlElement::offset_height)
    };
    let around = bar.map_or(16, |bar| box_height(&bar) - box_height(&note));
    // One pixel more: the heights are rounded, the note's lines are not.
    let height = f64::from(note.scroll_height() + around + 1).min(window_height * MOST_OF_THE_WINDOW);
    let _ = host.set_attribute("style", &format!("--lesson-bar: {height:.0}px"));
}

/// Draws nothing: a root that only takes a number.
#[function_component]
fn Nothing() -> Html {
    Html::default()
}

/// Yew numbers the roots it draws from 1 in each wasm module and marks their elements with the
/// number; the app around the lesson bar is root 1 of its module, and it hears every event in
/// the page first. An event from a lesson root also numbered 1 was taken by the app for one of
/// its own (a click on "Next step" pressed "Present"), so number 1 goes to a root drawn on a
/// detached element here.
fn leave_root_one_to_the_app() {
    let detached = web_sys::window().and_then(|w| w.document()).and_then(|d| d.create_element("div").ok());
    if let Some(detached) = detached {
        yew::Renderer::<Nothing>::with_root(detached).render().destroy();
    }
}

/// Entry point of the bundle: draws the lesson now and whenever the app asks again.
pub fn start() {
    console_error_panic_hook::set_once();
    leave_root_one_to_the_app();
    mount();
    let window = web_sys::window().expect("a browser window");
    REQUESTS.with(|r| {
        *r.borrow_mut() = vec![
            EventListener::new(&window, lesson_host::MOUNT, |_| mount()),
            EventListener::new(&window, lesson_host::UNMOUNT, |_| unmount()),
        ]
    });
}

/// Draws the lesson the address names in the app's `#lesson-root` (in place of any before).
fn mount() {
    unmount();
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(ROOT_ID));
    if let Some(root) = root {
        APP.with(|app| *app.borrow_mut() = Some(yew::Renderer::<LessonPage>::with_root(root).render()));
    }
}

fn unmount() {
    if let Some(app) = APP.with(|app| app.borrow_mut().take()) {
        app.destroy();
    }
}

const CHANNEL: &str = "puzzlelab-lesson";

pub enum Msg {
    /// Go to this step (0-based) and tell the other window.
    Go(usize),
    /// The other window went to this step.
    Follow(usize),
    Next,
    Previous,
    /// The step's page wrote its link.
    StepLink(String),
    OpenPresenter,
    Tick,
    RestartTimer,
    /// A click in markup (the presenter's steps, the builder's buttons), read from its
    /// `data-` attributes.
    Click(MouseEvent),
    /// Typing in the builder's notes.
    Input(InputEvent),
    Drag(DragEvent),
    Drop(DragEvent),
    Build(Edit),
    /// Plays the lesson being written (true) or copies its link (false).
    Share(bool),
    Export,
    Import(web_sys::File),
    /// The page's layout changed: the lesson bar fits its note again.
    Refit,
    /// The presenter shows the projector's step as a QR code, on both screens, or hides it.
    ToggleQr,
    /// The presenter showed (true) or hid the QR code: the projector follows.
    FollowQr(bool),
}

/// What one window of a lesson tells the other over the channel (with the lesson's name).
enum Told {
    Step(usize),
    Qr(bool),
}

impl Told {
    fn read(text: &str) -> Option<Self> {
        match text {
            "qr" => Some(Self::Qr(true)),
            "no-qr" => Some(Self::Qr(false)),
            step => step.parse().ok().map(Self::Step),
        }
    }

    fn write(&self) -> String {
        match self {
            Self::Step(step) => step.to_string(),
            Self::Qr(shown) => if *shown { "qr" } else { "no-qr" }.to_string(),
        }
    }
}

pub struct LessonPage {
    /// The lesson link as opened (its data, or its example's name).
    link: Link,
    presenter: bool,
    /// The QR code of the step on the projector, as markup, while shown (the presenter shows
    /// it on both screens).
    qr: Option<String>,
    /// The QR code was just shown: its Close button takes the focus once drawn.
    focus_close: bool,
    /// A step button had the focus when pressed: at the lesson's first or last step it is
    /// disabled, and the focus goes to the other one instead of the page.
    focus_in_bar: bool,
    /// The lesson and the step shown (0-based), once read.
    lesson: Option<(Lesson, usize)>,
    /// Each step's link as its page last wrote it, so a step comes back as it was left.
    step_links: Vec<String>,
    /// The lesson being written, shown when there is no lesson to play.
    builder: Option<Builder>,
    channel: Option<(web_sys::BroadcastChannel, EventListener)>,
    timer_start: f64,
    _ticker: Option<Ticker>,
    /// While its QR code is shown, the keys are the QR code's.
    qr_keys: Option<DialogKeys>,
    _listeners: [EventListener; 4],
}

impl Component for LessonPage {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let link = Link::parse(&browser::current_hash()).unwrap_or_else(|_| Link::new(LESSON_PAGE));
        let presenter = link.get(PRESENTER_KEY) == Some("1");
        let mut page = Self {
            presenter,
            lesson: None,
            step_links: Vec::new(),
            qr: None,
            qr_keys: None,
            focus_close: false,
            focus_in_bar: false,
            builder: None,
            channel: None,
            timer_start: browser::now_ms(),
            _ticker: presenter.then(|| {
                let tick = ctx.link().callback(|_| Msg::Tick);
                Ticker::every(1000, move || tick.emit(()))
            }),
            _listeners: [
                keymap::on_lesson_keys(ctx.link().callback(|command| match command {
                    Command::NextLessonStep => Msg::Next,
                    Command::ShowQrCode => Msg::ToggleQr,
                    _ => Msg::Previous,
                })),
                lesson_host::listen(STEP_LINK, ctx.link().callback(Msg::StepLink)),
                // The note's height follows the type's size and the window's width.
                lesson_host::listen(lesson_host::LAYOUT, ctx.link().callback(|_| Msg::Refit)),
                browser::on_resize(ctx.link().callback(|_| Msg::Refit)),
            ],
            link,
        };
        match lesson::from_link(&page.link) {
            Ok((lesson, step)) => page.open(ctx, lesson, step - 1),
            Err(_) if !lesson::holds_a_lesson(&page.link) => page.builder = Some(Builder::new(None)),
            Err(why) => {
                let alert = format!(
                    "This lesson link could not be read: {why}. Here is the lesson you are writing instead."
                );
                page.builder = Some(Builder::new(Some(alert)));
            }
        }
        if page.builder.is_some() {
            browser::name_the_page(Some("Your lesson"));
        }
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Go(step) => {
                if !self.show(step) {
                    return false;
                }
                self.tell(Told::Step(step));
            }
            Msg::Follow(step) => return self.show(step),
            Msg::Next | Msg::Previous => {
                let Some((_, step)) = &self.lesson else { return false };
                self.focus_in_bar = browser::focused_in(".lesson-bar");
                let step = if matches!(msg, Msg::Next) { step + 1 } else { step.wrapping_sub(1) };
                ctx.link().send_message(Msg::Go(step));
                return false;
            }
            Msg::StepLink(link) => {
                if let Some((_, step)) = &self.lesson {
                    self.step_links[*step] = link;
                }
                return false;
            }
            Msg::OpenPresenter => {
                let link = self.address().set(PRESENTER_KEY, 1);
                browser::open_window(&link.to_hash(), "puzzlelab-presenter");
                return false;
            }
            Msg::Tick => {}
            Msg::RestartTimer => self.timer_start = browser::now_ms(),
            Msg::Click(e) => return self.click(ctx, &e),
            Msg::Input(e) => {
                let note = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok());
                let step = note.as_ref().and_then(|n| data_index(n, "data-step"));
                return match (note, step) {
                    (Some(note), Some(i)) => self.edit(Edit::Note(i, note.value())),
                    _ => false,
                };
            }
            Msg::Drag(e) => {
                let step = dragged_step(&e);
                if let (Some(builder), Some(transfer)) = (&mut self.builder, e.data_transfer()) {
                    // Some browsers drag nothing without data.
                    let _ = transfer.set_data("text/plain", &step.unwrap_or(0).to_string());
                    builder.dragged = step;
                }
                return false;
            }
            Msg::Drop(e) => {
                e.prevent_default();
                let from = self.builder.as_mut().and_then(|b| b.dragged.take());
                return match (from, dragged_step(&e)) {
                    (Some(from), Some(to)) => self.edit(Edit::Move(from, to)),
                    _ => false,
                };
            }
            Msg::Build(edit) => return self.edit(edit),
            Msg::Share(play) => self.builder.iter_mut().for_each(|builder| builder.share(play)),
            Msg::Export => self.builder.iter_mut().for_each(Builder::export),
            Msg::Refit => {
                fit_the_note();
                return false;
            }
            Msg::ToggleQr => {
                let shown = self.qr.is_none();
                self.show_qr(ctx, shown);
                self.tell(Told::Qr(shown));
            }
            Msg::FollowQr(shown) => self.show_qr(ctx, shown),
            Msg::Import(file) => {
                let done = ctx.link().callback(|read| Msg::Build(Edit::Imported(read)));
                wasm_bindgen_futures::spawn_local(async move {
                    let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                    done.emit(read_lesson_file(text.ok().and_then(|t| t.as_string())));
                });
                return false;
            }
        }
        true
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first_render: bool) {
        if self.presenter && self.lesson.is_some() {
            keymap::publish(Mode::Presenter);
        }
        if std::mem::take(&mut self.focus_close) {
            browser::focus(".qr-overlay .qr-close", false);
        }
        if let Some(selector) = self.builder.as_mut().and_then(|b| b.focus_next.take()) {
            browser::focus(&selector, false);
        }
        if std::mem::take(&mut self.focus_in_bar) && browser::focus_lost(Some("body")) {
            browser::focus(".lesson-bar > button:not([disabled])[aria-label$=' step']", false);
        }
        fit_the_note();
    }

    fn destroy(&mut self, _ctx: &Context<Self>) {
        lesson_host::send(SHOW_STEP, "");
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        match (&self.lesson, &self.builder) {
            (Some((lesson, step)), _) if self.presenter => self.presenter_view(ctx, lesson, *step),
            (Some((lesson, step)), _) => self.player_view(ctx, lesson, *step),
            (None, Some(builder)) => builder.view(ctx.link()),
            (None, None) => Html::default(),
        }
    }
}

impl LessonPage {
    /// Shows `step` of the lesson just read, and listens to the other window.
    fn open(&mut self, ctx: &Context<Self>, lesson: Lesson, step: usize) {
        self.step_links = lesson.steps.iter().map(|s| s.link.clone()).collect();
        browser::name_the_page(Some(&lesson.title));
        self.lesson = Some((lesson, step));
        let this_lesson = self.lesson_name();
        self.channel = web_sys::BroadcastChannel::new(CHANNEL).ok().map(|channel| {
            let follow = ctx.link().callback(|told| match told {
                Told::Step(step) => Msg::Follow(step),
                Told::Qr(shown) => Msg::FollowQr(shown),
            });
            let listener = EventListener::new(&channel, "message", move |event| {
                let text = event.dyn_ref::<web_sys::MessageEvent>().and_then(|e| e.data().as_string());
                let told = text
                    .as_deref()
                    .and_then(|t| t.split_once('\n'))
                    .filter(|(_, lesson)| *lesson == this_lesson)
                    .and_then(|(told, _)| Told::read(told));
                if let Some(told) = told {
                    follow.emit(told);
                }
            });
            (channel, listener)
        });
        self.show_step_page();
    }

    fn tell(&self, told: Told) {
        if let Some((channel, _)) = &self.channel {
            let _ = channel.post_message(&format!("{}\n{}", told.write(), self.lesson_name()).into());
        }
    }

    /// What names this lesson to the other window: its address at the first step.
    fn lesson_name(&self) -> String {
        lesson::address(&self.link, 1).to_hash()
    }

    /// Moves to `step` if the lesson has it; false if it does not, or is there already.
    fn show(&mut self, step: usize) -> bool {
        let Some((lesson, shown)) = &mut self.lesson else { return false };
        if step >= lesson.steps.len() || step == *shown {
            return false;
        }
        *shown = step;
        self.show_step_page();
        if self.qr.is_some() {
            self.qr = Some(self.step_qr());
        }
        browser::scroll_to_top();
        true
    }

    /// Puts the step in the address and has the app show its page (not in the presenter
    /// window, which shows the notes only).
    fn show_step_page(&self) {
        browser::replace_hash(&self.address().to_hash());
        if let (Some((_, step)), false) = (&self.lesson, self.presenter) {
            lesson_host::send(SHOW_STEP, &self.step_links[*step]);
        }
    }

    /// Shows the step's QR code (holding the keys: Esc closes it) or hides it.
    fn show_qr(&mut self, ctx: &Context<Self>, shown: bool) {
        self.qr = shown.then(|| self.step_qr());
        self.qr_keys = shown.then(|| {
            DialogKeys::hold(Mode::QrCode, ".qr-overlay .qr-close", ctx.link().callback(|_| Msg::ToggleQr))
        });
        self.focus_close = shown;
    }

    /// The step on the projector as a QR code (markup): the lesson's link at that step, or,
    /// when that is too long for a QR code, the step's page alone.
    fn step_qr(&self) -> String {
        let base = browser::current_url().split('#').next().unwrap_or_default().to_string();
        let step = self.lesson.as_ref().map_or(0, |(_, step)| *step);
        let lesson_url = format!("{base}{}", lesson::address(&self.link, step + 1).to_hash());
        let too_long = match qr::link_code(&lesson_url) {
            Ok(code) => return code.markup("The lesson at this step: "),
            Err(why) => why,
        };
        let page = self.step_links.get(step).filter(|link| !link.is_empty());
        match page.map(|link| qr::link_code(&format!("{base}{link}"))) {
            Some(Ok(code)) => {
                code.markup("This step's page alone (the whole lesson's link is too long for a QR code): ")
            }
            _ => format!("<p role=\"alert\">{}</p>", crate::core::format::html_text(&too_long)),
        }
    }

    /// The lesson's link at the step shown (and in the presenter window, saying so).
    fn address(&self) -> Link {
        let link = lesson::address(&self.link, self.lesson.as_ref().map_or(1, |(_, step)| step + 1));
        if self.presenter {
            link.set(PRESENTER_KEY, 1)
        } else {
            link
        }
    }

    fn player_view(&self, ctx: &Context<Self>, lesson: &Lesson, step: usize) -> Html {
        let cb = ctx.link();
        html! {
            <section class="lesson-bar" aria-label="Lesson">
                <button onclick={cb.callback(|_| Msg::Previous)} disabled={step == 0}
                    aria-label="Previous step" title="Previous step (PageUp)">{ "‹" }</button>
                <div class="lesson-text">
                    <p class="lesson-where">
                        <span class="lesson-count">{ format!("{} / {}", step + 1, lesson.steps.len()) }</span>
                        <span class="lesson-title">{ &lesson.title }</span>
                    </p>
                    <p class="lesson-note" aria-live="polite" tabindex="0" aria-label="The teacher's note">{ &lesson.steps[step].note }</p>
                </div>
                <button onclick={cb.callback(|_| Msg::Next)} disabled={step + 1 == lesson.steps.len()}
                    aria-label="Next step" title="Next step (PageDown)">{ "›" }</button>
                <button class="open-presenter" onclick={cb.callback(|_| Msg::OpenPresenter)} aria-label="Open presenter view"
                    title="A second window with the notes, the next step and a timer">{ "Presenter" }</button>
                if let Some(markup) = &self.qr {
                    <div class="qr-overlay" role="dialog" aria-label="The lesson at this step as a QR code">
                        { Html::from_html_unchecked(AttrValue::from(markup.clone())) }
                        <button class="qr-close" onclick={cb.callback(|_| Msg::ToggleQr)}>{ "Back to the lesson (q or Esc)" }</button>
                    </div>
                }
            </section>
        }
    }

    fn presenter_view(&self, ctx: &Context<Self>, lesson: &Lesson, step: usize) -> Html {
        let cb = ctx.link();
        let seconds = ((browser::now_ms() - self.timer_start) / 1000.0) as u64;
        let notes = markup::presenter_notes(lesson, step, &step_titles(lesson));
        html! {
            <main class="presenter">
                <h1>{ &lesson.title }</h1>
                <div class="presenter-controls">
                    <button onclick={cb.callback(|_| Msg::Previous)} disabled={step == 0}>{ "‹ Previous step" }</button>
                    <button class="primary" onclick={cb.callback(|_| Msg::Next)} disabled={step + 1 == lesson.steps.len()}>{ "Next step ›" }</button>
                    <span class="presenter-timer" role="timer" aria-label="Time since the timer started">
                        { format!("{}:{:02}", seconds / 60, seconds % 60) }
                    </span>
                    <button onclick={cb.callback(|_| Msg::RestartTimer)}>{ "Restart the timer" }</button>
                    <button onclick={cb.callback(|_| Msg::ToggleQr)} aria-pressed={self.qr.is_some().to_string()}
                        title="Shown on the projector too, for the class to scan">
                        { "QR code of this step" }
                    </button>
                </div>
                if let Some(markup) = &self.qr {
                    <div class="qr-overlay" role="dialog" aria-label="The step on the projector as a QR code">
                        { Html::from_html_unchecked(AttrValue::from(markup.clone())) }
                        <button class="qr-close" onclick={cb.callback(|_| Msg::ToggleQr)}>{ "Back to the notes (q or Esc)" }</button>
                    </div>
                }
                <div onclick={cb.callback(Msg::Click)}>{ Html::from_html_unchecked(AttrValue::from(notes)) }</div>
            </main>
        }
    }

    /// A click in markup: a presenter's step (`data-go`) or a builder's button (`data-act`).
    fn click(&mut self, ctx: &Context<Self>, event: &MouseEvent) -> bool {
        let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
            return false;
        };
        let Ok(Some(button)) = target.closest("button") else { return false };
        if let Some(step) = data_index(&button, "data-go") {
            ctx.link().send_message(Msg::Go(step));
            return false;
        }
        let Some(i) = data_index(&button, "data-step") else { return false };
        match button.get_attribute("data-act").as_deref() {
            Some("up") => self.edit(Edit::Move(i, i.saturating_sub(1))),
            Some("down") => self.edit(Edit::Move(i, i + 1)),
            Some("delete") => self.edit(Edit::Delete(i)),
            _ => false,
        }
    }

    fn edit(&mut self, edit: Edit) -> bool {
        self.builder.as_mut().is_some_and(|builder| builder.edit(edit))
    }
}

/// The number an element's attribute holds (`data-step="2"`).
fn data_index(element: &web_sys::Element, attribute: &str) -> Option<usize> {
    element.get_attribute(attribute)?.parse().ok()
}

/// The builder's step a drag event is over (or started from).
fn dragged_step(event: &DragEvent) -> Option<usize> {
    let target = event.target()?.dyn_into::<web_sys::Element>().ok()?;
    data_index(&target.closest("[data-step]").ok()??, "data-step")
}

/// Each step named by its page and what it shows, as the page's menu names the algorithms:
/// "Sliding tiles (A* with Manhattan distance, Search view)", "Sudoku (race of …)".
pub fn step_titles(lesson: &Lesson) -> Vec<String> {
    lesson.steps.iter().map(|step| step_title(&step.link)).collect()
}

fn step_title(link: &str) -> String {
    let Ok(link) = Link::parse(link) else { return link.to_string() };
    let title = crate::puzzles::find(&link.puzzle).map_or(link.puzzle.as_str(), |p| p.title);
    let name = |algo: &str| crate::puzzles::algorithm_name(&link.puzzle, algo);
    let searched = link.get("view") == Some("search");
    let what = match (link.get("race"), link.get("algo")) {
        (Some(race), _) => {
            Some(format!("race of {}", race.split(',').map(name).collect::<Vec<_>>().join(", ")))
        }
        (None, Some(algo)) if searched => Some(format!("{}, Search view", name(algo))),
        (None, Some(algo)) => Some(name(algo)),
        (None, None) if searched => Some("Search view".to_string()),
        (None, None) => None,
    };
    match what {
        Some(what) => format!("{title} ({what})"),
        None => title.to_string(),
    }
}
