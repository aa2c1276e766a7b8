//! The phrase-guessing page: the article's first genetic algorithm, printing each improvement
//! with its fitness and time, as the article does.

use crate::core::format::{format_count, format_ms};
use crate::core::job::{Improvement, Report};
use crate::puzzles::phrase::{Algo, PhraseParams, INFO};
use crate::puzzles::PuzzleInfo;
use crate::web::components::compare_table::Column;
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage, SeedUse};
use std::convert::Infallible;
use web_sys::HtmlInputElement;
use yew::prelude::*;

pub struct PhrasePage {
    params: PhraseParams,
    /// The best guess so far.
    guess: String,
    improvements: Vec<Improvement>,
}

impl PuzzlePage for PhrasePage {
    type Params = PhraseParams;
    type Algo = Algo;
    crate::without_moves!();
    type Action = Infallible;

    const INFO: &'static PuzzleInfo = &INFO;
    const GUIDE: Guide = Guide {
        steps: "Start from a random text as long as the target.\nRepeat: copy the best text so far and change one letter at random;\n  keep the copy when more letters are right; stop when all are.",
        terms: &[("fitness", "letters right, in the right place, out of the target's length"), ("attempt", "one changed copy tried")],
        source: "\"Genetic Algorithms with Python\" (the string-matching genetic algorithm).",
    };
    const COMPARE_COLUMNS: &'static [Column] =
        &[Column::Solved, Column::Attempts, Column::Time, Column::Note];

    fn new(params: PhraseParams) -> Self {
        Self { params, guess: String::new(), improvements: Vec::new() }
    }

    fn params(&self) -> &PhraseParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut PhraseParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        Algo::Genetic
    }

    fn intro(&self) -> String {
        "Solve to watch random text turn into the phrase, one kept mutation at a time. \
         Fitness = letters already right."
            .into()
    }

    fn seed(&self) -> Option<SeedUse> {
        Some(SeedUse { seed: Some(self.params.seed), action: "Run this seed" })
    }

    fn view_board(&self, _: &(), _: &Callback<Infallible>) -> Html {
        let right = self.guess.chars().zip(self.params.target.chars());
        html! {
            <div class="phrase-board" aria-label="Best guess so far">
                <p class="phrase-target">{ &self.params.target }</p>
                <p class="phrase-guess">
                    { for right.map(|(g, t)| html! {
                        <span class={classes!((g == t).then_some("right"))}>{ g }</span>
                    }) }
                </p>
            </div>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _: &Callback<Infallible>) -> Html {
        let on_target =
            edit.reform(|e: Event| ("target", e.target_unchecked_into::<HtmlInputElement>().value()));
        html! {
            <label class="wide">{ "Target " }
                <input aria-label="Target" value={self.params.target.clone()} onchange={on_target} />
            </label>
        }
    }

    fn view_report(&self, _: &Callback<Infallible>) -> Html {
        if self.improvements.is_empty() {
            return html! {};
        }
        html! {
            <table class="improvements">
                <caption>{ "Every improvement (fitness: letters in the right place)" }</caption>
                <thead><tr><th>{ "Best so far" }</th><th>{ "Fitness" }</th><th>{ "Attempt" }</th><th>{ "Time" }</th></tr></thead>
                <tbody>{ for self.improvements.iter().map(|i| html! {
                    <tr>
                        <td>{ i.genome.as_str().unwrap_or_default() }</td>
                        <td>{ i.fitness }</td>
                        <td>{ i.attempt }</td>
                        <td>{ format_ms(i.elapsed_ms) }</td>
                    </tr>
                }) }</tbody>
            </table>
        }
    }

    fn chart_labels(&self) -> (&'static str, &'static str) {
        ("attempt", "letters right")
    }

    fn act(&mut self, action: Infallible, _: &(), _: &mut Notices) -> Effect<()> {
        match action {}
    }

    fn on_genome(&mut self, genome: &serde_json::Value) {
        if let Some(text) = genome.as_str() {
            self.guess = text.to_string();
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        self.improvements = report.improvements.clone().unwrap_or_default();
        if let (true, Some(attempts)) = (report.solved, report.generations) {
            notices.status = format!(
                "Guessed after {} attempts and {} improvements, {}.",
                format_count(attempts),
                self.improvements.len(),
                format_ms(report.elapsed_ms)
            );
        }
    }

    fn clear_results(&mut self) {
        self.guess.clear();
        self.improvements.clear();
    }
}
