//! The worker side of the solver: receives jobs as JSON, runs them through the puzzle
//! registry, streams progress and posts the report. A panic is reported as a crash; the page
//! then replaces this worker (its memory can no longer be trusted). Data a solver builds once
//! per session is posted to the page after the job, and taken over from the page on start.
//! Before a job that would build such data, two helper workers build its halves at once (on
//! two cores), while this one waits for them.

use crate::core::job::{built_once_note, FromWorker, JobContext, Progress, ToWorker};
use crate::core::replay::Seek;
use crate::core::search::Limits;
use crate::puzzles;
use crate::puzzles::Recorded;
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

thread_local! {
    /// The job being run, so a panic can be reported against it.
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
    /// Session data the page already has (sent by it, or posted to it).
    static SHARED_DATA: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// The page's cancel flag, on cross-origin isolated pages.
    static CANCEL_FLAG: RefCell<Option<js_sys::Int32Array>> = const { RefCell::new(None) };
    /// The job waiting for its session data's halves, if one is.
    static WAITING: RefCell<Option<WaitingJob>> = const { RefCell::new(None) };
    /// Helpers done with, kept until the next job: a helper's handler ends the wait, and
    /// must not free itself while it runs.
    static RETIRED: RefCell<Vec<Helper>> = const { RefCell::new(Vec::new()) };
    /// The search last recorded for the Search view: its link and its replay.
    static RECORDED: RefCell<Option<(String, Recorded)>> = const { RefCell::new(None) };
    /// The timer that starts the second helper (kept until the next job, for the same reason).
    static SECOND_HELPER_TIMER: RefCell<Option<Timeout>> = const { RefCell::new(None) };
}

/// How long after the first helper the second one starts. The browser first runs new code
/// unoptimised and optimises what runs hot on a low-priority thread, which two busy helpers
/// on a two-core machine starve: started together, each built its half of the 15-puzzle's
/// tables in 4.1–5.4 s, against 2.6 s alone. Started this much later, the second helper
/// finished its half sooner than the first (2.1–2.6 s), and both halves were in after
/// 2.8–3.4 s.
const SECOND_HELPER_DELAY_MS: u32 = 300;

/// How long a helper may take to load (usually under 0.2 s) before this worker builds its
/// half itself: a helper whose code cannot be fetched (offline, say) may never answer.
const HELPER_LOAD_DEADLINE_MS: u32 = 8_000;

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn to_json(message: &FromWorker) -> JsValue {
    JsValue::from_str(&serde_json::to_string(message).expect("worker messages serialize"))
}

fn post(message: &FromWorker) {
    let _ = scope().post_message(&to_json(message));
}

/// Posts a message with bytes attached (as [JSON, bytes]), handing their memory over.
fn post_with_bytes(message: &FromWorker, bytes: &[u8]) {
    let array = js_sys::Uint8Array::from(bytes);
    let pair = js_sys::Array::of2(&to_json(message), &array);
    let _ = scope().post_message_with_transfer(&pair, &js_sys::Array::of1(&array.buffer()));
}

/// A message's JSON text and what is attached to it. Plain messages are JSON strings; those
/// with bytes or the cancel flag come as [JSON, bytes] and [JSON, shared buffer].
fn read_message(event: &MessageEvent) -> (Option<String>, Option<JsValue>) {
    let data = event.data();
    match data.dyn_ref::<js_sys::Array>() {
        Some(pair) => (pair.get(0).as_string(), Some(pair.get(1))),
        None => (data.as_string(), None),
    }
}

fn now_ms() -> f64 {
    scope().performance().map_or_else(js_sys::Date::now, |p| p.now())
}

