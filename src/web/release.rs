//! Which release of Puzzle Lab this page is, and keeping to it: the build step
//! (scripts/release.sh) names every file by its content and writes the release's id and its
//! worker loader into index.html. The service worker (static/sw.js) holds a release until the
//! page asks for the next one, so a lesson is never reloaded under the teacher's feet: when a
//! new release is installed, or a worker of another release answers, the app offers a reload.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ServiceWorker, ServiceWorkerRegistration, ServiceWorkerState};

/// What the user is told when the solver's files belong to another release.
pub const NEW_VERSION: &str = "a new version of Puzzle Lab is ready: reload the page to use it";

/// The loader of the solver worker when the page does not name one (an unhashed build).
const DEFAULT_WORKER: &str = "./solver_worker.js";

thread_local! {
    /// Told once when a new release is ready (the app shows its reload button).
    static LISTENER: RefCell<Option<yew::Callback<()>>> = const { RefCell::new(None) };
    static REGISTRATION: RefCell<Option<ServiceWorkerRegistration>> = const { RefCell::new(None) };
    /// The puzzle of a page's own bundle (`holds_one_page`).
    static ONE_PAGE: std::cell::Cell<Option<&'static str>> = const { std::cell::Cell::new(None) };
    /// This page's own solver worker failed to load: workers started since are the one with
    /// every puzzle.
    static OWN_WORKER_FAILED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Whether the service worker's registration has begun.
    static REGISTERING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The content of `<meta name="…">` in the page, if it has one.
fn meta(name: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    document.query_selector(&format!("meta[name='{name}']")).ok()??.get_attribute("content")
}

/// This page's release id (none in an unnamed build, such as the browser tests' pages).
pub fn page_release() -> Option<String> {
    meta("puzzlelab-release")
}

/// The solver worker's loader of this page's release; in a page's own bundle, followed by
/// `#` and its puzzle, for which the loader has a worker with that puzzle's solvers alone.
pub fn worker_url() -> String {
    let loader = meta("puzzlelab-worker").unwrap_or_else(|| DEFAULT_WORKER.to_string());
    match ONE_PAGE.with(|page| page.get()) {
        Some(page) => format!("{loader}#{page}"),
        None => loader,
    }
}

/// Says that a solver worker did not load: if it was this page's own build (`worker_url`'s
/// `#page`), the next is the build with every puzzle (its import or its compilation may fail
/// where a fetch did not, which the loader alone cannot retry: its script is already run).
pub fn worker_did_not_load() {
    OWN_WORKER_FAILED.with(|failed| failed.set(true));
}

/// `url`, a worker loader's address, as the next worker should load it: without its page's
/// own build once that has failed to load.
pub fn next_worker_url(url: &str) -> &str {
    match OWN_WORKER_FAILED.with(|failed| failed.get()) {
        true => url.split('#').next().unwrap_or(url),
        false => url,
    }
}

/// Says that this bundle holds one puzzle's page alone (`app::start`): its workers may be
/// that puzzle's own.
pub fn holds_one_page(puzzle: &'static str) {
    ONE_PAGE.with(|page| page.set(Some(puzzle)));
}

/// The lessons bundle's loader of this page's release.
pub fn lessons_url() -> String {
    meta("puzzlelab-lessons").unwrap_or_else(|| "./lessons_loader.js".to_string())
}

/// The teacher's guide (docs/teaching.md as a page of this release, written by the release step).
pub fn guide_url() -> String {
    meta("puzzlelab-guide").unwrap_or_else(|| "./teaching.html".to_string())
}

/// Whether a worker of release `worker` may serve this page: the same release, or either
/// unnamed.
pub fn is_this_release(worker: Option<&str>) -> bool {
    match (page_release(), worker) {
        (Some(page), Some(worker)) => page == worker,
        _ => true,
    }
}

/// Says, once the app listens, that a new release is ready.
pub fn announce_new_version() {
    let listener = LISTENER.with(|l| l.borrow().clone());
    if let Some(listener) = listener {
        listener.emit(());
    }
}

/// Most milliseconds a page waits for its solver before it stores the release for offline use
/// anyway (a page without a solver: the landing page, a lesson's builder).
const STORE_AFTER_MS: u32 = 8_000;

/// Registers the service worker (offline use), and tells `on_new_version` when a new release
/// has been installed beside the one this page runs. On a first visit the worker stores every
/// file of the release, which on a slow phone would share the network with the solver's own
/// download: it is registered once the solver is ready ([`solver_ready`]), or after
/// [`STORE_AFTER_MS`].
pub fn start(on_new_version: yew::Callback<()>) {
    LISTENER.with(|l| *l.borrow_mut() = Some(on_new_version));
    gloo_timers::callback::Timeout::new(STORE_AFTER_MS, register).forget();
}

/// The solver has loaded: nothing on the way to a first answer is left to download.
pub fn solver_ready() {
    register();
}

/// Registers the service worker, once.
fn register() {
    if REGISTERING.with(|r| r.replace(true)) {
        return;
    }
    let Some(container) = web_sys::window().map(|w| w.navigator().service_worker()) else { return };
    wasm_bindgen_futures::spawn_local(async move {
        let registered = wasm_bindgen_futures::JsFuture::from(container.register("./sw.js")).await;
        // No offline use (a private window, an insecure origin, a browser that blocks service
        // workers): the app still runs.
        let Some(registration) = registered.ok().and_then(|r| r.dyn_into::<ServiceWorkerRegistration>().ok())
        else {
            return;
        };
        listen_to_service_workers();
        if let Some(waiting) = registration.waiting().filter(|_| has_controller()) {
            ask_release(&waiting);
        }
        say_which_release_runs();
        let watched = registration.clone();
        let on_update = Closure::<dyn FnMut()>::new(move || {
            if let Some(installing) = watched.installing() {
                announce_when_installed(installing);
            }
        });
        registration.set_onupdatefound(Some(on_update.as_ref().unchecked_ref()));
        on_update.forget();
        REGISTRATION.with(|r| *r.borrow_mut() = Some(registration));
    });
}

/// Tells the service worker which release this window runs, so it keeps that release's files
/// while the window is open (static/sw.js), whichever release the worker itself serves.
fn say_which_release_runs() {
    let controller = web_sys::window().and_then(|w| w.navigator().service_worker().controller());
    if let (Some(controller), Some(release)) = (controller, page_release()) {
        let _ = controller.post_message(&JsValue::from_str(&format!("running:{release}")));
    }
}

/// Whether a service worker serves this page already (then a newly installed one is an update,
/// not the first install).
fn has_controller() -> bool {
    web_sys::window().is_some_and(|w| w.navigator().service_worker().controller().is_some())
}

fn announce_when_installed(worker: ServiceWorker) {
    let watched = worker.clone();
    let on_state = Closure::<dyn FnMut()>::new(move || {
        if watched.state() == ServiceWorkerState::Installed && has_controller() {
            ask_release(&watched);
        }
    });
    worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
    on_state.forget();
}

/// Asks a service worker waiting to take over which release it serves (static/sw.js answers).
fn ask_release(worker: &ServiceWorker) {
    let _ = worker.post_message(&JsValue::from_str("release?"));
}

/// Hears the waiting service worker's release: a page already running it (loaded from the
/// network while the older worker served: a move to another page's bundle) lets it take over
/// with no reload; a page running an older release offers the new one.
fn listen_to_service_workers() {
    let Some(container) = web_sys::window().map(|w| w.navigator().service_worker()) else { return };
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
        let Some(release) =
            event.data().as_string().and_then(|d| d.strip_prefix("release:").map(String::from))
        else {
            return;
        };
        let waiting = REGISTRATION.with(|r| r.borrow().as_ref().and_then(|r| r.waiting()));
        match waiting {
            Some(worker) if page_release().as_deref() == Some(release.as_str()) => {
                let _ = worker.post_message(&JsValue::from_str("take-over"));
            }
            _ => announce_new_version(),
        }
    });
    container.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
}

/// Asks the server whether there is a new release (done when the user moves to another page,
/// so a long lesson still learns of one).
pub fn check_for_update() {
    REGISTRATION.with(|r| {
        if let Some(registration) = r.borrow().as_ref() {
            let _ = registration.update();
        }
    });
}

/// Moves to the new release: the waiting service worker takes over, then the page reloads.
pub fn reload_into_new_version() {
    let waiting = REGISTRATION.with(|r| r.borrow().as_ref().and_then(|r| r.waiting()));
    let Some(window) = web_sys::window() else { return };
    match waiting {
        Some(worker) => {
            let container = window.navigator().service_worker();
            let reload = Closure::<dyn FnMut()>::new(reload_page);
            container.set_oncontrollerchange(Some(reload.as_ref().unchecked_ref()));
            reload.forget();
            let _ = worker.post_message(&JsValue::from_str("take-over"));
        }
        None => reload_page(),
    }
}

fn reload_page() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}
