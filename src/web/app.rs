//! The app: header, themes, presentation mode, the shortcut overlay, and the page the address
//! names (the landing page or a puzzle's), rebuilt whenever the address changes.
//!
//! A bundle carries the pages it was built with (`src/bin/page.rs`): one puzzle's, the landing
//! page alone, or all with the landing page (`src/bin/app.rs`, for lessons and offline use);
//! static/app_start.js loads the bundle the address needs. An address naming a page this bundle
//! lacks reloads.

use super::keymap::{self, DialogKeys};
use super::lesson_host;
use super::pages::PageEntry;
use super::{browser, release};
use crate::core::keys::{self, Command, Mode};
use crate::core::lesson::LESSON_PAGE;
use crate::core::link::{is_embedded, opens_on_a_view, Link};
use crate::puzzles::PUZZLES;
use gloo_events::EventListener;
use yew::prelude::*;

/// The pages this bundle carries.
#[derive(Properties)]
pub struct Bundle {
    pub pages: &'static [PageEntry],
    /// Draws the landing page; `None` in a puzzle's own bundle, which leaves the landing
    /// page's code and pictures out.
    pub landing: Option<fn() -> Html>,
}

impl PartialEq for Bundle {
    fn eq(&self, other: &Self) -> bool {
        self.pages == other.pages && self.landing.is_some() == other.landing.is_some()
    }
}

pub struct App {
    pages: &'static [PageEntry],
    landing: Option<fn() -> Html>,
    link: Link,
    /// A problem with the address itself, shown above the page.
    route_error: Option<String>,
    /// Bumped on every navigation so the page is rebuilt from the new link.
    visit: u32,
    dark: bool,
    presenting: bool,
    /// What the header's own keys (`t`, `p`) last changed, in words, and a count that has a
    /// repeated sentence said again.
    said: (&'static str, u32),
    /// The list of keys, while open: the mode it lists and its hold on the keys.
    help: Option<(Mode, DialogKeys)>,
    /// The puzzle menu is open (narrow screens).
    menu: bool,
    /// What had the keyboard focus when the shortcut list opened, to give it back on close.
    focus_before_help: Option<web_sys::HtmlElement>,
    /// A new release is installed (or a worker of another one answered): offer a reload.
    new_version: bool,
    /// In a lesson: the step page the lessons bundle asked for, and a count that restarts it.
    lesson_step: Option<(Link, u32)>,
    /// The address has just come to name a lesson: the lessons bundle is to draw it.
    mount_lesson: bool,
    /// `embed=1`: the page inside another one, telling it its height while kept.
    embedded: Option<browser::HeightReport>,
    _listeners: [EventListener; 5],
}

pub enum Msg {
    HashChanged,
    Key(KeyboardEvent),
    ToggleTheme,
    TogglePresenting,
    ToggleHelp,
    /// Opens or closes the puzzle menu (the header's links on a narrow screen).
    ToggleMenu,
    /// A skip link: the focus goes to the page's settings or its board.
    SkipTo(&'static [&'static str]),
    NewVersion,
    Reload,
    /// The lessons bundle shows this step's link ("" for none).
    LessonStep(String),
    /// The lessons bundle could not load, for this reason.
    LessonFailed(String),
}

