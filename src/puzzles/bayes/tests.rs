use super::reverend::{robinson, Reverend};
use super::training::Training;
use super::*;
use crate::puzzles::solve_quietly as run;

fn languages() -> Training {
    BayesParams::default().training
}

fn scores(method: Method, text: &str) -> Vec<(String, f64)> {
    method.guess(&languages(), text).scores
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs().max(1e-300)
}

/// Reverend's word probability for a pool, worked by hand: f = bad / (good + bad) with
/// good = min(1, other uses / pool's words) and bad = min(1, pool's uses / others' words).
#[test]
fn reverend_word_probabilities_match_the_hand_worked_ones() {
    let reverend = Reverend::train(&languages());
    // 31 words: french 11, german 4, spanish 7, english 9. "la" once in french and spanish.
    let (french, spanish, english) = (0, 2, 3);
    // spanish "la": good = 1/7, bad = 1/24, f = 7/31.
    assert!(close(reverend.probability(spanish, "la").unwrap(), 7.0 / 31.0));
    // french "la": good = 1/11, bad = 1/20, f = 11/31.
    assert!(close(reverend.probability(french, "la").unwrap(), 11.0 / 31.0));
    // A word only one pool uses: good = 0, f = 1, clamped to 0.9999.
    assert_eq!(reverend.probability(english, "they"), Some(0.9999));
    assert_eq!(reverend.probability(english, "el"), None);
}

#[test]
fn robinsons_combination_by_hand() {
    // One probability p: P = p, Q = 1 − p, S = 2p − 1, score p.
    assert!(close(robinson(&[0.3]), 0.3));
    // p and 1 − p cancel: P = Q, score 1/2.
    assert!(close(robinson(&[0.8, 0.2]), 0.5));
    let (p, q) = (1.0 - (0.1f64 * 0.4).sqrt(), 1.0 - (0.9f64 * 0.6).sqrt());
    assert!(close(robinson(&[0.9, 0.6]), (1.0 + (p - q) / (p + q)) / 2.0));
}

#[test]
fn reverend_gives_the_slides_answers_and_shows_the_first_is_a_tie() {
    // The slides: guess('they went to el cantina') → spanish. "el" is spanish's (0.9999);
    // "they" and "to" are english's (0.9999 each): both combine to exactly 0.9999. Reverend
    // answered whichever pool its dictionary listed first; training order lists spanish first.
    let first = Method::Reverend.guess(&languages(), "they went to el cantina");
    assert_eq!(first.scores, [("spanish".to_string(), 0.9999), ("english".to_string(), 0.9999)]);
    assert_eq!(first.best(), ["spanish", "english"]);
    assert_eq!(describe(&first), "spanish and english tie at 0.9999: the words cannot tell them apart");
    // guess('they were flying planes') → english, the only pool with evidence.
    assert_eq!(scores(Method::Reverend, "they were flying planes"), [("english".to_string(), 0.9999)]);
}

#[test]
fn reverend_on_shared_words_as_reverend_itself_computes() {
    // Reverend 0.4's own code (thomas.py under Python 3) on this training gives
    // [('spanish', 0.6042939739586026), ('french', 0.35483870967741926)].
    let got = scores(Method::Reverend, "la casa de el");
    assert_eq!(got.len(), 2);
    assert_eq!((got[0].0.as_str(), got[1].0.as_str()), ("spanish", "french"));
    assert!(close(got[0].1, 0.6042939739586026), "{got:?}");
    assert!(close(got[1].1, 11.0 / 31.0), "{got:?}");
}

/// Multinomial scores worked by hand: prior 1/4 each, |V| = 28 training words + the guess's
/// new words, P(w|c) = (count + 1) / (words of c + |V|).
#[test]
fn multinomial_scores_match_the_hand_worked_ones() {
    // "they went to el cantina": |V| = 30. english (9 words): they, to once each →
    // 2·1·2·1·1 / 39^5; spanish (7): el → 2 / 37^5; french (11): 1 / 41^5; german (4): 1 / 34^5.
    let raw = [
        ("english", 4.0 / 39f64.powi(5)),
        ("spanish", 2.0 / 37f64.powi(5)),
        ("german", 1.0 / 34f64.powi(5)),
        ("french", 1.0 / 41f64.powi(5)),
    ];
    let sum: f64 = raw.iter().map(|r| r.1).sum();
    let got = scores(Method::Multinomial, "they went to el cantina");
    assert_eq!(got.len(), 4);
    for ((name, score), (want_name, want)) in got.iter().zip(raw) {
        assert_eq!(name, want_name);
        assert!(close(*score, want / sum), "{name}: {score} vs {}", want / sum);
    }
    assert!(close(got.iter().map(|s| s.1).sum(), 1.0));
    // "they were flying planes": english 2·2·1·1 / 39^4, the others one over their denominator^4.
    let got = scores(Method::Multinomial, "they were flying planes");
    let english = 4.0 / 39f64.powi(4);
    let sum = english + 1.0 / 37f64.powi(4) + 1.0 / 41f64.powi(4) + 1.0 / 34f64.powi(4);
    assert_eq!(got[0].0, "english");
    assert!(close(got[0].1, english / sum));
}

