//! Puzzle Lab's app with every page: what a lesson (whose steps visit any page) and an offline
//! visit run. A first visit to one page loads that page's bundle instead (`src/bin/page.rs`).

/// Talc instead of the default allocator (dlmalloc): the same service in fewer bytes of the
/// first visit's download. The solver worker keeps the default.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab::web::app::start(puzzlelab::web::pages::PAGES, Some(puzzlelab::web::landing::view));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in a browser: serve it with `trunk serve` (see README)");
}
