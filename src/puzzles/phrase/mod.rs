//! The string-matching genetic algorithm that the article in seed 004 starts from: guess a
//! phrase by mutating one character at a time and keeping only improvements.

use crate::core::evolve::{evolve_lines, Genetic, LinesConfig, RunChart};
use crate::core::format::{format_count, list_joined};
use crate::core::job::{Improvement, JobContext, Progress, Report};
use crate::core::link::{describe_errors, Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use crate::core::seed::{Stream, MAX_SEED};

pub const PUZZLE: &str = "phrase";
pub const DEFAULT_TARGET: &str = "Not all those who wander are lost.";
/// The article's gene set.
/// The article's gene set; a target's other characters (digits, punctuation, accents) are
/// added after these, in the order they first appear, so the article's runs stay the same.
pub const GENES: &str = " abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!.";
const MAX_LENGTH: usize = 200;
const MAX_ATTEMPTS: u64 = 50_000_000;

crate::named_enum! {
    /// The one method of the phrase page (links name none).
    pub enum Algo {
        Genetic = ("genetic", "Genetic algorithm: keep a mutation when it is better"),
    }
}

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Phrase guessing",
    summary: "The first genetic algorithm: mutate one letter at a time, keep what improves.",
    keys: &[],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<PhraseParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("target", &["Not all those who wander are lost.", "a", "", "caf%C3%A9", "%09tab"]),
    ("seed", &["0", "1", "9007199254740991"]),
    ("step", &["0", "1", "40", "131072"]),
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhraseParams {
    pub target: String,
    pub seed: u64,
    /// The step of the run's playback on the page (its improvements, one by one).
    pub step: usize,
}

impl LinkParams for PhraseParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let seed = r.number("seed", 0..=MAX_SEED, 1);
        let mut target = DEFAULT_TARGET.to_string();
        if let Some(text) = r.raw("target") {
            if text.is_empty() || text.chars().count() > MAX_LENGTH {
                r.reject("target", format!("must have 1 to {MAX_LENGTH} characters"));
            } else if text.chars().any(char::is_control) {
                r.reject(
                    "target",
                    "must be printable text: no tabs, line breaks or other control characters",
                );
            } else {
                target = text.to_string();
            }
        }
        let step = r.step();
        (Self { target, seed, step }, r.finish())
    }

    fn to_link(&self) -> Link {
        let link = Link::new(PUZZLE).with("target", &self.target).with("seed", self.seed);
        if self.step > 0 {
            return link.with("step", self.step);
        }
        link
    }
}

/// [`GENES`], then the target's characters that are not among them.
pub fn gene_set(target: &str) -> Vec<char> {
    let mut genes: Vec<char> = GENES.chars().collect();
    for c in target.chars() {
        if !genes.contains(&c) {
            genes.push(c);
        }
    }
    genes
}

/// Genomes are strings of the target's length over [`gene_set`]; fitness counts matching places.
struct PhraseGenetics {
    target: Vec<char>,
    genes: Vec<char>,
}

impl Genetic for PhraseGenetics {
    type Genome = Vec<char>;

    /// The article's `generateParent`: samples of the gene set until the length is reached.
    fn random<R: Stream>(&self, rng: &mut R) -> Vec<char> {
        let mut genome = Vec::with_capacity(self.target.len());
        while genome.len() < self.target.len() {
            let take = (self.target.len() - genome.len()).min(self.genes.len());
            genome.extend(rng.sample(self.genes.len(), take).into_iter().map(|i| self.genes[i]));
        }
        genome
    }

    fn fitness(&self, genome: &Vec<char>) -> f64 {
        genome.iter().zip(&self.target).filter(|(a, b)| a == b).count() as f64
    }

    fn target(&self) -> f64 {
        self.target.len() as f64
    }

    /// The article's `mutate`: one character replaced by a different one.
    fn mutate<R: Stream>(&self, genome: &Vec<char>, rng: &mut R) -> Vec<char> {
        let mut child = genome.clone();
        let index = rng.pick(child.len());
        let pair = rng.sample(self.genes.len(), 2);
        let (new_gene, alternate) = (self.genes[pair[0]], self.genes[pair[1]]);
        child[index] = if new_gene == child[index] { alternate } else { new_gene };
        child
    }
}

/// A run of single mutations, one attempt a generation, up to its cap of attempts.
pub fn work(_: &Link) -> Work {
    Work::Genetic
}

