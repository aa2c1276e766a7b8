//! The app's side of a lesson (`#/lesson?…`). Lessons (the player's bar, the presenter window,
//! the builder) are a second bundle (`src/bin/lessons.rs`, `web::lessons`) loaded only when a
//! lesson opens, so a first visit does not download them. The app gives the bundle an element
//! to draw in and shows the step page the bundle asks for below it; the two talk through events
//! on the window, each carrying one text.

use super::browser;
use crate::core::lesson::LESSON_PAGE;
use crate::core::link::Link;
use gloo_events::EventListener;
use std::cell::Cell;
use wasm_bindgen::JsCast;

/// The element the bundle draws in.
pub use crate::core::lesson::PRESENTER_KEY;
pub const ROOT_ID: &str = "lesson-root";
/// Bundle → app: show this step's link below the lesson bar ("" for no page).
pub const SHOW_STEP: &str = "puzzlelab-lesson-step";
/// App → bundle: the step's page wrote its link (what the step looks like now).
pub const STEP_LINK: &str = "puzzlelab-step-link";
/// Loader → app: the bundle could not load (the detail says why).
pub const FAILED: &str = "puzzlelab-lesson-failed";
/// App → bundle: the address names a lesson again (draw it), or no longer does (stop).
pub const MOUNT: &str = "puzzlelab-lesson-mount";
pub const UNMOUNT: &str = "puzzlelab-lesson-unmount";
/// App → bundle: presentation mode changed the type's size (the lesson bar fits its note again).
pub const LAYOUT: &str = "puzzlelab-layout";
/// Links added to the lesson being written, one per line, for the builder to take in.
pub const INBOX_KEY: &str = "lesson-inbox";

thread_local! {
    static LOADING: Cell<bool> = const { Cell::new(false) };
}

/// Whether the address is a lesson's (its step page then reports its link to the bundle).
pub fn is_lesson_address() -> bool {
    Link::parse(&browser::current_hash()).is_ok_and(|link| link.puzzle == LESSON_PAGE)
}

/// Draws the lesson the address names in `#lesson-root`: loads the bundle the first time (it
/// draws itself once loaded), asks it again afterwards.
pub fn mount() {
    if LOADING.with(|loading| loading.replace(true)) {
        send(MOUNT, "");
        return;
    }
    let loader = super::release::lessons_url();
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let (Ok(script), Some(head)) = (document.create_element("script"), document.head()) {
        let _ = script.set_attribute("src", &loader);
        // The loader reports its own failures; this one is the loader's file missing.
        let why = format!("{loader} did not load");
        EventListener::once(&script, "error", move |_| send(FAILED, &why)).forget();
        let _ = head.append_child(&script);
    }
}

/// The bundle could not load: the next lesson tries again.
pub fn failed() {
    LOADING.with(|loading| loading.set(false));
}

/// Sends `detail` as the event `name` on the window.
pub fn send(name: &str, detail: &str) {
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&detail.into());
    if let (Some(window), Ok(event)) =
        (web_sys::window(), web_sys::CustomEvent::new_with_event_init_dict(name, &init))
    {
        let _ = window.dispatch_event(&event);
    }
}

/// Listens to the event `name` on the window, for its text.
pub fn listen(name: &'static str, callback: yew::Callback<String>) -> EventListener {
    let window = web_sys::window().expect("a browser window");
    EventListener::new(&window, name, move |event| {
        let detail = event.dyn_ref::<web_sys::CustomEvent>().and_then(|e| e.detail().as_string());
        callback.emit(detail.unwrap_or_default());
    })
}

/// Adds `link` to the lesson being written (the builder takes it in when it opens).
pub fn add_to_lesson(link: &str) {
    let inbox = browser::load_setting(INBOX_KEY).unwrap_or_default();
    browser::save_setting(INBOX_KEY, &format!("{inbox}{link}\n"));
}
