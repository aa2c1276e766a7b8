//! One module per puzzle, and the registry the shell, the worker and the CLI look them up in
//! (the way Tatham's collection lists its games).

pub mod alphametics;
pub mod bayes;
pub mod blocks;
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

use crate::core::job::{JobContext, Report};
use crate::core::link::{Link, LinkError};

/// What the pages need to know about a puzzle.
pub struct PuzzleInfo {
    /// The page name in links: `#/<name>?...`.
    pub name: &'static str,
    pub title: &'static str,
    /// One line for the landing page.
    pub summary: &'static str,
}

/// Reads a link of a puzzle into its canonical form, naming every problem
/// (`core::link::canonical` over the puzzle's parameters).
pub type LinkReader = fn(&Link) -> (Link, Vec<LinkError>);

/// Solves what a link describes; `Err` says what was wrong with the link.
type Solver = fn(&Link, &mut JobContext) -> Result<Report, String>;

/// The registry: one line names every puzzle module, each of which provides `INFO`,
/// `READ_LINK` and `solve_link`.
macro_rules! registry {
    ($($puzzle:ident),* $(,)?) => {
        /// Every puzzle, in the order the app lists them.
        pub const PUZZLES: &[PuzzleInfo] = &[$($puzzle::INFO),*];

        /// Each puzzle's solver, by page name. Kept apart from [`PUZZLES`] so that the app,
        /// which lists puzzles but never solves, does not carry the solvers in its bundle.
        const SOLVERS: &[(&str, Solver)] = &[$(($puzzle::INFO.name, $puzzle::solve_link)),*];

        /// Each puzzle's link reader, by page name (apart from [`PUZZLES`] for the same
        /// reason: a page's bundle reads only its own links).
        const READERS: &[(&str, LinkReader)] = &[$(($puzzle::INFO.name, $puzzle::READ_LINK)),*];
    };
}

registry!(
    hanoi,
    sliding,
    tiles264,
    queens,
    phrase,
    sudoku,
    alphametics,
    mastermind,
    jugs,
    marbles,
    golf_tee,
    blocks,
    jets_sharks,
    bayes,
);

/// The registry entry of the puzzle a page name names.
pub fn find(name: &str) -> Option<&'static PuzzleInfo> {
    PUZZLES.iter().find(|p| p.name == name)
}

/// The link reader of the puzzle a page name names.
pub fn read_link(name: &str) -> Option<LinkReader> {
    READERS.iter().find(|(n, _)| *n == name).map(|&(_, reader)| reader)
}

/// A name for each kind of data a solver builds once per session (pattern databases…),
/// with how to export and import it, so a fresh worker can take it over from the old one.
struct SessionData {
    name: &'static str,
    export: fn() -> Option<Vec<u8>>,
    import: fn(&[u8]) -> Result<(), String>,
}

const SESSION_DATA: &[SessionData] = &[
    SessionData {
        name: "sliding-pdb",
        export: || sliding::solvers::built_pattern_database().map(|db| db.to_bytes()),
        import: sliding::solvers::install_pattern_database,
    },
    SessionData {
        name: "sliding-pdb-5x5",
        export: || sliding::solvers::built_pattern_database_5x5().map(|db| db.to_bytes()),
        import: sliding::solvers::install_pattern_database_5x5,
    },
];

/// Draws a solution (moves played from a link's position) as an animated GIF: file name and
/// bytes.
type GifExport = fn(&Link, &[String]) -> Result<(String, Vec<u8>), String>;

/// The puzzles whose solutions export as GIFs (kept out of the app's bundle: the worker draws).
const GIF_EXPORTS: &[(&str, GifExport)] = &[(sliding::INFO.name, sliding::gif::link_gif)];

/// The GIF of the solution `moves` of the puzzle `link` names.
pub fn export_gif(text: &str, moves: &[String]) -> Result<(String, Vec<u8>), String> {
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    let (_, export) = GIF_EXPORTS
        .iter()
        .find(|(name, _)| *name == link.puzzle)
        .ok_or_else(|| format!("'{}' solutions do not export as GIFs", link.puzzle))?;
    export(&link, moves)
}

