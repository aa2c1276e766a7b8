//! The "264" square page: run the article's genetic algorithm from a seed and watch its best
//! and mean score per generation, change any parameter, or list every solution exactly.

use crate::core::format::{count_of, format_count};
use crate::core::job::{Checkpoint, Report, SeedRun};
use crate::core::link::{Link, LinkParams};
use crate::puzzles::tiles264::domain::{Layout, ALL_TILES};
use crate::puzzles::tiles264::params::{Algo, RngKind, TilesParams};
use crate::puzzles::tiles264::INFO;
use crate::puzzles::PuzzleInfo;
use crate::web::components::choice::Choice;
use crate::web::components::compare_table::Column;
use crate::web::components::histogram::Histogram;
use crate::web::components::listing::{Listing, NOTHING_LISTED};
use crate::web::components::messages::Notices;
use crate::web::components::square::{square_in_words, Square};
use crate::web::page::{Effect, Guide, PuzzlePage, SeedUse};
use crate::web::components::field::Field;
use yew::prelude::*;

/// Checkpoint rows shown at once; the rest are summarised (a long run has up to 1,000).
const CHECKPOINT_ROWS: usize = 30;

pub struct TilesPage {
    params: TilesParams,
    /// The layout on the board: the run's best so far, or a listed solution.
    shown: Layout,
    /// Solutions listed by the exact search, one per symmetry class.
    listed: Listing<Layout>,
    /// The last genetic run's improvements (generation, score, layout), replayed by the
    /// playback (empty: nothing to replay).
    replayed: Vec<(u64, f64, Layout)>,
    /// Outcomes of the last "many seeds" run.
    runs: Vec<SeedRun>,
    /// The last run's state every 100 generations (the article's printout).
    checkpoints: Vec<Checkpoint>,
}

pub enum Action {
    Browse(isize),
}

fn layout_of(value: &serde_json::Value) -> Option<Layout> {
    serde_json::from_value::<Vec<u8>>(value.clone()).ok()?.try_into().ok()
}

impl PuzzlePage for TilesPage {
    type Params = TilesParams;
    type Algo = Algo;
    /// The best layout before and after an improvement: replaying a run steps through them.
    type State = (Layout, Layout);
    /// An improvement: the new best layout.
    type Move = Layout;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<rect x="36" y="6" width="11" height="11" rx="2" fill="#d9c6f0" stroke="#444"/><rect x="48" y="6" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="60" y="6" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="72" y="6" width="11" height="11" rx="2" fill="#d9c6f0" stroke="#444"/><rect x="36" y="18" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="48" y="18" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="60" y="18" width="11" height="11" rx="2" fill="#d9c6f0" stroke="#444"/><rect x="72" y="18" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="36" y="30" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="48" y="30" width="11" height="11" rx="2" fill="#d9c6f0" stroke="#444"/><rect x="60" y="30" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="72" y="30" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="36" y="42" width="11" height="11" rx="2" fill="#d9c6f0" stroke="#444"/><rect x="48" y="42" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="60" y="42" width="11" height="11" rx="2" fill="#f4e1c1" stroke="#444"/><rect x="72" y="42" width="11" height="11" rx="2" fill="#d9c6f0" stroke="#444"/>"##;
    const GUIDE: Guide = Guide {
        steps: "Start with 1,000 random layouts (tiles shuffled, each turned with chance 0.5).\nEach generation: score every layout; the best 10 % are the parents;\n  the next generation is copies of parents, each with two cells turned and swapped at random,\n  plus fresh random layouts (no parent goes on unchanged: the best score can get worse);\n  stop when a layout scores 0.\nExact search: fill cells row by row, each line's last cell forced by its sum.",
        terms: &[("fitness (score)", "sum over the 10 lines of |line sum − 264| / 264: 0 = solved"), ("generation", "one round of scoring, keeping the best and refilling"), ("seed", "the number that fixes every random draw: the same seed gives the same run")],
        source: "a blog post on Einstein's \"264\" flippable-tile magic square, solved in Julia by a genetic algorithm (domain, tests, the algorithm and its seeds).",
    };
    const COMPARE_COLUMNS: &'static [Column] =
        &[Column::Solved, Column::Generations, Column::Solutions, Column::Time, Column::Note];

    fn new(params: TilesParams) -> Self {
        Self {
            params,
            shown: ALL_TILES,
            listed: Listing::default(),
            replayed: Vec::new(),
            runs: Vec::new(),
            checkpoints: Vec::new(),
        }
    }

    fn params(&self) -> &TilesParams {
        &self.params
    }

