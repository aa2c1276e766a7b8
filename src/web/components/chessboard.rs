//! An n×n chess board with queens, optionally shading the squares they attack.

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
    /// A square tapped or clicked, as [row, col] (a board played by hand).
    #[prop_or_default]
    pub on_square: Option<Callback<[u32; 2]>>,
}

const CELL: f64 = 100.0;

fn attacked(queens: &[[u32; 2]], row: u32, col: u32) -> bool {
    queens
        .iter()
        .any(|&[r, c]| (r, c) != (row, col) && (r == row || c == col || r.abs_diff(row) == c.abs_diff(col)))
}

#[function_component]
pub fn Chessboard(props: &ChessboardProps) -> Html {
    let n = props.n;
    let side = CELL * n as f64;
    let squares = (0..n * n).map(|i| {
        let (row, col) = ((i / n) as u32, (i % n) as u32);
        let (x, y) = (f64::from(col) * CELL, f64::from(row) * CELL);
        let colour = if (row + col) % 2 == 0 { "light" } else { "dark" };
        let onclick = props.on_square.as_ref().map(|on| on.reform(move |_: MouseEvent| [row, col]));
        html! {
            <>
                <rect class={colour} x={format!("{x:.0}")} y={format!("{y:.0}")} width={CELL.to_string()} height={CELL.to_string()} {onclick} />
                if props.show_attacks && attacked(&props.queens, row, col) {
                    <rect class="attacked" x={format!("{x:.0}")} y={format!("{y:.0}")} width={CELL.to_string()} height={CELL.to_string()} />
                }
            </>
        }
    });
    let queens = props.queens.iter().map(|&[row, col]| {
        let (x, y) = (f64::from(col) * CELL + CELL / 2.0, f64::from(row) * CELL + CELL * 0.8);
        let moved = props.moved.contains(&[row, col]).then_some("moved");
        html! { <text class={classes!("queen", moved)} x={format!("{x:.0}")} y={format!("{y:.0}")}>{ "♛" }</text> }
    });
    html! {
        <svg class={classes!("chessboard", props.on_square.is_some().then_some("playable"))} viewBox={format!("0 0 {side:.0} {side:.0}")} role="img"
            aria-label={format!("{n}×{n} board with {} queens", props.queens.len())}>
            { for squares }
            { for queens }
        </svg>
    }
}
