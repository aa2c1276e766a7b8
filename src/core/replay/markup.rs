//! The Search view's tables and drawings as HTML, drawn where the trace is kept (the solver
//! worker) and shown by the page as they come: the page's own bundle then needs no code to
//! draw them, and the drawing is tested natively with the replay.

use super::{grid_cell, Drawing, Pictures, Replay, State, Waiting};
use crate::core::format::{format_count, html_text as text};
use crate::core::seed::SeededRng;
use crate::core::trace::{Discipline, Event};
use std::fmt::Write;

/// Frontier rows shown; the rest are counted.
const MAX_ROWS: usize = 10;
/// Predict mode's candidates: two rows of four cards fit a projector's 1024×768.
const MAX_CANDIDATES: usize = 8;
/// Rows of the drawing by depth, at most: deeper searches get a row per band of depths (few
/// enough that each row's label stays readable on a projector).
pub(super) const MAX_DEPTH_ROWS: usize = 16;

/// The markup of moment `t`: counters, then the frontier table and the search's drawing (or
/// the constraint solver's grid).
pub(super) fn draw(
    replay: &Replay,
    state: &State,
    t: u32,
    next: Option<u32>,
    predict: bool,
    path: &[String],
) -> String {
    let mut html = String::with_capacity(4096);
    if replay.cut {
        // Said first, not under the figures: the end of this recording is not the search's.
        let _ = write!(
            html,
            "<p class=\"note cut\">This search is longer than the {} events the view keeps: the \
             recording stops there, before its end. Solve (s) runs it to the end; a board fewer \
             moves from the goal fits.</p>",
            crate::core::format::format_count(crate::core::trace::MAX_EVENTS as u64)
        );
    }
    counts(replay, state, &mut html);
    if let Some(node) = state.current.filter(|_| replay.drawing == Drawing::Frontier && !predict) {
        let moves = if path.is_empty() { "none: it is the start".to_string() } else { text(&path.join(" ")) };
        let _ = write!(
            html,
            "<p class=\"search-path\">Path to node {node} ({}): {moves}</p>",
            crate::core::format::count_of(path.len() as u64, "move", "moves")
        );
    }
    match replay.drawing {
        Drawing::Queens => queens(replay, state, t, &mut html),
        Drawing::Grid => grid(replay, state, &mut html),
        Drawing::Letters => letters(replay, state, &mut html),
        Drawing::Frontier => {
            frontier(replay, state, t, next, predict, &mut html);
            // A question gets the room: the table alone, its rows large enough for the back row.
            match (predict, replay.discipline) {
                (true, _) => {}
                (false, Discipline::Path) => iterations(replay, state, &mut html),
                (false, _) => layers(replay, state, &mut html),
            }
        }
    }
    html
}

fn counts(replay: &Replay, state: &State, html: &mut String) {
    let mut items: Vec<(String, &str)> = Vec::new();
    // "1 dead end", "2 dead ends": the word agrees with its number.
    let mut count = |n: u64, one: &'static str, many: &'static str| {
        items.push((format_count(n), if n == 1 { one } else { many }));
    };
    if replay.drawing == Drawing::Queens {
        count(state.grid.queens.len() as u64, "queen on the board", "queens on the board");
        count(state.solutions, "solution found", "solutions found");
        count(state.backtracks, "taken off", "taken off");
        count(state.dead_ends, "dead end", "dead ends");
    } else if replay.drawing != Drawing::Frontier {
        count(state.grid.assigned.len() as u64, "assigned", "assigned");
        count(state.guesses, "guess", "guesses");
        count(state.backtracks, "taken back", "taken back");
        count(state.dead_ends, "dead end", "dead ends");
    } else {
        items.push((format_count(state.expanded), "expanded"));
        items.push((format_count(state.generated), "generated"));
        items.push((format_count(state.frontier.len() as u64), waiting_word(replay.discipline)));
        if let Some(bound) = state.bound {
            items.push((bound.to_string(), "bound on f"));
        }
    }
    html.push_str("<p class=\"search-counts\">");
    for (number, word) in items {
        let _ = write!(html, "<span><b>{number}</b> {word}</span> ");
    }
    html.push_str("</p>");
}

fn waiting_word(discipline: Discipline) -> &'static str {
    match discipline {
        Discipline::Path => "on the path",
        Discipline::Climb => "moves to pick from",
        _ => "in the frontier",
    }
}

