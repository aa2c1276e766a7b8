//! A random stream that reproduces CPython's `random` module draw for draw, so that a seed
//! from a Python article replays the article's run exactly (no Python needed).
//!
//! CPython: the Mersenne Twister MT19937 seeded by `init_by_array` with the seed's 32-bit
//! words (least significant first); `random()` joins 27 and 26 bits of two outputs;
//! `_randbelow(n)` draws `n.bit_length()` bits and rejects values ≥ n; `sample` takes from a
//! shrinking pool when the population is small (always, for the sizes used here), and
//! `choices` without weights is `floor(random() * n)`.

use crate::core::seed::Stream;

const N: usize = 624;
const M: usize = 397;

pub struct PythonRandom {
    state: [u32; N],
    /// The outputs of the current state, tempered all at once after each twist.
    outputs: [u32; N],
    /// The next unread output.
    index: usize,
}

impl PythonRandom {
    /// `random.seed(seed)` for a non-negative integer.
    pub fn new(seed: u64) -> Self {
        let mut key: Vec<u32> = vec![seed as u32];
        if seed >> 32 != 0 {
            key.push((seed >> 32) as u32);
        }
        let mut rng = Self { state: [0; N], outputs: [0; N], index: N };
        rng.init_by_array(&key);
        rng
    }

    fn init_genrand(&mut self, seed: u32) {
        self.state[0] = seed;
        for i in 1..N {
            let prev = self.state[i - 1];
            self.state[i] = 1_812_433_253u32.wrapping_mul(prev ^ (prev >> 30)).wrapping_add(i as u32);
        }
        self.index = N;
    }

    fn init_by_array(&mut self, key: &[u32]) {
        self.init_genrand(19_650_218);
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = self.state[i - 1];
            self.state[i] = (self.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                self.state[0] = self.state[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = self.state[i - 1];
            self.state[i] =
                (self.state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                self.state[0] = self.state[N - 1];
                i = 1;
            }
        }
        self.state[0] = 0x8000_0000;
    }

    /// The next 624 words of state, and their tempered outputs, in the form that is fastest
    /// where the code runs: WebAssembly without vector instructions works on pairs of words;
    /// the worker's SIMD build (feature `simd`) runs the word loops four words at a time, as
    /// native code does.
    fn twist(&mut self) {
        #[cfg(all(target_arch = "wasm32", not(feature = "simd")))]
        self.twist_in_pairs();
        #[cfg(any(not(target_arch = "wasm32"), feature = "simd"))]
        self.twist_in_words();
        self.index = 0;
    }

    /// Written as straight loops without branches so that the compiler can run them on
    /// vector registers.
    #[cfg(any(test, not(target_arch = "wasm32"), feature = "simd"))]
    #[cfg_attr(all(target_arch = "wasm32", feature = "simd"), target_feature(enable = "simd128"))]
    fn twist_in_words(&mut self) {
        let mix = |upper: u32, lower: u32, far: u32| {
            let y = (upper & 0x8000_0000) | (lower & 0x7fff_ffff);
            far ^ (y >> 1) ^ ((y & 1).wrapping_neg() & 0x9908_b0df)
        };
        let state = &mut self.state;
        // The same recurrence as one loop over k with indices mod N, split where they wrap.
        for k in 0..N - M {
            state[k] = mix(state[k], state[k + 1], state[k + M]);
        }
        for k in N - M..N - 1 {
            state[k] = mix(state[k], state[k + 1], state[k + M - N]);
        }
        state[N - 1] = mix(state[N - 1], state[0], state[M - 1]);
        for (output, &word) in self.outputs.iter_mut().zip(state.iter()) {
            *output = temper(word);
        }
    }

    /// The same, two words at once in one 64-bit integer (each step masked so that nothing
    /// crosses between them): half the instructions where there are no vector registers.
    #[cfg(any(test, all(target_arch = "wasm32", not(feature = "simd"))))]
    fn twist_in_pairs(&mut self) {
        let state = &mut self.state;
        // N − M is odd: the first part ends with a single word.
        for k in (0..N - M - 1).step_by(2) {
            let next = pairs::mix(pairs::get(state, k), pairs::get(state, k + 1), pairs::get(state, k + M));
            pairs::set(state, k, next);
        }
        let single =
            |upper: u32, lower: u32, far: u32| pairs::mix(upper.into(), lower.into(), far.into()) as u32;
        state[N - M - 1] = single(state[N - M - 1], state[N - M], state[N - 1]);
        for k in (N - M..N - 1).step_by(2) {
            let next =
                pairs::mix(pairs::get(state, k), pairs::get(state, k + 1), pairs::get(state, k + M - N));
            pairs::set(state, k, next);
        }
        state[N - 1] = single(state[N - 1], state[0], state[M - 1]);
        for k in (0..N).step_by(2) {
            pairs::set(&mut self.outputs, k, pairs::temper(pairs::get(state, k)));
        }
    }

    /// One 32-bit output of MT19937.
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let output = self.outputs[self.index];
        self.index += 1;
        output
    }
}

