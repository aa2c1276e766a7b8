//! Seeded randomness shared by every puzzle.
//!
//! A seed is a plain unsigned integer that users see, edit and share. It drives a ChaCha8
//! stream (specified output, identical on every platform), and every draw is reduced to a
//! range by code in this module rather than a library's sampler, whose algorithms may change
//! between releases: a seed in a lesson plan must replay the same run for years.

#[cfg(all(target_arch = "wasm32", feature = "simd"))]
use crate::core::chacha_simd::ChaCha8Rng;
#[cfg(not(all(target_arch = "wasm32", feature = "simd")))]
use chacha20::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The largest seed accepted in links (2^53 - 1), so seeds survive a round trip through
/// JavaScript numbers unchanged.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// What randomised algorithms draw from a stream. Each stream decides how it turns its raw
/// output into these draws, so a stream can copy another language's library exactly.
pub trait Stream {
    /// Uniform float in `[0, 1)`.
    fn unit(&mut self) -> f64;

    /// Uniform integer in `0..bound`.
    fn below(&mut self, bound: u64) -> u64;

    /// True with the given probability.
    fn chance(&mut self, probability: f64) -> bool {
        self.unit() < probability
    }

    /// One toss per probability, in order: what [`Stream::chance`] gives for each (a stream
    /// may toss them all at once).
    fn chances<const K: usize>(&mut self, probabilities: [f64; K]) -> [bool; K] {
        probabilities.map(|p| self.chance(p))
    }

    /// An index in `0..n`, as when choosing one of `n` items with replacement.
    fn pick(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// `k` distinct indices of `0..n` in random order.
    fn sample(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut picks = vec![0; k];
        self.sample_into(n, &mut picks);
        picks
    }

    /// `picks.len()` distinct indices of `0..n` in random order, written into `picks` (the
    /// same draws as [`Stream::sample`], without allocating for small `n`).
    fn sample_into(&mut self, n: usize, picks: &mut [usize]) {
        if n <= SMALL_POOL {
            let mut pool = [0; SMALL_POOL];
            for (i, slot) in pool[..n].iter_mut().enumerate() {
                *slot = i;
            }
            self.choose_into(&mut pool[..n], picks);
        } else {
            self.choose_into(&mut (0..n).collect::<Vec<_>>(), picks);
        }
    }

    /// `picks.len()` distinct items of `pool` in random order: what [`Stream::sample`] draws,
    /// applied to the items instead of their indices. `pool` is left in a scrambled order.
    fn choose_into<T: Copy>(&mut self, pool: &mut [T], picks: &mut [T]);

    /// Two distinct indices of `0..n` in random order: the draws of `sample(n, 2)`, worked
    /// out without a pool (genetic mutations draw millions of pairs).
    fn pair(&mut self, n: usize) -> [usize; 2] {
        let mut picks = [0; 2];
        self.sample_into(n, &mut picks);
        picks
    }
}

/// Pools up to this size are drawn from on the stack.
const SMALL_POOL: usize = 64;

/// A reproducible random stream derived from a user-visible seed.
pub struct SeededRng {
    inner: ChaCha8Rng,
}

impl SeededRng {
    pub fn new(seed: u64) -> Self {
        Self { inner: ChaCha8Rng::seed_from_u64(seed) }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// Uniform integer in `0..bound` (unbiased: rejects the incomplete top block).
    fn below_unbiased(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0) has no values to draw from");
        loop {
            let x = self.next_u64();
            // Values above `zone` are rejected; the zone (a costly division) is only worked
            // out for the rare draws within `bound` of the top.
            if x <= u64::MAX - bound || x <= u64::MAX - (u64::MAX % bound + 1) % bound {
                return x % bound;
            }
        }
    }

    /// Fisher–Yates shuffle driven by this stream.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

impl Stream for SeededRng {
    /// 53 random bits.
    fn unit(&mut self) -> f64 {
        unit_from(self.next_u64())
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.below_unbiased(bound)
    }

    /// A forward Fisher–Yates shuffle stopped after `picks.len()` swaps.
    fn choose_into<T: Copy>(&mut self, pool: &mut [T], picks: &mut [T]) {
        let n = pool.len();
        for (i, pick) in picks.iter_mut().enumerate() {
            let j = i + self.below((n - i) as u64) as usize;
            pool.swap(i, j);
            *pick = pool[i];
        }
    }