/// The session data this process has built, by name, among those not in `known`.
pub fn export_session_data(known: &[String]) -> Vec<(&'static str, Vec<u8>)> {
    SESSION_DATA
        .iter()
        .filter(|d| !known.iter().any(|k| k == d.name))
        .filter_map(|d| (d.export)().map(|bytes| (d.name, bytes)))
        .collect()
}

/// Takes over session data exported by another process.
pub fn import_session_data(name: &str, bytes: &[u8]) -> Result<(), String> {
    let data =
        SESSION_DATA.iter().find(|d| d.name == name).ok_or(format!("unknown session data '{name}'"))?;
    (data.import)(bytes)
}

/// Solves the puzzle a link names: the one entry point of the CLI and the worker.
pub fn solve_link(text: &str, ctx: &mut JobContext) -> Result<Report, String> {
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    // Debug builds only (the browser tests' crash worker): `panic=1` is a real Rust panic, to
    // test that a crashed worker is reported and replaced. Release builds refuse the key.
    #[cfg(debug_assertions)]
    if link.get("panic") == Some("1") {
        panic!("this debug build was asked to panic by its link");
    }
    let names: Vec<&str> = PUZZLES.iter().map(|p| p.name).collect();
    let (_, solve) =
        SOLVERS.iter().find(|(name, _)| *name == link.puzzle).ok_or_else(|| match link.puzzle.as_str() {
            "" => format!("link: names no puzzle (known: {})", names.join(", ")),
            other => format!("link: unknown puzzle '{other}' (known: {})", names.join(", ")),
        })?;
    let mut report = solve(&link, ctx)?;
    report.elapsed_ms = ctx.elapsed_ms();
    Ok(report)
}

/// Solves a link with no clock and no listener (the puzzles' tests).
#[cfg(test)]
pub(crate) fn solve_quietly(text: &str) -> Result<Report, String> {
    let clock = || 0.0;
    let mut listener = |_: f64, _: &crate::core::job::Progress| true;
    solve_link(text, &mut JobContext::new(crate::core::search::Limits::default(), &clock, &mut listener))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<Report, String> {
        solve_quietly(text)
    }

    #[test]
    fn links_reach_their_puzzle() {
        assert_eq!(run("http://x/#/hanoi?discs=3").unwrap().length, 7);
    }

    #[test]
    fn every_listed_puzzle_has_a_solver() {
        for puzzle in PUZZLES {
            assert!(SOLVERS.iter().any(|(name, _)| *name == puzzle.name), "{}", puzzle.name);
        }
        assert_eq!(SOLVERS.len(), PUZZLES.len());
    }

    #[test]
    fn sliding_solutions_export_as_gifs_named_for_their_board() {
        let moves: Vec<String> = ["L", "U"].map(String::from).to_vec();
        let (name, bytes) = export_gif("#/sliding?size=3&tiles=1,2,3,4,5,6,7,8,0", &moves).unwrap();
        assert_eq!(name, "sliding-3x3-2-moves.gif");
        assert!(bytes.starts_with(b"GIF89a"));
        let err = export_gif("#/sliding?size=3&tiles=1,2,3,4,5,6,7,8,0", &["D".to_string()]).unwrap_err();
        assert!(err.starts_with("move 1:"), "{err}");
        assert!(export_gif("#/hanoi", &[]).unwrap_err().contains("do not export"));
    }

    #[test]
    #[should_panic(expected = "asked to panic")]
    fn debug_builds_panic_on_request() {
        let _ = run("#/hanoi?panic=1");
    }

    #[test]
    fn unknown_or_missing_puzzles_are_named() {
        assert_eq!(
            run("#/chess").unwrap_err(),
            "link: unknown puzzle 'chess' (known: hanoi, sliding, tiles264, queens, phrase, sudoku, alphametics, mastermind, jugs, marbles, golf-tee, blocks, jets-sharks, bayes)"
        );
        assert!(run("#/").unwrap_err().contains("names no puzzle"));
        assert!(run("#/hanoi?discs").unwrap_err().starts_with("discs:"));
    }
}
