//! Several algorithms' reports on the same position, side by side, in the columns the puzzle
//! chooses (a search is compared by moves and memory, a genetic run by generations…).

use crate::core::job::{format_count, format_ms, Report};
use crate::core::link::Link;
use yew::prelude::*;

/// One algorithm's row: waiting (`None`), failed, or its numbers.
#[derive(Clone, PartialEq)]
pub struct CompareRow {
    /// The algorithm's readable name.
    pub algorithm: &'static str,
    /// What the row solved, to solve again for playback when the row is picked.
    pub link: Link,
    pub outcome: Option<Result<RowResult, String>>,
}

/// The numbers of a report that the table shows (not its moves: rows are cheap to copy).
#[derive(Clone, PartialEq)]
pub struct RowResult {
    pub solved: bool,
    pub length: usize,
    pub optimal: bool,
    pub expanded: u64,
    pub stored: u64,
    pub elapsed_ms: f64,
    pub message: Option<String>,
    /// Why a search stopped without a solution, in a word.
    pub stopped: Option<String>,
    /// Genetic runs: generations until the end.
    pub generations: Option<u64>,
    /// Constraint solvers: values tried and taken back, and solutions counted.
    pub guesses: Option<u64>,
    pub backtracks: Option<u64>,
    pub count: Option<u64>,
    /// Tournaments: mean and most probes a game needed.
    pub average: Option<f64>,
    pub worst: Option<u64>,
    /// Classifiers: the best category and its score, and how many categories were scored.
    pub best: Option<(String, f64)>,
    pub scored: Option<usize>,
}

impl RowResult {
    /// A genetic run expands no search nodes: it counts generations instead.
    fn is_genetic(&self) -> bool {
        self.generations.is_some()
    }

    pub fn of(report: &Report) -> Self {
        Self {
            solved: report.solved,
            length: report.length,
            optimal: report.optimal,
            expanded: report.expanded,
            stored: report.stored,
            elapsed_ms: report.elapsed_ms,
            message: report.message.clone(),
            stopped: report.stopped.clone(),
            generations: report.generations,
            guesses: report.guess_count(),
            backtracks: report.backtracks,
            count: report.count,
            average: report.average,
            worst: report.worst,
            best: report.scores.as_ref().and_then(|s| s.first().cloned()),
            scored: report.scores.as_ref().map(Vec::len),
        }
    }
}

/// A column of the comparison: its heading and how it reads a row.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Column {
    /// Moves of the solution found.
    Moves,
    /// Whether the solution is known to be the shortest (or why there is none).
    Optimal,
    /// Positions expanded, drawn as a bar to scale.
    Nodes,
    /// Positions in memory at the end.
    Memory,
    Solved,
    Generations,
    Solutions,
    Guesses,
    Backtracks,
    Secrets,
    AverageProbes,
    MostProbes,
    CodesScored,
    Guess,
    Score,
    CategoriesScored,
    /// Time, drawn as a bar to scale.
    Time,
    /// The report's sentence; a sentence shared with an earlier row is not repeated.
    Note,
}

/// The usual columns of a search for moves.
pub const SEARCH_COLUMNS: &[Column] =
    &[Column::Moves, Column::Optimal, Column::Nodes, Column::Memory, Column::Time, Column::Note];
/// Constraint solvers: whether solved, solutions, guesses, backtracks.
pub const CONSTRAINT_COLUMNS: &[Column] =
    &[Column::Solved, Column::Solutions, Column::Guesses, Column::Backtracks, Column::Time, Column::Note];

impl Column {
    fn heading(self) -> &'static str {
        match self {
            Column::Moves => "Moves",
            Column::Optimal => "Shortest?",
            Column::Nodes => "Nodes expanded",
            Column::Memory => "In memory",
            Column::Solved => "Solved",
            Column::Generations => "Generations",
            Column::Solutions => "Solutions found",
            Column::Guesses => "Guesses (or permutations)",
            Column::Backtracks => "Backtracks",
            Column::Secrets => "Secrets",
            Column::AverageProbes => "Probes (average)",
            Column::MostProbes => "Most probes",
            Column::CodesScored => "Codes scored",
            Column::Guess => "Guess",
            Column::Score => "Score",
            Column::CategoriesScored => "Categories scored",
            Column::Time => "Time",
            Column::Note => "Note",
        }
    }

    /// The value drawn as a bar beside the number, for columns that have one.
    fn magnitude(self, r: &RowResult) -> Option<f64> {
        match self {
            Column::Nodes if r.is_genetic() => None,
            Column::Nodes => Some(r.expanded as f64),
            Column::Time => Some(r.elapsed_ms),
            _ => None,
        }
    }

    /// The cell of row `r`; `shortest` is the length of a solution some row proved shortest.
    fn text(self, r: &RowResult, shortest: Option<usize>) -> String {
        let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
        let count = |n: Option<u64>| n.map(format_count).unwrap_or_else(|| "—".into());
        match self {
            Column::Moves if r.solved => format_count(r.length as u64),
            Column::Moves => "—".into(),
            Column::Optimal if r.solved && r.optimal => "yes".into(),
            // A method without the guarantee may still find a shortest path, by luck.
            Column::Optimal if r.solved => match shortest {
                Some(best) if r.length > best => "no".into(),
                _ => "not guaranteed".into(),
            },
            Column::Optimal => match &r.stopped {
                Some(why) => format!("stopped: {why}"),
                None => "no solution".into(),
            },
            Column::Nodes if r.is_genetic() => "—".into(),
            Column::Nodes => format_count(r.expanded),
            Column::Memory => format_count(r.stored),
            Column::Solved => yes_no(r.solved),
            Column::Generations => count(r.generations),
            Column::Solutions => count(r.count.or(r.solved.then_some(1))),
            Column::Guesses => format_count(r.guesses.unwrap_or(r.expanded)),
            Column::Backtracks => count(r.backtracks),
            // One game breaks one secret; its probes are its average and its most.
            Column::Secrets => count(r.count.or(r.solved.then_some(1))),
            Column::AverageProbes => match r.average {
                Some(average) => format!("{average:.3}"),
                None if r.solved => format_count(r.length as u64),
                None => "—".into(),
            },
            Column::MostProbes => count(r.worst.or(r.solved.then_some(r.length as u64))),
            Column::CodesScored => format_count(r.expanded),
            Column::Guess => r.best.as_ref().map_or_else(|| "—".into(), |b| b.0.clone()),
            Column::Score => r.best.as_ref().map(|b| format!("{:.4}", b.1)).unwrap_or_default(),
            Column::CategoriesScored => r.scored.map(|n| format_count(n as u64)).unwrap_or_default(),
            Column::Time => format_ms(r.elapsed_ms),
            Column::Note => r.message.clone().unwrap_or_default(),
        }
    }
}

