//! Tables a solver builds once (the 15-puzzle's pattern databases) kept in the browser's Cache
//! API between visits, so a returning visitor's first solve does not rebuild them. Three
//! functions are all the app uses of that API. The store's name carries a version: bump it
//! when a table's byte format changes (the bytes also start with their own format tag, which
//! the worker checks before use). The app reads the store once: the tables stay in memory
//! while it runs, so moving between pages does not read them again.

use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Cache, Request, Response};

const STORE: &str = "puzzlelab-tables-v2";

/// Stores of earlier versions, deleted when tables are loaded (v1: the 15-puzzle tables in
/// whole bytes).
const OLD_STORES: &[&str] = &["puzzlelab-tables-v1"];

/// A table's name and bytes.
type Table = (String, js_sys::Uint8Array);

thread_local! {
    /// The tables as stored, once read (`None` before the first read).
    static KEPT: RefCell<Option<Vec<Table>>> = const { RefCell::new(None) };
}

/// Records `name` as stored with `bytes`, if the store has been read.
fn keep(name: &str, bytes: &js_sys::Uint8Array) {
    KEPT.with(|kept| {
        if let Some(tables) = kept.borrow_mut().as_mut() {
            tables.retain(|(kept_name, _)| kept_name != name);
            tables.push((name.to_string(), bytes.clone()));
        }
    });
}

/// The address a table is stored under.
fn key(name: &str) -> String {
    format!("./saved-tables/{name}")
}

async fn open() -> Option<Cache> {
    let caches = web_sys::window()?.caches().ok()?;
    JsFuture::from(caches.open(STORE)).await.ok()?.dyn_into().ok()
}

/// Every saved table, by name (none where the browser keeps no cache, e.g. private windows):
/// read from the store the first time, from memory after that.
pub async fn load_all() -> Vec<Table> {
    if let Some(tables) = KEPT.with(|kept| kept.borrow().clone()) {
        return tables;
    }
    let tables = read_store().await;
    KEPT.with(|kept| kept.borrow_mut().get_or_insert_with(|| tables.clone()).clone())
}

async fn read_store() -> Vec<Table> {
    let mut tables = Vec::new();
    if let Some(caches) = web_sys::window().and_then(|w| w.caches().ok()) {
        for old in OLD_STORES {
            let _ = JsFuture::from(caches.delete(old)).await;
        }
    }
    let Some(cache) = open().await else { return tables };
    let Ok(keys) = JsFuture::from(cache.keys()).await else { return tables };
    for request in js_sys::Array::from(&keys).iter().filter_map(|r| r.dyn_into::<Request>().ok()) {
        let url = request.url();
        let Some(name) = url.rsplit('/').next().map(str::to_string) else { continue };
        let Ok(found) = JsFuture::from(cache.match_with_request(&request)).await else { continue };
        let Some(response) = found.dyn_into::<Response>().ok() else { continue };
        let Ok(buffer) = response.array_buffer().map(JsFuture::from) else { continue };
        if let Ok(buffer) = buffer.await {
            tables.push((name, js_sys::Uint8Array::new(&buffer)));
        }
    }
    tables
}

/// Saves a table in the background; a browser that refuses only costs a rebuild next time.
pub fn save(name: &str, bytes: &js_sys::Uint8Array) {
    keep(name, bytes);
    let (url, bytes) = (key(name), bytes.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let Some(cache) = open().await else { return };
        if let Ok(response) = Response::new_with_opt_buffer_source(Some(&bytes)) {
            let _ = JsFuture::from(cache.put_with_str(&url, &response)).await;
        }
    });
}

/// Deletes every saved table.
pub fn forget() {
    KEPT.with(|kept| *kept.borrow_mut() = Some(Vec::new()));
    wasm_bindgen_futures::spawn_local(async {
        if let Some(caches) = web_sys::window().and_then(|w| w.caches().ok()) {
            let _ = JsFuture::from(caches.delete(STORE)).await;
        }
    });
}
