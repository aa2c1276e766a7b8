//! Tables a solver builds once (the 15-puzzle's pattern databases) kept in the browser's Cache
//! API between visits, so a returning visitor's first solve does not rebuild them. Three
//! functions are all the app uses of that API. The store's name carries a version: bump it
//! when a table's byte format changes (the bytes also start with their own format tag, which
//! the worker checks before use).

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Cache, Request, Response};

const STORE: &str = "puzzlelab-tables-v2";

/// Stores of earlier versions, deleted when tables are loaded (v1: the 15-puzzle tables in
/// whole bytes).
const OLD_STORES: &[&str] = &["puzzlelab-tables-v1"];

/// The address a table is stored under.
fn key(name: &str) -> String {
    format!("./saved-tables/{name}")
}

async fn open() -> Option<Cache> {
    let caches = web_sys::window()?.caches().ok()?;
    JsFuture::from(caches.open(STORE)).await.ok()?.dyn_into().ok()
}

/// Every saved table, by name (none where the browser keeps no cache, e.g. private windows).
pub async fn load_all() -> Vec<(String, js_sys::Uint8Array)> {
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
    wasm_bindgen_futures::spawn_local(async {
        if let Some(caches) = web_sys::window().and_then(|w| w.caches().ok()) {
            let _ = JsFuture::from(caches.delete(STORE)).await;
        }
    });
}
