//! Puzzle Lab: classic AI puzzles, their solvers and a browser front end.
//!
//! `core` holds the generic machinery (links, seeds, search, playback, jobs), `puzzles` one
//! module per puzzle, and `web` the thin browser layer (compiled for wasm32 only).

pub mod core;
pub mod puzzles;

#[cfg(target_arch = "wasm32")]
pub mod web;

/// The `main` of a page's bundle (`src/bin/page-<name>.rs`): mounts the app with that one
/// page, named by its path under `web::pages`.
#[macro_export]
macro_rules! page_bundle {
    ($($page:ident)::+) => {
        #[cfg(target_arch = "wasm32")]
        fn main() {
            $crate::web::app::start($crate::web::pages::entry::<$crate::web::pages::$($page)::+>());
        }

        #[cfg(not(target_arch = "wasm32"))]
        fn main() {
            eprintln!("this page runs in a browser: serve the app with `trunk serve` (see README)");
        }
    };
}
