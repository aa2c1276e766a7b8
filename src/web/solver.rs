//! The page side of the solver worker. A page starts its worker as it opens (or, where the
//! browser asks to save data, with the first job), so that on a slow network the solver
//! downloads while the board is drawn and looked at. One job at a time; cancelling (or a crash) terminates
//! the worker at once and starts a fresh one, so cancel never waits for a busy solver. Data a
//! worker built for the session (pattern databases) is kept here and handed to its successors.
//!
//! Chromium stops a busy terminated worker only after a delay (about a second), during which
//! it still holds a core. Where the page is cross-origin isolated, each worker also shares a
//! cancel flag with the page, which the solver reads at every progress report (≤ 50 ms apart),
//! so a cancelled job stops at once.

use crate::core::job::{FromWorker, Progress, Report, ToWorker};
use crate::core::replay::Frame;
use crate::web::{release, saved_tables};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

/// How long a worker may take to load (its script and wasm, about 1 MB) before the job waiting
/// for it fails with a message: files that never come (a broken connection, a missing file)
/// must not leave the page "queued" for ever.
const LOAD_DEADLINE_MS: u32 = 30_000;

/// What the user is told when the solver cannot start.
const COULD_NOT_START: &str =
    "the solver could not start (its files did not load; check the connection): press Solve to try again";

/// What a page hears about its job.
#[derive(Debug, Clone, PartialEq)]
pub enum SolverEvent {
    Progress {
        elapsed_ms: f64,
        progress: Progress,
    },
    Done(Box<Report>),
    /// A bad job or a crashed worker; the message is for the user.
    Failed(String),
    /// The worker built tables, or tables saved by an earlier visit were loaded (the page may
    /// show the "forget" control).
    TablesChanged,
    /// A moment of a recorded search (the Search view's job).
    Frame(Box<Frame>),
    /// What a MakePuzzle or QrCode job made: the puzzle written out, or the code's markup.
    Made(String),
    /// A file the job made (an exported GIF).
    File {
        name: String,
        bytes: Vec<u8>,
    },
}

struct Shared {
    ready: bool,
    /// The worker's shared cancel flag, handed over when it is ready.
    cancel_flag: Option<js_sys::Int32Array>,
    /// A job sent before the worker finished loading.
    queued: Option<String>,
    current: Option<u32>,
    /// The worker panicked or failed to load: replace it before the next job.
    crashed: bool,
}

impl Shared {
    fn new() -> Rc<RefCell<Self>> {
        let cancel_flag =
            cross_origin_isolated().then(|| js_sys::Int32Array::new(&js_sys::SharedArrayBuffer::new(4)));
        Rc::new(RefCell::new(Self { ready: false, cancel_flag, queued: None, current: None, crashed: false }))
    }
}

