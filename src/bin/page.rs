//! One page's bundle: the app with the page `PUZZLELAB_PAGE` names when this is compiled, and
//! no other page's code (the landing page's bundle when it names none). scripts/release.sh
//! builds one for the landing page and one per puzzle, so a first visit downloads only its
//! page; static/app_start.js picks the bundle from the address.

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
const NAME: &str = match option_env!("PUZZLELAB_PAGE") {
    Some(name) => name,
    None => "",
};

/// Chosen as this is compiled, so that the other pages are left out of the bundle.
#[cfg(target_arch = "wasm32")]
static PAGE: Option<puzzlelab::web::pages::PageEntry> = puzzlelab::web::pages::named(NAME);

/// The landing page goes into its own bundle only, not into a puzzle's.
#[cfg(target_arch = "wasm32")]
const LANDING: Option<fn() -> yew::Html> =
    if NAME.is_empty() { Some(puzzlelab::web::landing::view) } else { None };

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab::web::app::start(PAGE.as_slice(), LANDING);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("a page's bundle runs in a browser: scripts/release.sh builds it (see README)");
}
