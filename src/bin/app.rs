//! Puzzle Lab's app: every page in one bundle, routed from the link (`web::app`).

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab::web::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in a browser: serve it with `trunk serve` (see README)");
}