fn caption(discipline: Discipline) -> &'static str {
    match discipline {
        Discipline::Queue => "Frontier, a queue: the first in is expanded first",
        Discipline::Stack => "Frontier, a stack: the last generated is expanded first",
        Discipline::Priority => {
            "Frontier, by priority: the smallest f is expanded first; on a tie the deeper (larger \
             g), then the one queued first"
        }
        Discipline::Path => "The path IDA* keeps: all it holds in memory",
        Discipline::Climb => {
            "This board's moves: the one with fewest tiles out of place is taken; on a tie the \
             first in order"
        }
        Discipline::None => "",
    }
}

/// Predict mode's caption: what the rows are, and that their order tells nothing (the rule
/// is shown with the answer).
fn predict_caption(shown: usize, waiting: usize) -> String {
    let which = if shown < waiting {
        format!("{shown} of the {waiting} waiting nodes (the next one among them)")
    } else {
        "The waiting nodes".to_string()
    };
    format!("{which}, shuffled and numbered as cards: the search's own order (and its node numbers) would give the answer away")
}

/// Whether the frontier's h column is worth showing: searches that use an estimate (and hill
/// climbing, whose estimate is the tiles out of place).
fn shows_h(discipline: Discipline) -> bool {
    matches!(discipline, Discipline::Priority | Discipline::Path | Discipline::Climb)
}

/// Whether the frontier's f column is worth showing (informed searches).
fn shows_f(discipline: Discipline) -> bool {
    matches!(discipline, Discipline::Priority | Discipline::Path)
}

fn frontier(replay: &Replay, state: &State, t: u32, next: Option<u32>, predict: bool, html: &mut String) {
    let discipline = replay.discipline;
    let rows: Vec<&Waiting> = state.frontier.in_order().take(MAX_ROWS).collect();
    if predict {
        return candidates(replay, state, t, rows.into_iter().take(MAX_CANDIDATES).collect(), next, html);
    }
    let _ = write!(html, "<table class=\"frontier\"><caption>{}</caption><thead><tr>", caption(discipline));
    let pictured = matches!(replay.pictures, Some(Pictures::Nodes(_)));
    if pictured {
        html.push_str("<th scope=\"col\">board</th>");
    }
    html.push_str("<th scope=\"col\">node</th><th scope=\"col\">from</th><th scope=\"col\">move</th>");
    html.push_str("<th scope=\"col\">g</th>");
    if shows_h(discipline) {
        html.push_str("<th scope=\"col\">h</th>");
    }
    if shows_f(discipline) {
        html.push_str("<th scope=\"col\">f</th>");
    }
    html.push_str("</tr></thead><tbody>");
    for waiting in &rows {
        let is_next = Some(waiting.node) == next;
        let (class, node) = match is_next {
            true => (" class=\"next\"", format!("{} <span class=\"next-mark\">next</span>", waiting.node)),
            false => ("", waiting.node.to_string()),
        };
        let _ = write!(html, "<tr data-node=\"{}\"{class}>", waiting.node);
        if pictured {
            let _ =
                write!(html, "<td class=\"picture\">{}</td>", replay.picture(waiting, t).unwrap_or_default());
        }
        let _ = write!(
            html,
            "<td>{node}</td><td>{}</td><td>{}</td><td>{}</td>",
            parent_text(waiting),
            text(replay.step_text(waiting.step)),
            waiting.g,
        );
        if shows_h(discipline) {
            let _ = write!(html, "<td>{}</td>", waiting.h);
        }
        if shows_f(discipline) {
            let _ = write!(html, "<td>{}</td>", waiting.f);
        }
        html.push_str("</tr>");
    }
    let more = state.frontier.len().saturating_sub(rows.len());
    if more > 0 {
        let columns =
            4 + usize::from(shows_h(discipline)) + usize::from(shows_f(discipline)) + usize::from(pictured);
        let _ = write!(html, "<tr><td colspan=\"{columns}\">… and {more} more</td></tr>");
    }
    if rows.is_empty() {
        html.push_str("<tr><td colspan=\"7\">empty</td></tr>");
    }
    html.push_str("</tbody></table>");
}

/// The node a waiting node was generated from ("—" for the start).
fn parent_text(waiting: &Waiting) -> String {
    if waiting.parent == super::NONE {
        "—".to_string()
    } else {
        waiting.parent.to_string()
    }
}

