// The solver worker's entry point (built by Trunk for wasm32, loaded as a web worker). A plain
// comment rather than a doc comment because src/bin/worker-simd.rs includes this file.

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab::web::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in a browser: it is built by Trunk (see README)");
}
