//! Live counters of a running job: a progress bar (determinate while tables are built),
//! nodes, depth, memory, time.

use crate::core::job::{format_count, format_ms};
use crate::core::search::Stats;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SearchProgressProps {
    pub algorithm: AttrValue,
    pub stats: Stats,
    pub elapsed_ms: f64,
    /// (what is being built, done, total) while preparing.
    #[prop_or_default]
    pub build: Option<(String, u64, u64)>,
    /// (generation, best fitness, mean fitness) of a genetic run.
    #[prop_or_default]
    pub evolution: Option<(u64, f64, f64)>,
}

#[function_component]
pub fn SearchProgress(props: &SearchProgressProps) -> Html {
    let s = &props.stats;
    let time = format_ms(props.elapsed_ms);
    // Said once as tables start to be built (the percentage is not: it changes too often).
    let building = props.build.as_ref().map(|(label, ..)| format!("{label} first, once per session…"));
    html! {
        <div class="running">
            <span class="visually-hidden" aria-live="polite">{ building.unwrap_or_default() }</span>
            if let Some((label, done, total)) = &props.build {
                <progress aria-label={label.clone()} max={total.to_string()} value={done.to_string()}></progress>
                <span class="live-counters">
                    { format!("{label}: {}% · {time}", done * 100 / (*total).max(1)) }
                </span>
            } else if let Some((generation, best, mean)) = props.evolution {
                <progress aria-label="Evolving"></progress>
                <span class="live-counters">
                    { format!("{}: generation {} · best {best:.4} · mean {mean:.4} · {time}",
                        props.algorithm, format_count(generation)) }
                </span>
            } else {
                <progress aria-label="Solving"></progress>
                <span class="live-counters">
                    { format!("{}: {} nodes expanded · depth {} · {} in memory · {time}",
                        props.algorithm, format_count(s.expanded), s.depth, format_count(s.stored)) }
                </span>
            }
        </div>
    }
}