/// Entry point of the worker binary.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let job = CURRENT_JOB.with(Cell::get);
        post(&FromWorker::Crashed { job, error: format!("the solver crashed: {info}") });
    }));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let (text, attached) = read_message(&event);
        let bytes = attached.clone().and_then(|a| a.dyn_into::<js_sys::Uint8Array>().ok());
        match serde_json::from_str::<ToWorker>(text.as_deref().unwrap_or_default()) {
            Ok(ToWorker::Solve { job, link, max_moves }) => run(job, &link, max_moves),
            Ok(ToWorker::SessionData { name }) => {
                let bytes = bytes.map(|b| b.to_vec()).unwrap_or_default();
                if puzzles::import_session_data(&name, &bytes).is_ok() {
                    SHARED_DATA.with(|shared| shared.borrow_mut().push(name));
                }
            }
            Ok(ToWorker::ExportGif { job, link, moves }) => export(job, &link, &moves),
            Ok(ToWorker::Frame { job, link, seek, t, predict }) => show_frame(job, &link, &seek, t, predict),
            Ok(ToWorker::RaceCsv { job, link }) => export_csv(job, &link),
            Ok(ToWorker::MakePuzzle { job, link }) => post(&match puzzles::make_puzzle(&link) {
                Ok(text) => FromWorker::Made { job, text },
                Err(error) => FromWorker::Failed { job, error },
            }),
            Ok(ToWorker::QrCode { job, link }) => post(&match puzzles::qr_code(&link) {
                Ok(text) => FromWorker::Made { job, text },
                Err(error) => FromWorker::Failed { job, error },
            }),
            Ok(ToWorker::BuildHalf { name, half }) => build_half_for_parent(&name, half),
            Ok(ToWorker::CancelFlag) => {
                let flag = attached.and_then(|a| a.dyn_into::<js_sys::SharedArrayBuffer>().ok());
                CANCEL_FLAG.with(|f| *f.borrow_mut() = flag.map(|b| js_sys::Int32Array::new(&b)));
            }
            Err(e) => {
                // Answered as the job it names, when it names one, so the page is not left waiting.
                let job = serde_json::from_str::<serde_json::Value>(text.as_deref().unwrap_or_default())
                    .ok()
                    .and_then(|v| v.get("job")?.as_u64())
                    .and_then(|job| u32::try_from(job).ok())
                    .unwrap_or(0);
                post(&FromWorker::Failed { job, error: format!("unreadable request: {e}") })
            }
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&FromWorker::Ready { release: loader_release() });
}

/// The release id its loader (static/solver_worker.js) set for this worker, if any.
fn loader_release() -> Option<String> {
    js_sys::Reflect::get(&scope(), &JsValue::from_str("puzzlelabRelease")).ok()?.as_string()
}

fn run(job: u32, link: &str, max_moves: Option<usize>) {
    CURRENT_JOB.with(|current| current.set(job));
    RETIRED.with(|retired| retired.borrow_mut().clear());
    SECOND_HELPER_TIMER.with(|timer| timer.borrow_mut().take());
    let job = JobRequest { job, link: link.to_string(), max_moves };
    match puzzles::session_data_wanted(link) {
        Some((name, label)) => build_in_halves(job, name, label),
        None => solve(&job, None),
    }
}

/// Answers the Search view with a moment of `link`'s search, recording it first if it is not
/// the one recorded last.
fn show_frame(job: u32, link: &str, seek: &str, t: u32, predict: bool) {
    if !record(job, link) {
        return;
    }
    let message = match Seek::parse(seek, t) {
        Ok(seek) => RECORDED.with(|r| {
            let recorded = r.borrow();
            let (_, recorded) = recorded.as_ref().expect("recorded first");
            FromWorker::Frame { job, frame: Box::new(recorded.frame(t, seek, predict)) }
        }),
        Err(error) => FromWorker::Failed { job, error },
    };
    post(&message);
}

/// Records what `link` shows (a search or a race) unless it is the one recorded last; false
/// (and the page told why) when it cannot be.
fn record(job: u32, link: &str) -> bool {
    CURRENT_JOB.with(|current| current.set(job));
    if RECORDED.with(|r| r.borrow().as_ref().is_some_and(|(kept, _)| kept == link)) {
        return true;
    }
    RECORDED.with(|r| *r.borrow_mut() = None);
    let mut listener = |elapsed_ms: f64, progress: &Progress| {
        post(&FromWorker::Progress { job, elapsed_ms, progress: progress.clone() });
        !cancelled()
    };
    let mut ctx = JobContext::new(Limits::default(), &now_ms, &mut listener);
    match Recorded::record(link, &mut ctx) {
        Ok(recorded) => {
            RECORDED.with(|r| *r.borrow_mut() = Some((link.to_string(), recorded)));
            true
        }
        Err(error) => {
            post(&FromWorker::Failed { job, error });
            false
        }
    }
}

/// A race's ticks as a CSV file.
fn export_csv(job: u32, link: &str) {
    if !record(job, link) {
        return;
    }
    let csv = RECORDED.with(|r| r.borrow().as_ref().map(|(_, recorded)| recorded.csv()));
    match csv.unwrap_or_else(|| Err("nothing recorded".into())) {
        Ok(text) => post_with_bytes(&FromWorker::File { job, name: "race.csv".into() }, text.as_bytes()),
        Err(error) => post(&FromWorker::Failed { job, error }),
    }
}

/// A job as the page sent it.
struct JobRequest {
    job: u32,
    link: String,
    max_moves: Option<usize>,
}

/// Session data built for a job before it ran.
struct Prepared {
    label: &'static str,
    build_ms: f64,
}

