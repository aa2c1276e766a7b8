//! Live counters of a running search: an indeterminate bar, nodes, depth, memory, time.

use crate::core::job::{format_count, format_ms};
use crate::core::search::Stats;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SearchProgressProps {
    pub algorithm: AttrValue,
    pub stats: Stats,
    pub elapsed_ms: f64,
}

#[function_component]
pub fn SearchProgress(props: &SearchProgressProps) -> Html {
    let s = &props.stats;
    html! {
        <div class="running">
            <progress aria-label="Solving"></progress>
            <span class="live-counters">
                { format!("{}: {} nodes expanded · depth {} · {} in memory · {}",
                    props.algorithm, format_count(s.expanded), s.depth, format_count(s.stored),
                    format_ms(props.elapsed_ms)) }
            </span>
        </div>
    }
}