/// Predict mode's question: the first waiting nodes as cards in rows (they fit a projector's
/// screen, where table rows do not), each its board, its number to pick and its g, h, f. In the
/// search's own order the answer would come first: shuffled, by the moment (the same link
/// shows the same order everywhere). A wrong card carries the reason it is not taken.
fn candidates(
    replay: &Replay,
    state: &State,
    t: u32,
    mut rows: Vec<&Waiting>,
    next: Option<u32>,
    html: &mut String,
) {
    let discipline = replay.discipline;
    let taken = rows.iter().find(|w| Some(w.node) == next).copied();
    SeededRng::new(u64::from(t)).shuffle(&mut rows);
    let _ = write!(
        html,
        "<figure class=\"predict-cards\"><figcaption>{}</figcaption><ul>",
        text(&predict_caption(rows.len(), state.frontier.len()))
    );
    // Cards are numbered by their place, not by their node: node numbers follow the order the
    // nodes were queued in, which is breadth-first's answer (and A*'s tie-break).
    for (card, waiting) in rows.iter().enumerate().map(|(i, w)| (i + 1, w)) {
        let miss = match taken {
            Some(taken) if taken.node != waiting.node => {
                format!(" data-miss=\"{}\"", text(&why_not(discipline, taken, waiting)))
            }
            _ => String::new(),
        };
        let _ = write!(html, "<li data-node=\"{}\" data-card=\"{card}\"{miss}>", waiting.node);
        html.push_str(&replay.picture(waiting, t).unwrap_or_default());
        let _ = write!(
            html,
            "<button type=\"button\" data-node=\"{}\" aria-label=\"Predict card {card}\">{card}</button>",
            waiting.node
        );
        // What the rule reads (where it came from and by which move come with the answer).
        let mut facts = vec![format!("g {}", waiting.g)];
        if shows_h(discipline) {
            facts.push(format!("h {}", waiting.h));
        }
        if shows_f(discipline) {
            facts.push(format!("f {}", waiting.f));
        }
        let _ = write!(html, "<span class=\"facts\">{}</span></li>", facts.join(" · "));
    }
    html.push_str("</ul></figure>");
}

/// Why the search takes `taken` rather than `other`, in one sentence.
pub(super) fn why_not(discipline: Discipline, taken: &Waiting, other: &Waiting) -> String {
    let (n, o) = (taken.node, other.node);
    match discipline {
        Discipline::Queue => {
            format!("Breadth-first takes the node waiting longest: node {n} was queued before node {o}.")
        }
        Discipline::Stack => {
            format!("Depth-first takes the node generated last: node {n} came after node {o}.")
        }
        Discipline::Priority if taken.f < other.f => {
            format!("It takes the smallest f: {} < {}.", taken.f, other.f)
        }
        Discipline::Priority if taken.g != other.g => {
            format!("Both have f {}: ties go to the deeper node, g {} > {}.", taken.f, taken.g, other.g)
        }
        Discipline::Priority => {
            format!("Same f and g: ties go to the node queued first, node {n} before node {o}.")
        }
        Discipline::Climb if taken.h < other.h => {
            format!("Hill climbing takes the fewest tiles out of place: {} < {}.", taken.h, other.h)
        }
        _ => format!("On a tie the first move in order is taken: node {n} before node {o}."),
    }
}