/// Solves a job, saying in its report what was built for it beforehand.
fn solve(request: &JobRequest, prepared: Option<Prepared>) {
    let job = request.job;
    let mut listener = |elapsed_ms: f64, progress: &Progress| {
        post(&FromWorker::Progress { job, elapsed_ms, progress: progress.clone() });
        !cancelled()
    };
    let mut ctx = JobContext::new(Limits::default(), &now_ms, &mut listener);
    let message = match puzzles::solve_link(&request.link, &mut ctx) {
        Ok(mut report) => {
            report.keep_moves_within(request.max_moves);
            if let Some(Prepared { label, build_ms }) = prepared {
                report.elapsed_ms += build_ms;
                if report.solved {
                    let note = built_once_note(label, build_ms);
                    report.message =
                        Some(report.message.take().map_or(note.clone(), |m| format!("{m}; {note}")));
                }
            }
            FromWorker::Done { job, report: Box::new(report) }
        }
        Err(error) => FromWorker::Failed { job, error },
    };
    post(&message);
    share_new_session_data();
}

/// A job waiting for the two halves of the session data it needs.
struct WaitingJob {
    request: JobRequest,
    name: &'static str,
    label: &'static str,
    started_ms: f64,
    halves: [Option<Vec<u8>>; 2],
    /// Each helper's last progress: done of total.
    progress: [(u64, u64); 2],
    helpers: Vec<Helper>,
}

/// A helper worker building one half, with its handlers and its loading deadline.
struct Helper {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
    _load_deadline: Timeout,
}

/// Starts two helpers on the halves of session data `name`, and solves the job once both
/// are in; solves it at once (building the data here) where a worker cannot start workers.
fn build_in_halves(request: JobRequest, name: &'static str, label: &'static str) {
    let Some(first) = start_helper(name, 0) else {
        return solve(&request, None);
    };
    let started_ms = now_ms();
    let helpers = vec![first];
    let (halves, progress) = ([None, None], [(0, 1); 2]);
    let waiting = WaitingJob { request, name, label, started_ms, halves, progress, helpers };
    WAITING.with(|w| *w.borrow_mut() = Some(waiting));
    let start_second = Timeout::new(SECOND_HELPER_DELAY_MS, move || match start_helper(name, 1) {
        Some(second) => WAITING.with(|w| {
            if let Some(waiting) = w.borrow_mut().as_mut() {
                waiting.helpers.push(second);
            }
        }),
        None => build_half_here(1),
    });
    SECOND_HELPER_TIMER.with(|timer| *timer.borrow_mut() = Some(start_second));
}

