//! Textbook multinomial naive Bayes with add-one (Laplace) smoothing.
//!
//! score(c) ∝ P(c) · Π over the text's words w of P(w | c), with P(c) the share of training
//! texts labelled c and P(w | c) = (times c's texts use w + 1) / (words in c's texts + |V|),
//! V being every distinct word of the training texts and of the guessed text. Scores are
//! normalised to sum to 1 (computed with logarithms so long texts do not underflow).

use super::training::{words, Training};
use super::verdict::{distinct_words, Verdict};
use std::collections::{HashMap, HashSet};

pub fn guess(training: &Training, text: &str) -> Verdict {
    let categories: Vec<String> = training.categories().into_iter().map(String::from).collect();
    let mut counts: Vec<HashMap<&str, u32>> = vec![HashMap::new(); categories.len()];
    let mut texts = vec![0u32; categories.len()];
    let mut vocabulary: HashSet<&str> = words(text).collect();
    for (category, sample) in &training.texts {
        let c = categories.iter().position(|name| name == category).expect("a listed category");
        texts[c] += 1;
        for word in words(sample) {
            *counts[c].entry(word).or_default() += 1;
            vocabulary.insert(word);
        }
    }
    let size = vocabulary.len() as f64;
    let totals: Vec<f64> = counts.iter().map(|pool| pool.values().sum::<u32>() as f64).collect();
    let words = distinct_words(text);
    let evidence: Vec<Vec<Option<f64>>> = words
        .iter()
        .map(|(w, _)| {
            counts
                .iter()
                .zip(&totals)
                .map(|(pool, total)| {
                    Some((pool.get(w.as_str()).copied().unwrap_or(0) as f64 + 1.0) / (total + size))
                })
                .collect()
        })
        .collect();
    let all_texts = training.texts.len() as f64;
    let logs: Vec<f64> = (0..categories.len())
        .map(|c| {
            let prior = (texts[c] as f64 / all_texts).ln();
            prior
                + words
                    .iter()
                    .zip(&evidence)
                    .map(|((_, times), row)| *times as f64 * row[c].expect("every word has evidence").ln())
                    .sum::<f64>()
        })
        .collect();
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = logs.iter().map(|l| (l - top).exp()).sum();
    let mut scores: Vec<(String, f64)> =
        categories.iter().cloned().zip(logs.iter().map(|l| (l - top).exp() / sum)).collect();
    Verdict::rank(&mut scores);
    Verdict { scores, categories, words, evidence }
}
