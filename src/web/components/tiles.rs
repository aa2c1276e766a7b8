//! A sliding-tile board as SVG. Tiles form one list keyed by number, so a moved tile slides
//! to its new cell; tiles already in their goal cell are drawn in a second colour.

use crate::puzzles::sliding::domain::Board;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TilesProps {
    pub board: Board,
    /// A tile was clicked: its cell.
    pub on_cell: Callback<usize>,
}

const CELL: f64 = 100.0;
const GAP: f64 = 6.0;

#[function_component]
pub fn Tiles(props: &TilesProps) -> Html {
    let n = props.board.n();
    let side = CELL * n as f64;
    // In tile order (each tile keeps its place in the drawing as it slides): the cell of each.
    let mut cell_of = vec![0; n * n];
    for (cell, &tile) in props.board.tiles().iter().enumerate() {
        cell_of[usize::from(tile)] = cell;
    }
    let tiles = (1..n * n).map(|tile| (tile as u8, cell_of[tile]));
    let font = if n <= 5 { 46.0 } else { 36.0 };
    let tiles = tiles.map(|(tile, cell)| {
        let (x, y) = ((cell % n) as f64 * CELL, (cell / n) as f64 * CELL);
        let home = usize::from(tile) - 1 == cell;
        let onclick = props.on_cell.reform(move |_: MouseEvent| cell);
        html! {
            <g key={tile} class={classes!("tile", home.then_some("home"))} data-tile={tile.to_string()}
                style={format!("transform: translate({x:.0}px, {y:.0}px)")} {onclick}>
                <rect x={format!("{:.0}", GAP / 2.0)} y={format!("{:.0}", GAP / 2.0)} width={format!("{:.0}", CELL - GAP)}
                    height={format!("{:.0}", CELL - GAP)} rx="12" />
                <text x={format!("{:.0}", CELL / 2.0)} y={format!("{:.0}", CELL / 2.0 + font * 0.36)}
                    style={format!("font-size: {font:.0}px")}>{ tile }</text>
            </g>
        }
    });
    html! {
        <svg class="tiles" viewBox={format!("0 0 {side:.0} {side:.0}")} role="img"
            aria-label={format!("{n}×{n} sliding puzzle: {}", props.board.to_text())}>
            <rect class="frame" x="0" y="0" width={format!("{side:.0}")} height={format!("{side:.0}")} rx="10" />
            { for tiles }
        </svg>
    }
}
