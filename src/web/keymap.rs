//! The keys' routing in the browser (`core::keys` decides what each does): the mode the page
//! is in, published on the root element for the app and a lesson (another wasm module) to
//! read, and a dialog's hold on every key while it is open.

use super::browser;
use crate::core::keys::{self, Command, Mode};
use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;

/// The root element's attribute naming the page's mode (`page`, `search`, `predict`, `race`).
const MODE_ATTRIBUTE: &str = "data-keys";
/// The root element's attribute naming the dialog open, if any.
const DIALOG_ATTRIBUTE: &str = "data-dialog";

/// Says which mode the page's keys are in.
pub fn publish(mode: Mode) {
    browser::set_root_attribute(MODE_ATTRIBUTE, mode.name());
}

/// The mode the keys are in: the dialog open, else the page's (a page by default).
pub fn mode() -> Mode {
    let read = |name| browser::root_attribute(name).and_then(|value| Mode::from_name(&value));
    read(DIALOG_ATTRIBUTE).or_else(|| read(MODE_ATTRIBUTE)).unwrap_or(Mode::Page)
}

pub fn dialog_open() -> bool {
    mode().is_dialog()
}

/// A dialog's hold on the keys: while it lives, every key goes to the dialog alone (heard in
/// the capture phase, before the app's, the page's and a lesson's own listeners) and does what
/// the dialog's table says: close it, or keep Tab among its controls.
pub struct DialogKeys {
    _listener: EventListener,
    /// What had the focus when the dialog opened: it takes it back when the dialog closes.
    opened_from: Option<web_sys::HtmlElement>,
}

impl DialogKeys {
    /// Holds the keys for the dialog of `mode` whose Close button `close_button` finds.
    pub fn hold(mode: Mode, close_button: &'static str, close: yew::Callback<()>) -> Self {
        browser::set_root_attribute(DIALOG_ATTRIBUTE, mode.name());
        let options = EventListenerOptions { passive: false, ..EventListenerOptions::run_in_capture_phase() };
        let window = web_sys::window().expect("a browser window");
        let listener = EventListener::new_with_options(&window, "keydown", options, move |event| {
            let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
            event.stop_propagation();
            match keys::command(mode, false, &[], &event.key()) {
                Some(Command::CloseDialog) => {
                    event.prevent_default();
                    close.emit(());
                }
                Some(Command::KeepFocus) => {
                    event.prevent_default();
                    browser::cycle_focus_in_dialog(close_button, event.shift_key());
                }
                // Enter and Space still press the focused button (the browser's own action).
                _ => {}
            }
        });
        Self { _listener: listener, opened_from: browser::focused() }
    }
}

impl Drop for DialogKeys {
    fn drop(&mut self) {
        browser::remove_root_attribute(DIALOG_ATTRIBUTE);
        if let Some(element) = self.opened_from.take().filter(|element| element.is_connected()) {
            let _ = element.focus();
        }
    }
}

/// Listens to a lesson's keys (PageDown, PageUp, and `q` in the presenter window) before the
/// page does, whatever mode it is in, except while a dialog holds the keys.
pub fn on_lesson_keys(callback: yew::Callback<Command>) -> EventListener {
    let options = EventListenerOptions { passive: false, ..EventListenerOptions::run_in_capture_phase() };
    let window = web_sys::window().expect("a browser window");
    EventListener::new_with_options(&window, "keydown", options, move |event| {
        let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
        if dialog_open() || !browser::is_shortcut(event) {
            return;
        }
        let mode = mode();
        let lessons = |command| match command {
            Command::NextLessonStep | Command::PreviousLessonStep => true,
            Command::ShowQrCode => mode == Mode::Presenter,
            _ => false,
        };
        if let Some(command) = keys::command(mode, true, &[], &event.key()).filter(|c| lessons(*c)) {
            event.prevent_default();
            event.stop_propagation();
            callback.emit(command);
        }
    })
}
