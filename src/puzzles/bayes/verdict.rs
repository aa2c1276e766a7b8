//! What a method concludes about a text: each category's score and each word's evidence.

/// Scores within this relative distance of the best tie with it (the two methods' sums and
/// roots may differ in the last bits for equal evidence).
const TIE: f64 = 1e-12;

#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// (category, score), best first; equal scores in training order. Categories a method
    /// cannot score (Reverend, when none of the words counts for them) are left out.
    pub scores: Vec<(String, f64)>,
    /// The categories in training order: the columns of `evidence`.
    pub categories: Vec<String>,
    /// The distinct words of the guessed text, in order of first appearance, each with how
    /// many times it occurs…
    pub words: Vec<(String, usize)>,
    /// …and, per category, the word's probability as the method uses it (`None`: not used).
    pub evidence: Vec<Vec<Option<f64>>>,
}

impl Verdict {
    /// The categories that share the best score (one unless the top scores tie; none when
    /// nothing could be scored).
    pub fn best(&self) -> Vec<&str> {
        let Some(&(_, top)) = self.scores.first() else { return Vec::new() };
        self.scores
            .iter()
            .take_while(|(_, s)| (top - s).abs() <= TIE * top.abs().max(f64::MIN_POSITIVE))
            .map(|(c, _)| c.as_str())
            .collect()
    }

    /// Sorts `scores` best first, keeping training order among equal scores.
    pub(super) fn rank(scores: &mut [(String, f64)]) {
        scores.sort_by(|a, b| b.1.total_cmp(&a.1));
    }
}

/// The distinct words of a text with their counts, in order of first appearance.
pub(super) fn distinct_words(text: &str) -> Vec<(String, usize)> {
    let mut words: Vec<(String, usize)> = Vec::new();
    for word in super::training::words(text) {
        match words.iter_mut().find(|(w, _)| w == word) {
            Some((_, count)) => *count += 1,
            None => words.push((word.to_string(), 1)),
        }
    }
    words
}
