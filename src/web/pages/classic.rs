//! What the pages of the generic framework's puzzles (`core::classic`) share: the folding and
//! exploring settings, the sentence under a solve, and the definitions of the numbers shown.

use crate::core::classic::Options;
use crate::core::format::{count_of, format_count};
use crate::core::job::Report;
use crate::web::components::choice::Choice;
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

/// Definitions and the source line.
pub fn definitions() -> Html {
    html! {
        <>
            <dl class="definitions">
                <dt>{ "breadth-first" }</dt><dd>{ "tries every position one move away, then two moves away, …: the first solution it meets is a shortest one" }</dd>
                <dt>{ "depth-first" }</dt><dd>{ "follows one line of moves as deep as it goes before backing up: it finds a solution quickly, rarely a short one" }</dd>
                <dt>{ "positions explored" }</dt><dd>{ "positions whose moves the search tried" }</dd>
                <dt>{ "in memory" }</dt><dd>{ "positions the search remembers so it never explores one twice" }</dd>
                <dt>{ "folded" }</dt><dd>{ "positions that are mirror images (or differ only by swapping identical pieces) count as one, so the search explores fewer" }</dd>
            </dl>
            <p class="source">{ "Source: slides \"Easy AI with Python\" (R. Hettinger): the generic puzzle solver puzzle.py and its puzzles." }</p>
        </>
    }
}
