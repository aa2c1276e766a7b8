//! The lessons bundle (player bar, presenter window, builder: `web::lessons`), built by Trunk
//! beside the app and loaded by it only when a lesson opens (`web::lesson_host`).

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab::web::lessons::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the lessons bundle runs in a browser: it is built by Trunk (see README)");
}
