//! A sliding-tile board as SVG. Tiles form one list keyed by number, so a moved tile slides
//! to its new cell; tiles already in their goal cell are drawn in a second colour. A tile is
//! moved by pressing its cell (the page's places, drawn on top) or by a swipe across the
//! board (a phone).

use crate::puzzles::sliding::domain::{Board, Dir};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TilesProps {
    pub board: Board,
    /// The board's places (`components::places`), drawn over the tiles.
    pub places: Html,
    /// A swipe across the board: the way the blank moves (a swipe up slides a tile up).
    pub on_swipe: Callback<Dir>,
}

/// The least travel, in CSS pixels, that makes a swipe rather than a tap.
const SWIPE_PX: i32 = 30;

/// The blank's move a swipe from `from` to `to` asks for, if it went far enough.
fn swiped(from: (i32, i32), to: (i32, i32)) -> Option<Dir> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    match (dx.abs() >= dy.abs(), dx.abs().max(dy.abs()) >= SWIPE_PX) {
        (_, false) => None,
        (true, true) => Some(if dx > 0 { Dir::Left } else { Dir::Right }),
        (false, true) => Some(if dy > 0 { Dir::Up } else { Dir::Down }),
    }
}

/// A cell's side in the board's SVG units.
pub const CELL: f64 = 100.0;
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
    // Where a pointer went down.
    let down = use_mut_ref(|| None::<(i32, i32)>);
    let onpointerdown = {
        let down = down.clone();
        Callback::from(move |e: PointerEvent| *down.borrow_mut() = Some((e.client_x(), e.client_y())))
    };
    let onpointerup = {
        let (down, on_swipe) = (down.clone(), props.on_swipe.clone());
        Callback::from(move |e: PointerEvent| {
            let dir = down.borrow_mut().take().and_then(|from| swiped(from, (e.client_x(), e.client_y())));
            if let Some(dir) = dir {
                on_swipe.emit(dir);
            }
        })
    };
    let tiles = (1..n * n).map(|tile| (tile as u8, cell_of[tile]));
    let font = if n <= 5 { 46.0 } else { 36.0 };
    let tiles = tiles.map(|(tile, cell)| {
        let (x, y) = ((cell % n) as f64 * CELL, (cell / n) as f64 * CELL);
        let home = usize::from(tile) - 1 == cell;
        html! {
            <g key={tile} class={classes!("tile", home.then_some("home"))} data-tile={tile.to_string()}
                style={format!("transform: translate({x:.0}px, {y:.0}px)")}>
                <rect x={format!("{:.0}", GAP / 2.0)} y={format!("{:.0}", GAP / 2.0)} width={format!("{:.0}", CELL - GAP)}
                    height={format!("{:.0}", CELL - GAP)} rx="12" />
                <text x={format!("{:.0}", CELL / 2.0)} y={format!("{:.0}", CELL / 2.0 + font * 0.36)}
                    style={format!("font-size: {font:.0}px")}>{ tile }</text>
                // In its place: a tick as well as the colour, seen without telling colours.
                if home {
                    <text class="home-mark" x={format!("{:.0}", CELL - GAP - 15.0)} y="34">{ "✓" }</text>
                }
            </g>
        }
    });
    html! {
        <svg class="tiles fitted" style="--ratio: 1" viewBox={format!("0 0 {side:.0} {side:.0}")} role="group" {onpointerdown} {onpointerup}
            aria-label={format!("{n}×{n} sliding puzzle, cells row by row")}>
            <g aria-hidden="true">
                <rect class="frame" x="0" y="0" width={format!("{side:.0}")} height={format!("{side:.0}")} rx="10" />
                { for tiles }
            </g>
            { props.places.clone() }
        </svg>
    }
}