/// The search by depth: for each depth, the nodes expanded, waiting, and not yet reached (of
/// those the whole search reaches), as a bar of three colours.
fn layers(replay: &Replay, state: &State, html: &mut String) {
    let mut waiting = vec![0u64; replay.seen_at_depth.len()];
    for w in state.frontier.in_order() {
        if let Some(count) = waiting.get_mut(w.g as usize) {
            *count += 1;
        }
    }
    let depths = replay.seen_at_depth.len().max(state.expanded_at_depth.len());
    if depths == 0 {
        return;
    }
    // A deep search (depth-first without a limit) gets one row per band of depths, so the
    // drawing stays the same size however deep it went.
    let per_row = depths.div_ceil(MAX_DEPTH_ROWS);
    let sum = |counts: &dyn Fn(usize) -> u64, row: usize| -> u64 {
        (row * per_row..((row + 1) * per_row).min(depths)).map(counts).sum()
    };
    let seen_at = |d: usize| replay.seen_at_depth.get(d).copied().unwrap_or(0) + u64::from(d == 0);
    let expanded_at = |d: usize| state.expanded_at_depth.get(d).copied().unwrap_or(0).min(seen_at(d));
    let waiting_at = |d: usize| waiting.get(d).copied().unwrap_or(0);
    let rows = depths.div_ceil(per_row);
    let widest = (0..rows).map(|r| sum(&seen_at, r).max(1)).max().unwrap_or(1) as f64;
    let row_height = 22;
    let height = rows * row_height + 30;
    let (label_width, bar_width) = if per_row > 1 { (90.0, 320.0) } else { (40.0, 360.0) };
    let _ = write!(
        html,
        "<figure class=\"layers\"><svg viewBox=\"0 0 420 {height}\" role=\"img\" \
         aria-label=\"Nodes by depth: expanded, in the frontier, not yet reached\">"
    );
    for row in 0..rows {
        let seen = sum(&seen_at, row);
        let expanded = sum(&expanded_at, row).min(seen);
        let queued = sum(&waiting_at, row).min(seen - expanded);
        let scale = |n: u64| n as f64 / widest * bar_width;
        let y = row * row_height;
        let bar = row_height - 3;
        let (x1, x2) = (scale(expanded), scale(expanded + queued));
        let first = row * per_row;
        // A last row holding one depth is named by it alone ("18", not "18–18").
        let label = match (first + per_row).min(depths) - 1 {
            last if last == first => first.to_string(),
            last => format!("{first}–{last}"),
        };
        let _ = write!(
            html,
            "<text x=\"0\" y=\"{}\" class=\"depth\" font-size=\"{bar}\">{label}</text>\
             <rect x=\"{label_width}\" y=\"{y}\" width=\"{:.1}\" height=\"{bar}\" class=\"unseen\"/>\
             <rect x=\"{label_width}\" y=\"{y}\" width=\"{x1:.1}\" height=\"{bar}\" class=\"explored\"/>\
             <rect x=\"{:.1}\" y=\"{y}\" width=\"{:.1}\" height=\"{bar}\" class=\"waiting\"/>",
            y + bar - 2,
            scale(seen),
            label_width + x1,
            x2 - x1
        );
    }
    let _ = write!(
        html,
        "</svg><figcaption>Nodes at each depth (g, down the side): <span class=\"swatch explored\">expanded</span> \
         <span class=\"swatch waiting\">in the frontier</span> <span class=\"swatch unseen\">not reached yet</span></figcaption></figure>"
    );
}

/// IDA*'s iterations: each bound with the work it did, the current one marked.
fn iterations(replay: &Replay, state: &State, html: &mut String) {
    // A recording for the view stops at its cut: the table then covers what was recorded.
    let caption = if replay.cut { "as far as the recording goes" } else { "the whole search" };
    let _ = write!(
        html,
        "<table class=\"iterations\"><caption>Iterations ({caption})</caption><thead><tr>\
         <th scope=\"col\">bound on f</th><th scope=\"col\">expanded</th><th scope=\"col\">generated</th>\
         </tr></thead><tbody>"
    );
    for layer in &replay.layers_summary {
        let class = if Some(layer.at) == state.bound { " class=\"next\"" } else { "" };
        let _ = write!(
            html,
            "<tr{class}><td>{}</td><td>{}</td><td>{}</td></tr>",
            layer.at, layer.expanded, layer.generated
        );
    }
    html.push_str("</tbody></table>");
}