    /// A link naming one of the exact search's solutions solves to show it.
    fn solves_on_open(&self) -> bool {
        self.params.algo == Algo::Exact && self.params.shown > 0
    }

    /// What is solved leaves out which solution is viewed.
    fn solve_link(&self, algo: Algo) -> Link {
        TilesParams { algo, shown: 0, step: 0, ..self.params.clone() }.to_link()
    }

    /// A new setting shows the first solution again.
    fn edited_link(&self, key: &str, text: &str) -> Link {
        TilesParams { shown: 0, step: 0, ..self.params.clone() }.to_link().set(key, text)
    }

    fn params_mut(&mut self) -> &mut TilesParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.algo
    }

    fn result_tapped(&self) -> Option<&'static str> {
        Some("The tiles are placed and turned by the algorithm, not by hand: press Solve to watch a run from the seed.")
    }

    fn intro(&self) -> String {
        "The tiles as they come out of the box. Solve to run the algorithm from the seed; \
         score = how far the lines are from 264 (0 = solved)."
            .into()
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn seed(&self) -> Option<SeedUse> {
        (self.params.algo == Algo::Genetic)
            .then_some(SeedUse { seed: Some(self.params.seed), action: "Run this seed" })
    }

    fn position(&self) -> (Layout, Layout) {
        (ALL_TILES, ALL_TILES)
    }

    fn parse_move(&self, text: &str) -> Result<Layout, String> {
        serde_json::from_str(text).map_err(|e| format!("'{text}' is not a layout of 16 values: {e}"))
    }

    fn apply(&self, (_, best): &(Layout, Layout), next: &Layout) -> Result<(Layout, Layout), String> {
        Ok((*best, *next))
    }

    fn view_board(&self, (before, shown): &(Layout, Layout), _: &Callback<Action>, _places: Html) -> Html {
        if self.replayed.is_empty() {
            return html! { <Square layout={self.shown} /> };
        }
        let changed = changed_cells(before, shown);
        // The colours' key, under the square (drawn in it: it grows and shrinks with it).
        let outlined = match changed.len() {
            0 => AttrValue::from("The first generation's best"),
            n => AttrValue::from(format!("Blue outline: changed ({n})")),
        };
        html! { <Square layout={*shown} {changed} key_lines={vec![outlined, AttrValue::from("Purple: turned upside down")]} /> }
    }

    fn describe(&self, (before, shown): &(Layout, Layout)) -> Option<String> {
        if self.replayed.is_empty() {
            return Some(square_in_words(&self.shown));
        }
        // A replayed step says when it was found and how good it was, the cells it changed
        // (outlined), then the square.
        let changed: Vec<String> =
            changed_cells(before, shown).iter().map(|c| format!("row {} column {}", c / 4 + 1, c % 4 + 1)).collect();
        let words = match changed.len() {
            0 => square_in_words(shown),
            n => format!("{} changed ({}); {}", count_of(n as u64, "cell", "cells"), changed.join(", "), square_in_words(shown)),
        };
        Some(match self.replayed.iter().find(|(_, _, layout)| layout == shown) {
            Some((generation, score, _)) => {
                // Four decimals, as few as say it: "0.0227", "0".
                let score = format!("{score:.4}");
                let score = score.trim_end_matches('0').trim_end_matches('.');
                format!("Generation {}, score {score}: {words}", format_count(*generation))
            },
            None => words,
        })
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _: &Callback<Action>) -> Html {
        let p = &self.params;
        let set = |key: &'static str| edit.reform(move |text: String| (key, text));
        if p.algo != Algo::Genetic {
            return html! {};
        }
        html! {
            <>
                <Choice label="Random numbers" options={vec![
                        (AttrValue::Static("chacha"), AttrValue::Static("Puzzle Lab's")),
                        (AttrValue::Static("python"), AttrValue::Static("replay the article's runs (Python)")),
                    ]}
                    selected={if p.rng == RngKind::Python { "python" } else { "chacha" }} on_change={set("rng")} />
                <Field label="Population" name="population" value={p.population.to_string()} kind="number" step="1" on_edit={edit.clone()} />
                <Field label="Keep %" name="keep" value={p.keep_percent.to_string()} kind="number" step="1" on_edit={edit.clone()} />
                <Field label="Flip probability" name="flip" value={p.p_flip.to_string()} kind="number" on_edit={edit.clone()} />
                <Field label="Exchange probability" name="exchange" value={p.p_exchange.to_string()} kind="number" on_edit={edit.clone()} />
                <Field label="Max generations" name="generations" value={p.max_generations.to_string()} kind="number" step="1" on_edit={edit.clone()} />
                <Field label="Seeds to run" name="runs" value={p.runs.to_string()} kind="number" step="1" on_edit={edit.clone()} />
            </>
        }
    }

    fn view_report(&self, act: &Callback<Action>) -> Html {
        let shown = self.checkpoints.len().min(CHECKPOINT_ROWS);
        html! {
            <>
                { self.listed.view(act.reform(Action::Browse)) }
                if !self.runs.is_empty() {
                    <Histogram label="Generations to a solution, per seed"
                        values={self.runs.iter().filter(|r| r.solved).map(|r| r.generations).collect::<Vec<_>>()}
                        failures={self.runs.iter().filter(|r| !r.solved).count()} />
                }
                if !self.checkpoints.is_empty() {
                    <table class="improvements">
                        <caption>{ format!("Every 100 generations (as the article prints it){}",
                            if shown < self.checkpoints.len() {
                                format!(": the first {shown} of {}", format_count(self.checkpoints.len() as u64))
                            } else { String::new() }) }</caption>
                        <thead><tr><th>{ "gen" }</th><th>{ "mean" }</th><th>{ "best" }</th><th>{ "best layout" }</th></tr></thead>
                        <tbody>{ for self.checkpoints[..shown].iter().map(|c| html! {
                            <tr>
                                <td>{ c.generation }</td><td>{ format!("{:.4}", c.mean) }</td>
                                <td>{ format!("{:.4}", c.best) }</td><td>{ c.genome.to_string() }</td>
                            </tr>
                        }) }</tbody>
                    </table>
                }
            </>
        }
    }

    fn chart_labels(&self) -> (&'static str, &'static str) {
        ("generation", "score (0 = solved)")
    }

    fn act(&mut self, action: Action, _: &(Layout, Layout), notices: &mut Notices) -> Effect<Layout> {
        let Action::Browse(delta) = action;
        notices.said = match self.listed.step(delta) {
            Some(item) => {
                self.shown = *item;
                self.listed.position_said(&square_in_words(&self.shown))
            }
            None if self.params.algo == Algo::Genetic => {
                "The genetic algorithm finds one square, not a list: the exact search lists every solution to page through (← →).".into()
            }
            None => NOTHING_LISTED.into(),
        };
        self.params.shown = self.listed.shown().map_or(0, |(index, _)| index + 1);
        Effect::Redraw
    }

    fn key(&self, key: &str) -> Option<Action> {
        match key {
            "ArrowRight" => Some(Action::Browse(1)),
            "ArrowLeft" => Some(Action::Browse(-1)),
            _ => None,
        }
    }

    fn on_genome(&mut self, genome: &serde_json::Value) {
        if let Some(layout) = layout_of(genome) {
            self.shown = layout;
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        if let Some(generations) = report.generations {
            notices.status = format!(
                "{} after {} (population {}).",
                if report.solved { "Solved" } else { "Not solved" },
                count_of(generations, "generation", "generations"),
                self.params.population
            );
        }
        if let (Some(all), Some(classes)) = (report.count, report.count_up_to_symmetry) {
            notices.status = format!(
                "{all} solution grids; {classes} when rotations and reflections count once \
                 ({} nodes searched). Browse them below.",
                format_count(report.expanded)
            );
        }
        let listed = Listing::new(report.solutions.iter().flatten().filter_map(layout_of).collect());
        self.listed = listed.at(self.params.shown.saturating_sub(1));
        if let (Some((_, layout)), true) = (self.listed.shown(), self.params.shown > 0) {
            self.shown = *layout;
        }
        self.checkpoints = report.checkpoints.clone().unwrap_or_default();
        // An improvement holds the run's best score then (the fitness negated: 0 = solved).
        self.replayed = match (report.solved, &report.improvements) {
            (true, Some(improvements)) => improvements
                .iter()
                .filter_map(|i| Some((i.attempt, i.fitness, layout_of(&i.genome)?)))
                .collect(),
            _ => Vec::new(),
        };
        if let Some(runs) = &report.runs {
            self.runs = runs.clone();
            notices.status = format!("{}.", report.message.clone().unwrap_or_default());
        } else if let Some(message) = report.message.as_ref().filter(|_| !report.solved) {
            notices.status.push_str(&format!(" {message}."));
        }
    }

    fn clear_results(&mut self) {
        self.listed = Listing::default();
        self.replayed.clear();
        self.runs.clear();
        self.checkpoints.clear();
    }
}

/// The cells a replayed improvement changed, outlined on the square (none at the start).
fn changed_cells(before: &Layout, shown: &Layout) -> Vec<usize> {
    (0..16).filter(|&c| before != shown && before[c] != shown[c]).collect()
}