    /// After the first swap, slot `j` holds 0 if it was the first pick, else `j`.
    fn pair(&mut self, n: usize) -> [usize; 2] {
        let first = self.below(n as u64) as usize;
        let j = 1 + self.below(n as u64 - 1) as usize;
        [first, if j == first { 0 } else { j }]
    }
}

/// A float in `[0, 1)` from the top 53 of 64 random bits.
fn unit_from(bits: u64) -> f64 {
    (bits >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Turns any 64 random bits (e.g. from the browser) into a seed a person can read and type.
pub fn seed_from_entropy(bits: u64) -> u64 {
    bits % 1_000_000_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = (0..5)
            .map({
                let mut r = SeededRng::new(42);
                move |_| r.next_u64()
            })
            .collect();
        let mut r = SeededRng::new(42);
        let b: Vec<u64> = (0..5).map(|_| r.next_u64()).collect();
        assert_eq!(a, b);
        let mut other = SeededRng::new(43);
        assert_ne!(a[0], other.next_u64());
    }

    /// Pins the stream itself: if a dependency upgrade changed ChaCha8's output or seeding,
    /// every shared link with a seed would replay differently, and this test must say so.
    #[test]
    fn stream_is_pinned() {
        let mut r = SeededRng::new(2026);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(first, PINNED_2026);
        let mut r = SeededRng::new(7);
        let draws: Vec<u64> = (0..8).map(|_| r.below(10)).collect();
        assert_eq!(draws, PINNED_7_BELOW_10);
    }

    const PINNED_2026: [u64; 3] = [11061696800896296791, 4684971635267453691, 778870589753893764];
    const PINNED_7_BELOW_10: [u64; 8] = [5, 4, 5, 3, 0, 8, 1, 0];

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SeededRng::new(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[r.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800 && n < 1200), "{seen:?}");
    }

    #[test]
    fn unit_and_chance() {
        let mut r = SeededRng::new(3);
        for _ in 0..1000 {
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
        }
        assert!(!r.chance(0.0));
        assert!(r.chance(1.0));
    }

    /// Tosses are pinned as the stream is: a change to `unit`, `chance` or `chances` would
    /// replay every shared genetic run differently.
    #[test]
    fn chances_are_pinned() {
        let mut r = SeededRng::new(5);
        let units: Vec<f64> = (0..3).map(|_| r.unit()).collect();
        assert_eq!(units, PINNED_5_UNITS);
        let tosses = r.chances([0.5; 16]);
        let mask = tosses.iter().rev().fold(0u16, |bits, &t| bits << 1 | u16::from(t));
        assert_eq!(mask, PINNED_5_TOSSES);
        // Certain and impossible tosses, and a probability that is not a number, whatever the words.
        for _ in 0..200 {
            assert_eq!(r.chances([0.0, 1.0, f64::NAN]), [false, true, false]);
        }
    }

    const PINNED_5_UNITS: [f64; 3] = [0.20124970334780368, 0.7151805398233817, 0.8165390737111298];
    const PINNED_5_TOSSES: u16 = 0b1100_0011_0000_0110;

    /// `choose_into` is the forward Fisher–Yates shuffle stopped after `picks.len()` swaps,
    /// checked against that shuffle written out over the same draws, and pinned.
    #[test]
    fn choose_into_is_a_partial_fisher_yates_shuffle() {
        for (seed, n, k) in [(11u64, 10usize, 3usize), (12, 2, 2), (13, 100, 7), (14, 5, 0)] {
            let (mut r, mut twin) = (SeededRng::new(seed), SeededRng::new(seed));
            let mut pool: Vec<usize> = (0..n).collect();
            let mut picks = vec![0; k];
            r.choose_into(&mut pool, &mut picks);
            let mut expected: Vec<usize> = (0..n).collect();
            for i in 0..k {
                let j = i + twin.below((n - i) as u64) as usize;
                expected.swap(i, j);
            }
            assert_eq!(picks, expected[..k], "seed {seed}");
            assert_eq!(pool, expected, "the pool is left as the shuffle leaves it");
            assert_eq!(r.next_u64(), twin.next_u64(), "the same draws used");
        }
        let mut letters: Vec<char> = ('a'..='j').collect();
        let mut picks = [' '; 3];
        SeededRng::new(11).choose_into(&mut letters, &mut picks);
        assert_eq!(String::from_iter(picks), PINNED_11_CHOICE);
    }

    const PINNED_11_CHOICE: &str = "eja";

    #[test]
    fn sample_draws_distinct_indices() {
        let mut r = SeededRng::new(4);
        for _ in 0..100 {
            let mut s = r.sample(16, 2);
            assert_eq!(s.len(), 2);
            s.dedup();
            assert_eq!(s.len(), 2);
            assert!(s.iter().all(|&i| i < 16));
        }
        let mut all = r.sample(10, 10);
        all.sort();
        assert_eq!(all, (0..10).collect::<Vec<_>>());
        assert_eq!(r.sample(100, 3).len(), 3, "a pool too big for the stack");
    }

    /// The fast paths draw exactly what the general ones draw, in the same order.
    #[test]
    fn pair_and_choose_agree_with_sample() {
        for n in [2, 3, 16, 100] {
            let (mut a, mut b) = (SeededRng::new(n as u64), SeededRng::new(n as u64));
            for _ in 0..500 {
                assert_eq!(a.pair(n).to_vec(), b.sample(n, 2), "n = {n}");
            }
            let k = n.min(5);
            let mut items: Vec<char> = ('a'..='z').cycle().take(n).collect();
            let mut picks = vec![' '; k];
            a.choose_into(&mut items, &mut picks);
            let letters: Vec<char> = ('a'..='z').cycle().take(n).collect();
            let indices = b.sample(n, k);
            assert_eq!(picks, indices.iter().map(|&i| letters[i]).collect::<Vec<_>>());
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = SeededRng::new(9);
        let mut v: Vec<u32> = (0..20).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
