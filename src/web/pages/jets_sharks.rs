//! The Jets & Sharks page: each pool (column of the table) drawn as bars of its units'
//! activations, played back cycle by cycle; the strongest unit of each pool highlighted and
//! what the net retrieves said in a sentence. The table is editable and travels in the link.

use crate::core::job::Report;
use crate::core::link::{Link, LinkParams};
use crate::puzzles::jets_sharks::net::{Net, Table};
use crate::puzzles::jets_sharks::{retrieved, JetsSharksParams, INFO};
use crate::puzzles::PuzzleInfo;
use crate::web::components::chart::{Chart, Series};
use crate::web::components::choice::Choice;
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage};
use crate::web::components::field::Field;
use yew::prelude::*;

crate::named_enum! {
    /// The net has one way of running (`algo` is not in its links).
    pub enum Algo {
        Iac = ("iac", "Interactive activation and competition"),
    }
}

/// The slides' three queries: (label, touch, depair).
const QUERIES: [(&str, &str, &str); 3] = [
    ("Generalise from Ken (touch Ken at 0.8)", "Ken:0.8", ""),
    ("Who is a Shark in his 20s, junior high, single, burglar?", "Sharks,20,jh,sing,burglar", ""),
    ("Fill in Lance's missing job (depair Lance and burglar, touch Lance)", "Lance", "Lance:burglar"),
];

/// A run: every unit's activation after each cycle.
#[derive(Clone, PartialEq)]
struct Run {
    history: Vec<Vec<f64>>,
}

pub struct JetsSharksPage {
    params: JetsSharksParams,
    table: Table,
    net: Net,
    run: Option<Run>,
}

pub enum Action {
    Query(String),
}

impl JetsSharksPage {
    /// A parameter as the link writes it (`touch`, `depair`).
    fn link_text(&self, key: &str) -> String {
        self.params.to_link().get(key).unwrap_or_default().to_string()
    }

    fn strongest(&self, act: &[f64]) -> Vec<Series> {
        let Some(run) = &self.run else { return Vec::new() };
        strongest_units(act, 5)
            .into_iter()
            .enumerate()
            .map(|(rank, u)| Series {
                name: AttrValue::from(self.net.names[u].clone()),
                class: AttrValue::from(format!("line{rank}")),
                points: run.history.iter().enumerate().map(|(c, a)| (c as f64, a[u])).collect(),
            })
            .collect()
    }
}

impl PuzzlePage for JetsSharksPage {
    type Params = JetsSharksParams;
    type Algo = Algo;
    /// The cycle shown.
    type State = usize;
    type Move = usize;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<rect x="14" y="10" width="12" height="40" fill="#c0261a"/><rect x="34" y="38" width="12" height="12" fill="#1b9e77"/><rect x="54" y="20" width="12" height="30" fill="#1b9e77"/><rect x="74" y="42" width="12" height="8" fill="#1b9e77"/><rect x="94" y="28" width="12" height="22" fill="#1b9e77"/><line x1="8" y1="50" x2="112" y2="50" stroke="currentColor"/>"##;
    const GUIDE: Guide = Guide {
        steps: "One unit per value of the table; units of a column inhibit each other;\n  a name and each value of its row excite each other.\nTouch: give units external input.  Each cycle, every unit at once:\n  net = alpha × partners' outputs − gamma × its pool's other outputs + estr × input\n  moves its activation toward max (net > 0) or min (net < 0), and decays toward rest.",
        terms: &[("unit", "one value of the table (a name, a gang, an age …) with an activation from min to max"), ("pool", "the units of one column: they inhibit each other, so one tends to win"), ("touch", "external input to a unit (weight 1 unless given, as Ken:0.8)"), ("depair", "removes the link between two units, as if a fact were missing"), ("cycle", "every unit updates at once from its partners' and its pool's outputs (output = activation, or 0 when negative)")],
        source: "R. Hettinger, \"Easy AI with Python\" (PyCon 2009): data mining with neural nets; the Jets and Sharks table from J. L. McClelland (1981).",
    };

