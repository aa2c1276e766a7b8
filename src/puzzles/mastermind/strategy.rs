//! Codebreaking strategies. The slides' four probe among the codes still possible (random
//! ones, seeded); Knuth's and the three "whole space" ones score every code as a probe and
//! keep the one that splits the possibilities best by their own measure.

use super::code::{CodeSpace, SCORES};
use crate::core::seed::{SeededRng, Stream};

crate::named_enum! {
    /// The codebreakers a Mastermind link may name (`algo=`).
    pub enum Algo {
        Knuth = ("knuth", "Smallest worst case: the probe whose largest group of possible codes is smallest (Knuth)"),
        Entropy = ("entropy", "Most information: the probe whose split of the possible codes has the highest entropy"),
        Expected = ("expected", "Smallest expected group of possible codes left after the probe"),
        Parts = ("parts", "Most different scores: the probe that splits the possible codes into the most groups"),
        AllRand = ("allrand", "A random possible code"),
        TryNoDup = ("trynodup", "A random possible code, preferring one without repeated symbols (20 tries)"),
        BestInfo = ("bestinfo", "Most information among 20 random possible codes"),
        SampleBest = ("samplebest", "Most information among 20 codes, measured on a sample of 150 possible codes"),
    }
}

/// The largest space the whole-space strategies search: each probe scores every code against
/// every possibility (50,000 × 50,000 is already 2.5 billion scores for a second guess).
pub const MAX_WHOLE_SPACE: usize = 50_000;

impl Algo {
    /// The strategy's name in a sentence ("Knuth's rule broke 1,296 secrets").
    pub fn short_label(self) -> &'static str {
        match self {
            Algo::Knuth => "Knuth's rule",
            Algo::Entropy => "Most information",
            Algo::Expected => "Smallest expected group",
            Algo::Parts => "Most different scores",
            Algo::AllRand => "Random possible code",
            Algo::TryNoDup => "Random code without repeats",
            Algo::BestInfo => "Best of 20 random codes",
            Algo::SampleBest => "Best of 20 on a sample",
        }
    }

    /// Scores every code of the space as a probe (not only the possible ones).
    pub fn searches_whole_space(self) -> bool {
        matches!(self, Algo::Knuth | Algo::Entropy | Algo::Expected | Algo::Parts)
    }

    /// Draws random numbers.
    pub fn is_random(self) -> bool {
        !self.searches_whole_space()
    }

    /// Always probes with a code that could be the secret.
    pub fn stays_consistent(self) -> bool {
        self.is_random()
    }
}

/// How well a probe splits the possibilities, as one number where smaller is better.
fn badness(algo: Algo, parts: &[u32; SCORES]) -> f64 {
    let sizes = parts.iter().filter(|&&n| n > 0).map(|&n| f64::from(n));
    match algo {
        Algo::Knuth => sizes.fold(0.0, f64::max),
        Algo::Expected => sizes.map(|n| n * n).sum(),
        Algo::Parts => -(sizes.count() as f64),
        // Entropy = log n − (Σ n_i log n_i) / n: the largest entropy has the smallest sum.
        _ => sizes.map(|n| n * libm::log2(n)).sum(),
    }
}

/// Shannon information (bits) of how a probe splits `total` possibilities (the slides' `info`).
pub fn information(parts: &[u32; SCORES]) -> f64 {
    let total: f64 = parts.iter().map(|&n| f64::from(n)).sum();
    parts
        .iter()
        .filter(|&&n| n > 0)
        .map(|&n| {
            let p = f64::from(n) / total;
            -p * libm::log2(p)
        })
        .sum()
}

/// What a strategy is asked: the possible codes (increasing) and how many probes were made;
/// it counts the scores it computes (its work).
pub struct Turn<'a> {
    pub space: &'a CodeSpace,
    pub possibles: &'a [u32],
    pub turn: usize,
    pub scored: u64,
}

