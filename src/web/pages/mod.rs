//! One page per puzzle, and the list the app routes links to. The landing page is drawn from
//! this list and the puzzles' registry (`web::landing`).

pub mod classic;

use crate::core::link::Link;
use crate::web::page::{render, PuzzlePage};
use yew::Html;

/// What the shell needs of a puzzle's page.
#[derive(Clone, Copy)]
pub struct PageEntry {
    /// The puzzle's name in links (its registry entry in `puzzles::PUZZLES`).
    pub name: &'static str,
    /// The page for a link; `visit` changes on every navigation so the page starts afresh.
    pub render: fn(Link, u32) -> Html,
    /// The page's own keys (its registry entry's: `core::keys`).
    pub keys: &'static [crate::core::keys::Binding],
    /// Its card's picture on the landing page (SVG markup).
    pub thumbnail: &'static str,
}

impl PartialEq for PageEntry {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

/// The shell's entry for the page of puzzle `P`.
const fn entry<P: PuzzlePage>() -> PageEntry {
    PageEntry { name: P::INFO.name, render: render::<P>, keys: P::INFO.keys, thumbnail: P::THUMBNAIL }
}

/// One line per page: its module and the type implementing [`PuzzlePage`].
macro_rules! pages {
    ($($module:ident => $page:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Every puzzle's page (a browser test checks it against the registry, in its order).
        pub const PAGES: &[PageEntry] = &[$(entry::<$module::$page>()),*];

        /// Each page's card picture by puzzle name: the landing page's bundle carries these,
        /// not the pages.
        pub const THUMBNAILS: &[(&str, &str)] =
            &[$((<$module::$page as PuzzlePage>::INFO.name, <$module::$page as PuzzlePage>::THUMBNAIL)),*];
    };
}

pages! {
    hanoi => HanoiPage,
    sliding => SlidingPage,
    tiles264 => TilesPage,
    queens => QueensPage,
    phrase => PhrasePage,
    sudoku => SudokuPage,
    alphametics => AlphameticsPage,
    mastermind => MastermindPage,
    jugs => JugsPage,
    marbles => MarblesPage,
    golf_tee => GolfTeePage,
    blocks => BlocksPage,
    jets_sharks => JetsSharksPage,
    bayes => BayesPage,
}

/// The example page of docs/architecture.md ("Adding a puzzle"), compiled with the others but
/// not listed: listing it replaces this line by `doubling => DoublingPage,` in `pages!`.
pub mod doubling;

/// The page of the puzzle named `name`, chosen as the program is compiled (`src/bin/page.rs`):
/// the bundle it goes into holds that page's code and no other's. `None` for "" (the landing
/// page's bundle); a name of no page stops the build.
pub const fn named(name: &str) -> Option<PageEntry> {
    if name.is_empty() {
        return None;
    }
    let mut i = 0;
    while i < PAGES.len() {
        if crate::puzzles::same_str(PAGES[i].name, name) {
            return Some(PAGES[i]);
        }
        i += 1;
    }
    panic!("PUZZLELAB_PAGE names no page of the registry")
}