    fn new(params: JetsSharksParams) -> Self {
        let (table, net) = (params.table(), params.net());
        Self { params, table, net, run: None }
    }

    fn params(&self) -> &JetsSharksParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut JetsSharksParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        Algo::Iac
    }

    fn intro(&self) -> String {
        format!(
            "{} units, one per value of the table; name some in the Touch field (their outside input) and press Solve to run the net for {} cycles, then play the cycles back.",
            self.net.names.len(),
            self.params.cycles
        )
    }

    fn result_tapped(&self) -> Option<&'static str> {
        Some("The units are not set by hand on the net: name some in the Touch field (the settings, or a query of the slides) and press Solve to run it.")
    }

    fn edited_link(&self, key: &str, text: &str) -> Link {
        let link = self.params.to_link().without("step").without(key);
        // The table is edited as lines of CSV and travels in the link as rows split by '~'.
        let text = if key == "table" { text.trim().replace('\n', "~") } else { text.to_string() };
        match text.is_empty() {
            true => link,
            false => link.set(key, text),
        }
    }

    fn position(&self) -> usize {
        0
    }

    fn parse_move(&self, text: &str) -> Result<usize, String> {
        text.parse().map_err(|_| format!("'{text}' is not a cycle number"))
    }

    fn apply(&self, &cycle: &usize, &next: &usize) -> Result<usize, String> {
        (next == cycle + 1)
            .then_some(next)
            .ok_or_else(|| format!("cycle {next} does not follow cycle {cycle}"))
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn view_board(&self, &cycle: &usize, _act: &Callback<Action>, _places: Html) -> Html {
        let k = self.params.constants;
        let Some(act) = self.run.as_ref().and_then(|r| r.history.get(cycle)) else {
            return html! { <p class="verdict">{ "Press Solve to run the net; the pools' activations appear here." }</p> };
        };
        let span = k.max - k.min;
        let zero = -k.min / span * 100.0;
        let pools = self.net.pools.iter().enumerate().map(|(col, members)| {
            let top = members.iter().copied().max_by(|&a, &b| act[a].total_cmp(&act[b]));
            let bars = members.iter().map(|&u| {
                let a = act[u];
                let (left, width) = if a >= 0.0 { (zero, a / span * 100.0) } else { (zero + a / span * 100.0, -a / span * 100.0) };
                let strongest = top == Some(u) && a > 0.0;
                html! {
                    <li class={classes!(strongest.then_some("strongest"), (a < 0.0).then_some("negative"))}>
                        <span class="unit">{ &self.net.names[u] }</span>
                        <span class="track"><span class="level" style={format!("left: {left:.1}%; width: {width:.1}%")}></span></span>
                        <span class="value">{ format!("{a:.2}") }</span>
                    </li>
                }
            });
            html! {
                <section class={classes!("pool", (col == 0).then_some("names"))} aria-label={format!("pool {}", self.table.columns[col])}>
                    <h3>{ &self.table.columns[col] }</h3>
                    <ul>{ for bars }</ul>
                </section>
            }
        });
        html! {
            <div class="iac">
                <p class="step-note">{ format!("Cycle {cycle}: {}.", retrieved(&self.net, &self.table, act)) }</p>
                <div class="pools">{ for pools }</div>
            </div>
        }
    }

    fn describe(&self, &cycle: &usize) -> Option<String> {
        let act = self.run.as_ref().and_then(|r| r.history.get(cycle));
        Some(match act {
            // What changes from cycle to cycle is said too: the five strongest units' values.
            Some(act) => {
                let strongest: Vec<String> = strongest_units(act, 5)
                    .into_iter()
                    .map(|u| format!("{} {:.2}", self.net.names[u], act[u]))
                    .collect();
                format!(
                    "Cycle {cycle}: {}; most active: {}.",
                    retrieved(&self.net, &self.table, act),
                    strongest.join(", ")
                )
            }
            None => "No run yet: press Solve to run the net.".into(),
        })
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, act: &Callback<Action>) -> Html {
        let k = self.params.constants;
        let constants = [
            ("max", k.max),
            ("min", k.min),
            ("rest", k.rest),
            ("decay", k.decay),
            ("alpha", k.alpha),
            ("gamma", k.gamma),
            ("estr", k.estr),
        ];
        let queries: Vec<(AttrValue, AttrValue)> =
            std::iter::once((AttrValue::Static(""), AttrValue::Static("(your query)")))
                .chain(QUERIES.iter().map(|q| (AttrValue::Static(q.1), AttrValue::Static(q.0))))
                .collect();
        let current = QUERIES
            .iter()
            .find(|q| q.1 == self.link_text("touch") && q.2 == self.link_text("depair"))
            .map_or("", |q| q.1);
        html! {
            <>
                <Choice label="The slides' queries" options={queries} selected={current} on_change={act.reform(Action::Query)} />
                <Field class="field" label="Touch" name="touch" value={self.link_text("touch")} placeholder="Ken:0.8" on_edit={edit.clone()} />
                <Field class="field" label="Depair" name="depair" value={self.link_text("depair")} placeholder="Lance:burglar" on_edit={edit.clone()} />
                <Field class="field" label="Cycles" name="cycles" kind="number" step="1" value={self.params.cycles.to_string()} on_edit={edit.clone()} />
                <details class="constants">
                    <summary>{ "Constants" }</summary>
                    { for constants.iter().map(|&(key, value)| html! {
                        <Field class="field" label={key} name={key} kind="number" value={value.to_string()} on_edit={edit.clone()} />
                    }) }
                </details>
                <details class="table-edit">
                    <summary>{ "Table (CSV)" }</summary>
                    <Field class="wide" label="Table" name="table" rows={8} value={self.table.to_csv()} on_edit={edit.clone()} />
                </details>
            </>
        }
    }

    fn view_report(&self, _act: &Callback<Action>) -> Html {
        let series = self
            .run
            .as_ref()
            .and_then(|r| r.history.last())
            .map(|last| self.strongest(last))
            .unwrap_or_default();
        html! {
            <>
                if !series.is_empty() {
                    <Chart {series} x_label="cycle" y_label="activation (the five strongest units)" />
                }
            </>
        }
    }

    fn act(&mut self, action: Action, _: &usize, _: &mut Notices) -> Effect<usize> {
        let Action::Query(touch) = action;
        let Some(&(label, touch, depair)) = QUERIES.iter().find(|q| q.1 == touch) else {
            return Effect::Redraw;
        };
        // Read through the link codec, as any link's query.
        let link = self.params.to_link().set("touch", touch).set("depair", depair);
        self.params =
            JetsSharksParams::from_link(&if depair.is_empty() { link.without("depair") } else { link }).0;
        self.net = self.params.net();
        Effect::NewPuzzle(format!("{label}."))
    }

    fn opens_at_its_end(&self) -> bool {
        true
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        let history = report
            .solution
            .as_ref()
            .and_then(|s| s.get("history"))
            .and_then(|h| serde_json::from_value(h.clone()).ok());
        self.run = history.map(|history| Run { history });
        if let Some(message) = &report.message {
            notices.status = crate::core::format::capitalise(&format!("{message}."));
        }
    }

    fn clear_results(&mut self) {
        self.run = None;
        self.table = self.params.table();
        self.net = self.params.net();
    }
}

/// The `count` most active units, strongest first (the lower index first on a tie).
fn strongest_units(act: &[f64], count: usize) -> Vec<usize> {
    let mut chosen: Vec<usize> = Vec::with_capacity(count);
    for _ in 0..count.min(act.len()) {
        let next = (0..act.len())
            .filter(|u| !chosen.contains(u))
            .reduce(|best, u| if act[u] > act[best] { u } else { best });
        chosen.extend(next);
    }
    chosen
}
