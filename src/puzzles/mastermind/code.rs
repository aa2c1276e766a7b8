//! Codes and scores. A variant (pegs, symbols, repeats) has a space of codes, listed in
//! increasing order; a code is scored against another as (black, white) = (strikes, balls):
//! right symbol in the right place, right symbol in the wrong place.
//!
//! Scoring is the hot loop of every strategy, so each code is packed once: its symbols one per
//! 4-bit nibble (first peg highest, so packed order is code order) and how many times each
//! symbol occurs, one per nibble. Black pegs are the zero nibbles of `a ^ b`; black + white is
//! the sum of nibble-wise minima of the counts. No allocation, no branch.

use std::fmt;

pub const MIN_PEGS: usize = 2;
pub const MAX_PEGS: usize = 6;
pub const MIN_SYMBOLS: usize = 2;
pub const MAX_SYMBOLS: usize = 10;

/// The rules: how long a code is, how many symbols it draws from, whether one may repeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    pub pegs: usize,
    pub symbols: usize,
    pub repeats: bool,
}

impl Variant {
    /// Classic Mastermind: 4 pegs, 6 colours, repeats allowed (1,296 codes).
    pub const CLASSIC: Variant = Variant { pegs: 4, symbols: 6, repeats: true };
    /// Hettinger's digits (the slides): 4 digits 0–9, repeats allowed (10,000 codes).
    pub const DIGITS: Variant = Variant { pegs: 4, symbols: 10, repeats: true };

    /// How a symbol is written: `1`…`k` for k ≤ 9 (Knuth's 1122), `0`…`9` for k = 10.
    pub fn symbol_char(&self, symbol: u8) -> char {
        let first = if self.symbols == 10 { b'0' } else { b'1' };
        char::from(first + symbol)
    }

    /// Number of codes, or `None` when repeats are off and there are more pegs than symbols.
    pub fn size(&self) -> usize {
        if self.repeats {
            self.symbols.pow(self.pegs as u32)
        } else {
            (0..self.pegs).map(|i| self.symbols.saturating_sub(i)).product()
        }
    }

    /// Reads a code such as `1122`, saying what is wrong with it.
    pub fn parse(&self, text: &str) -> Result<Code, String> {
        let chars: Vec<char> = text.chars().collect();
        if chars.is_empty() {
            return Err(format!(
                "it has no symbols yet; a code has {} (use {})",
                self.pegs,
                self.symbol_range()
            ));
        }
        if chars.len() != self.pegs {
            let has = crate::core::format::count_of(chars.len() as u64, "symbol", "symbols");
            return Err(format!("'{text}' has {has}; a code has {}", self.pegs));
        }
        let mut symbols = [0u8; MAX_PEGS];
        for (i, &c) in chars.iter().enumerate() {
            symbols[i] = (0..self.symbols as u8)
                .find(|&s| self.symbol_char(s) == c)
                .ok_or_else(|| format!("'{c}' in '{text}' is not a symbol: use {}", self.symbol_range()))?;
        }
        let code = Code { pegs: self.pegs as u8, symbols };
        if !self.repeats && code.has_repeats() {
            return Err(format!("'{text}' repeats a symbol, and repeats are off"));
        }
        Ok(code)
    }

    /// The code at `index` in the variant's increasing order (`index < size()`), worked out
    /// without listing the codes before it.
    pub fn code_at(&self, mut index: usize) -> Code {
        let mut symbols = [0u8; MAX_PEGS];
        let mut unused: Vec<u8> = (0..self.symbols as u8).collect();
        for (peg, symbol) in symbols.iter_mut().enumerate().take(self.pegs) {
            let choices = if self.repeats { self.symbols } else { unused.len() };
            // Codes sharing this peg's symbol: every way of filling the pegs after it.
            let after = Variant { pegs: self.pegs - peg - 1, symbols: choices - 1, repeats: false };
            let block = if self.repeats { self.symbols.pow(after.pegs as u32) } else { after.size() };
            let pick = index / block;
            index %= block;
            *symbol = if self.repeats { pick as u8 } else { unused.remove(pick) };
        }
        Code { pegs: self.pegs as u8, symbols }
    }