struct Connection {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Connection {
    /// Terminates the worker; messages it had already posted are no longer delivered to the
    /// handlers, which are freed a little later.
    fn stop(&self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Session data received from workers, by name, as the bytes to hand to the next one.
type SessionData = Rc<RefCell<Vec<(String, js_sys::Uint8Array)>>>;

/// The worker that has said it is ready, for data that arrives after that (none before the
/// first job, nor while a replacement loads).
type ReadyWorker = Rc<RefCell<Option<Worker>>>;

pub struct SolverClient {
    url: String,
    on_event: Rc<dyn Fn(SolverEvent)>,
    session_data: SessionData,
    ready_worker: ReadyWorker,
    shared: Rc<RefCell<Shared>>,
    connection: Option<Connection>,
    /// The previous worker's handlers, kept until the next replacement: a replacement may be
    /// triggered from inside one of them, which must not free itself while it runs.
    retired: Option<Connection>,
    next_job: u32,
    /// Tables the workers build are saved in the browser for later visits.
    keeps_tables: bool,
    /// Fails the waiting job if the worker has not loaded in time (dropped: disarmed).
    load_deadline: Option<gloo_timers::callback::Timeout>,
    /// The tables saved by earlier visits are still being read: a job waits for them, so that
    /// a Solve pressed right after a reload does not build them again.
    reading_tables: Rc<std::cell::Cell<bool>>,
    /// The current worker's state, for the saved tables' reader (which outlives workers).
    current_shared: Rc<RefCell<Rc<RefCell<Shared>>>>,
}

impl SolverClient {
    /// Starts a worker from `url`; events for the current job go to `on_event`.
    pub fn new(url: &str, on_event: impl Fn(SolverEvent) + 'static) -> Self {
        Self::start(url, Rc::new(on_event), false)
    }

    fn start(url: &str, on_event: Rc<dyn Fn(SolverEvent)>, keeps_tables: bool) -> Self {
        let shared = Shared::new();
        Self {
            url: url.to_string(),
            on_event,
            session_data: Rc::default(),
            ready_worker: Rc::default(),
            current_shared: Rc::new(RefCell::new(shared.clone())),
            shared,
            connection: None,
            retired: None,
            next_job: 1,
            keeps_tables,
            load_deadline: None,
            reading_tables: Rc::new(std::cell::Cell::new(keeps_tables)),
        }
    }

    /// A client that also keeps the tables its workers build between visits (see
    /// `saved_tables`), and starts with those saved by earlier visits.
    pub fn with_saved_tables(url: &str, on_event: impl Fn(SolverEvent) + 'static) -> Self {
        let client = Self::start(url, Rc::new(on_event), true);
        let (session_data, ready_worker, on_event) =
            (client.session_data.clone(), client.ready_worker.clone(), client.on_event.clone());
        let (reading, current_shared) = (client.reading_tables.clone(), client.current_shared.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let tables = saved_tables::load_all().await;
            let found = !tables.is_empty();
            for (name, bytes) in tables {
                if session_data.borrow().iter().any(|(kept, _)| *kept == name) {
                    continue;
                }
                // A worker that is already waiting gets the table now; later ones on start.
                if let Some(worker) = ready_worker.borrow().as_ref() {
                    post_session_data(worker, &name, &bytes);
                }
                session_data.borrow_mut().push((name, bytes));
            }
            // The job that waited for the tables goes to a worker that has them.
            reading.set(false);
            let shared = current_shared.borrow().clone();
            let ready = shared.borrow().ready;
            let waiting = if ready { shared.borrow_mut().queued.take() } else { None };
            if let (Some(json), Some(worker)) = (waiting, ready_worker.borrow().as_ref()) {
                let _ = worker.post_message(&JsValue::from_str(&json));
            }
            if found {
                on_event(SolverEvent::TablesChanged);
            }
        });
        client
    }

    /// Bytes of tables held for the workers (built this visit or saved by an earlier one).
    pub fn table_bytes(&self) -> u64 {
        self.session_data.borrow().iter().map(|(_, bytes)| u64::from(bytes.length())).sum()
    }

    /// Forgets every table: in this page, in the browser's storage and in the worker (which
    /// is replaced).
    pub fn forget_tables(&mut self) {
        self.session_data.borrow_mut().clear();
        saved_tables::forget();
        self.cancel();
    }

    pub fn is_busy(&self) -> bool {
        self.shared.borrow().current.is_some()
    }

    /// Asks the worker to draw the solution `moves` of `link` as a GIF; the file comes back
    /// as [`SolverEvent::File`].
    pub fn export_gif(&mut self, link: &str, moves: &[String]) {
        let job = self.next_job;
        self.send_job(ToWorker::ExportGif { job, link: link.to_string(), moves: moves.to_vec() });
    }

    /// Asks for the moment of `link`'s recorded search that `seek` leads to from moment `t`
    /// (the worker records the search first, once per link).
    pub fn frame(&mut self, link: &str, seek: &str, t: u32, predict: bool) {
        let job = self.next_job;
        let (link, seek) = (link.to_string(), seek.to_string());
        self.send_job(ToWorker::Frame { job, link, seek, t, predict });
    }

    /// Asks for the puzzle `link` draws from its seed, written out ([`SolverEvent::Made`]).
    pub fn make_puzzle(&mut self, link: &str) {
        let job = self.next_job;
        self.send_job(ToWorker::MakePuzzle { job, link: link.to_string() });
    }

    /// Asks for the address `link` as a QR code, as markup ([`SolverEvent::Made`]).
    pub fn qr_code(&mut self, link: &str) {
        let job = self.next_job;
        self.send_job(ToWorker::QrCode { job, link: link.to_string() });
    }

    /// Asks for a race's counters by tick as a CSV file (answered as [`SolverEvent::File`]).
    pub fn race_csv(&mut self, link: &str) {
        let job = self.next_job;
        self.send_job(ToWorker::RaceCsv { job, link: link.to_string() });
    }

    /// Starts solving `link`, cancelling any job still running; the report carries its moves
    /// only when there are at most `max_moves`.
    pub fn solve(&mut self, link: &str, max_moves: Option<usize>) {
        let job = self.next_job;
        self.send_job(ToWorker::Solve { job, link: link.to_string(), max_moves });
    }

    /// Sends a job (numbered `next_job`), cancelling any job still running.
    fn send_job(&mut self, request: ToWorker) {
        if self.connection.is_none() || self.is_busy() || self.shared.borrow().crashed {
            self.respawn();
        }
        let job = self.next_job;
        self.next_job += 1;
        let json = request_text(&request);
        let mut shared = self.shared.borrow_mut();
        shared.current = Some(job);
        if shared.ready && !self.reading_tables.get() {
            drop(shared);
            self.send(&json);
        } else {
            shared.queued = Some(json);
        }
    }

    /// Starts loading the worker before any job, unless one is already there.
    pub fn load(&mut self) {
        if self.connection.is_none() {
            self.respawn();
        }
    }

    /// Stops the running job now: the worker is terminated and replaced.
    pub fn cancel(&mut self) {
        if self.connection.is_some() {
            self.respawn();
        }
    }

    fn send(&self, json: &str) {
        if let Some(connection) = &self.connection {
            let _ = connection.worker.post_message(&JsValue::from_str(json));
        }
    }

    /// Tells the current worker's job to stop at its next progress report.
    fn raise_cancel_flag(&self) {
        if let Some(flag) = &self.shared.borrow().cancel_flag {
            let _ = js_sys::Atomics::store(flag, 0, 1);
        }
    }

    fn respawn(&mut self) {
        self.raise_cancel_flag();
        *self.ready_worker.borrow_mut() = None;
        if let Some(old) = self.connection.take() {
            old.stop();
            self.retired = Some(old);
        }
        // A fresh state object, so late events of the old worker cannot touch the new one.
        self.shared = Shared::new();
        *self.current_shared.borrow_mut() = self.shared.clone();
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Classic);
        // static/solver_worker.js finds its files next to this absolute address.
        let url = release::next_worker_url(&self.url);
        options.set_name(&absolute_url(url));
        let worker = match Worker::new_with_options(url, &options) {
            Ok(worker) => worker,
            Err(e) => {
                (self.on_event)(SolverEvent::Failed(format!("could not start the solver: {e:?}")));
                return;
            }
        };
        let on_message = {
            let (shared, on_event, worker) = (self.shared.clone(), self.on_event.clone(), worker.clone());
            let (session_data, keeps_tables) = (self.session_data.clone(), self.keeps_tables);
            let (ready_worker, reading_tables) = (self.ready_worker.clone(), self.reading_tables.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let data = event.data();
                // Plain messages are JSON strings; session data comes as [JSON, bytes].
                let (text, bytes) = match data.dyn_ref::<js_sys::Array>() {
                    Some(pair) => {
                        (pair.get(0).as_string(), pair.get(1).dyn_into::<js_sys::Uint8Array>().ok())
                    }
                    None => (data.as_string(), None),
                };
                let message = match read_message(&text.unwrap_or_default()) {
                    Ok(message) => message,
                    Err(e) => {
                        // A worker from another release, or a damaged message: the job's
                        // answer is lost, so free the page and use a fresh worker next time.
                        let why = format!("the solver sent a message this page cannot read ({e}); try again");
                        return give_up_on_worker(&shared, &*on_event, why);
                    }
                };
                if let (FromWorker::File { job, name }, Some(bytes)) = (&message, &bytes) {
                    let mine = shared.borrow().current == Some(*job);
                    if mine {
                        shared.borrow_mut().current = None;
                        on_event(SolverEvent::File { name: name.clone(), bytes: bytes.to_vec() });
                    }
                    return;
                }
                if let (FromWorker::SessionData { name }, Some(bytes)) = (&message, bytes) {
                    if keeps_tables {
                        saved_tables::save(name, &bytes);
                    }
                    let mut kept = session_data.borrow_mut();
                    kept.retain(|(kept_name, _)| kept_name != name);
                    kept.push((name.clone(), bytes));
                    drop(kept);
                    on_event(SolverEvent::TablesChanged);
                    return;
                }
                if let FromWorker::Ready { release } = &message {
                    if !release::is_this_release(release.as_deref()) {
                        // Its files came from another release than this page's: never use it.
                        release::announce_new_version();
                        return give_up_on_worker(&shared, &*on_event, release::NEW_VERSION.to_string());
                    }
                    *ready_worker.borrow_mut() = Some(worker.clone());
                }
                if let Some(event) = route(&shared, &session_data, &worker, message, reading_tables.get()) {
                    on_event(event);
                }
            })
        };
        let on_error = {
            let (shared, on_event) = (self.shared.clone(), self.on_event.clone());
            Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                event.prevent_default();
                if !shared.borrow().ready {
                    release::worker_did_not_load();
                }
                let why = format!("the solver stopped unexpectedly: {}", event.message());
                give_up_on_worker(&shared, &*on_event, why);
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.connection = Some(Connection { worker, _on_message: on_message, _on_error: on_error });
        let (shared, on_event) = (self.shared.clone(), self.on_event.clone());
        self.load_deadline = Some(gloo_timers::callback::Timeout::new(LOAD_DEADLINE_MS, move || {
            if !shared.borrow().ready {
                release::worker_did_not_load();
                give_up_on_worker(&shared, &*on_event, COULD_NOT_START.to_string());
            }
        }));
    }
}

/// The worker can no longer be trusted: it is replaced before the next job, and the running
/// job (if any) fails with `why`.
fn give_up_on_worker(shared: &RefCell<Shared>, on_event: &dyn Fn(SolverEvent), why: String) {
    let was_running = {
        let mut state = shared.borrow_mut();
        state.crashed = true;
        state.current.take().is_some()
    };
    if was_running {
        on_event(SolverEvent::Failed(why));
    }
}

/// A request as the worker reads it: JSON text, written by the browser's own JSON (the page's
/// bundle then carries no JSON writer or reader of its own).
fn request_text(request: &ToWorker) -> String {
    let value = serde_wasm_bindgen::to_value(request).expect("requests convert");
    js_sys::JSON::stringify(&value).expect("requests are JSON").into()
}

/// A worker's message (JSON text), read by the browser's own JSON.
fn read_message(text: &str) -> Result<FromWorker, String> {
    let value = js_sys::JSON::parse(text).map_err(|_| "not JSON".to_string())?;
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// Hands a table built by an earlier worker to `worker`.
fn post_session_data(worker: &Worker, name: &str, bytes: &js_sys::Uint8Array) {
    let json = request_text(&ToWorker::SessionData { name: name.to_string() });
    let _ = worker.post_message(&js_sys::Array::of2(&JsValue::from_str(&json), bytes));
}

/// Whether the page may share memory with its workers (served with COOP and COEP headers).
fn cross_origin_isolated() -> bool {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("crossOriginIsolated"))
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// `url` resolved against the page's address.
fn absolute_url(url: &str) -> String {
    let base = web_sys::window().and_then(|w| w.document()).and_then(|d| d.base_uri().ok().flatten());
    base.and_then(|base| web_sys::Url::new_with_base(url, &base).ok())
        .map_or_else(|| url.to_string(), |u| u.href())
}

/// Handles one worker message: readiness, or an event for the current job.
fn route(
    shared: &Rc<RefCell<Shared>>,
    session_data: &SessionData,
    worker: &Worker,
    message: FromWorker,
    reading_tables: bool,
) -> Option<SolverEvent> {
    let mut state = shared.borrow_mut();
    match message {
        FromWorker::SessionData { .. } | FromWorker::Half { .. } => None,
        FromWorker::File { job, .. } => (state.current == Some(job)).then(|| {
            state.current = None;
            SolverEvent::Failed("the exported file did not arrive".into())
        }),
        FromWorker::Ready { .. } => {
            state.ready = true;
            crate::web::release::solver_ready();
            if let Some(flag) = &state.cancel_flag {
                let json = request_text(&ToWorker::CancelFlag);
                let _ = worker.post_message(&js_sys::Array::of2(&JsValue::from_str(&json), &flag.buffer()));
            }
            // Hand over what earlier workers built before the first job.
            for (name, bytes) in session_data.borrow().iter() {
                post_session_data(worker, name, bytes);
            }
            // A job waiting for the saved tables is sent once they are read.
            if let Some(json) = state.queued.take_if(|_| !reading_tables) {
                let _ = worker.post_message(&JsValue::from_str(&json));
            }
            None
        }
        // Job 0: the loader says how much of the worker has arrived, to the job waiting for it.
        FromWorker::Progress { job, elapsed_ms, progress } => (state.current == Some(job)
            || job == 0 && state.current.is_some())
        .then_some(SolverEvent::Progress { elapsed_ms, progress }),
        FromWorker::Done { job, report } => (state.current == Some(job)).then(|| {
            state.current = None;
            SolverEvent::Done(report)
        }),
        FromWorker::Frame { job, frame } => (state.current == Some(job)).then(|| {
            state.current = None;
            SolverEvent::Frame(frame)
        }),
        FromWorker::Made { job, text } => (state.current == Some(job)).then(|| {
            state.current = None;
            SolverEvent::Made(text)
        }),
        // Job 0 is none of the page's (they count from 1): a request the worker could not read,
        // or a worker that could not load (then it is replaced before the next job).
        FromWorker::Failed { job: 0, error } => {
            let why = if state.ready { error } else { format!("{COULD_NOT_START} ({error})") };
            if !state.ready {
                release::worker_did_not_load();
            }
            state.crashed |= !state.ready;
            state.current.take().map(|_| SolverEvent::Failed(why))
        }
        FromWorker::Failed { job, error } => (state.current == Some(job)).then(|| {
            state.current = None;
            SolverEvent::Failed(error)
        }),
        FromWorker::Crashed { job, error } => {
            state.crashed = true;
            (state.current == Some(job)).then(|| {
                state.current = None;
                SolverEvent::Failed(error)
            })
        }
    }
}

impl Drop for SolverClient {
    /// Terminates the worker. Its handlers are freed a moment later, because the client may
    /// be dropped from inside one of them (a page reacting to the last answer).
    fn drop(&mut self) {
        self.raise_cancel_flag();
        let connections = [self.connection.take(), self.retired.take()];
        for connection in connections.iter().flatten() {
            connection.stop();
        }
        gloo_timers::callback::Timeout::new(0, move || drop(connections)).forget();
    }
}