/// A bar's width in em for `value`, to scale, where `largest` is 6 em.
fn bar_em(value: f64, largest: f64) -> f64 {
    if largest <= 0.0 {
        return 0.0;
    }
    6.0 * value.max(0.0) / largest
}

#[derive(Properties, PartialEq)]
pub struct CompareTableProps {
    pub rows: Vec<CompareRow>,
    pub columns: &'static [Column],
    /// A solved row was picked (clicked, or Enter on it): show its solution.
    pub on_pick: Callback<usize>,
}

/// The id of the sentence a pickable row is described by.
const PICK_HINT: &str = "compare-pick-hint";

#[function_component]
pub fn CompareTable(props: &CompareTableProps) -> Html {
    if props.rows.is_empty() {
        return html! {};
    }
    let done: Vec<&RowResult> = props.rows.iter().filter_map(|r| r.outcome.as_ref()?.as_ref().ok()).collect();
    let largest = |column: Column| done.iter().filter_map(|r| column.magnitude(r)).fold(0.0, f64::max);
    let shortest = done.iter().filter(|r| r.solved && r.optimal).map(|r| r.length).min();
    let span = props.columns.len().to_string();
    let rows = props.rows.iter().enumerate().map(|(index, row)| {
        let cells = match &row.outcome {
            None => html! { <td colspan={span.clone()}>{ "…" }</td> },
            Some(Err(error)) => html! { <td colspan={span.clone()}>{ error }</td> },
            Some(Ok(r)) => html! { { for props.columns.iter().map(|&column| {
                let text = column.text(r, shortest);
                match column.magnitude(r) {
                    Some(value) => {
                        let width = format!("width: {:.2}em", bar_em(value, largest(column)));
                        html! { <td class="num"><span class="bar" style={width}></span>{ text }</td> }
                    }
                    None if column == Column::Note => html! { <td class="note">{ shared_note(&props.rows, index, &text) }</td> },
                    None => html! { <td>{ text }</td> },
                }
            }) } },
        };
        let solved = matches!(&row.outcome, Some(Ok(r)) if r.solved);
        if !solved {
            // Focusable by the page (a finished comparison focuses its first row), not by Tab.
            return html! { <tr tabindex="-1"><th scope="row">{ row.algorithm }</th>{ cells }</tr> };
        }
        let pick = props.on_pick.clone();
        let on_key = props.on_pick.reform(move |e: KeyboardEvent| {
            e.prevent_default();
            index
        });
        html! {
            <tr class="pickable" tabindex="0" title="Show this solution on the board" aria-describedby={PICK_HINT}
                onclick={pick.reform(move |_| index)}
                onkeydown={Callback::from(move |e: KeyboardEvent| if e.key() == "Enter" { on_key.emit(e) })}>
                <th scope="row">{ row.algorithm }</th>{ cells }
            </tr>
        }
    });
    let has_bars = props.columns.iter().any(|c| matches!(c, Column::Nodes | Column::Time));
    html! {
        <table class="compare">
            <caption>
                { "All algorithms on this position" }
                <span class="legend">{ if has_bars { " (bars drawn to scale; pick a row to show its solution)" } else { " (pick a row to show its solution)" } }</span>
                // What a focused row does, heard after its numbers.
                <span id={PICK_HINT} hidden=true>{ "Enter shows this row's solution on the board." }</span>
            </caption>
            <thead><tr>
                <th scope="col">{ "Algorithm" }</th>
                { for props.columns.iter().map(|&c| html! {
                    <th scope="col" class={(c == Column::Note).then_some("note")}>{ c.heading() }</th>
                }) }
            </tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}

/// A note as shown in row `index`: itself, or a pointer to the first row that said it.
fn shared_note(rows: &[CompareRow], index: usize, note: &str) -> String {
    if note.is_empty() {
        return String::new();
    }
    let first = rows[..index]
        .iter()
        .find(|row| matches!(&row.outcome, Some(Ok(r)) if r.message.as_deref() == Some(note)));
    match first {
        Some(row) => format!("as for {}", row.algorithm),
        None => note.to_string(),
    }
}
