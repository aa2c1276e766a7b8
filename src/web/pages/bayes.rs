//! The naive Bayes page: the text to guess word by word, every category's score by both
//! methods side by side (where they disagree, and ties, said in words) and each word's
//! evidence for the chosen method. Classifying is instant, so the board follows every edit;
//! Solve runs the chosen method in the worker, as the CLI does.

use crate::core::choice::Named;
use crate::core::job::Report;
use crate::core::link::{Link, LinkParams};
use crate::puzzles::bayes::verdict::Verdict;
use crate::puzzles::bayes::{format_score, preset, BayesParams, Method, INFO, PRESETS};
use crate::puzzles::PuzzleInfo;
use crate::web::components::choice::Choice;
use crate::web::components::compare_table::Column;
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage};
use std::convert::Infallible;
use crate::web::components::field::Field;
use yew::prelude::*;

pub struct BayesPage {
    params: BayesParams,
}

impl BayesPage {
    /// Both methods' verdicts, in `Method::ALL` order.
    fn verdicts(&self) -> Vec<(Method, Verdict)> {
        Method::ALL.iter().map(|&m| (m, self.params.verdict(m))).collect()
    }
}

/// "english", "spanish and english (tied)", or "nothing".
fn pick(verdict: &Verdict) -> String {
    match verdict.best().as_slice() {
        [] => "nothing (no word is evidence)".into(),
        [one] => one.to_string(),
        tied => format!("{} (tied)", tied.join(" and ")),
    }
}

/// Whether the methods agree, in one sentence.
fn agreement(verdicts: &[(Method, Verdict)]) -> String {
    let [(_, reverend), (_, multinomial)] = verdicts else { return String::new() };
    if reverend.best() == multinomial.best() {
        format!("Both methods pick {}.", pick(reverend))
    } else {
        format!(
            "The methods disagree: Reverend picks {}, multinomial naive Bayes picks {}.",
            pick(reverend),
            pick(multinomial)
        )
    }
}

/// A method's column heading: its full name, and on a phone its one-word name (the link's).
fn method_heading(method: &Method) -> Html {
    let name = method.name();
    let short = name[..1].to_uppercase() + &name[1..];
    html! {
        <th scope="col"><span class="long">{ method.label() }</span><span class="short" aria-hidden="true">{ short }</span></th>
    }
}

/// A score cell: a bar from 0 to 1 and the number, the best marked.
fn score_cell(verdict: &Verdict, category: &str) -> Html {
    let Some(&(_, score)) = verdict.scores.iter().find(|(c, _)| c == category) else {
        return html! { <td class="score none">{ "no evidence" }</td> };
    };
    let best = verdict.best().contains(&category);
    html! {
        <td class={classes!("score", best.then_some("best"))}><span class="bar">
            <span class="track"><span class="level" style={format!("width: {:.1}%", score * 100.0)}></span></span>
            <span class="value">{ format_score(score) }{ if best { " ★" } else { "" } }</span>
        </span></td>
    }
}

impl PuzzlePage for BayesPage {
    type Params = BayesParams;
    type Algo = Method;
    crate::without_moves!();
    type Action = Infallible;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<text x="10" y="20" font-size="12" fill="currentColor">el</text><rect x="30" y="12" width="70" height="8" fill="#c0261a"/><text x="10" y="36" font-size="12" fill="currentColor">to</text><rect x="30" y="28" width="44" height="8" fill="#1b9e77"/><text x="10" y="52" font-size="12" fill="currentColor">la</text><rect x="30" y="44" width="20" height="8" fill="#1f77b4"/>"##;
    const GUIDE: Guide = Guide {
        steps: "Train: count each word's uses in each category's texts.\nGuess, multinomial: for each category, prior × P(word | category) over the words of the text;\n  scale so the categories add up to 1.\nGuess, Reverend: for each category, each word's probability against the other texts;\n  drop words near 0.5; combine the rest by Robinson's method.",
        terms: &[("word", "a run of letters and digits, as written: \"The\" and \"the\" are different words"), ("Reverend's word probability", "how much more the category's texts use the word than the other texts do, from 0.0001 to 0.9999; 0.5 says nothing, so words within 0.1 of it are ignored"), ("Reverend's score", "Robinson's combination of those probabilities for one category (1 = every word points to it); each category is scored on its own, so scores need not add up to 1 and can tie"), ("prior", "the share of training texts in the category"), ("P(word | category)", "(times the category's texts use the word + 1) / (words in its texts + distinct words overall): the + 1 keeps an unseen word from ruling a category out"), ("multinomial score", "prior × P(word | category) for every word of the text, as if words were independent, scaled so the categories add up to 1")],
        source: "R. Hettinger, \"Easy AI with Python\" (PyCon 2009): the Bayesian classifier, after Divmod's Reverend library.",
    };
    const COMPARE_COLUMNS: &'static [Column] =
        &[Column::Guess, Column::Score, Column::CategoriesScored, Column::Time, Column::Note];

    fn new(params: BayesParams) -> Self {
        Self { params }
    }

    fn params(&self) -> &BayesParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut BayesParams {
        &mut self.params
    }

    fn algorithm(&self) -> Method {
        self.params.method
    }

    fn intro(&self) -> String {
        format!(
            "{} categories learnt from {} texts. Type a text to guess and leave the field (or press the Enter key): both methods' scores follow it.",
            self.params.training.categories().len(),
            self.params.training.texts.len()
        )
    }

