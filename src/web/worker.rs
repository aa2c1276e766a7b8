//! The worker side of the solver: receives jobs as JSON, runs them through the puzzle
//! registry, streams progress and posts the report. A panic is reported as a failed job; the
//! page then replaces this worker (its memory can no longer be trusted).

use crate::core::job::{FromWorker, JobContext, ToWorker};
use crate::core::search::Limits;
use crate::puzzles;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    /// The job being run, so a panic can be reported against it.
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(message: &FromWorker) {
    let json = serde_json::to_string(message).expect("worker messages serialize");
    let _ = scope().post_message(&JsValue::from_str(&json));
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
        let text = event.data().as_string().unwrap_or_default();
        match serde_json::from_str::<ToWorker>(&text) {
            Ok(ToWorker::Solve { job, link }) => run(job, &link),
            Err(e) => post(&FromWorker::Failed { job: 0, error: format!("unreadable request: {e}") }),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&FromWorker::Ready);
}

fn run(job: u32, link: &str) {
    CURRENT_JOB.with(|current| current.set(job));
    let mut listener = |elapsed_ms: f64, progress: &crate::core::job::Progress| {
        post(&FromWorker::Progress { job, elapsed_ms, progress: progress.clone() });
        true
    };
    let mut ctx = JobContext::new(Limits::default(), &now_ms, &mut listener);
    let message = match puzzles::solve_link(link, &mut ctx) {
        Ok(report) => FromWorker::Done { job, report: Box::new(report) },
        Err(error) => FromWorker::Failed { job, error },
    };
    post(&message);
}