    /// `1–6` or `0–9`.
    pub fn symbol_range(&self) -> String {
        format!("{}–{}", self.symbol_char(0), self.symbol_char(self.symbols as u8 - 1))
    }

    /// The code written out.
    pub fn show(&self, code: &Code) -> String {
        code.symbols().iter().map(|&s| self.symbol_char(s)).collect()
    }
}

/// A code: one symbol (0-based) per peg.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code {
    pegs: u8,
    symbols: [u8; MAX_PEGS],
}

impl Code {
    pub fn symbols(&self) -> &[u8] {
        &self.symbols[..usize::from(self.pegs)]
    }

    pub fn has_repeats(&self) -> bool {
        let s = self.symbols();
        (0..s.len()).any(|i| s[i + 1..].contains(&s[i]))
    }
}

/// A score: black pegs (right symbol, right place) and white pegs (right symbol, wrong place),
/// stored as one small number so a partition by score is an array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(u8);

/// Scores index arrays of this length.
pub const SCORES: usize = (MAX_PEGS + 1) * (MAX_PEGS + 1);

impl Score {
    pub fn new(black: usize, white: usize) -> Self {
        Score((black * (MAX_PEGS + 1) + white) as u8)
    }

    pub fn black(self) -> usize {
        usize::from(self.0) / (MAX_PEGS + 1)
    }

    pub fn white(self) -> usize {
        usize::from(self.0) % (MAX_PEGS + 1)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn from_index(index: usize) -> Self {
        Score(index as u8)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}-{}", self.black(), self.white())
    }
}

/// A code packed for scoring (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Packed {
    symbols: u32,
    counts: u64,
}

const NIBBLE_HIGH_BITS: u64 = 0x8888_8888_8888_8888;
const NIBBLE_LOW_BITS: u64 = 0x1111_1111_1111_1111;

impl Packed {
    fn of(code: &Code) -> Self {
        let mut symbols = 0u32;
        let mut counts = 0u64;
        for &s in code.symbols() {
            symbols = symbols << 4 | u32::from(s);
            counts += 1 << (4 * s);
        }
        Packed { symbols, counts }
    }

    fn score(self, other: Packed, pegs: u32) -> Score {
        let differ = self.symbols ^ other.symbols;
        let nonzero = (differ | differ >> 1 | differ >> 2 | differ >> 3) & 0x0011_1111;
        let black = pegs - nonzero.count_ones();
        // Nibble-wise minimum: counts are at most 6, so (8 + a) - b never borrows across
        // nibbles, and its high bit says a ≥ b.
        let (a, b) = (self.counts, other.counts);
        let a_at_least_b = ((a | NIBBLE_HIGH_BITS) - b) & NIBBLE_HIGH_BITS;
        let take_b = (a_at_least_b >> 3) * 0xF;
        let minima = (b & take_b) | (a & !take_b);
        let common = (minima.wrapping_mul(NIBBLE_LOW_BITS) >> 60) as u32;
        Score::new(black as usize, (common - black) as usize)
    }
}

/// Every code of a variant, in increasing order, packed for scoring.
pub struct CodeSpace {
    pub variant: Variant,
    codes: Vec<Code>,
    packed: Vec<Packed>,
}

