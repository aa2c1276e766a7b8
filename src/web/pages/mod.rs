//! One page per puzzle, plus the landing page, and the page registry the router, the
//! landing cards and the shortcut overlay are built from.

pub mod alphametics;
pub mod hanoi;
pub mod home;
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
pub struct PageEntry {
    /// The puzzle's name in links (its registry entry in `puzzles::PUZZLES`).
    pub name: &'static str,
    /// The page for a link; `visit` changes on every navigation so the page starts afresh.
    pub render: fn(Link, u32) -> Html,
    pub thumbnail: fn() -> Html,
    /// The page's own keys, for the shortcut overlay.
    pub keys: &'static [(&'static str, &'static str)],
}

const fn entry<P: PuzzlePage>() -> PageEntry {
    PageEntry { name: P::INFO.name, render: render::<P>, thumbnail: P::thumbnail, keys: P::KEYS }
}

/// Every puzzle's page: one line each.
pub const PAGES: &[PageEntry] = &[
    entry::<hanoi::HanoiPage>(),
    entry::<sliding::SlidingPage>(),
    entry::<tiles264::TilesPage>(),
    entry::<queens::QueensPage>(),
    entry::<phrase::PhrasePage>(),
    entry::<sudoku::SudokuPage>(),
    entry::<alphametics::AlphameticsPage>(),
    entry::<mastermind::MastermindPage>(),
];

/// The page of the puzzle named `name`.
pub fn find(name: &str) -> Option<&'static PageEntry> {
    PAGES.iter().find(|p| p.name == name)
}
