//! One page per puzzle. Each is built into its own bundle (`src/bin/page-*.rs`); the landing
//! page is plain HTML in index.html.

pub mod alphametics;
pub mod bayes;
pub mod blocks;
pub mod classic;
pub mod golf_tee;
pub mod hanoi;
pub mod jets_sharks;
pub mod jugs;
pub mod marbles;
pub mod mastermind;
pub mod phrase;
pub mod queens;
pub mod sliding;
pub mod sudoku;
pub mod tiles264;

use crate::core::link::Link;
use crate::web::page::{render, PuzzlePage};
use yew::Html;

/// What the shell needs of a puzzle's page.
#[derive(Clone)]
pub struct PageEntry {
    /// The puzzle's name in links (its registry entry in `puzzles::PUZZLES`).
    pub name: &'static str,
    /// The page for a link; `visit` changes on every navigation so the page starts afresh.
    pub render: fn(Link, u32) -> Html,
    /// The page's own keys, for the shortcut overlay.
    pub keys: &'static [(&'static str, &'static str)],
}

impl PartialEq for PageEntry {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

/// The shell's entry for the page of puzzle `P`.
pub const fn entry<P: PuzzlePage>() -> PageEntry {
    PageEntry { name: P::INFO.name, render: render::<P>, keys: P::KEYS }
}