impl CodeSpace {
    pub fn new(variant: Variant) -> Self {
        let mut codes = Vec::with_capacity(variant.size());
        let mut symbols = [0u8; MAX_PEGS];
        let pegs = variant.pegs;
        // An odometer over symbol strings, last peg fastest: codes come out in increasing order.
        'all: loop {
            let code = Code { pegs: pegs as u8, symbols };
            if variant.repeats || !code.has_repeats() {
                codes.push(code);
            }
            let mut peg = pegs;
            loop {
                if peg == 0 {
                    break 'all;
                }
                peg -= 1;
                symbols[peg] += 1;
                if usize::from(symbols[peg]) < variant.symbols {
                    break;
                }
                symbols[peg] = 0;
            }
        }
        let packed = codes.iter().map(Packed::of).collect();
        Self { variant, codes, packed }
    }

    pub fn len(&self) -> usize {
        self.codes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    pub fn code(&self, index: usize) -> Code {
        self.codes[index]
    }

    /// The code's position in the space (codes of another variant are not found).
    pub fn index_of(&self, code: &Code) -> Option<usize> {
        self.codes.binary_search(code).ok()
    }

    /// The code at `index` written out.
    pub fn show(&self, index: usize) -> String {
        self.variant.show(&self.codes[index])
    }

    /// The score of guess `a` when the secret is `b` (symmetric).
    #[inline]
    pub fn score(&self, a: usize, b: usize) -> Score {
        self.packed[a].score(self.packed[b], self.variant.pegs as u32)
    }

    /// The score that means "that's the code".
    pub fn win(&self) -> Score {
        Score::new(self.variant.pegs, 0)
    }

    /// How a guess splits `possibles`: the number of them giving each score.
    pub fn partition(&self, guess: usize, possibles: &[u32]) -> [u32; SCORES] {
        let mut parts = [0u32; SCORES];
        let (g, pegs) = (self.packed[guess], self.variant.pegs as u32);
        for &p in possibles {
            parts[g.score(self.packed[p as usize], pegs).index()] += 1;
        }
        parts
    }

    /// The possibilities left after `guess` scored `score`.
    pub fn keep_consistent(&self, possibles: &mut Vec<u32>, guess: usize, score: Score) {
        possibles.retain(|&p| self.score(guess, p as usize) == score);
    }

    /// The lowest code of each kind of first guess: codes alike up to renaming symbols and
    /// reordering pegs split the whole space alike (1122 stands for every "two pairs").
    pub fn first_guess_kinds(&self) -> Vec<usize> {
        let mut kinds = Vec::new();
        let mut multiplicities = Vec::new();
        self.collect_kinds(self.variant.pegs, self.variant.pegs, &mut multiplicities, &mut kinds);
        kinds.sort_unstable();
        kinds
    }

    /// Partitions of `left` pegs into multiplicities of at most `largest`, each made a code.
    fn collect_kinds(&self, left: usize, largest: usize, taken: &mut Vec<usize>, kinds: &mut Vec<usize>) {
        if left == 0 {
            let mut symbols = [0u8; MAX_PEGS];
            let mut peg = 0;
            for (symbol, &count) in taken.iter().enumerate() {
                symbols[peg..peg + count].fill(symbol as u8);
                peg += count;
            }
            if let Some(index) = self.index_of(&Code { pegs: self.variant.pegs as u8, symbols }) {
                kinds.push(index);
            }
            return;
        }
        if taken.len() == self.variant.symbols {
            return;
        }
        for count in (1..=largest.min(left)).rev() {
            taken.push(count);
            self.collect_kinds(left - count, count, taken, kinds);
            taken.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::seed::{SeededRng, Stream};

    /// The slides' `compare`, as written.
    fn reference_score(a: &[u8], b: &[u8]) -> (usize, usize) {
        let (mut count1, mut count2) = ([0usize; 10], [0usize; 10]);
        let mut strikes = 0;
        for (&d1, &d2) in a.iter().zip(b) {
            if d1 == d2 {
                strikes += 1;
            }
            count1[usize::from(d1)] += 1;
            count2[usize::from(d2)] += 1;
        }
        let balls: usize = count1.iter().zip(&count2).map(|(x, y)| x.min(y)).sum::<usize>() - strikes;
        (strikes, balls)
    }

    #[test]
    fn packed_scores_match_the_slides_compare_on_random_pairs() {
        let mut rng = SeededRng::new(10);
        for pegs in MIN_PEGS..=MAX_PEGS {
            for symbols in MIN_SYMBOLS..=MAX_SYMBOLS {
                let space = CodeSpace::new(Variant { pegs, symbols, repeats: true });
                for _ in 0..300 {
                    let (a, b) = (rng.pick(space.len()), rng.pick(space.len()));
                    let s = space.score(a, b);
                    let expected = reference_score(space.code(a).symbols(), space.code(b).symbols());
                    assert_eq!((s.black(), s.white()), expected, "{} vs {}", space.show(a), space.show(b));
                    assert_eq!(s, space.score(b, a));
                }
            }
        }
    }

    #[test]
    fn the_slides_example_scores_one_strike_two_balls() {
        let space = CodeSpace::new(Variant::DIGITS);
        let secret = space.index_of(&Variant::DIGITS.parse("4337").unwrap()).unwrap();
        let guess = space.index_of(&Variant::DIGITS.parse("3324").unwrap()).unwrap();
        assert_eq!(space.score(guess, secret), Score::new(1, 2));
        assert_eq!(space.score(secret, secret), space.win());
    }

    #[test]
    fn spaces_list_every_code_in_order() {
        assert_eq!(CodeSpace::new(Variant::CLASSIC).len(), 1296);
        let digits = CodeSpace::new(Variant::DIGITS);
        assert_eq!((digits.len(), digits.show(0), digits.show(9999)), (10_000, "0000".into(), "9999".into()));
        let no_repeats = CodeSpace::new(Variant { pegs: 4, symbols: 6, repeats: false });
        assert_eq!((no_repeats.len(), no_repeats.show(0)), (360, "1234".to_string()));
        assert_eq!(Variant { pegs: 5, symbols: 3, repeats: false }.size(), 0);
        assert!(CodeSpace::new(Variant { pegs: 5, symbols: 3, repeats: false }).is_empty());
        let classic = CodeSpace::new(Variant::CLASSIC);
        for i in [0, 1, 700, 1295] {
            assert_eq!(classic.index_of(&classic.code(i)), Some(i));
        }
        for variant in [
            Variant::CLASSIC,
            Variant { pegs: 4, symbols: 6, repeats: false },
            Variant { pegs: 3, symbols: 10, repeats: false },
        ] {
            let space = CodeSpace::new(variant);
            assert!((0..space.len()).all(|i| variant.code_at(i) == space.code(i)), "{variant:?}");
        }
    }

    #[test]
    fn first_guess_kinds_are_the_lowest_code_of_each_pattern() {
        let classic = CodeSpace::new(Variant::CLASSIC);
        let shown: Vec<String> = classic.first_guess_kinds().iter().map(|&i| classic.show(i)).collect();
        assert_eq!(shown, ["1111", "1112", "1122", "1123", "1234"]);
        let two = CodeSpace::new(Variant { pegs: 4, symbols: 2, repeats: true });
        let shown: Vec<String> = two.first_guess_kinds().iter().map(|&i| two.show(i)).collect();
        assert_eq!(shown, ["1111", "1112", "1122"]);
        let distinct = CodeSpace::new(Variant { pegs: 3, symbols: 10, repeats: false });
        assert_eq!(
            distinct.first_guess_kinds().iter().map(|&i| distinct.show(i)).collect::<Vec<_>>(),
            ["012"]
        );
    }

    #[test]
    fn bad_codes_are_named() {
        let v = Variant::CLASSIC;
        assert_eq!(v.show(&v.parse("3632").unwrap()), "3632");
        assert!(v.parse("12345").unwrap_err().contains("has 5 symbols; a code has 4"));
        assert_eq!(v.parse("").unwrap_err(), "it has no symbols yet; a code has 4 (use 1–6)");
        assert!(v.parse("1270").unwrap_err().contains("'7' in '1270' is not a symbol: use 1–6"));
        let distinct = Variant { repeats: false, ..v };
        assert!(distinct.parse("1123").unwrap_err().contains("repeats"));
    }
}
