//! Divmod Reverend 0.4's `Bayes` (the slides' `from reverend.thomas import Bayes`), as its
//! `train`, `buildCache`, `guess` and `robinson` do it.
//!
//! Each category's texts form a pool. A word's probability for a pool compares how often the
//! pool uses it (against the other pools' words) with how often the others do (against the
//! pool's words); words that say little (within 0.1 of 0.5) are dropped, the rest clamped to
//! [0.0001, 0.9999]. A guess combines the probabilities of its distinct words with Robinson's
//! geometric-mean method.

use super::training::{words, Training};
use super::verdict::{distinct_words, Verdict};
use std::collections::HashMap;

/// Probabilities closer to 0.5 than this carry no evidence.
const THRESHOLD: f64 = 0.1;
const LOWEST: f64 = 0.0001;
const HIGHEST: f64 = 0.9999;
/// At most this many of a guess's words count (Reverend's `probs[:2048]`), strongest first.
const MOST_WORDS: usize = 2048;

/// Each pool's word probabilities (Reverend's cache), pools in training order.
pub struct Reverend {
    categories: Vec<String>,
    probabilities: Vec<HashMap<String, f64>>,
}

impl Reverend {
    pub fn train(training: &Training) -> Self {
        let categories: Vec<String> = training.categories().into_iter().map(String::from).collect();
        let mut pools: Vec<HashMap<&str, u32>> = vec![HashMap::new(); categories.len()];
        let mut corpus: HashMap<&str, u32> = HashMap::new();
        for (category, text) in &training.texts {
            let pool = categories.iter().position(|c| c == category).expect("a listed category");
            for word in words(text) {
                *pools[pool].entry(word).or_default() += 1;
                *corpus.entry(word).or_default() += 1;
            }
        }
        let corpus_tokens: u32 = corpus.values().sum();
        let probabilities = pools
            .iter()
            .map(|pool| {
                let pool_tokens: u32 = pool.values().sum();
                let them_tokens = corpus_tokens.saturating_sub(pool_tokens).max(1) as f64;
                pool.iter()
                    .filter_map(|(&word, &this)| {
                        let other = (corpus[word] - this) as f64;
                        let good = if pool_tokens == 0 { 1.0 } else { (other / pool_tokens as f64).min(1.0) };
                        let bad = (this as f64 / them_tokens).min(1.0);
                        let f = bad / (good + bad);
                        ((f - 0.5).abs() >= THRESHOLD).then(|| (word.to_string(), f.clamp(LOWEST, HIGHEST)))
                    })
                    .collect()
            })
            .collect();
        Self { categories, probabilities }
    }

    /// A word's probability for a pool, if it carries evidence there.
    pub fn probability(&self, pool: usize, word: &str) -> Option<f64> {
        self.probabilities[pool].get(word).copied()
    }

    pub fn guess(&self, text: &str) -> Verdict {
        let words = distinct_words(text);
        let evidence: Vec<Vec<Option<f64>>> = words
            .iter()
            .map(|(w, _)| (0..self.categories.len()).map(|pool| self.probability(pool, w)).collect())
            .collect();
        let mut scores: Vec<(String, f64)> = self
            .categories
            .iter()
            .enumerate()
            .filter_map(|(pool, category)| {
                let mut probs: Vec<f64> = evidence.iter().filter_map(|row| row[pool]).collect();
                probs.sort_by(|a, b| b.total_cmp(a));
                probs.truncate(MOST_WORDS);
                (!probs.is_empty()).then(|| (category.clone(), robinson(&probs)))
            })
            .collect();
        Verdict::rank(&mut scores);
        Verdict { scores, categories: self.categories.clone(), words, evidence }
    }
}

/// Robinson's combination of n probabilities: P = 1 − (Π(1−p))^(1/n), Q = 1 − (Πp)^(1/n),
/// S = (P − Q)/(P + Q), score (1 + S)/2 (multiplied in Reverend's order, strongest first).
pub fn robinson(probs: &[f64]) -> f64 {
    let nth = 1.0 / probs.len() as f64;
    let p = 1.0 - probs.iter().fold(1.0, |acc, &p| acc * (1.0 - p)).powf(nth);
    let q = 1.0 - probs.iter().fold(1.0, |acc, &p| acc * p).powf(nth);
    (1.0 + (p - q) / (p + q)) / 2.0
}
