//! The "264" square as SVG: sixteen tiles (turned ones drawn upside down on a second colour),
//! each row's and column's sum beside it and the diagonals' at the corners (arrows show which),
//! coloured and marked (✓ ≈ ✗) by how far they are from 264.

use crate::puzzles::tiles264::domain::{flip, line_sums, Layout, ALL_TILES, GOAL};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SquareProps {
    pub layout: Layout,
    /// Cells to mark as just changed (a replayed improvement).
    #[prop_or_default]
    pub changed: Vec<usize>,
    /// What the marks mean, a line each, under the square.
    #[prop_or_default]
    pub key_lines: Vec<AttrValue>,
}

/// Height of a line of the key under the square.
const KEY_LINE: f64 = 42.0;

const CELL: f64 = 100.0;
/// Room around the grid, where the sums are written (large enough for the back row): a sliver
/// on the left, the rows' sums on the right, a diagonal's above, the columns' and the other
/// diagonal's below.
const LEFT: f64 = 12.0;
const RIGHT: f64 = 112.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 84.0;

/// The printed tile a shown value comes from, and whether it is turned.
fn printed(value: u8) -> (u8, bool) {
    if ALL_TILES.contains(&value) {
        (value, false)
    } else {
        (flip(value), true)
    }
}

/// How close a line is to 264: a class for its colour and a mark, so that colour is not the
/// only clue (✓ exactly 264, ≈ within 20, ✗ further).
fn sum_class(sum: u32) -> (&'static str, &'static str) {
    match sum.abs_diff(GOAL) {
        0 => ("ok", "✓"),
        1..=20 => ("near", "≈"),
        _ => ("far", "✗"),
    }
}

/// The square in words, for a screen reader (its picture's name, `b`, a step of a replay):
/// each row with its sum, the columns' and diagonals' sums, how many lines make 264.
pub fn square_in_words(layout: &Layout) -> String {
    let sums = line_sums(layout);
    let value = |&v: &u8| match printed(v) {
        (_, false) => v.to_string(),
        (tile, true) => format!("{v} (tile {tile} turned)"),
    };
    let rows: Vec<String> = (0..4)
        .map(|r| {
            let values: Vec<String> = layout[r * 4..r * 4 + 4].iter().map(value).collect();
            format!("row {}: {}, sum {}", r + 1, values.join(", "), sums[r])
        })
        .collect();
    let columns: Vec<String> = sums[4..8].iter().map(u32::to_string).collect();
    let right = sums.iter().filter(|&&s| s == GOAL).count();
    let verdict = match right {
        10 => "every line 264: solved".to_string(),
        n => format!("{n} of 10 lines at 264"),
    };
    format!(
        "264 square, {}; columns sum {}; diagonals {} and {}; {verdict}.",
        rows.join("; "),
        columns.join(", "),
        sums[8],
        sums[9]
    )
}

#[function_component]
pub fn Square(props: &SquareProps) -> Html {
    let sums = line_sums(&props.layout);
    let side = 4.0 * CELL;
    let cells = props.layout.iter().enumerate().map(|(cell, &value)| {
        let (x, y) = ((cell % 4) as f64 * CELL, (cell / 4) as f64 * CELL);
        let (tile, turned) = printed(value);
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        // A turned tile shows its printed digits upside down, which read as its turned value.
        let rotate = if turned { format!("rotate(180 {cx:.0} {cy:.0})") } else { String::new() };
        html! {
            <g class={classes!("cell", turned.then_some("turned"), props.changed.contains(&cell).then_some("changed"))}
                data-value={value.to_string()}>
                <rect x={format!("{:.0}", x + 4.0)} y={format!("{:.0}", y + 4.0)} width={format!("{:.0}", CELL - 8.0)}
                    height={format!("{:.0}", CELL - 8.0)} rx="10" />
                <text x={format!("{cx:.0}")} y={format!("{:.0}", cy + 14.0)} transform={rotate}>{ tile }</text>
            </g>
        }
    });
    // `label` names a diagonal by its direction; `line` says where the sum is written (a row's
    // and a diagonal's start beside it, a column's is centred under it).
    let sum = |x: f64, y: f64, value: u32, label: &str, line: &'static str| {
        let (class, mark) = sum_class(value);
        html! {
            <text class={classes!("sum", class, line)} x={format!("{x:.0}")} y={format!("{y:.0}")}>
                { format!("{label}{value}{mark}") }
            </text>
        }
    };
    let rows = (0..4).map(|r| sum(side + 10.0, r as f64 * CELL + CELL / 2.0 + 10.0, sums[r], "", "row"));
    let cols = (0..4).map(|c| sum(c as f64 * CELL + CELL / 2.0, side + 40.0, sums[4 + c], "", "column"));
    let (width, height) = (LEFT + side + RIGHT, TOP + side + BOTTOM);
    let key_height = KEY_LINE * props.key_lines.len() as f64;
    let key = props.key_lines.iter().enumerate().map(|(i, line)| {
        let y = side + BOTTOM + KEY_LINE * (i as f64 + 0.6);
        let x = width / 2.0 - LEFT;
        html! { <text class="key-line" x={format!("{x:.0}")} y={format!("{y:.0}")}>{ line.clone() }</text> }
    });
    html! {
        <svg class="square" viewBox={format!("-{LEFT} -{TOP} {width} {}", height + key_height)}
            role="img" aria-label={square_in_words(&props.layout)}>
            { for cells }
            { for rows }
            { for cols }
            { sum(side - 10.0, side + 72.0, sums[8], "↘", "diagonal") }
            { sum(side - 10.0, -20.0, sums[9], "↗", "diagonal") }
            { for key }
        </svg>
    }
}
