//! Puzzle Lab: classic AI puzzles, their solvers and a browser front end.
//!
//! `core` holds the generic machinery (links, seeds, search, playback, jobs), `puzzles` one
//! module per puzzle, and `web` the thin browser layer (compiled for wasm32 only).

pub mod core;
pub mod puzzles;

#[cfg(target_arch = "wasm32")]
pub mod web;