/// A worker running this worker's script (the page names each worker after its script's
/// address), told to build half `half` of `name` once it is ready.
fn start_helper(name: &'static str, half: u8) -> Option<Helper> {
    let script = scope().name();
    let has_workers = js_sys::Reflect::has(&js_sys::global(), &JsValue::from_str("Worker")).unwrap_or(false);
    if script.is_empty() || !has_workers {
        return None;
    }
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Classic);
    options.set_name(&script);
    let worker = Worker::new_with_options(&script, &options).ok()?;
    let loaded = Rc::new(Cell::new(false));
    let on_message = {
        let (worker, loaded) = (worker.clone(), loaded.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let (text, attached) = read_message(&event);
            let bytes = attached.and_then(|a| a.dyn_into::<js_sys::Uint8Array>().ok());
            match serde_json::from_str::<FromWorker>(&text.unwrap_or_default()) {
                Ok(FromWorker::Ready { .. }) => {
                    loaded.set(true);
                    share_cancel_flag(&worker);
                    let request = ToWorker::BuildHalf { name: name.to_string(), half };
                    let json = serde_json::to_string(&request).expect("requests serialize");
                    let _ = worker.post_message(&JsValue::from_str(&json));
                }
                Ok(FromWorker::Progress { progress: Progress::Build { done, total, .. }, .. }) => {
                    helper_progress(half, done, total);
                }
                Ok(FromWorker::Half { .. }) => match bytes {
                    Some(bytes) => half_arrived(half, bytes.to_vec()),
                    None => build_half_here(half),
                },
                Ok(FromWorker::Failed { .. } | FromWorker::Crashed { .. }) | Err(_) => build_half_here(half),
                Ok(_) => {}
            }
        })
    };
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        event.prevent_default();
        build_half_here(half);
    });
    let load_deadline = {
        let worker = worker.clone();
        Timeout::new(HELPER_LOAD_DEADLINE_MS, move || {
            if !loaded.get() {
                worker.terminate();
                build_half_here(half);
            }
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Helper { worker, _on_message: on_message, _on_error: on_error, _load_deadline: load_deadline })
}

/// Passes a helper's progress on to the page, as the progress of both halves together.
fn helper_progress(half: u8, done: u64, total: u64) {
    let report = WAITING.with(|w| {
        let mut waiting = w.borrow_mut();
        let waiting = waiting.as_mut()?;
        waiting.progress[usize::from(half)] = (done, total);
        let [(done_0, total_0), (done_1, total_1)] = waiting.progress;
        let label = format!("Building {} in two workers", waiting.label);
        let progress = Progress::Build { label, done: done_0 + done_1, total: total_0 + total_1 };
        Some((waiting.request.job, now_ms() - waiting.started_ms, progress))
    });
    if let Some((job, elapsed_ms, progress)) = report {
        post(&FromWorker::Progress { job, elapsed_ms, progress });
    }
}

/// A helper failed: this worker builds its half itself.
fn build_half_here(half: u8) {
    let name = WAITING.with(|w| {
        let slot = w.borrow();
        let waiting = slot.as_ref().filter(|waiting| waiting.halves[usize::from(half)].is_none())?;
        Some(waiting.name)
    });
    let Some(name) = name else { return };
    let bytes = puzzles::build_session_data_half(name, half, &mut |done, total| {
        abandon_if_cancelled();
        helper_progress(half, done, total);
    });
    half_arrived(half, bytes.unwrap_or_default());
}

/// Keeps a half; once both are in, retires the helpers, takes the data over and solves.
fn half_arrived(half: u8, bytes: Vec<u8>) {
    let complete = WAITING.with(|w| {
        let mut slot = w.borrow_mut();
        let waiting = slot.as_mut()?;
        waiting.halves[usize::from(half)] = Some(bytes);
        if waiting.halves.iter().any(Option::is_none) {
            return None;
        }
        slot.take()
    });
    let Some(mut waiting) = complete else { return };
    for helper in &waiting.helpers {
        helper.worker.set_onmessage(None);
        helper.worker.set_onerror(None);
        helper.worker.terminate();
    }
    RETIRED.with(|retired| retired.borrow_mut().append(&mut waiting.helpers));
    let [first, second] = waiting.halves.map(Option::unwrap_or_default);
    // Halves that do not fit together (never expected) leave the job to build the data itself.
    let joined = puzzles::join_session_data_halves(waiting.name, &first, &second).is_ok();
    let prepared = Prepared { label: waiting.label, build_ms: now_ms() - waiting.started_ms };
    solve(&waiting.request, joined.then_some(prepared));
}

/// In a helper: builds the half its parent asked for and hands its bytes over.
fn build_half_for_parent(name: &str, half: u8) {
    let mut listener = |elapsed_ms: f64, progress: &Progress| {
        post(&FromWorker::Progress { job: 0, elapsed_ms, progress: progress.clone() });
        true
    };
    let mut ctx = JobContext::new(Limits::default(), &now_ms, &mut listener);
    let built = puzzles::build_session_data_half(name, half, &mut |done, total| {
        abandon_if_cancelled();
        ctx.progress(Progress::Build { label: name.to_string(), done, total });
    });
    match built {
        Ok(bytes) => {
            post_with_bytes(&FromWorker::Half { name: name.to_string(), half }, &bytes);
        }
        Err(error) => post(&FromWorker::Failed { job: 0, error }),
    }
}

/// Draws a GIF and hands its bytes over to the page.
fn export(job: u32, link: &str, moves: &[String]) {
    match puzzles::export_gif(link, moves) {
        Ok((name, bytes)) => {
            post_with_bytes(&FromWorker::File { job, name }, &bytes);
        }
        Err(error) => post(&FromWorker::Failed { job, error }),
    }
}

/// Hands the page's cancel flag (if it shared one) to a helper this worker started.
fn share_cancel_flag(helper: &Worker) {
    CANCEL_FLAG.with(|f| {
        if let Some(flag) = f.borrow().as_ref() {
            let json = serde_json::to_string(&ToWorker::CancelFlag).expect("requests serialize");
            let _ = helper.post_message(&js_sys::Array::of2(&JsValue::from_str(&json), &flag.buffer()));
        }
    });
}

/// Between two levels of a table build: once the page has cancelled, the build is abandoned
/// by throwing out of it (the table builders have no way back, and this worker, replaced by
/// the page, is never used again) and the worker closes, freeing its core at once rather than
/// when the browser gets round to ending it.
fn abandon_if_cancelled() {
    if cancelled() {
        scope().close();
        wasm_bindgen::throw_str("cancelled: the table build was abandoned");
    }
}

/// Whether the page has set the shared cancel flag.
fn cancelled() -> bool {
    CANCEL_FLAG.with(|f| f.borrow().as_ref().is_some_and(|flag| js_sys::Atomics::load(flag, 0) == Ok(1)))
}

/// Posts session data built by the last job, handing its memory over to the page.
fn share_new_session_data() {
    let known = SHARED_DATA.with(|shared| shared.borrow().clone());
    for (name, bytes) in puzzles::export_session_data(&known) {
        post_with_bytes(&FromWorker::SessionData { name: name.to_string() }, &bytes);
        SHARED_DATA.with(|shared| shared.borrow_mut().push(name.to_string()));
    }
}
