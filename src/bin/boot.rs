//! Trunk builds exactly one bundle that every visit loads (`data-type="main"`); Puzzle Lab's is
//! this empty one, so the landing page stays light. static/boot.js loads the bundle of the
//! page a link names (`src/bin/page-*.rs`).

#[cfg(target_arch = "wasm32")]
fn main() {
    // wasm-bindgen refuses a module that never touches JavaScript.
    drop(wasm_bindgen::JsValue::UNDEFINED.clone());
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
