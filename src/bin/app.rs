//! The browser app's entry point (built by Trunk for wasm32).

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab::web::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in a browser: serve it with `trunk serve` (see README)");
}