impl Turn<'_> {
    fn utility(&mut self, probe: usize, over: &[u32]) -> f64 {
        self.scored += over.len() as u64;
        information(&self.space.partition(probe, over))
    }

    /// The probe among `plays` with the most information over `over`; ties go to the larger
    /// code, as Python's `max` over (utility, play) pairs does.
    fn most_informative(&mut self, plays: &[u32], over: &[u32]) -> usize {
        let mut best = (f64::NEG_INFINITY, 0usize);
        for &play in plays {
            let value = (self.utility(play as usize, over), play as usize);
            if value.0 > best.0 || (value.0 == best.0 && value.1 > best.1) {
                best = value;
            }
        }
        best.1
    }

    fn pick_possible(&self, rng: &mut SeededRng) -> usize {
        self.possibles[rng.pick(self.possibles.len())] as usize
    }

    fn sample(&self, rng: &mut SeededRng, k: usize) -> Vec<u32> {
        rng.sample(self.possibles.len(), k).into_iter().map(|i| self.possibles[i]).collect()
    }

    /// `s_trynodup`: up to 20 random possible codes, the first without a repeated symbol.
    fn try_no_dup(&self, rng: &mut SeededRng) -> usize {
        let mut guess = self.pick_possible(rng);
        for _ in 1..20 {
            if !self.space.code(guess).has_repeats() {
                break;
            }
            guess = self.pick_possible(rng);
        }
        guess
    }

    /// The whole-space strategies: every code (or, before any probe, one code of each kind) is
    /// scored against every possibility; the best by `algo`'s measure wins, ties going to a
    /// possible code, then the lowest. `keep_going` is asked now and then; `None` if it said stop.
    fn best_in_space(&mut self, algo: Algo, keep_going: &mut dyn FnMut() -> bool) -> Option<usize> {
        if self.possibles.len() == 1 {
            return Some(self.possibles[0] as usize);
        }
        let candidates: Vec<u32> = if self.turn == 0 && self.possibles.len() == self.space.len() {
            self.space.first_guess_kinds().into_iter().map(|i| i as u32).collect()
        } else {
            (0..self.space.len() as u32).collect()
        };
        let mut best: Option<(f64, bool, usize)> = None;
        let mut next_possible = 0;
        for (i, &candidate) in candidates.iter().enumerate() {
            // Both lists increase, so one pointer tells whether the candidate is possible.
            while next_possible < self.possibles.len() && self.possibles[next_possible] < candidate {
                next_possible += 1;
            }
            let possible = self.possibles.get(next_possible) == Some(&candidate);
            let value = badness(algo, &self.space.partition(candidate as usize, self.possibles));
            self.scored += self.possibles.len() as u64;
            let better = match best {
                None => true,
                Some((b, b_possible, _)) => value < b || (value == b && possible && !b_possible),
            };
            if better {
                best = Some((value, possible, candidate as usize));
            }
            if i % 256 == 255 && !keep_going() {
                return None;
            }
        }
        best.map(|(_, _, code)| code)
    }

    /// The next probe; `None` when `keep_going` said stop.
    pub fn choose(
        &mut self,
        algo: Algo,
        rng: &mut SeededRng,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<usize> {
        if algo.searches_whole_space() {
            return self.best_in_space(algo, keep_going);
        }
        let n = self.possibles.len();
        Some(match algo {
            Algo::AllRand => self.pick_possible(rng),
            _ if self.turn == 0 => self.try_no_dup(rng),
            Algo::TryNoDup => self.try_no_dup(rng),
            Algo::BestInfo => {
                let plays = self.sample(rng, n.min(20));
                let over = self.possibles;
                self.most_informative(&plays, over)
            }
            _ => {
                // s_samplebest: information measured on at most 150 possibilities.
                let (plays, over) = if n > 150 {
                    let over = self.sample(rng, 150);
                    (over[..20].to_vec(), over)
                } else if n > 20 {
                    (self.sample(rng, 20), self.possibles.to_vec())
                } else {
                    (self.possibles.to_vec(), self.possibles.to_vec())
                };
                self.most_informative(&plays, &over)
            }
        })
    }
}