/// MT19937's steps on two 32-bit words at once, the low and high halves of a `u64`.
#[cfg(any(test, all(target_arch = "wasm32", not(feature = "simd"))))]
mod pairs {
    use super::N;

    /// Words `k` and `k + 1`.
    pub fn get(words: &[u32; N], k: usize) -> u64 {
        u64::from(words[k]) | u64::from(words[k + 1]) << 32
    }

    pub fn set(words: &mut [u32; N], k: usize, both: u64) {
        words[k] = both as u32;
        words[k + 1] = (both >> 32) as u32;
    }

    /// A 32-bit mask repeated in both halves.
    const fn halves(mask: u32) -> u64 {
        (mask as u64) << 32 | mask as u64
    }

    /// The recurrence: the top bit of `upper` and the rest of `lower`, shifted, added to
    /// `far` and, when odd, to the twist matrix.
    pub fn mix(upper: u64, lower: u64, far: u64) -> u64 {
        let y = (upper & halves(0x8000_0000)) | (lower & halves(0x7fff_ffff));
        let odd = y & halves(1);
        // All ones in each half whose `y` is odd: 2^32·odd − odd, the upper half's carry lost.
        let odd_mask = (odd << 32).wrapping_sub(odd);
        far ^ ((y >> 1) & halves(0x7fff_ffff)) ^ (odd_mask & halves(0x9908_b0df))
    }

    /// The tempering; bits the left shifts carry into the upper half are cleared by the masks.
    pub fn temper(words: u64) -> u64 {
        let mut y = words;
        y ^= (y >> 11) & halves(0x001f_ffff);
        y ^= (y << 7) & halves(0x9d2c_5680);
        y ^= (y << 15) & halves(0xefc6_0000);
        y ^ ((y >> 18) & halves(0x0000_3fff))
    }
}

/// MT19937's tempering of a state word into an output.
#[cfg(any(test, not(target_arch = "wasm32"), feature = "simd"))]
fn temper(word: u32) -> u32 {
    let mut y = word;
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c_5680;
    y ^= (y << 15) & 0xefc6_0000;
    y ^ (y >> 18)
}

