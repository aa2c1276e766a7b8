//! A small picture of a board, for the Search view's frontier rows (drawn in the worker).

use super::domain::{Board, Dir};
use super::params::SlidingParams;
use crate::core::link::{Link, LinkParams};
use crate::core::replay::Pictures;
use std::fmt::Write;

/// The boards `moves` lead to from the link's position, as small SVG pictures.
pub fn link_pictures(link: &Link) -> Pictures {
    let start = SlidingParams::from_link(link).0.current();
    Pictures::Nodes(Box::new(move |moves| {
        let board = moves.iter().try_fold(start.clone(), |b, m| b.apply(Dir::parse(m)?)).ok()?;
        Some(picture(&board))
    }))
}

/// The board as an SVG of `size` × `size` cells, tiles in place shaded as on the page.
pub fn picture(board: &Board) -> String {
    let n = board.size() as usize;
    let cell = 60 / n;
    let side = cell * n;
    // A board with two-digit tiles is drawn larger on the projector (its digits smaller).
    let class = if n * n > 10 { "mini-board two-digits" } else { "mini-board" };
    let mut svg = format!(
        "<svg class=\"{class}\" viewBox=\"0 0 {side} {side}\" role=\"img\" aria-label=\"Board {}\">",
        board.tiles().iter().map(u8::to_string).collect::<Vec<_>>().join(",")
    );
    for (i, &tile) in board.tiles().iter().enumerate() {
        if tile == 0 {
            continue;
        }
        let (x, y) = ((i % n) * cell, (i / n) * cell);
        let home = usize::from(tile) == i + 1;
        let _ = write!(
            svg,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" class=\"{}\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"{}\">{tile}</text>",
            if home { "home" } else { "tile" },
            x + cell / 2,
            y + cell * 4 / 5,
            // Digits fill most of the tile (the picture is small on the page); two of them a
            // little less, so that "10" and "11" side by side stay apart.
            if tile < 10 { cell * 4 / 5 } else { cell * 5 / 8 }
        );
    }
    svg.push_str("</svg>");
    svg
}
