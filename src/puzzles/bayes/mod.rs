//! Naive Bayes text classification (the slides' "Bayesian Classifier"): learn categories from
//! labelled texts, then guess the category of a new text, two ways side by side.
//! `#/bayes?method=reverend&guess=they%20went%20to%20el%20cantina`; `method=multinomial`;
//! `train=spam` (a preset) or `train=ham:lunch%20at%20noon~spam:win%20money` (texts separated
//! by `~`); the slides' language example when `train` is absent.

pub mod multinomial;
pub mod reverend;
pub mod training;
pub mod verdict;

use crate::core::choice::Named;
use crate::core::job::{JobContext, Report};
use crate::core::link::{describe_errors, Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use training::Training;
use verdict::Verdict;

pub const PUZZLE: &str = "bayes";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Naive Bayes",
    summary: "Teach it a few texts per category, then let it guess which language (or spam) a sentence is.",
    keys: &[],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<BayesParams>;

/// This puzzle's links name no algorithm (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = |_| None;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("method", &["reverend", "multinomial", "bernoulli"]),
    ("guess", &["they went to el cantina", "", "a"]),
    ("train", &["languages", "spam", "a:b~c:d", "nocolon", ":", "x:"]),
];

crate::named_enum! {
    /// How the evidence of the words is weighed.
    pub enum Method {
        Reverend = ("reverend", "Robinson's combination of word odds (Reverend)"),
        Multinomial = ("multinomial", "Multinomial naive Bayes (add-one smoothing)"),
    }
}

impl Method {
    pub fn guess(self, training: &Training, text: &str) -> Verdict {
        match self {
            Method::Reverend => reverend::Reverend::train(training).guess(text),
            Method::Multinomial => multinomial::guess(training, text),
        }
    }
}

/// A named training set with example guesses.
pub struct Preset {
    pub name: &'static str,
    pub label: &'static str,
    /// `category: text` lines.
    pub lines: &'static str,
    pub examples: &'static [&'static str],
}

/// The slides' language example (the default), and a small made-up spam filter.
pub const PRESETS: [Preset; 2] = [
    Preset {
        name: "languages",
        label: "Languages (the slides)",
        lines: "french: le la les du un une je il elle de en\n\
                german: der die das eine\n\
                spanish: el uno una las de la en\n\
                english: the it she he they them are were to",
        examples: &["they went to el cantina", "they were flying planes"],
    },
    Preset {
        name: "spam",
        label: "Spam or ham (a small made-up inbox)",
        lines: "spam: win money now, claim your free prize\n\
                spam: cheap pills, special offer, buy now\n\
                spam: you are a winner: free cruise, call now\n\
                ham: are we still meeting for lunch tomorrow?\n\
                ham: here is the project report from the team\n\
                ham: can you call me when the meeting ends",
        examples: &[
            "win a free cruise now",
            "call now to claim your free lunch",
            "the team meeting moved to tomorrow",
        ],
    },
];

/// Texts in a link are separated by `~` (never part of a word, so it changes no guess).
const TEXT_SEPARATOR: char = '~';

/// Longest text to guess.
pub const MAX_GUESS_CHARS: usize = 2_000;

pub fn preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}

fn preset_training(preset: &Preset) -> Training {
    Training::parse(preset.lines).expect("presets read")
}

#[derive(Debug, Clone, PartialEq)]
pub struct BayesParams {
    pub method: Method,
    pub training: Training,
    pub guess: String,
}

impl Default for BayesParams {
    fn default() -> Self {
        Self {
            method: Method::Reverend,
            training: preset_training(&PRESETS[0]),
            guess: PRESETS[0].examples[0].to_string(),
        }
    }
}

impl BayesParams {
    /// The preset the training set is, if it is one.
    pub fn preset(&self) -> Option<&'static Preset> {
        PRESETS.iter().find(|p| preset_training(p) == self.training)
    }

    pub fn verdict(&self, method: Method) -> Verdict {
        method.guess(&self.training, &self.guess)
    }
}

impl LinkParams for BayesParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let d = Self::default();
        let method = r.named("method", d.method);
        // A preset named without a guess brings its own first example.
        let mut default_guess = d.guess;
        let training = match r.raw("train") {
            None => d.training,
            Some(name) if !name.contains(':') => match preset(name) {
                Some(preset) => {
                    default_guess = preset.examples[0].to_string();
                    preset_training(preset)
                }
                None => {
                    let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
                    r.reject(
                        "train",
                        format!(
                            "no preset '{name}' (presets: {}; or texts as category:text~…)",
                            names.join(", ")
                        ),
                    );
                    d.training
                }
            },
            Some(texts) => match Training::parse(&texts.replace(TEXT_SEPARATOR, "\n")) {
                Ok(training) => training,
                Err(why) => {
                    r.reject("train", why);
                    d.training
                }
            },
        };
        let guess = match r.raw("guess") {
            None => default_guess,
            Some(text) if text.chars().count() > MAX_GUESS_CHARS => {
                r.reject("guess", format!("at most {MAX_GUESS_CHARS} characters"));
                default_guess
            }
            Some(text) => text.to_string(),
        };
        (Self { method, training, guess }, r.finish())
    }

    fn to_link(&self) -> Link {
        let mut link = Link::new(PUZZLE).with("method", self.method.name());
        match self.preset() {
            Some(preset) if preset.name == PRESETS[0].name => {}
            Some(preset) => link = link.with("train", preset.name),
            None => {
                let texts: Vec<String> = self
                    .training
                    .texts
                    .iter()
                    .map(|(c, t)| format!("{c}:{}", t.replace(TEXT_SEPARATOR, " ")))
                    .collect();
                link = link.with("train", texts.join(&TEXT_SEPARATOR.to_string()));
            }
        }
        link.with("guess", &self.guess)
    }
}

/// A score as sentences give it: four decimals, as Reverend's clamping makes 0.9999 common.
pub fn format_score(score: f64) -> String {
    format!("{score:.4}")
}

/// One sentence on a verdict: the best category, or the tie.
pub fn describe(verdict: &Verdict) -> String {
    let best = verdict.best();
    let score = verdict.scores.first().map_or(String::new(), |&(_, s)| format_score(s));
    match best.as_slice() {
        [] => "no word of the text is evidence for any category".into(),
        [one] => format!("guesses {one} ({score})"),
        tied => format!("{} tie at {score}: the words cannot tell them apart", tied.join(" and ")),
    }
}

/// Its solvers search nothing step by step: a trace or a race is refused.
pub fn work(_: &Link) -> Work {
    Work::Unrecorded(super::records_no_trace(PUZZLE, None))
}

/// Guesses the text a link gives (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, _ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = BayesParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let verdict = params.verdict(params.method);
    let mut report = Report::new(PUZZLE, params.method.name(), params.to_link().to_hash());
    report.solved = !verdict.scores.is_empty();
    report.message = Some(describe(&verdict));
    report.solution = Some(serde_json::json!({
        "best": verdict.best(),
        "categories": verdict.categories,
        "words": verdict.words.iter().map(|(w, _)| w).collect::<Vec<_>>(),
        "evidence": verdict.evidence,
    }));
    report.scores = Some(verdict.scores);
    Ok(report)
}

#[cfg(test)]
mod tests;
