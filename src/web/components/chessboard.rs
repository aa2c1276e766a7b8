//! An n×n chess board with queens, optionally shading the squares they attack.

use crate::puzzles::queens::hand::attacked;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ChessboardProps {
    pub n: usize,
    /// Queens as [row, col].
    pub queens: Vec<[u32; 2]>,
    #[prop_or_default]
    pub show_attacks: bool,
    /// Queens to mark as just moved (a replayed improvement).
    #[prop_or_default]
    pub moved: Vec<[u32; 2]>,
    /// The board's places (`components::places`), drawn over the squares of a board played
    /// by hand.
    #[prop_or_default]
    pub places: Option<Html>,
}

/// A square's side in the board's SVG units.
pub const CELL: f64 = 100.0;

/// A board of queens in words, row by row: its picture's name, and what `b` reads.
pub fn queens_in_words(n: usize, queens: &[[u32; 2]]) -> String {
    let mut sorted = queens.to_vec();
    sorted.sort_unstable();
    let at: Vec<String> = sorted.iter().map(|[r, c]| format!("row {}, column {}", r + 1, c + 1)).collect();
    match at.is_empty() {
        true => format!("{n}×{n} board, no queens"),
        false => format!("{n}×{n} board, queens at {}", at.join("; ")),
    }
}

#[function_component]
pub fn Chessboard(props: &ChessboardProps) -> Html {
    let n = props.n;
    let side = CELL * n as f64;
    let squares = (0..n * n).map(|i| {
        let (row, col) = ((i / n) as u32, (i % n) as u32);
        let (x, y) = (f64::from(col) * CELL, f64::from(row) * CELL);
        let colour = if (row + col) % 2 == 0 { "light" } else { "dark" };
        html! {
            <>
                <rect class={colour} x={format!("{x:.0}")} y={format!("{y:.0}")} width={CELL.to_string()} height={CELL.to_string()} />
                if props.show_attacks && attacked(&props.queens, row, col) {
                    <rect class="attacked" x={format!("{x:.0}")} y={format!("{y:.0}")} width={CELL.to_string()} height={CELL.to_string()} />
                }
            </>
        }
    });
    let queens = props.queens.iter().map(|&[row, col]| {
        let (x, y) = (f64::from(col) * CELL + CELL / 2.0, f64::from(row) * CELL + CELL * 0.8);
        let moved = props.moved.contains(&[row, col]).then_some("moved");
        // A queen another one attacks is framed by a dashed line: seen without telling colours.
        let (left, top) = (f64::from(col) * CELL + 6.0, f64::from(row) * CELL + 6.0);
        html! {
            <>
                if attacked(&props.queens, row, col) {
                    <rect class="threatened" x={format!("{left:.0}")} y={format!("{top:.0}")} width={(CELL - 12.0).to_string()} height={(CELL - 12.0).to_string()} />
                }
                <text class={classes!("queen", moved)} x={format!("{x:.0}")} y={format!("{y:.0}")}>{ "♛" }</text>
            </>
        }
    });
    // A board shown, not played, is named in words by the page's board frame around it.
    let label = match props.places.is_some() {
        true => format!("{n}×{n} board, squares row by row"),
        false => format!("{n}×{n} board, its queens row by row"),
    };
    // A board shown, not played: each queen a picture of its own, named, for a screen reader
    // to go through one by one (a board played by hand has its places instead).
    let named_queens = props.places.is_none().then(|| {
        let mut sorted = props.queens.clone();
        sorted.sort_unstable();
        sorted.into_iter().map(|[row, col]| {
            let attack = if attacked(&props.queens, row, col) { ", attacked by another queen" } else { "" };
            let name = format!("Queen at row {}, column {}{attack}", row + 1, col + 1);
            let (x, y) = (f64::from(col) * CELL, f64::from(row) * CELL);
            html! {
                <rect class="named-queen" role="img" aria-label={name} x={format!("{x:.0}")} y={format!("{y:.0}")}
                    width={CELL.to_string()} height={CELL.to_string()} />
            }
        })
    });
    html! {
        <svg class={classes!("chessboard", props.places.is_some().then_some("playable"))} viewBox={format!("0 0 {side:.0} {side:.0}")}
            role="group" aria-label={label}>
            <g aria-hidden="true">
                { for squares }
                { for queens }
            </g>
            { for named_queens.into_iter().flatten() }
            { props.places.clone().unwrap_or_default() }
        </svg>
    }
}