/// The link of the address; one that names no page leads to the landing page, with why.
fn read_route() -> (Link, Option<String>) {
    match Link::parse(&browser::current_hash()) {
        Ok(link)
            if link.puzzle.is_empty()
                || link.puzzle == LESSON_PAGE
                || crate::puzzles::find(&link.puzzle).is_some() =>
        {
            (link, None)
        }
        Ok(link) => (Link::new(""), Some(format!("There is no puzzle called '{}' (yet).", link.puzzle))),
        Err(e) => (Link::new(""), Some(format!("This link could not be read: {e}."))),
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = Bundle;

    fn create(ctx: &Context<Self>) -> Self {
        let window = web_sys::window().expect("a browser window");
        let on_hash = ctx.link().callback(|_| Msg::HashChanged);
        let listeners = [
            EventListener::new(&window, "hashchange", move |_| on_hash.emit(())),
            browser::on_key(ctx.link().callback(Msg::Key)),
            browser::note_pointer_presses(),
            lesson_host::listen(lesson_host::SHOW_STEP, ctx.link().callback(Msg::LessonStep)),
            lesson_host::listen(lesson_host::FAILED, ctx.link().callback(Msg::LessonFailed)),
        ];
        let dark = browser::load_setting("theme").as_deref() == Some("dark");
        release::start(ctx.link().callback(|_| Msg::NewVersion));
        let (link, route_error) = read_route();
        let mut app = Self {
            pages: ctx.props().pages,
            landing: ctx.props().landing,
            mount_lesson: link.puzzle == LESSON_PAGE,
            link,
            route_error,
            visit: 0,
            dark,
            presenting: browser::load_for_tab(PRESENTING).is_some(),
            said: ("", 0),
            help: None,
            menu: false,
            focus_before_help: None,
            new_version: false,
            lesson_step: None,
            embedded: None,
            _listeners: listeners,
        };
        app.apply_root_attributes();
        if is_embedded(&app.link) {
            // After the attribute: the report is the embedded page's.
            app.embedded = browser::report_height();
            browser::tell_parent_the_address();
        }
        app.name_the_tab();
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let was_presenting = self.presenting;
        match msg {
            Msg::HashChanged => {
                let (link, route_error) = read_route();
                if route_error.is_none() && !self.carries(&link) {
                    // Another page's bundle: a new release waiting is taken on the way.
                    if self.new_version {
                        release::reload_into_new_version();
                    } else {
                        browser::reload();
                    }
                    return false;
                }
                let another_page = link.puzzle != self.link.puzzle;
                // The new page publishes its own mode as it is drawn.
                keymap::publish(Mode::Page);
                if self.link.puzzle == LESSON_PAGE && another_page {
                    lesson_host::send(lesson_host::UNMOUNT, "");
                }
                self.mount_lesson = link.puzzle == LESSON_PAGE;
                self.lesson_step = None;
                (self.link, self.route_error) = (link, route_error);
                self.menu = false;
                if another_page {
                    browser::scroll_to_top();
                    self.name_the_tab();
                    release::check_for_update();
                }
                self.visit += 1;
                browser::tell_parent_the_address();
            }
            Msg::Key(e) if e.key() == "Escape" && self.menu => {
                // The menu is the page's own popup: Esc closes it and nothing else.
                e.stop_immediate_propagation();
                self.menu = false;
                // Its links go with it: the focus goes back to the button that opened it.
                if browser::focused_in("#puzzle-links") || browser::focus_lost(None) {
                    browser::focus(".menu-button", false);
                }
            }
            Msg::Key(e) => {
                let own = self.shown_page().map_or(&[][..], |entry| entry.keys);
                match keys::command(keymap::mode(), self.in_lesson(), own, &e.key()) {
                    Some(Command::ShowKeys) => self.toggle_help(ctx),
                    // In a frame the page says why not (keys::refused_in_a_frame).
                    Some(Command::Present) if browser::embedded() => return false,
                    Some(Command::Present) => self.presenting = !self.presenting,
                    Some(Command::Theme) => self.toggle_theme(),
                    _ => return false,
                }
                e.prevent_default();
            }
            Msg::ToggleTheme => self.toggle_theme(),
            Msg::TogglePresenting => self.presenting = !self.presenting,
            Msg::ToggleHelp => self.toggle_help(ctx),
            Msg::ToggleMenu => self.menu = !self.menu,
            Msg::SkipTo(targets) => {
                targets.iter().any(|target| browser::focus(target, true));
                return false;
            }
            Msg::NewVersion => self.new_version = true,
            Msg::LessonFailed(why) => {
                lesson_host::failed();
                self.route_error = Some(format!(
                    "The lesson player could not load ({why}): check the connection and open the link again."
                ));
            }
            Msg::LessonStep(link) => {
                let visit = self.lesson_step.as_ref().map_or(0, |(_, visit)| visit + 1);
                self.lesson_step = Link::parse(&link).ok().map(|link| (link, visit));
            }
            Msg::Reload => release::reload_into_new_version(),
        }
        self.apply_root_attributes();
        if self.presenting != was_presenting {
            self.say(match self.presenting {
                true => "Presentation mode on: p leaves it.",
                false => "Presentation mode off.",
            });
            browser::save_for_tab(PRESENTING, self.presenting.then_some("on"));
            lesson_host::send(lesson_host::LAYOUT, "");
        }
        true
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first_render: bool) {
        if std::mem::take(&mut self.mount_lesson) {
            lesson_host::mount();
        }
        if self.help.is_some() {
            browser::focus(HELP_CLOSE, true);
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let cb = ctx.link();
        let entry = self.page(&self.link.puzzle);
        let page = match entry {
            Some(entry) => (entry.render)(self.link.clone(), self.visit),
            None if self.link.puzzle == LESSON_PAGE => html! {
                <div class="lesson-host">
                    <div id={lesson_host::ROOT_ID}></div>
                    <p class="lesson-loading">{ "Opening the lesson…" }</p>
                    if let Some((step, visit)) = &self.lesson_step {
                        { match self.page(&step.puzzle) {
                            Some(entry) => (entry.render)(step.clone(), *visit),
                            None => html! { <main><p role="alert" class="alert">{ format!("This step names no puzzle: '{}'.", step.puzzle) }</p></main> },
                        } }
                    }
                </div>
            },
            None if self.link.puzzle.is_empty() || self.route_error.is_some() => match self.landing {
                Some(landing) => landing(),
                // A bad link in a puzzle's own bundle: its alert, and the way to every puzzle.
                None => html! { <main class="home"><p><a href="#/">{ "See every puzzle" }</a></p></main> },
            },
            // The loader chose a bundle without this page: it cannot happen unless the build
            // went wrong, and a reload asks again.
            None => {
                html! { <main><p role="alert" class="alert">{ "This page did not load: reload it." }</p></main> }
            }
        };
        let presentation =
            Presentation { on: self.shows_presentation(), leave: cb.callback(|_| Msg::TogglePresenting) };
        html! {
            <>
                if entry.is_some() {
                    <div class="skip-links">
                        <button onclick={cb.callback(|_| Msg::SkipTo(SETTINGS))}>{ "Skip to the settings" }</button>
                        <button onclick={cb.callback(|_| Msg::SkipTo(BOARD))}>{ "Skip to the board" }</button>
                    </div>
                }
                <header class="app-header">
                    <a class="brand" href="#/">{ "Puzzle Lab" }</a>
                    <nav aria-label="Puzzles" class={classes!(self.menu.then_some("open"))}>
                        <button class="menu-button" aria-expanded={self.menu.to_string()} aria-controls="puzzle-links"
                            onclick={cb.callback(|_| Msg::ToggleMenu)}>{ "Puzzles ▾" }</button>
                        <ul id="puzzle-links">
                            { for PUZZLES.iter().map(|p| html! {
                                <li><a href={format!("#/{}", p.name)}
                                   aria-current={(self.link.puzzle == p.name).then_some("page")}>{ p.title }</a></li>
                            }) }
                        </ul>
                    </nav>
                    <div class="header-tools">
                        <a href="#/lesson" title="The lesson you are writing">{ "Lesson" }</a>
                        <button onclick={cb.callback(|_| Msg::ToggleTheme)} title="Switch theme (t)">
                            { if self.dark { "☀ Light" } else { "☾ Dark" } }
                        </button>
                        if !self.is_presenter_window() {
                            <button class="present-toggle" onclick={cb.callback(|_| Msg::TogglePresenting)}
                                aria-pressed={self.presenting.to_string()} title="Presentation mode (p)">{ "Present" }</button>
                        }
                        <button class="keys-toggle" onclick={cb.callback(|_| Msg::ToggleHelp)} aria-label="Keyboard shortcuts"
                            title="Shortcuts (?)">{ "?" }</button>
                    </div>
                    <p aria-live="polite" class="visually-hidden header-said">
                        <span key={self.said.1.to_string()}>{ self.said.0 }</span>
                    </p>
                </header>
                if let Some(error) = &self.route_error {
                    <div role="alert" class="alert route-alert">{ error }</div>
                }
                if self.new_version {
                    <div role="status" class="new-version">
                        { "A new version of Puzzle Lab is ready." }
                        <button onclick={cb.callback(|_| Msg::Reload)}>{ "Reload" }</button>
                    </div>
                }
                <ContextProvider<Presentation> context={presentation}>{ page }</ContextProvider<Presentation>>
                if let Some((mode, _)) = &self.help {
                    <div class="overlay" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts">
                        <div class="overlay-box">
                            // First, so that it is on screen however long the list.
                            <button class="overlay-close" onclick={cb.callback(|_| Msg::ToggleHelp)}>{ "Close" }</button>
                            <h2>{ "Keyboard shortcuts" }</h2>
                            // The keys of the mode the page is in: another mode's are another table.
                            <p class="keys-mode">{ mode.title() }{ ": the guide lists every mode's keys." }</p>
                            <dl class="keys-list">
                                { for self.listed_keys(*mode).into_iter().map(|row| html! {
                                    <><dt><kbd>{ row.shown }</kbd></dt><dd>{ row.does }</dd></>
                                }) }
                            </dl>
                            <p class="guide-link">
                                <a href={release::guide_url()} target="_blank">{ "Teacher's guide" }</a>
                                { ": the projector, the Search view, races, lessons, students' phones, offline use." }
                            </p>
                        </div>
                    </div>
                }
            </>
        }
    }
}

/// Whether presentation mode is on, and how to leave it: the page places the button in its
/// own layout, where it covers nothing.
#[derive(Clone, PartialEq)]
pub struct Presentation {
    pub on: bool,
    pub leave: Callback<()>,
}

/// "Leave presentation (p)", shown in presentation mode only.
#[function_component]
pub fn LeavePresentation() -> Html {
    match use_context::<Presentation>() {
        Some(Presentation { on: true, leave }) => html! {
            <button class="leave-presenting" onclick={leave.reform(|_: MouseEvent| ())}>{ "Leave presentation (p)" }</button>
        },
        _ => Html::default(),
    }
}

/// The shortcut list's Close button.
const HELP_CLOSE: &str = ".overlay-box button";
/// Where the skip links send the focus: the first setting (the algorithm where there is a
/// choice), and the board's own control or else the board.
const SETTINGS: &[&str] = &[".panel select, .panel input, .panel textarea"];
const BOARD: &[&str] = browser::BOARD_FOCUS;

/// Remembers presentation mode across the reload into another page's bundle (this tab only).
const PRESENTING: &str = "presenting";

impl App {
    /// This bundle's page for a puzzle.
    fn page(&self, name: &str) -> Option<&'static PageEntry> {
        self.pages.iter().find(|page| page.name == name)
    }

    /// Whether this bundle can show `link`'s page (a lesson's: only the bundle of every page).
    fn carries(&self, link: &Link) -> bool {
        match link.puzzle.as_str() {
            "" => self.landing.is_some(),
            LESSON_PAGE => self.pages.len() == crate::puzzles::PUZZLES.len(),
            puzzle => crate::puzzles::find(puzzle).is_none() || self.page(puzzle).is_some(),
        }
    }

    /// Opens the list of keys of the mode the page is in (it then holds the keys), or closes
    /// it; closing gives the focus back to where it was.
    fn toggle_help(&mut self, ctx: &Context<Self>) {
        match self.help.take() {
            Some(_) => {
                if let Some(element) = self.focus_before_help.take() {
                    let _ = element.focus();
                }
            }
            None => {
                let mode = keymap::mode();
                if mode.is_dialog() {
                    // One dialog at a time: the one open keeps the screen.
                    return;
                }
                self.focus_before_help = browser::focused();
                let hold =
                    DialogKeys::hold(Mode::Shortcuts, HELP_CLOSE, ctx.link().callback(|_| Msg::ToggleHelp));
                self.help = Some((mode, hold));
            }
        }
    }

    /// The puzzle page shown: the address's, or a lesson step's.
    fn shown_page(&self) -> Option<&'static PageEntry> {
        match &self.lesson_step {
            Some((step, _)) if self.in_lesson() => self.page(&step.puzzle),
            _ => self.page(&self.link.puzzle),
        }
    }

    /// The rows the list of keys shows in `mode`: a puzzle page's table, or the app's own
    /// keys where there is no puzzle; in a frame, only the keys that work there.
    fn listed_keys(&self, mode: Mode) -> Vec<&'static keys::Binding> {
        let mut rows = match self.shown_page() {
            Some(entry) => keys::table(mode, self.in_lesson(), entry.keys),
            None if mode == Mode::Presenter => keys::table(mode, true, &[]),
            None => keys::app_table(self.in_lesson()),
        };
        if browser::embedded() {
            let shown = match &self.lesson_step {
                Some((step, _)) if self.in_lesson() => step,
                _ => &self.link,
            };
            rows.retain(|row| keys::works_in_a_frame(row.command, opens_on_a_view(shown)));
        }
        rows
    }

    fn in_lesson(&self) -> bool {
        self.link.puzzle == LESSON_PAGE
    }

    /// A lesson's presenter window: the teacher's screen, never in presentation mode (the
    /// projector's window is; a presenter opened from it would inherit the mode).
    fn is_presenter_window(&self) -> bool {
        self.in_lesson() && self.link.get(lesson_host::PRESENTER_KEY) == Some("1")
    }

    fn shows_presentation(&self) -> bool {
        self.presenting && !self.is_presenter_window()
    }

    fn name_the_tab(&self) {
        browser::name_the_page(crate::puzzles::find(&self.link.puzzle).map(|puzzle| puzzle.title));
    }

    fn toggle_theme(&mut self) {
        self.dark = !self.dark;
        browser::save_setting("theme", if self.dark { "dark" } else { "light" });
        self.say(if self.dark { "Dark theme." } else { "Light theme." });
    }

    fn say(&mut self, words: &'static str) {
        self.said = (words, self.said.1 + 1);
    }

    fn apply_root_attributes(&self) {
        browser::set_root_attribute("data-embed", if is_embedded(&self.link) { "on" } else { "off" });
        browser::set_root_attribute("data-theme", if self.dark { "dark" } else { "light" });
        browser::set_root_attribute("data-presenting", if self.shows_presentation() { "on" } else { "off" });
    }
}

/// Mounts the app with the pages of its bundle in place of index.html's loading line.
pub fn start(pages: &'static [PageEntry], landing: Option<fn() -> Html>) {
    console_error_panic_hook::set_once();
    if let [page] = pages {
        release::holds_one_page(page.name);
    }
    browser::remove_element("#loading");
    yew::Renderer::<App>::with_props(Bundle { pages, landing }).render();
}
