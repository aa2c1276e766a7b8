//! The phrase-guessing page: the article's first genetic algorithm, printing each improvement
//! with its fitness and time, as the article does.

use crate::core::format::{format_count, format_ms};
use crate::core::job::{Improvement, Report};
use crate::puzzles::phrase::which_letters;
use crate::puzzles::phrase::{Algo, PhraseParams, INFO};
use crate::puzzles::PuzzleInfo;
use crate::web::components::compare_table::Column;
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage, SeedUse};
use crate::web::components::field::Field;
use std::convert::Infallible;
use yew::prelude::*;

/// Improvement rows shown before the rest fold away.
const ROWS_SHOWN: usize = 12;

pub struct PhrasePage {
    params: PhraseParams,
    /// The best guess so far.
    guess: String,
    improvements: Vec<Improvement>,
}

impl PuzzlePage for PhrasePage {
    type Params = PhraseParams;
    type Algo = Algo;
    /// The best text before and after an improvement: replaying a run steps through them.
    type State = (String, String);
    /// An improvement: the new best text.
    type Move = String;
    type Action = Infallible;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<text x="60" y="26" text-anchor="middle" font-size="12" fill="currentColor">Nxt aql thdse</text><text x="60" y="44" text-anchor="middle" font-size="12" font-weight="700" fill="currentColor">Not all those</text>"##;
    const GUIDE: Guide = Guide {
        steps: "Start from a random text as long as the target.\nRepeat: copy the best text so far and change one letter at random;\n  keep the copy when more letters are right; stop when all are.",
        terms: &[("fitness", "letters right, in the right place, out of the target's length"), ("generation", "one changed copy tried (the run keeps a single line)")],
        source: "C. Sheppard, \"Genetic Algorithms with Python\", part 1 (the string-matching genetic algorithm).",
    };
    const COMPARE_COLUMNS: &'static [Column] =
        &[Column::Solved, Column::Generations, Column::Time, Column::Note];

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

    fn result_tapped(&self) -> Option<&'static str> {
        Some("The letters are changed by the algorithm, not by hand: press Solve to watch random text turn into the phrase.")
    }

    fn position(&self) -> (String, String) {
        (String::new(), String::new())
    }

    fn parse_move(&self, text: &str) -> Result<String, String> {
        serde_json::from_str(text).map_err(|e| format!("'{text}' is not a text in quotes: {e}"))
    }

    fn apply(&self, (_, best): &(String, String), next: &String) -> Result<(String, String), String> {
        Ok((best.clone(), next.clone()))
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn seed(&self) -> Option<SeedUse> {
        Some(SeedUse { seed: Some(self.params.seed), action: "Run this seed" })
    }

    fn view_board(&self, (before, shown): &(String, String), _: &Callback<Infallible>, _places: Html) -> Html {
        // A replay shows its step (the letter that just changed marked); otherwise the run's
        // best so far, or, at a replay's step 0, nothing yet.
        let replaying = !self.improvements.is_empty();
        let guess = if replaying { shown } else { &self.guess };
        let letters = guess.chars().zip(self.params.target.chars()).enumerate().map(|(i, (g, t))| {
            let changed = replaying && !before.is_empty() && before.chars().nth(i) != Some(g);
            html! { <span class={classes!((g == t).then_some("right"), changed.then_some("changed"))}>{ g }</span> }
        });
        html! {
            <div class="phrase-board" aria-label="Best guess so far">
                <p class="phrase-target">{ &self.params.target }</p>
                <p class="phrase-guess">{ for letters }</p>
                if replaying && shown.is_empty() {
                    <p class="note">{ format!("Play replays the run's {} improvements, one per step.", self.improvements.len()) }</p>
                }
            </div>
        }
    }

    fn describe(&self, (_, shown): &(String, String)) -> Option<String> {
        let guess = if self.improvements.is_empty() { &self.guess } else { shown };
        if guess.is_empty() {
            let target = &self.params.target;
            return Some(match self.improvements.is_empty() {
                true => format!("No guess yet: press Solve to evolve a text into \"{target}\"."),
                // A replay at its start.
                false => format!("Before the first generation: no guess yet, aiming at \"{target}\"."),
            });
        }
        let right = guess.chars().zip(self.params.target.chars()).filter(|(g, t)| g == t).count();
        let length = self.params.target.chars().count();
        let which = which_letters(guess, &self.params.target);
        Some(format!(
            "Best guess: \"{guess}\", {right} of {length} letters right{which}, aiming at \"{}\".",
            self.params.target
        ))
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _: &Callback<Infallible>) -> Html {
        html! {
            <Field class="wide" label="Target (any text you can type)" name="target" value={self.params.target.clone()}
                on_edit={edit.clone()} />
        }
    }

    fn view_report(&self, _: &Callback<Infallible>) -> Html {
        if self.improvements.is_empty() {
            return html! {};
        }
        let row = |i: &Improvement| {
            html! {
                <tr>
                    <td>{ i.genome.as_str().unwrap_or_default() }</td>
                    <td>{ i.fitness }</td>
                    <td>{ format_count(i.attempt) }</td>
                    <td>{ format_ms(i.elapsed_ms) }</td>
                </tr>
            }
        };
        let (first, rest) = self.improvements.split_at(self.improvements.len().min(ROWS_SHOWN));
        let length = self.params.target.chars().count();
        html! {
            <>
                <table class="improvements">
                    <caption>{ format!("Every improvement (fitness: letters right, out of {length})") }</caption>
                    <thead><tr><th>{ "Best so far" }</th><th>{ "Fitness" }</th><th>{ "Attempt" }</th><th>{ "Time" }</th></tr></thead>
                    <tbody>{ for first.iter().map(row) }</tbody>
                </table>
                if !rest.is_empty() {
                    <details class="more-rows">
                        <summary>{ format!("The other {} improvements", rest.len()) }</summary>
                        <table class="improvements"><tbody>{ for rest.iter().map(row) }</tbody></table>
                    </details>
                }
            </>
        }
    }

    fn chart_labels(&self) -> (&'static str, &'static str) {
        ("generation", "letters right")
    }

    fn act(&mut self, action: Infallible, _: &(String, String), _: &mut Notices) -> Effect<String> {
        match action {}
    }

    fn on_genome(&mut self, genome: &serde_json::Value) {
        if let Some(text) = genome.as_str() {
            self.guess = text.to_string();
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        self.improvements = report.improvements.clone().unwrap_or_default();
        if let (true, Some(generations)) = (report.solved, report.generations) {
            notices.status = format!(
                "Guessed after {} generations, one letter changed in each, and {} improvements, {}.",
                format_count(generations),
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

