//! The worker side of the solver: receives jobs as JSON, runs them through the puzzle
//! registry, streams progress and posts the report. A panic is reported as a crash; the page
//! then replaces this worker (its memory can no longer be trusted). Data a solver builds once
//! per session is posted to the page after the job, and taken over from the page on start.

use crate::core::job::{FromWorker, JobContext, Progress, ToWorker};
use crate::core::search::Limits;
use crate::puzzles;
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    /// The job being run, so a panic can be reported against it.
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
    /// Session data the page already has (sent by it, or posted to it).
    static SHARED_DATA: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// The page's cancel flag, on cross-origin isolated pages.
    static CANCEL_FLAG: RefCell<Option<js_sys::Int32Array>> = const { RefCell::new(None) };
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn to_json(message: &FromWorker) -> JsValue {
    JsValue::from_str(&serde_json::to_string(message).expect("worker messages serialize"))
}

fn post(message: &FromWorker) {
    let _ = scope().post_message(&to_json(message));
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
        let data = event.data();
        // Plain messages are JSON strings; session data and the cancel flag come as
        // [JSON, bytes] and [JSON, shared buffer].
        let (text, attached) = match data.dyn_ref::<js_sys::Array>() {
            Some(pair) => (pair.get(0).as_string(), Some(pair.get(1))),
            None => (data.as_string(), None),
        };
        let bytes = attached.clone().and_then(|a| a.dyn_into::<js_sys::Uint8Array>().ok());
        match serde_json::from_str::<ToWorker>(&text.unwrap_or_default()) {
            Ok(ToWorker::Solve { job, link, max_moves }) => run(job, &link, max_moves),
            Ok(ToWorker::SessionData { name }) => {
                let bytes = bytes.map(|b| b.to_vec()).unwrap_or_default();
                if puzzles::import_session_data(&name, &bytes).is_ok() {
                    SHARED_DATA.with(|shared| shared.borrow_mut().push(name));
                }
            }
            Ok(ToWorker::ExportGif { job, link, moves }) => export(job, &link, &moves),
            Ok(ToWorker::CancelFlag) => {
                let flag = attached.and_then(|a| a.dyn_into::<js_sys::SharedArrayBuffer>().ok());
                CANCEL_FLAG.with(|f| *f.borrow_mut() = flag.map(|b| js_sys::Int32Array::new(&b)));
            }
            Err(e) => post(&FromWorker::Failed { job: 0, error: format!("unreadable request: {e}") }),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&FromWorker::Ready);
}

fn run(job: u32, link: &str, max_moves: Option<usize>) {
    CURRENT_JOB.with(|current| current.set(job));
    let mut listener = |elapsed_ms: f64, progress: &Progress| {
        post(&FromWorker::Progress { job, elapsed_ms, progress: progress.clone() });
        !cancelled()
    };
    let mut ctx = JobContext::new(Limits::default(), &now_ms, &mut listener);
    let message = match puzzles::solve_link(link, &mut ctx) {
        Ok(mut report) => {
            report.keep_moves_within(max_moves);
            FromWorker::Done { job, report: Box::new(report) }
        }
        Err(error) => FromWorker::Failed { job, error },
    };
    post(&message);
    share_new_session_data();
}

/// Draws a GIF and hands its bytes over to the page.
fn export(job: u32, link: &str, moves: &[String]) {
    match puzzles::export_gif(link, moves) {
        Ok((name, bytes)) => {
            let array = js_sys::Uint8Array::from(bytes.as_slice());
            let message = js_sys::Array::of2(&to_json(&FromWorker::File { job, name }), &array);
            let _ = scope().post_message_with_transfer(&message, &js_sys::Array::of1(&array.buffer()));
        }
        Err(error) => post(&FromWorker::Failed { job, error }),
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
        let array = js_sys::Uint8Array::from(bytes.as_slice());
        let message =
            js_sys::Array::of2(&to_json(&FromWorker::SessionData { name: name.to_string() }), &array);
        let _ = scope().post_message_with_transfer(&message, &js_sys::Array::of1(&array.buffer()));
        SHARED_DATA.with(|shared| shared.borrow_mut().push(name.to_string()));
    }
}
