//! A Sudoku grid drawn for a projector: clues bold and dark, values placed by a solver or by
//! hand in colour, pencil marks on request, the selected cell, the last step's cell and the
//! cells it took a candidate from, and cells that break the rules.

use crate::puzzles::sudoku::grid::Grid;
use crate::puzzles::sudoku::trace::Position;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SudokuGridProps {
    pub position: Position,
    /// The puzzle's clues (non-zero cells).
    pub clues: Vec<u8>,
    /// A solution to show in the open cells (a solve without steps).
    #[prop_or_default]
    pub solution: Option<Grid>,
    #[prop_or_default]
    pub marks: bool,
    #[prop_or_default]
    pub selected: Option<usize>,
    /// The board's places (`components::places`, one per cell), drawn over the grid.
    pub places: Html,
}

/// A cell's side in the grid's SVG units.
pub const CELL: usize = 100;

#[function_component]
pub fn SudokuGrid(props: &SudokuGridProps) -> Html {
    let p = &props.position;
    let (box_size, side) = (p.box_size, p.box_size * p.box_size);
    let size = side * CELL;
    let trouble = p.trouble();
    // Only a cell with something to draw has an element: a value, pencil marks or a shade
    // (the paper under the grid is one rectangle), so an empty grid is not 81 empty groups.
    let cells = (0..side * side).filter_map(|cell| {
        let (x, y) = (cell % side * CELL, cell / side * CELL);
        let clue = props.clues[cell] != 0;
        let solved = props.solution.as_ref().map_or(0, |s| s.cells[cell]);
        let value = if p.values[cell] != 0 { p.values[cell] } else if !clue { solved } else { 0 };
        let shades = [
            (p.guessed.contains(&cell), "guessed"),
            (props.selected == Some(cell), "selected"),
            (p.last == Some(cell), "last"),
            (p.eliminated.contains(&cell), "eliminated"),
            (trouble.contains(&cell), "trouble"),
        ];
        let shaded = shades.iter().any(|&(on, _)| on);
        let marked = props.marks && value == 0 && p.candidates[cell] != 0;
        if value == 0 && !shaded && !marked {
            return None;
        }
        let class = classes!(
            "cell",
            clue.then_some("clue"),
            (!clue && p.values[cell] != 0).then_some("placed"),
            (!clue && p.values[cell] == 0 && solved != 0).then_some("solved"),
            shades.iter().filter(|&&(on, _)| on).map(|&(_, name)| name).collect::<Vec<_>>(),
        );
        let text = if value != 0 {
            html! {
                <text x={(x + CELL / 2).to_string()} y={(y + CELL * 7 / 10).to_string()} class="value">
                    { Grid::symbol(value) }
                </text>
            }
        } else if marked {
            let small = CELL / box_size;
            let marks = (1..=side as u8).filter(|&v| p.candidates[cell] & (1 << (v - 1)) != 0).map(|v| {
                let i = usize::from(v - 1);
                let (mx, my) = (x + i % box_size * small + small / 2, y + i / box_size * small + small * 3 / 4);
                html! { <text x={mx.to_string()} y={my.to_string()} class="mark">{ Grid::symbol(v) }</text> }
            });
            html! { <>{ for marks }</> }
        } else {
            html! {}
        };
        Some(html! {
            <g key={cell} class={class} data-cell={cell.to_string()}>
                if shaded {
                    <rect x={x.to_string()} y={y.to_string()} width={CELL.to_string()} height={CELL.to_string()} />
                }
                { text }
            </g>
        })
    });
    let lines = (0..=side).map(|i| {
        let at = (i * CELL).to_string();
        let class = if i % box_size == 0 { "box-line" } else { "cell-line" };
        html! {
            <>
                <line class={class} x1={at.clone()} y1="0" x2={at.clone()} y2={size.to_string()} />
                <line class={class} x1="0" y1={at.clone()} x2={size.to_string()} y2={at} />
            </>
        }
    });
    let open = p.values.iter().filter(|&&v| v == 0).count();
    let mark_size = format!("font-size: {}px", CELL * 7 / 10 / box_size);
    html! {
        <svg class={classes!("sudoku-grid", format!("side-{side}"))} viewBox={format!("-4 -4 {} {}", size + 8, size + 8)}
            role="group" aria-label={format!("{side}×{side} Sudoku grid, {open} open cells, row by row: arrows move, digits fill")}
            style={mark_size}>
            <g aria-hidden="true">
                <rect class="paper" width={size.to_string()} height={size.to_string()} />
                <g>{ for cells }</g>
                { for lines }
            </g>
            { props.places.clone() }
        </svg>
    }
}
