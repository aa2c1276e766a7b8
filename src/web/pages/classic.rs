//! What the pages of the generic framework's puzzles (`core::classic`) share: the folding and
//! exploring settings, the sentence under a solve, and the "How it works" panel.

use crate::core::classic::Options;
use crate::core::format::{count_of, format_count};
use crate::core::job::Report;
use crate::web::components::choice::Choice;
use crate::web::page::Guide;
use yew::prelude::*;

fn on_off(on: &'static str, off: &'static str) -> Vec<(AttrValue, AttrValue)> {
    vec![(AttrValue::Static("1"), AttrValue::Static(on)), (AttrValue::Static("0"), AttrValue::Static(off))]
}

/// The "fold symmetries" and "count reachable positions" settings (`fold=`, `explore=`).
pub fn settings(options: &Options, edit: &Callback<(&'static str, String)>) -> Html {
    let set = |key: &'static str| edit.reform(move |text: String| (key, text));
    let bit = |on: bool| if on { "1" } else { "0" };
    html! {
        <>
            <Choice label="Symmetric positions" options={on_off("folded into one", "kept apart")}
                selected={bit(options.fold)} on_change={set("fold")} />
            <Choice label="Count reachable positions" options={on_off("yes (explores everything)", "no")}
                selected={bit(options.explore)} on_change={set("explore")} />
        </>
    }
}

/// The status once a puzzle played by hand reaches its goal.
pub fn solved_by_hand(moves: usize) -> String {
    format!("Solved by hand in {}!", count_of(moves as u64, "move", "moves"))
}

/// "Solved: 7 moves (the shortest) · 14 positions explored · 16 reachable · 0.1 ms".
pub fn summary(report: &Report) -> String {
    let mut parts = vec![match (report.solved, report.optimal) {
        (true, true) => format!("Solved: {} (the shortest)", count_of(report.length as u64, "move", "moves")),
        (true, false) => {
            format!("Solved: {} (the first solution found)", count_of(report.length as u64, "move", "moves"))
        }
        (false, _) => format!("Not solved: {}", report.message.clone().unwrap_or_default()),
    }];
    parts.push(count_of(report.expanded, "position explored", "positions explored"));
    if let Some(reachable) = report.reachable {
        parts.push(format!("{} reachable from the start", count_of(reachable, "position", "positions")));
    }
    if let Some(count) = report.shortest_count {
        parts.push(format!("{} different shortest solutions", format_count(count)));
    }
    parts.push(crate::core::format::format_ms(report.elapsed_ms));
    parts.join(" · ")
}

/// The "How it works" panel and Source line of every puzzle.py page.
pub const GUIDE: Guide = Guide {
    steps: "A puzzle is a start position, its legal moves, a goal test\n  (and a canonical form, so mirror images count once).\nBreadth-first: explore every position one move away, then two, …: the first goal met is a shortest solution.\nDepth-first: follow one line of moves as deep as it goes, then back up.\nBoth remember every position seen, so none is explored twice.",
    terms: &[
        ("positions explored", "positions whose moves the search tried"),
        ("frontier", "in the Search view: positions reached and waiting to be explored, a queue for breadth-first (first in, first out), a stack for depth-first (last in, first out)"),
        ("in memory", "positions the search remembers so it never explores one twice"),
        ("folded", "positions that are mirror images (or differ only by swapping identical pieces) count as one, so the search explores fewer"),
    ],
    source: "R. Hettinger, \"Easy AI with Python\" (PyCon 2009): the generic puzzle solver and its puzzles.",
};
