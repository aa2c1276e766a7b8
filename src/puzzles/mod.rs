//! One module per puzzle, and the registry the shell, the worker and the CLI look them up in
//! (the way Tatham's collection lists its games).

pub mod hanoi;
pub mod sliding;

use crate::core::job::{JobContext, Report};
use crate::core::link::Link;

/// What the generic layers need to know about a puzzle.
pub struct PuzzleInfo {
    /// The page name in links: `#/<name>?...`.
    pub name: &'static str,
    pub title: &'static str,
    /// One line for the landing page.
    pub summary: &'static str,
    /// Solves what a link describes; `Err` says what was wrong with the link.
    pub solve: fn(&Link, &mut JobContext) -> Result<Report, String>,
}

pub const PUZZLES: &[PuzzleInfo] = &[hanoi::INFO, sliding::INFO];

pub fn find(name: &str) -> Option<&'static PuzzleInfo> {
    PUZZLES.iter().find(|p| p.name == name)
}

/// Solves the puzzle a link names: the one entry point of the CLI and the worker.
pub fn solve_link(text: &str, ctx: &mut JobContext) -> Result<Report, String> {
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    let names: Vec<&str> = PUZZLES.iter().map(|p| p.name).collect();
    let puzzle = find(&link.puzzle).ok_or_else(|| match link.puzzle.as_str() {
        "" => format!("link: names no puzzle (known: {})", names.join(", ")),
        other => format!("link: unknown puzzle '{other}' (known: {})", names.join(", ")),
    })?;
    let mut report = (puzzle.solve)(&link, ctx)?;
    report.elapsed_ms = ctx.elapsed_ms();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::search::Limits;

    fn run(text: &str) -> Result<Report, String> {
        let clock = || 0.0;
        let mut listener = |_: f64, _: &crate::core::job::Progress| true;
        solve_link(text, &mut JobContext::new(Limits::default(), &clock, &mut listener))
    }

    #[test]
    fn links_reach_their_puzzle() {
        assert_eq!(run("http://x/#/hanoi?discs=3").unwrap().length, 7);
    }

    #[test]
    fn unknown_or_missing_puzzles_are_named() {
        assert_eq!(run("#/chess").unwrap_err(), "link: unknown puzzle 'chess' (known: hanoi, sliding)");
        assert!(run("#/").unwrap_err().contains("names no puzzle"));
        assert!(run("#/hanoi?discs").unwrap_err().starts_with("discs:"));
    }
}