/// A constraint grid: each assigned value coloured by its cause, each open cell with its
/// candidates, those struck out coloured by the cause of the value that struck them.
fn grid(replay: &Replay, state: &State, html: &mut String) {
    let side = replay.side as usize;
    let mut values: Vec<Option<(u32, &str)>> = vec![None; side * side];
    let mut causes: Vec<&str> = vec![""; side * side];
    let index = |name: &str| {
        grid_cell(name).map(|(r, c)| r as usize * side + c as usize).filter(|&i| i < side * side)
    };
    for (cell, value, cause) in &state.grid.assigned {
        if let Some(i) = index(cell) {
            values[i] = Some((*value, cause));
            causes[i] = cause;
        }
    }
    let mut struck: Vec<Vec<(u32, &str)>> = vec![Vec::new(); side * side];
    for (cell, value, by) in &state.grid.struck {
        if let (Some(i), Some(j)) = (index(cell), index(by)) {
            struck[i].push((*value, causes[j]));
        }
    }
    let boxes = (side as f64).sqrt() as usize;
    let _ = write!(html, "<table class=\"search-grid size-{side}\"><caption>Values and candidates, coloured by cause</caption><tbody>");
    for row in 0..side {
        html.push_str("<tr>");
        for col in 0..side {
            let i = row * side + col;
            let edge = match (boxes > 0 && col % boxes == 0, boxes > 0 && row % boxes == 0) {
                (true, true) => " left top",
                (true, false) => " left",
                (false, true) => " top",
                _ => "",
            };
            match values[i] {
                Some((value, cause)) => {
                    let _ = write!(html, "<td class=\"cause-{cause}{edge}\" title=\"{cause}\">{value}</td>");
                }
                None => {
                    let _ = write!(html, "<td class=\"open{edge}\"><span class=\"candidates\">");
                    for value in 1..=side as u32 {
                        match struck[i].iter().find(|(v, _)| *v == value) {
                            Some((_, cause)) => {
                                let _ = write!(html, "<s class=\"cause-{cause}\">{value}</s>");
                            }
                            None => {
                                let _ = write!(html, "<span>{value}</span>");
                            }
                        }
                    }
                    html.push_str("</span></td>");
                }
            }
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table>");
    legend(replay, html);
}

/// The colours' key: the causes this run gives values for, no others.
fn legend(replay: &Replay, html: &mut String) {
    const CAUSES: [(&str, &str); 5] = [
        ("given", "given"),
        ("single", "only value left"),
        ("hidden", "only place left"),
        ("guess", "guess"),
        ("try", "tried"),
    ];
    html.push_str("<p class=\"cause-legend\">");
    for (cause, words) in CAUSES.iter().filter(|(cause, _)| replay.gives_values_by(cause)) {
        let _ = write!(html, "<span class=\"cause-{cause}\">{words}</span> ");
    }
    html.push_str("</p>");
}

/// Alphametics: the puzzle's picture of the digits so far, then each letter's digit in the
/// order given, coloured by its cause.
fn letters(replay: &Replay, state: &State, html: &mut String) {
    if let Some(Pictures::Values(draw)) = &replay.pictures {
        html.push_str(&draw(&state.grid.assigned));
    }
    // The colours' key next to the picture, the list under both.
    legend(replay, html);
    html.push_str(
        "<table class=\"search-letters\"><caption>Letters assigned so far, in order</caption><thead><tr>\
         <th scope=\"col\">letter</th><th scope=\"col\">digit</th><th scope=\"col\">why</th></tr></thead><tbody>",
    );
    for (cell, value, cause) in &state.grid.assigned {
        let _ = write!(
            html,
            "<tr class=\"cause-{cause}\"><td>{}</td><td>{value}</td><td>{}</td></tr>",
            text(cell),
            super::words::cause_words(cause, cell, *value)
        );
    }
    if state.grid.assigned.is_empty() {
        html.push_str("<tr><td colspan=\"3\">none yet</td></tr>");
    }
    html.push_str("</tbody></table>");
}

/// The queens' board: queens placed, squares they attack shaded, the last change marked.
fn queens(replay: &Replay, state: &State, t: u32, html: &mut String) {
    let n = replay.side.max(1) as usize;
    let cell = 360.0 / n as f64;
    let queens = &state.grid.queens;
    let attacked = |r: usize, c: usize| {
        queens.iter().any(|&(qr, qc)| {
            let (qr, qc) = (qr as usize, qc as usize);
            qr != r && (qc == c || qr.abs_diff(r) == qc.abs_diff(c))
        })
    };
    let last = t.checked_sub(1).and_then(|i| replay.events.get(i as usize));
    let _ = write!(
        html,
        "<figure class=\"search-queens\"><svg viewBox=\"0 0 360 360\" role=\"img\" aria-label=\"{} queens on the board\">",
        queens.len()
    );
    for r in 0..n {
        for c in 0..n {
            // No checkerboard: the only shading is the attacks'.
            let class = if attacked(r, c) { "attacked" } else { "free" };
            let _ = write!(
                html,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{cell:.1}\" height=\"{cell:.1}\" class=\"{class}\"/>",
                c as f64 * cell,
                r as f64 * cell
            );
        }
    }
    if let Some(Event::Remove { row, col }) = last {
        let _ = write!(
            html,
            "<text x=\"{:.1}\" y=\"{:.1}\" class=\"removed\" font-size=\"{:.1}\">✕</text>",
            (*col as f64 + 0.5) * cell,
            (*row as f64 + 0.75) * cell,
            cell * 0.7
        );
    }
    for (i, &(r, c)) in queens.iter().enumerate() {
        let class = if i + 1 == queens.len() && matches!(last, Some(Event::Place { .. })) {
            "queen last"
        } else {
            "queen"
        };
        let _ = write!(
            html,
            "<text x=\"{:.1}\" y=\"{:.1}\" class=\"{class}\" font-size=\"{:.1}\">♛</text>",
            (c as f64 + 0.5) * cell,
            (r as f64 + 0.78) * cell,
            cell * 0.75
        );
    }
    html.push_str("</svg><figcaption>");
    if queens.len() == n {
        let _ = write!(html, "All {n} queens placed, none attacked: a solution. ");
    }
    html.push_str("Queens go row by row; shaded: attacked by column or diagonal; ✕: the queen just taken off.</figcaption></figure>");
}