#[test]
fn the_methods_disagree_on_the_slides_first_guess() {
    let reverend = Method::Reverend.guess(&languages(), "they went to el cantina");
    let multinomial = Method::Multinomial.guess(&languages(), "they went to el cantina");
    assert_eq!(reverend.best()[0], "spanish");
    assert_eq!(multinomial.best(), ["english"]);
}

#[test]
fn priors_count_training_texts_and_repeated_words_count_each_time() {
    let training = Training::parse("a: x\na: y\nb: z").unwrap();
    // No word known: the priors 2/3 and 1/3 decide (|V| = 3 + "w", each P = 1/5 or 1/4).
    let got = Method::Multinomial.guess(&training, "w").scores;
    let (a, b) = (2.0 / 3.0 * (1.0 / 6.0), 1.0 / 3.0 * (1.0 / 5.0));
    assert!(close(got[0].1, a / (a + b)), "{got:?}");
    // "z z": b's P(z) = 2/4 squared against a's 1/5 squared.
    let got = Method::Multinomial.guess(&training, "z z").scores;
    let (a, b) = (2.0 / 3.0 / 25.0, 1.0 / 3.0 / 4.0);
    assert_eq!(got[0].0, "b");
    assert!(close(got[0].1, b / (a + b)));
    let verdict = Method::Multinomial.guess(&training, "z z");
    assert_eq!(verdict.words, [("z".to_string(), 2)]);
}

#[test]
fn long_texts_do_not_underflow() {
    let text = "they were to them ".repeat(400);
    let got = scores(Method::Multinomial, &text);
    assert_eq!(got[0].0, "english");
    assert!(got.iter().all(|s| s.1.is_finite()) && close(got.iter().map(|s| s.1).sum(), 1.0));
}

#[test]
fn a_text_without_evidence_says_so() {
    let verdict = Method::Reverend.guess(&languages(), "zzz ...");
    assert!(verdict.scores.is_empty());
    assert_eq!(describe(&verdict), "no word of the text is evidence for any category");
    // The multinomial method falls back on the priors: all equal here.
    assert_eq!(Method::Multinomial.guess(&languages(), "").best().len(), 4);
}

#[test]
fn the_cli_prints_scores_best_first_and_keeps_the_link() {
    let report = run("#/bayes?method=reverend&guess=they%20were%20flying%20planes").unwrap();
    assert_eq!(report.link, "#/bayes?method=reverend&guess=they%20were%20flying%20planes");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["scores"], serde_json::json!([["english", 0.9999]]));
    assert_eq!(json["algorithm"], "reverend");
    assert_eq!(report.message.as_deref(), Some("guesses english (0.9999)"));
    assert!(report.solved);
}

#[test]
fn training_sets_travel_in_the_link() {
    let report = run("#/bayes?train=spam&guess=win%20a%20free%20cruise%20now").unwrap();
    assert_eq!(report.link, "#/bayes?method=reverend&train=spam&guess=win%20a%20free%20cruise%20now");
    assert_eq!(report.scores.unwrap()[0].0, "spam");
    // A preset named without a guess brings its first example.
    assert_eq!(run("#/bayes?train=spam").unwrap().link, report.link);
    let link = "#/bayes?method=multinomial&train=ham:lunch%20at%20noon~spam:win%20money%20now~spam:free%20money&guess=money";
    let report = run(link).unwrap();
    assert_eq!(report.link, link);
    assert_eq!(report.scores.unwrap()[0].0, "spam");
    // Texts that are a preset's are written as the preset.
    let spelled =
        PRESETS[1].lines.lines().map(|l| l.trim().replacen(": ", ":", 1)).collect::<Vec<_>>().join("~");
    let params = BayesParams::from_link(&Link::parse(&format!("#/bayes?train={spelled}")).unwrap()).0;
    assert_eq!(params.to_link().get("train"), Some("spam"));
}

#[test]
fn bad_links_are_refused_with_the_reason() {
    assert!(run("#/bayes?train=klingon").unwrap_err().contains("no preset 'klingon'"));
    assert!(run("#/bayes?train=a:b~c").unwrap_err().contains("line 2 has no ':'"));
    assert!(run("#/bayes?method=bogus").unwrap_err().starts_with("method:"));
    let long = format!("#/bayes?guess={}", "a".repeat(MAX_GUESS_CHARS + 1));
    assert!(run(&long).unwrap_err().contains("at most 2000 characters"));
}
