//! Browser layer (wasm32 only): a thin shell over the core. Pages render and send jobs;
//! all rules and solvers live in `core` and `puzzles`.

pub mod app;
pub mod browser;
pub mod components;
pub mod keymap;
pub mod landing;
pub mod lesson_host;
pub mod lessons;
pub mod page;
pub mod pages;
pub mod release;
pub mod saved_tables;
pub mod search_view;
pub mod session;
pub mod solver;
pub mod ticker;
pub mod worker;