    fn result_tapped(&self) -> Option<&'static str> {
        Some("The scores follow the text being guessed: type another in the field Text to guess (the settings) and leave the field.")
    }

    /// The algorithm menu sets `method`; a preset brings its first example guess.
    fn edited_link(&self, key: &str, text: &str) -> Link {
        let link = self.params.to_link();
        match (key, preset(text)) {
            ("algo", _) => link.set("method", text),
            ("train", Some(preset)) => link.set("train", preset.name).set("guess", preset.examples[0]),
            ("train", None) => link.set("train", text.trim().replace('\n', "~")),
            _ => link.set(key, text),
        }
    }

    fn solve_link(&self, method: Method) -> Link {
        self.params.to_link().set("method", method.name())
    }

    fn describe(&self, _: &()) -> Option<String> {
        let verdicts: Vec<String> = self
            .verdicts()
            .iter()
            .map(|(method, verdict)| {
                let scores: Vec<String> =
                    verdict.scores.iter().map(|(c, score)| format!("{c} {}", format_score(*score))).collect();
                format!("{}: picks {} (scores: {})", method.label(), pick(verdict), scores.join(", "))
            })
            .collect();
        Some(format!("{}.", verdicts.join("; ")))
    }

    fn view_board(&self, _: &(), _: &Callback<Infallible>, _places: Html) -> Html {
        let verdicts = self.verdicts();
        let (_, chosen) = verdicts.iter().find(|(m, _)| *m == self.params.method).expect("both methods");
        let categories = &chosen.categories;
        let score_rows = categories.iter().map(|category| {
            html! {
                <tr>
                    <th scope="row">{ category }</th>
                    { for verdicts.iter().map(|(_, v)| score_cell(v, category)) }
                </tr>
            }
        });
        let evidence_rows = chosen.words.iter().zip(&chosen.evidence).map(|((word, times), row)| {
            html! {
                <tr>
                    <th scope="row">{ word }{ if *times > 1 { format!(" ×{times}") } else { String::new() } }</th>
                    { for row.iter().map(|p| match p {
                        Some(p) => html! { <td>{ format_score(*p) }</td> },
                        None => html! { <td class="none">{ "—" }</td> },
                    }) }
                </tr>
            }
        });
        let evidence_caption = match self.params.method {
            Method::Reverend => "Each word's probability for each category (— : not used, as the word is not in its texts or says too little)",
            Method::Multinomial => "Each word's P(word | category), counted as often as the word occurs",
        };
        html! {
            <div class="bayes">
                <p class="guessed" aria-label="The text being guessed">{ format!("“{}”", self.params.guess) }</p>
                <table class="scores" tabindex="0">
                    <caption>{ "Each category's score (★ the best)" }</caption>
                    <thead><tr>
                        <th scope="col">{ "Category" }</th>
                        { for Method::ALL.iter().map(method_heading) }
                    </tr></thead>
                    <tbody>{ for score_rows }</tbody>
                </table>
                // Drawn anew for each text guessed: the same verdict on a new text is heard again.
                <p class="agreement" aria-live="polite"><span key={self.params.guess.clone()}>{ agreement(&verdicts) }</span></p>
                if !chosen.words.is_empty() {
                    <table class="evidence" tabindex="0">
                        <caption>{ evidence_caption }</caption>
                        <thead><tr>
                            <th scope="col">{ "Word" }</th>
                            { for categories.iter().map(|c| html! { <th scope="col">{ c }</th> }) }
                        </tr></thead>
                        <tbody>{ for evidence_rows }</tbody>
                    </table>
                }
            </div>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _: &Callback<Infallible>) -> Html {
        let current = self.params.preset();
        let presets: Vec<(AttrValue, AttrValue)> = PRESETS
            .iter()
            .map(|p| (AttrValue::Static(p.name), AttrValue::Static(p.label)))
            .chain(current.is_none().then_some((AttrValue::Static(""), AttrValue::Static("(your texts)"))))
            .collect();
        let examples: Vec<(AttrValue, AttrValue)> = current
            .map_or(&[][..], |p| p.examples)
            .iter()
            .map(|&e| (AttrValue::Static(e), AttrValue::Static(e)))
            .chain(std::iter::once((AttrValue::Static(""), AttrValue::Static("(your text)"))))
            .collect();
        let example =
            current.and_then(|p| p.examples.iter().find(|&&e| e == self.params.guess)).copied().unwrap_or("");
        html! {
            <>
                <Choice label="Training set" options={presets} selected={current.map_or("", |p| p.name)}
                    on_change={edit.reform(|v: String| ("train", v))} />
                if current.is_some() {
                    <Choice label="Examples" options={examples} selected={example}
                        on_change={edit.reform(|v: String| ("guess", v))} />
                }
                <Field class="wide" label="Text to guess" name="guess" value={self.params.guess.clone()} on_edit={edit.clone()} />
                <details class="table-edit">
                    <summary>{ "Training texts (one per line: category: text)" }</summary>
                    <Field class="wide" label="Training texts" name="train" rows={7} value={self.params.training.to_lines()} on_edit={edit.clone()} />
                </details>
            </>
        }
    }

    fn act(&mut self, action: Infallible, _: &(), _: &mut Notices) -> Effect<()> {
        match action {}
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        // The shell names the method before it.
        if let Some(message) = &report.message {
            notices.status = format!("{message}.");
        }
    }
}
