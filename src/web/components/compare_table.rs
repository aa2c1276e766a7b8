//! Several algorithms' reports on the same position, side by side.

use crate::core::job::{format_count, format_ms, Report};
use yew::prelude::*;

/// One algorithm's row: waiting (`None`), failed, or its numbers.
#[derive(Clone, PartialEq)]
pub struct CompareRow {
    pub algorithm: &'static str,
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
    /// Constraint solvers: values tried and taken back, and solutions counted.
    pub guesses: Option<u64>,
    pub backtracks: Option<u64>,
    pub count: Option<u64>,
    /// Tournaments: mean and most guesses a game needed.
    pub average: Option<f64>,
    pub worst: Option<u64>,
    /// Classifiers: the best category and its score, and how many categories were scored.
    pub best: Option<(String, f64)>,
    pub scored: Option<usize>,
}

impl RowResult {
    pub fn of(report: &Report) -> Self {
        Self {
            solved: report.solved,
            length: report.length,
            optimal: report.optimal,
            expanded: report.expanded,
            stored: report.stored,
            elapsed_ms: report.elapsed_ms,
            message: report.message.clone(),
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

#[derive(Properties, PartialEq)]
pub struct CompareTableProps {
    pub rows: Vec<CompareRow>,
}

#[function_component]
pub fn CompareTable(props: &CompareTableProps) -> Html {
    if props.rows.is_empty() {
        return html! {};
    }
    // Tournaments are compared by the guesses their games need; constraint solvers by their
    // guesses; classifiers by their best guess; searches by moves and memory.
    let playing = props.rows.iter().any(|r| matches!(&r.outcome, Some(Ok(r)) if r.average.is_some()));
    let guessing = props.rows.iter().any(|r| matches!(&r.outcome, Some(Ok(r)) if r.guesses.is_some()));
    let classifying = props.rows.iter().any(|r| matches!(&r.outcome, Some(Ok(r)) if r.scored.is_some()));
    let columns: &[&str] = match (playing, guessing) {
        _ if classifying => &["Guess", "Score", "Categories scored", "Time", "Note"],
        (true, _) => &["Secrets", "Average guesses", "Most guesses", "Codes scored", "Time", "Note"],
        (_, true) => &["Solved", "Solutions", "Guesses (or permutations)", "Backtracks", "Time", "Note"],
        _ => &["Moves", "Optimal", "Nodes expanded", "In memory", "Time", "Note"],
    };
    let span = columns.len().to_string();
    let rows = props.rows.iter().map(|row| {
        let cells = match &row.outcome {
            None => html! { <td colspan={span.clone()}>{ "…" }</td> },
            Some(Err(error)) => html! { <td colspan={span.clone()}>{ error }</td> },
            Some(Ok(r)) if playing => html! {
                <>
                    <td>{ r.count.map(format_count).unwrap_or_default() }</td>
                    <td>{ r.average.map(|a| format!("{a:.3}")).unwrap_or_default() }</td>
                    <td>{ r.worst.map(format_count).unwrap_or_default() }</td>
                    <td>{ format_count(r.expanded) }</td>
                    <td>{ format_ms(r.elapsed_ms) }</td>
                    // A tournament's message repeats the numbers of its row.
                    <td></td>
                </>
            },
            Some(Ok(r)) if classifying => html! {
                <>
                    <td>{ r.best.as_ref().map(|b| b.0.clone()).unwrap_or_else(|| "—".into()) }</td>
                    <td>{ r.best.as_ref().map(|b| format!("{:.4}", b.1)).unwrap_or_default() }</td>
                    <td>{ r.scored.map(|n| format_count(n as u64)).unwrap_or_default() }</td>
                    <td>{ format_ms(r.elapsed_ms) }</td>
                    <td>{ r.message.clone().unwrap_or_default() }</td>
                </>
            },
            Some(Ok(r)) if guessing => html! {
                <>
                    <td>{ if r.solved { "yes" } else { "no" } }</td>
                    <td>{ r.count.map(format_count).unwrap_or_default() }</td>
                    <td>{ format_count(r.guesses.unwrap_or(r.expanded)) }</td>
                    <td>{ r.backtracks.map(format_count).unwrap_or_default() }</td>
                    <td>{ format_ms(r.elapsed_ms) }</td>
                    <td>{ r.message.clone().unwrap_or_default() }</td>
                </>
            },
            Some(Ok(r)) => html! {
                <>
                    <td>{ if r.solved { format_count(r.length as u64) } else { "—".into() } }</td>
                    <td>{ if r.optimal { "yes" } else { "no" } }</td>
                    <td>{ format_count(r.expanded) }</td>
                    <td>{ format_count(r.stored) }</td>
                    <td>{ format_ms(r.elapsed_ms) }</td>
                    <td>{ r.message.clone().unwrap_or_default() }</td>
                </>
            },
        };
        html! { <tr><th scope="row">{ row.algorithm }</th>{ cells }</tr> }
    });

    html! {
        <table class="compare">
            <caption>{ "All algorithms on this position" }</caption>
            <thead><tr>
                <th scope="col">{ "Algorithm" }</th>
                { for columns.iter().map(|c| html! { <th scope="col">{ *c }</th> }) }
            </tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}
