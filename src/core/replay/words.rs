//! Each event of a search in a sentence for students.

use super::Drawing;
use crate::core::trace::{Discipline, Event};

/// What moment 0 shows.
pub(super) fn at_start(drawing: Drawing) -> String {
    match drawing {
        Drawing::Frontier => "Nothing done yet: the start is the only node, waiting to be expanded.",
        Drawing::Grid => {
            "Nothing done yet: the puzzle's clues are on the grid. The first steps read each clue, then cross out the candidates the clues rule out."
        }
        Drawing::Letters => {
            "Nothing done yet: no letter has a digit. The first steps give the digits the equation forces; then the search guesses."
        }
        Drawing::Queens => "Nothing done yet: the board is empty. Queens go row by row, each on a square no queen attacks.",
    }
    .into()
}

/// The last moment of a search for every solution (its drawing shows the last one found).
pub(super) fn all_tried(solutions: u64) -> String {
    let found = crate::core::format::count_of(solutions, "solution", "solutions");
    match solutions {
        0 => format!("The search is over: every possibility has been tried, and {found} found."),
        1 => format!("The search is over: every possibility has been tried, and {found} found, shown here."),
        _ => format!(
            "The search is over: every possibility has been tried, and {found} found; the last is shown."
        ),
    }
}

/// The last moment of a recording cut short.
pub(super) fn cut_short() -> String {
    format!(
        "The recording ends here, at its {}th event, before the search's end: the search went on \
         past what the view keeps.",
        crate::core::format::format_count(crate::core::trace::MAX_EVENTS as u64)
    )
}

/// What event `i` did, in the words of its context: a generation that finds an older node's
/// position says so (it names the old node, so alone it would read as a new one).
pub fn describe_at(events: &[Event], i: usize, discipline: Discipline) -> String {
    match (&events[i], events.get(i + 1)) {
        (Event::Remove { row, col }, _) => queen_taken_off(*row, *col, &events[i + 1..]),
        // A generation whose position is an older node's: said before its refusal, next.
        (Event::Generate { node, parent, step, .. }, Some(Event::Duplicate { node: seen }))
            if node == seen && discipline != Discipline::Stack =>
        {
            format!(
                "Generated from node {parent} by the move {step}: the position of node {node}, seen before."
            )
        }
        (event, _) => describe(event, discipline),
    }
}

/// A queen taken off, said with what the search does next: another column of its row, or
/// back to the row above when no later column there is free.
fn queen_taken_off(row: u32, col: u32, after: &[Event]) -> String {
    let taken = format!("Queen taken off row {}, column {}", row + 1, col + 1);
    let next = after.iter().find(|e| matches!(e, Event::Place { .. } | Event::Remove { .. }));
    match next {
        Some(Event::Place { row: placed, .. }) if *placed == row => {
            format!("{taken}, to try a later column.")
        }
        Some(_) => format!("{taken}: no later column of row {} is free, so back to the row above.", row + 1),
        None => format!("{taken}: every column has been tried."),
    }
}

/// What `event` did.
pub fn describe(event: &Event, discipline: Discipline) -> String {
    match event {
        Event::Generate { node, parent, step, g, h, f } => {
            let f = match (discipline, f) {
                (Discipline::Priority | Discipline::Path, Some(f)) => format!(", f {f}"),
                _ => String::new(),
            };
            let h = match discipline {
                Discipline::Queue | Discipline::Stack => String::new(),
                _ => format!(", h {h}"),
            };
            format!("Generated node {node} from node {parent} by the move {step}: g {g}{h}{f}.")
        }
        Event::Duplicate { node } => {
            format!("That position was seen before (node {node}): not queued again.")
        }
        Event::Expand { node, g, h } => match discipline {
            Discipline::Queue | Discipline::Stack => {
                format!("Expanded node {node} (g {g}): its moves are generated next.")
            }
            _ => format!("Expanded node {node} (g {g}, h {h}): its moves are generated next."),
        },
        Event::Prune { node, f, bound } => match discipline {
            Discipline::Path => format!("Cut off node {node}: f {f} is over the bound {bound}."),
            _ => format!("Cut off node {node}: depth {f} reaches the limit {bound}."),
        },
        Event::Iteration { bound } => format!("New iteration from the start, with the bound f ≤ {bound}."),
        Event::Goal { node } => format!("Node {node} is the goal: the path to it is the solution."),
        Event::Place { row, col } => format!("Queen placed on row {}, column {}.", row + 1, col + 1),
        Event::Remove { row, col } => format!("Queen taken off row {}, column {}.", row + 1, col + 1),
        Event::DeadEnd { row: Some(row), .. } => {
            format!("Every square of row {} is attacked: back to the row above.", row + 1)
        }
        Event::DeadEnd { cell: Some(cell), .. } => format!("{cell} has no value left: a dead end."),
        Event::DeadEnd { .. } => "A rule finds this branch impossible: a dead end.".into(),
        Event::Assign { cell, value, cause } => {
            format!("{cell} = {value}: {}.", cause_words(cause, cell, *value))
        }
        Event::Eliminate { cell, value, by } => {
            format!("{value} crossed out of {cell}, a neighbour of {by}.")
        }
        Event::Guess { cell, value } => {
            format!("A choice point: {cell} = {value} is tried next, as a guess.")
        }
        Event::Backtrack { cell, value } => {
            format!("Take back {cell} = {value}: everything since that guess is undone.")
        }
        Event::Solution => "A solution: everything has its value and every rule holds.".into(),
    }
}

/// Why a cell took its value.
pub fn cause_words(cause: &str, cell: &str, value: u32) -> String {
    let on_grid = cell.starts_with('r') && cell[1..].contains('c');
    match cause {
        "given" => "given".into(),
        "single" => "its only value left".into(),
        "hidden" if on_grid => format!("the only place left for {value} in a row, column or box"),
        "hidden" => format!("the only letter left that can be {value}"),
        "guess" => "a guess".into(),
        "try" => "tried in order".into(),
        other => other.into(),
    }
}
