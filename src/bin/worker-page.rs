//! One page's solver worker, with WebAssembly SIMD: the solvers of the puzzle `PUZZLELAB_PAGE`
//! names as this is compiled, and no other's (scripts/page_bundles.sh builds one per puzzle;
//! static/solver_worker.js loads it for that page's bundle, and the worker with every puzzle
//! where it cannot).

#[cfg(target_arch = "wasm32")]
static TABLES: puzzlelab::puzzles::Tables =
    puzzlelab::one_puzzle_tables!(match option_env!("PUZZLELAB_PAGE") {
        Some(name) => name,
        None => "",
    });

#[cfg(target_arch = "wasm32")]
fn main() {
    puzzlelab::puzzles::install(&TABLES);
    puzzlelab::web::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("a page's solver worker runs in a browser: scripts/page_bundles.sh builds it (see README)");
}