/// Solves what a phrase link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, errors) = PhraseParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let genetics =
        PhraseGenetics { target: params.target.chars().collect(), genes: gene_set(&params.target) };
    let max_attempts = MAX_ATTEMPTS.min(ctx.limits.max_generations);
    let config = LinesConfig { patience: None, crossover: false, max_attempts };
    let mut rng = crate::core::seed::SeededRng::new(params.seed);
    let mut improvements: Vec<Improvement> = Vec::new();
    let mut chart = RunChart::default();
    let result = evolve_lines(&genetics, config, &mut rng, &mut |g| {
        chart.record(g.generation, g.best, g.mean);
        let text: String = g.best_genome.iter().collect();
        if improvements.last().is_none_or(|last| g.best > last.fitness) {
            let elapsed_ms = ctx.elapsed_ms();
            improvements.push(Improvement {
                attempt: g.generation,
                fitness: g.best,
                genome: text.clone().into(),
                elapsed_ms,
            });
        }
        ctx.progress_with(|| Progress::Evolution {
            generation: g.generation,
            best: g.best,
            mean: g.mean,
            best_genome: serde_json::json!(text),
        })
    });
    let mut report = Report::new(PUZZLE, "genetic", params.to_link().to_hash());
    report.solved = result.solved;
    report.generations = Some(result.generations);
    report.solution = Some(serde_json::json!(result.best.iter().collect::<String>()));
    report.improvements = Some(improvements);
    report.chart = Some(chart.into_points());
    if !result.solved {
        report.message = Some(match result.cancelled {
            true => "cancelled".into(),
            false => format!("not guessed within {} generations", format_count(max_attempts)),
        });
    }
    Ok(report)
}

/// Which letters a guess has right, heard where a screen shows them underlined: the few right
/// ones early in a run (" (letter 3 “i”)"), the few still wrong near its end.
pub fn which_letters(guess: &str, target: &str) -> String {
    const FEW: usize = 6;
    let marks: Vec<(usize, char, bool)> =
        guess.chars().zip(target.chars()).enumerate().map(|(i, (g, t))| (i + 1, g, g == t)).collect();
    // A space between quotation marks is heard as nothing: it is named.
    let named = |letter: char| match letter {
        ' ' => "a space".to_string(),
        letter => format!("“{letter}”"),
    };
    let right: Vec<String> = marks
        .iter()
        .filter(|m| m.2)
        .map(|&(at, letter, _)| format!("letter {at} {}", named(letter)))
        .collect();
    let wrong: Vec<String> = marks.iter().filter(|m| !m.2).map(|&(at, _, _)| at.to_string()).collect();
    // The shorter list is said: the right letters early in a run, the wrong ones late.
    match (right.len(), wrong.len()) {
        (_, 0) | (0, _) => String::new(),
        (r, w) if r <= w && r <= FEW => format!(" ({})", right.join(", ")),
        (_, 1) => format!(" (still wrong: letter {})", wrong[0]),
        (_, w) if w <= FEW => format!(" (still wrong: letters {})", list_joined(&wrong, "and")),
        (r, _) if r <= FEW => format!(" ({})", right.join(", ")),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::solve_quietly as run;

    #[test]
    fn the_letters_right_are_named_early_and_the_wrong_ones_late() {
        assert_eq!(which_letters("Hxxxx", "Hello"), " (letter 1 “H”)");
        assert_eq!(which_letters("xx xx", "He lo"), " (letter 3 a space)");
        assert_eq!(which_letters("Hellx", "Hello"), " (still wrong: letter 5)");
        assert_eq!(which_letters("Hello", "Hello"), "");
        assert_eq!(which_letters("xxxxx", "Hello"), "");
        let long = "abcdefghijklmnopqrstuvwxyz";
        assert_eq!(
            which_letters("abcdefghijklmnopqrstuvw123", long),
            " (still wrong: letters 24, 25 and 26)"
        );
        assert_eq!(which_letters("abcdefghijklm1234567890123", long), "");
    }

    #[test]
    fn guesses_the_articles_phrase() {
        let report = run("#/phrase?seed=4").unwrap();
        assert!(report.solved);
        assert_eq!(report.solution, Some(serde_json::json!(DEFAULT_TARGET)));
        assert!(report.generations.unwrap() > 34);
        let improvements = report.improvements.as_ref().unwrap();
        assert!(improvements.windows(2).all(|w| w[0].fitness < w[1].fitness && w[0].attempt <= w[1].attempt));
        assert_eq!(improvements.last().unwrap().genome, serde_json::json!(DEFAULT_TARGET));
        assert_eq!(run("#/phrase?seed=4").unwrap().generations, report.generations, "seeded");
        let chart = report.chart.as_ref().unwrap();
        assert_eq!(
            chart.last().map(|p| (p.generation, p.best)),
            Some((report.generations.unwrap(), DEFAULT_TARGET.chars().count() as f64))
        );
        assert_eq!(run("#/phrase?seed=4").unwrap().chart.as_ref(), Some(chart), "the same chart");
    }

    #[test]
    fn any_printable_target_is_guessed() {
        let report = run("#/phrase?target=Hello,%20world%3F%20%C3%A9t%C3%A9%202026&seed=3").unwrap();
        assert!(report.solved);
        assert_eq!(report.solution, Some(serde_json::json!("Hello, world? été 2026")));
        // The article's genes first, then the target's others in order of appearance.
        let genes = gene_set("Hello, world? été 2026");
        assert_eq!(genes[..GENES.len()].iter().collect::<String>(), GENES);
        assert_eq!(genes[GENES.len()..].iter().collect::<String>(), ",?é206");
        assert_eq!(gene_set(DEFAULT_TARGET).len(), GENES.len());
    }

    #[test]
    fn control_characters_and_bad_lengths_are_refused() {
        let err = run("#/phrase?target=tab%09here").unwrap_err();
        assert!(err.starts_with("target: must be printable text"), "{err}");
        assert!(run("#/phrase?target=").unwrap_err().contains("1 to 200 characters"));
    }
}
