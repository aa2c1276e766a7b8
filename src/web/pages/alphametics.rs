//! The alphametics page: type an equation of words (or pick one of the slides' 25), find
//! every way of giving each letter its own digit, and page through the solutions written out.

use crate::core::format::{capitalise, count_of, format_ms};
use crate::core::job::Report;
use crate::puzzles::alphametics::{Algo, AlphameticsParams, INFO, SLIDES_PUZZLES};
use crate::puzzles::PuzzleInfo;
use crate::web::components::choice::Choice;
use crate::web::components::compare_table::{Column, CONSTRAINT_COLUMNS};
use crate::web::components::listing::{Listing, NOTHING_LISTED};
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage};
use crate::web::components::field::Field;
use yew::prelude::*;

/// A solution as the page shows it: the equation with digits, and each letter's digit.
#[derive(Clone, PartialEq)]
struct Shown {
    equation: String,
    letters: Vec<(String, u64)>,
}

pub struct AlphameticsPage {
    params: AlphameticsParams,
    listed: Listing<Shown>,
    shown: Option<Shown>,
    /// What the last solve concluded ("exactly one solution"…).
    verdict: Option<String>,
}

pub enum Action {
    Browse(isize),
}

impl PuzzlePage for AlphameticsPage {
    type Params = AlphameticsParams;
    type Algo = Algo;
    crate::without_moves!();
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<text x="60" y="24" font-size="13" font-weight="700" text-anchor="middle" fill="currentColor">SEND+MORE</text><text x="60" y="46" font-size="13" font-weight="700" text-anchor="middle" fill="currentColor">=MONEY</text>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = Guide {
        steps: "Column by column, from the right: guess digits for the letters of a column,\n  check that the column adds up with its carry, then move left;\n  a column that cannot come out right takes back the last guess.\nBrute force: try every assignment of distinct digits and evaluate the equation.",
        terms: &[("permutations", "arrangements of distinct digits over the letters that brute force evaluates"), ("guesses", "digits the column solver tries for a letter"), ("dead ends", "partial assignments refused because a column (or the range of the sum) cannot come out right")],
        source: "R. Hettinger, \"Easy AI with Python\" (PyCon 2009): the alphametics solver and its 25 puzzles.",
    };
    const COMPARE_COLUMNS: &'static [Column] = CONSTRAINT_COLUMNS;

    fn new(params: AlphameticsParams) -> Self {
        Self { params, listed: Listing::default(), shown: None, verdict: None }
    }

    fn params(&self) -> &AlphameticsParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut AlphameticsParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.algo
    }

    fn result_tapped(&self) -> Option<&'static str> {
        Some("The digits are found by the solver, not typed: press Solve to watch it assign them.")
    }

    fn intro(&self) -> String {
        format!(
            "Give each of the {} letters its own digit (no word of two or more letters starts with 0) so that the equation holds: Solve finds the digits.",
            self.params.equation.letters.len()
        )
    }

    fn view_board(&self, _: &(), act: &Callback<Action>, _places: Html) -> Html {
        let text = match &self.shown {
            Some(shown) => as_written(&shown.equation),
            None => as_written(&self.params.equation.text),
        };
        html! {
            <div class="alphametic">
                <p class="equation" aria-live="polite">
                    if self.shown.is_some() {
                        <span class="visually-hidden">{ "The equation with its digits: " }</span>
                    }
                    { text }
                </p>
                if let Some(shown) = &self.shown {
                    <table class="letters" aria-label="Each letter's digit">
                        <tr>{ for shown.letters.iter().map(|(l, _)| html! { <th scope="col">{ l }</th> }) }</tr>
                        <tr>{ for shown.letters.iter().map(|(_, d)| html! { <td>{ d }</td> }) }</tr>
                    </table>
                } else if let Some(verdict) = &self.verdict {
                    <p class="verdict">{ verdict }</p>
                }
                { self.listed.view(act.reform(Action::Browse)) }
            </div>
        }
    }

    fn describe(&self, _: &()) -> Option<String> {
        Some(match (&self.shown, &self.verdict) {
            (Some(shown), _) => {
                let letters: Vec<String> = shown.letters.iter().map(|(l, d)| format!("{l} = {d}")).collect();
                format!("{}: {}.", as_written(&shown.equation), letters.join(", "))
            }
            (None, Some(verdict)) => format!("{}: {verdict}", as_written(&self.params.equation.text)),
            (None, None) => format!("{}: not solved yet.", as_written(&self.params.equation.text)),
        })
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _act: &Callback<Action>) -> Html {
        let mut presets: Vec<(AttrValue, AttrValue)> =
            SLIDES_PUZZLES.iter().map(|&p| (AttrValue::Static(p), AttrValue::Static(p))).collect();
        let current = self.params.equation.text.clone();
        if !SLIDES_PUZZLES.contains(&current.as_str()) {
            presets.insert(0, (AttrValue::Static(""), AttrValue::Static("(your equation)")));
        }
        html! {
            <>
                <Field class="field equation-field" label="Equation" name="equation" value={current.clone()} on_edit={edit.clone()} />
                <Choice label="The slides' puzzles" options={presets} selected={current}
                    on_change={edit.reform(|text: String| ("equation", text))} />
            </>
        }
    }

    fn act(&mut self, action: Action, _: &(), notices: &mut Notices) -> Effect<()> {
        let Action::Browse(delta) = action;
        notices.said = match self.listed.step(delta) {
            Some(item) => {
                self.shown = Some(item.clone());
                self.listed.position_said(&self.describe(&()).unwrap_or_default())
            }
            None => NOTHING_LISTED.into(),
        };
        Effect::Redraw
    }

    fn key(&self, key: &str) -> Option<Action> {
        match key {
            "ArrowRight" => Some(Action::Browse(1)),
            "ArrowLeft" => Some(Action::Browse(-1)),
            _ => None,
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        let equations = report.equations.clone().unwrap_or_default();
        let maps = report.solutions.clone().unwrap_or_default();
        let items: Vec<Shown> = equations
            .into_iter()
            .zip(maps)
            .map(|(equation, map)| {
                let letters = map
                    .as_object()
                    .map(|m| m.iter().map(|(l, d)| (l.clone(), d.as_u64().unwrap_or(0))).collect())
                    .unwrap_or_default();
                Shown { equation, letters }
            })
            .collect();
        self.shown = items.first().cloned();
        self.listed = Listing::new(items);
        let verdict = as_written(report.message.as_deref().unwrap_or_default());
        let work = match self.params.algo {
            Algo::Brute => format!("{} evaluated", count_of(report.expanded, "permutation", "permutations")),
            Algo::Columns => format!(
                "{}, {}",
                count_of(report.guess_count().unwrap_or(0), "guess", "guesses"),
                count_of(report.dead_ends.unwrap_or(0), "dead end", "dead ends")
            ),
        };
        notices.status = format!("{} — {work} ({}).", capitalise(&verdict), format_ms(report.elapsed_ms));
        self.verdict = Some(capitalise(&verdict));
    }

    fn clear_results(&mut self) {
        self.listed = Listing::default();
        self.shown = None;
        self.verdict = None;
    }
}

/// An equation as students write it: `=`, where links and Python write `==`.
fn as_written(text: &str) -> String {
    text.replace(" == ", " = ")
}