impl Stream for PythonRandom {
    /// `random.random()`.
    fn unit(&mut self) -> f64 {
        let (a, b) = match self.outputs.get(self.index..self.index + 2) {
            Some(&[first, second]) => {
                self.index += 2;
                (first, second)
            }
            _ => (self.next_u32(), self.next_u32()),
        };
        let (a, b) = (u64::from(a >> 5), u64::from(b >> 6));
        (a as f64 * 67_108_864.0 + b as f64) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `random() < p` for each `p`, from consecutive pairs of outputs read at once when they
    /// are in the same twist. `random()` is exactly `x / 2^53` for the 53-bit integer `x` it
    /// joins, so comparing `x` with `p · 2^53` (also exact) gives the same answer.
    fn chances<const K: usize>(&mut self, probabilities: [f64; K]) -> [bool; K] {
        let Some(window) = self.outputs.get(self.index..self.index + 2 * K) else {
            return probabilities.map(|p| self.chance(p));
        };
        self.index += 2 * K;
        std::array::from_fn(|i| {
            let joined = u64::from(window[2 * i] >> 5) << 26 | u64::from(window[2 * i + 1] >> 6);
            (joined as f64) < probabilities[i] * 9_007_199_254_740_992.0
        })
    }

    /// `random._randbelow(bound)` (bounds below 2^32, all this app needs): `k`-bit draws
    /// until one is below `bound`. Four outputs are tested at once, and the first that passes
    /// is taken (the others stay unread): whether a draw is rejected is a coin toss, which a
    /// branch per draw would mispredict half the time.
    fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0 && bound < 1 << 32, "bound out of range");
        let shift = bound.leading_zeros() - 32;
        let passes = |output: u32| u64::from(output >> shift) < bound;
        while self.index + 4 <= N {
            let window = &self.outputs[self.index..self.index + 4];
            let mask = window.iter().enumerate().fold(0u32, |m, (i, &w)| m | u32::from(passes(w)) << i);
            if mask != 0 {
                let first = mask.trailing_zeros() as usize;
                self.index += first + 1;
                return u64::from(window[first] >> shift);
            }
            self.index += 4;
        }
        loop {
            let output = self.next_u32();
            if passes(output) {
                return u64::from(output >> shift);
            }
        }
    }

    /// One element of `random.choices(population, k=…)` without weights.
    fn pick(&mut self, n: usize) -> usize {
        (self.unit() * n as f64).floor() as usize
    }

    /// `random.sample(pool, k)` in CPython's pool form (used while n ≤ 21 + 4^⌈log4(3k)⌉,
    /// which holds for every call here; larger cases are refused rather than silently wrong).
    fn choose_into<T: Copy>(&mut self, pool: &mut [T], picks: &mut [T]) {
        let (n, k) = (pool.len(), picks.len());
        let mut set_size = 21usize;
        if k > 5 {
            // CPython adds 4 ** ceil(log(3k, 4)): the least power of four reaching 3k (never
            // equal to it, so the float logarithm has no tie to round), found without one.
            set_size += std::iter::successors(Some(1usize), |p| p.checked_mul(4))
                .find(|&p| p >= 3 * k)
                .unwrap_or(usize::MAX - 21);
        }
        assert!(n <= set_size, "CPython would use its set-based sample here: not reproduced");
        for (i, pick) in picks.iter_mut().enumerate() {
            let j = self.below((n - i) as u64) as usize;
            *pick = pool[j];
            pool[j] = pool[n - i - 1];
        }
    }

    /// The first pick's slot is refilled with the last index, `n − 1`.
    fn pair(&mut self, n: usize) -> [usize; 2] {
        let first = self.below(n as u64) as usize;
        let j = self.below(n as u64 - 1) as usize;
        [first, if j == first { n - 1 } else { j }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values printed by CPython 3.11 for the same calls.
    #[test]
    fn matches_cpython() {
        let mut r = PythonRandom::new(1_690_419_104);
        let first: Vec<f64> = (0..3).map(|_| r.unit()).collect();
        assert_eq!(first, [0.7971825107893925, 0.5027895117156659, 0.4410005161784769]);
        let mut r = PythonRandom::new(5);
        assert_eq!(r.sample(16, 2), [8, 11]);
        let picks: Vec<usize> = (0..3).map(|_| r.pick(100)).collect();
        assert_eq!(picks, [35, 69, 84]);
        assert_eq!(r.next_u32(), 2_800_454_814);
        assert_eq!(PythonRandom::new(0).unit(), 0.8444218515250481);
        assert_eq!(PythonRandom::new((1 << 40) + 7).unit(), 0.6137037779936511);
    }

    /// `below` tests four outputs at once; it must consume exactly what CPython's one-by-one
    /// loop consumes, across twists too.
    #[test]
    fn below_draws_as_cpython_does() {
        for bound in [1, 2, 3, 5, 16, 17, 100, 1000, (1 << 31) + 1, (1 << 32) - 1] {
            let (mut fast, mut plain) = (PythonRandom::new(bound), PythonRandom::new(bound));
            let k = 64 - bound.leading_zeros();
            for _ in 0..2000 {
                let expected = loop {
                    let r = u64::from(plain.next_u32() >> (32 - k));
                    if r < bound {
                        break r;
                    }
                };
                assert_eq!(fast.below(bound), expected, "bound {bound}");
                assert_eq!(fast.next_u32(), plain.next_u32(), "bound {bound}: same outputs used");
            }
        }
    }

    /// WebAssembly's twist, on pairs of words, is the same as the one on single words.
    #[test]
    fn twisting_in_pairs_is_twisting_in_words() {
        for seed in [0, 1, 1_690_419_104, u64::MAX] {
            let (mut pairs, mut words) = (PythonRandom::new(seed), PythonRandom::new(seed));
            for _ in 0..5 {
                pairs.twist_in_pairs();
                words.twist_in_words();
                assert_eq!(pairs.state, words.state, "seed {seed}");
                assert_eq!(pairs.outputs, words.outputs, "seed {seed}");
            }
        }
    }

    #[test]
    fn unit_reads_two_outputs_across_twists() {
        let (mut fast, mut plain) = (PythonRandom::new(8), PythonRandom::new(8));
        plain.next_u32();
        fast.next_u32();
        for _ in 0..2000 {
            let (a, b) = (u64::from(plain.next_u32() >> 5), u64::from(plain.next_u32() >> 6));
            assert_eq!(fast.unit(), (a as f64 * 67_108_864.0 + b as f64) / 9_007_199_254_740_992.0);
        }
    }

    /// Tosses read at once answer as `random() < p` one by one, across twists too, for any p.
    #[test]
    fn chances_toss_as_random_does() {
        let odd =
            [0.5, 0.0, 1.0, 0.95, 1e-300, -0.25, 1.5, f64::NAN, 0.1, 0.7, 0.3, 0.999, 1e-9, 0.5, 0.2, 0.6];
        for seed in 0..8 {
            let (mut fast, mut plain) = (PythonRandom::new(seed), PythonRandom::new(seed));
            for round in 0..400 {
                let expected = odd.map(|p| plain.unit() < p);
                assert_eq!(fast.chances(odd), expected, "seed {seed}, round {round}");
                let expected = [0.5, 0.5, 0.95].map(|p| plain.unit() < p);
                assert_eq!(fast.chances([0.5, 0.5, 0.95]), expected);
                assert_eq!(fast.next_u32(), plain.next_u32(), "the same outputs used");
            }
        }
    }

    #[test]
    fn pair_and_choose_agree_with_sample() {
        for n in [2, 3, 16, 21] {
            let (mut a, mut b) = (PythonRandom::new(n as u64), PythonRandom::new(n as u64));
            for _ in 0..500 {
                assert_eq!(a.pair(n).to_vec(), b.sample(n, 2), "n = {n}");
            }
            let mut items: Vec<u32> = (0..n as u32).map(|i| i * 10).collect();
            let mut picks = vec![0; 2];
            a.choose_into(&mut items, &mut picks);
            let indices = b.sample(n, 2);
            assert_eq!(picks, indices.iter().map(|&i| i as u32 * 10).collect::<Vec<_>>());
        }
    }
}
