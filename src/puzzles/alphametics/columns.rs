//! The `columns` solver on the constraint engine: letters are variables (digits 0–9, no 0 for
//! a leading letter, all different), the open letter with fewest digits left guessed first.
//! Once the last k digits of every word are known, the equation must hold modulo 10^k (for
//! sums this is the column-by-column check with carries; products, powers and quotients,
//! cleared of division first, are checked the same way); when one letter of the next column
//! is open, only the digits that keep that column right stay. The range the equation can
//! still reach, from each letter's smallest and largest digit, must contain zero (this fixes
//! leading letters such as MONEY's M). Exact equality is checked once every letter has a digit.

use super::equation::{exact, Equation, Expr, Letter, Op};
use crate::core::constraint::{
    single, values, AllDifferent, DeadEnd, Domain, Model, Propagation, Propagator,
};

/// A polynomial in the words: the equation with its divisions cleared.
#[derive(Debug, Clone)]
enum Poly {
    Word(Vec<Letter>),
    Number(i128),
    Add(Box<Poly>, Box<Poly>),
    Sub(Box<Poly>, Box<Poly>),
    Mul(Box<Poly>, Box<Poly>),
    Pow(Box<Poly>, u32),
    /// A power whose exponent has letters: known only when every letter is.
    Opaque,
}

fn mul(a: Poly, b: Poly) -> Poly {
    Poly::Mul(Box::new(a), Box::new(b))
}

/// An expression as numerator and denominator polynomials.
fn rational(expr: &Expr) -> (Poly, Poly) {
    match expr {
        Expr::Word(w) => (Poly::Word(w.clone()), Poly::Number(1)),
        Expr::Number(n) => (Poly::Number(*n), Poly::Number(1)),
        Expr::Neg(inner) => {
            let (n, d) = rational(inner);
            (Poly::Sub(Box::new(Poly::Number(0)), Box::new(n)), d)
        }
        Expr::Binary(op, a, b) => {
            let ((na, da), (nb, db)) = (rational(a), rational(b));
            match op {
                Op::Add => {
                    (Poly::Add(Box::new(mul(na, db.clone())), Box::new(mul(nb, da.clone()))), mul(da, db))
                }
                Op::Sub => {
                    (Poly::Sub(Box::new(mul(na, db.clone())), Box::new(mul(nb, da.clone()))), mul(da, db))
                }
                Op::Mul => (mul(na, nb), mul(da, db)),
                Op::Div => (mul(na, db), mul(da, nb)),
                Op::Pow => match exact(b, &[0; 10]) {
                    Some((e, 1)) if !has_letters(b) && (0..=64).contains(&e) => {
                        (Poly::Pow(Box::new(na), e as u32), Poly::Pow(Box::new(da), e as u32))
                    }
                    Some((e, 1)) if !has_letters(b) && (-64..0).contains(&e) => {
                        (Poly::Pow(Box::new(da), (-e) as u32), Poly::Pow(Box::new(na), (-e) as u32))
                    }
                    _ => (Poly::Opaque, Poly::Opaque),
                },
            }
        }
    }
}

/// Most nodes of the cleared polynomial the column checks work on. Clearing divisions copies
/// denominators, so nested fractions (`A / (B + A / (B + …))`) grow like the Fibonacci
/// numbers; past this, the equation is only checked whole, once every letter has a digit.
const MAX_CLEARED_NODES: u64 = 4_096;

/// Most columns checked on a cleared polynomial: residues below 10^18 multiply within i128.
const MAX_POLY_COLUMNS: usize = 18;

/// The sizes (numerator, denominator) [`rational`] would build, counted without building them
/// (an upper bound, saturating).
fn cleared_size(expr: &Expr) -> (u64, u64) {
    let sum = |parts: &[u64]| parts.iter().fold(1u64, |total, &n| total.saturating_add(n));
    match expr {
        Expr::Word(_) | Expr::Number(_) => (1, 1),
        Expr::Neg(inner) => {
            let (n, d) = cleared_size(inner);
            (sum(&[1, n]), d)
        }
        Expr::Binary(op, a, b) => {
            let ((na, da), (nb, db)) = (cleared_size(a), cleared_size(b));
            match op {
                Op::Add | Op::Sub => (sum(&[sum(&[na, db]), sum(&[nb, da])]), sum(&[da, db])),
                Op::Mul => (sum(&[na, nb]), sum(&[da, db])),
                Op::Div => (sum(&[na, db]), sum(&[da, nb])),
                Op::Pow => (sum(&[na, da]), sum(&[na, da])),
            }
        }
    }
}

fn has_letters(expr: &Expr) -> bool {
    match expr {
        Expr::Word(_) => true,
        Expr::Number(_) => false,
        Expr::Neg(inner) => has_letters(inner),
        Expr::Binary(_, a, b) => has_letters(a) || has_letters(b),
    }
}

/// The polynomial's value modulo `modulus`, from words whose last `k` digits are known.
fn modulo(poly: &Poly, digits: &[u8], k: usize, modulus: i128) -> Option<i128> {
    Some(match poly {
        Poly::Word(w) => {
            w[w.len().saturating_sub(k)..].iter().fold(0, |v, &l| (v * 10 + i128::from(digits[l])) % modulus)
        }
        Poly::Number(n) => n.rem_euclid(modulus),
        Poly::Add(a, b) => (modulo(a, digits, k, modulus)? + modulo(b, digits, k, modulus)?) % modulus,
        Poly::Sub(a, b) => {
            (modulo(a, digits, k, modulus)? - modulo(b, digits, k, modulus)?).rem_euclid(modulus)
        }
        Poly::Mul(a, b) => modulo(a, digits, k, modulus)? * modulo(b, digits, k, modulus)? % modulus,
        Poly::Pow(a, e) => {
            let base = modulo(a, digits, k, modulus)?;
            (0..*e).fold(1 % modulus, |v, _| v * base % modulus)
        }
        Poly::Opaque => return None,
    })
}

/// A sum of words times whole numbers, plus a constant (`SEND + MORE - MONEY`): each letter's
/// weight, counting only its digits in the last k columns, for every k.
#[derive(Debug, Clone)]
struct Linear {
    /// `weights[k - 1][letter]`; the last entry weighs every column.
    weights: Vec<Vec<i128>>,
    constant: i128,
}

impl Linear {
    /// The equation as `left - right == 0`, when both sides are sums of multiples of words.
    fn of(equation: &Equation, longest: usize) -> Option<Self> {
        let mut terms = Vec::new();
        let mut constant = 0;
        collect_terms(&equation.left, 1, &mut terms, &mut constant)?;
        collect_terms(&equation.right, -1, &mut terms, &mut constant)?;
        let weights = (1..=longest)
            .map(|k| {
                let mut w = vec![0i128; equation.letters.len()];
                for (word, scale) in &terms {
                    for (pos, &letter) in word.iter().rev().enumerate().take(k) {
                        w[letter] += scale * 10i128.pow(pos as u32);
                    }
                }
                w
            })
            .collect();
        Some(Self { weights, constant })
    }

    fn residue(&self, digits: &[u8], k: usize) -> i128 {
        let sum: i128 = self.weights[k - 1].iter().zip(digits).map(|(w, &d)| w * i128::from(d)).sum();
        (sum + self.constant).rem_euclid(10i128.pow(k as u32))
    }

    /// Removes the digits that would put the whole sum out of reach of zero, given the smallest
    /// and largest digit each letter may still take.
    fn bound(&self, p: &mut Propagation, var_of: &[u32]) -> Result<(), DeadEnd> {
        let weights = self.weights.last().expect("an equation has columns");
        let reach = |p: &Propagation, letter: usize| {
            let (low, high) = digit_range(p.domain(var_of[letter] as usize));
            let w = weights[letter];
            if w >= 0 {
                (w * low, w * high)
            } else {
                (w * high, w * low)
            }
        };
        let (mut low, mut high) = (self.constant, self.constant);
        for letter in 0..weights.len() {
            let (l, h) = reach(p, letter);
            (low, high) = (low + l, high + h);
        }
        if low > 0 || high < 0 {
            return p.fail();
        }
        for letter in 0..weights.len() {
            let var = var_of[letter] as usize;
            if single(p.domain(var)).is_some() {
                continue;
            }
            let (l, h) = reach(p, letter);
            let (rest_low, rest_high) = (low - l, high - h);
            for digit in values(p.domain(var)) {
                let v = weights[letter] * i128::from(digit);
                if v + rest_low > 0 || v + rest_high < 0 {
                    p.remove(var, digit, None)?;
                }
            }
        }
        Ok(())
    }
}

/// The smallest and largest digit a domain still allows.
fn digit_range(domain: Domain) -> (i128, i128) {
    (i128::from(domain.trailing_zeros()), i128::from(31 - domain.leading_zeros()))
}

/// Adds `scale × expr` to `terms` (words) and `constant`; `None` when `expr` is not a sum of
/// multiples of words.
fn collect_terms(
    expr: &Expr,
    scale: i128,
    terms: &mut Vec<(Vec<Letter>, i128)>,
    constant: &mut i128,
) -> Option<()> {
    if !has_letters(expr) {
        let (n, d) = exact(expr, &[])?;
        if n % d != 0 {
            return None;
        }
        *constant += scale * (n / d);
        return Some(());
    }
    match expr {
        Expr::Word(w) => terms.push((w.clone(), scale)),
        Expr::Neg(inner) => collect_terms(inner, -scale, terms, constant)?,
        Expr::Binary(Op::Add, a, b) => {
            collect_terms(a, scale, terms, constant)?;
            collect_terms(b, scale, terms, constant)?;
        }
        Expr::Binary(Op::Sub, a, b) => {
            collect_terms(a, scale, terms, constant)?;
            collect_terms(b, -scale, terms, constant)?;
        }
        Expr::Binary(Op::Mul, a, b) => {
            let (factor, words) = if has_letters(a) { (b, a) } else { (a, b) };
            if has_letters(factor) {
                return None;
            }
            let (n, d) = exact(factor, &[])?;
            if n % d != 0 {
                return None;
            }
            collect_terms(words, scale * (n / d), terms, constant)?;
        }
        _ => return None,
    }
    Some(())
}

/// How the equation is checked on its last k columns.
enum Residue {
    /// Sums: each letter's weight (fast; also bounds the leading letters).
    Linear(Linear),
    /// Anything else: left numerator × right denominator − right numerator × left
    /// denominator, zero exactly when the equation holds.
    Poly(Poly),
}

impl Residue {
    fn of(&self, digits: &[u8], k: usize) -> Option<i128> {
        match self {
            Residue::Linear(linear) => Some(linear.residue(digits, k)),
            Residue::Poly(_) if k > MAX_POLY_COLUMNS => None,
            Residue::Poly(poly) => modulo(poly, digits, k, 10i128.pow(k as u32)),
        }
    }
}

/// The range of the polynomial's values when each letter's digit lies within its range
/// (`None` for a power with letters in its exponent).
fn interval(poly: &Poly, ranges: &[(i128, i128)]) -> Option<(i128, i128)> {
    Some(match poly {
        Poly::Word(w) => w.iter().fold((0, 0), |(lo, hi), &l| (lo * 10 + ranges[l].0, hi * 10 + ranges[l].1)),
        Poly::Number(n) => (*n, *n),
        Poly::Add(a, b) => {
            let ((al, ah), (bl, bh)) = (interval(a, ranges)?, interval(b, ranges)?);
            (al + bl, ah + bh)
        }
        Poly::Sub(a, b) => {
            let ((al, ah), (bl, bh)) = (interval(a, ranges)?, interval(b, ranges)?);
            (al - bh, ah - bl)
        }
        Poly::Mul(a, b) => {
            let ((al, ah), (bl, bh)) = (interval(a, ranges)?, interval(b, ranges)?);
            let products = [al * bl, al * bh, ah * bl, ah * bh];
            (*products.iter().min()?, *products.iter().max()?)
        }
        Poly::Pow(a, e) => {
            let (lo, hi) = interval(a, ranges)?;
            let (plo, phi) = (lo.pow(*e), hi.pow(*e));
            match (e % 2 == 0, lo < 0 && hi > 0) {
                (true, true) => (0, plo.max(phi)),
                _ => (plo.min(phi), plo.max(phi)),
            }
        }
        Poly::Opaque => return None,
    })
}

/// The equation as a propagator over the letters (variable `i` is letter `order[i]`).
struct Holds {
    equation: Equation,
    residue: Residue,
    /// Variable of each letter.
    var_of: Vec<u32>,
    vars: Vec<u32>,
    longest: usize,
}

impl Propagator for Holds {
    fn watches(&self) -> &[u32] {
        &self.vars
    }

    fn propagate(&self, p: &mut Propagation) -> Result<(), DeadEnd> {
        let known: Vec<Option<u32>> = self.var_of.iter().map(|&v| single(p.domain(v as usize))).collect();
        let digits: Vec<u8> = known.iter().map(|d| d.unwrap_or(0) as u8).collect();
        if known.iter().all(Option::is_some) {
            return if self.equation.holds(&digits) { Ok(()) } else { p.fail() };
        }
        match &self.residue {
            Residue::Linear(linear) => linear.bound(p, &self.var_of)?,
            Residue::Poly(poly) => {
                let ranges: Vec<(i128, i128)> =
                    self.var_of.iter().map(|&v| digit_range(p.domain(v as usize))).collect();
                let excludes_zero =
                    |ranges: &[(i128, i128)]| interval(poly, ranges).is_some_and(|(lo, hi)| lo > 0 || hi < 0);
                if excludes_zero(&ranges) {
                    return p.fail();
                }
                // Bounds: drop each digit that alone puts zero out of the range.
                let mut ranges = ranges;
                for letter in 0..ranges.len() {
                    let var = self.var_of[letter] as usize;
                    let whole = ranges[letter];
                    if whole.0 == whole.1 {
                        continue;
                    }
                    for digit in values(p.domain(var)) {
                        ranges[letter] = (i128::from(digit), i128::from(digit));
                        if excludes_zero(&ranges) {
                            p.remove(var, digit, None)?;
                        }
                    }
                    ranges[letter] = whole;
                }
            }
        }
        // The most trailing columns known in every word.
        let column_known =
            |k: usize| self.equation.words.iter().all(|w| w.len() < k || known[w[w.len() - k]].is_some());
        let k = (1..=self.longest).take_while(|&k| column_known(k)).last().unwrap_or(0);
        if k > 0 && self.residue.of(&digits, k).is_some_and(|r| r != 0) {
            return p.fail();
        }
        // Forward check: when one letter of the next column is still open, keep only the digits
        // that let the equation hold on one more column.
        if k == self.longest {
            return Ok(());
        }
        let mut open = self.equation.words.iter().filter(|w| w.len() > k).map(|w| w[w.len() - 1 - k]);
        let Some(letter) = open.find(|&l| known[l].is_none()) else { return Ok(()) };
        if open.any(|l| l != letter && known[l].is_none()) {
            return Ok(());
        }
        let var = self.var_of[letter] as usize;
        let mut trial = digits;
        for digit in values(p.domain(var)) {
            trial[letter] = digit as u8;
            if self.residue.of(&trial, k + 1).is_some_and(|r| r != 0) {
                p.remove(var, digit, None)?;
            }
        }
        Ok(())
    }
}

/// Letters in the order the search breaks ties: the units column of every word first, then the
/// tens, and so on; `from_left` the other way round (for products and quotients, whose range
/// narrows as their leading digits are known).
pub fn column_order(equation: &Equation, from_left: bool) -> Vec<Letter> {
    let longest = equation.words.iter().map(Vec::len).max().unwrap_or(0);
    let mut order = Vec::new();
    let columns: Vec<usize> = if from_left { (1..=longest).rev().collect() } else { (1..=longest).collect() };
    for k in columns {
        for w in equation.words.iter().filter(|w| w.len() >= k) {
            let letter = w[w.len() - k];
            if !order.contains(&letter) {
                order.push(letter);
            }
        }
    }
    order
}

/// The engine's model of an equation, and the letter of each variable.
pub fn model(equation: &Equation) -> (Model, Vec<Letter>) {
    let linear = Linear::of(equation, equation.words.iter().map(Vec::len).max().unwrap_or(0));
    let order = column_order(equation, linear.is_none());
    let mut var_of = vec![0u32; order.len()];
    for (var, &letter) in order.iter().enumerate() {
        var_of[letter] = var as u32;
    }
    let domains =
        order.iter().map(|&l| if equation.leading[l] { 0b11_1111_1110 } else { 0b11_1111_1111 }).collect();
    let mut model = Model::new(domains);
    let vars: Vec<u32> = (0..order.len() as u32).collect();
    model.add(AllDifferent { vars: vars.clone(), prune: true, hidden_singles: false });
    let longest = equation.words.iter().map(Vec::len).max().unwrap_or(0);
    let residue = match Linear::of(equation, longest) {
        Some(linear) => Residue::Linear(linear),
        None => {
            let ((ln, ld), (rn, rd)) = (cleared_size(&equation.left), cleared_size(&equation.right));
            if [ln, ld, rn, rd].iter().fold(0u64, |total, &n| total.saturating_add(n)) > MAX_CLEARED_NODES {
                Residue::Poly(Poly::Opaque)
            } else {
                let (ln, ld) = rational(&equation.left);
                let (rn, rd) = rational(&equation.right);
                Residue::Poly(Poly::Sub(Box::new(mul(ln, rd)), Box::new(mul(rn, ld))))
            }
        }
    };
    model.add(Holds { equation: equation.clone(), residue, var_of, vars, longest });
    (model, order)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nodes(poly: &Poly) -> u64 {
        match poly {
            Poly::Word(_) | Poly::Number(_) | Poly::Opaque => 1,
            Poly::Add(a, b) | Poly::Sub(a, b) | Poly::Mul(a, b) => 1 + nodes(a) + nodes(b),
            Poly::Pow(a, _) => 1 + nodes(a),
        }
    }

    #[test]
    fn cleared_sizes_are_counted_without_building_and_bound_what_is_built() {
        for text in
            ["A / B == C / D", "-A / (B - C) == D * E", "A / (B + A / (B + A)) == C", "A ** 2 / B == C"]
        {
            let equation = Equation::parse(text).unwrap();
            for side in [&equation.left, &equation.right] {
                let ((n, d), (built_n, built_d)) = (cleared_size(side), rational(side));
                assert!(n >= nodes(&built_n) && d >= nodes(&built_d), "{text}");
                if !text.contains("**") {
                    assert_eq!((n, d), (nodes(&built_n), nodes(&built_d)), "{text}: exact without powers");
                }
            }
        }
    }

    #[test]
    fn long_words_are_checked_on_at_most_18_columns() {
        // Residues of negative differences are near 10^k: two of them multiplied modulo 10^20
        // would overflow i128. Past 18 columns a cleared polynomial gives no residue.
        let word = format!("DE{}", "AB".repeat(10));
        let equation = Equation::parse(&format!("(A - B) * (C - D) == {word} - {word}")).unwrap();
        let (ln, ld) = rational(&equation.left);
        let (rn, rd) = rational(&equation.right);
        let residue = Residue::Poly(Poly::Sub(Box::new(mul(ln, rd)), Box::new(mul(rn, ld))));
        let digits = [1, 2, 3, 4, 5]; // A < B and C < D
        assert_eq!(residue.of(&digits, 18), Some(1), "(-1) × (-1) - 0");
        assert_eq!(residue.of(&digits, MAX_POLY_COLUMNS + 1), None);
        assert_eq!(residue.of(&digits, 22), None);
    }

    #[test]
    fn nested_fractions_are_checked_whole_instead_of_column_by_column() {
        let tower = (0..26).fold("A".to_string(), |inner, _| format!("A / (B + {inner})"));
        let equation = Equation::parse(&format!("{tower} == C")).unwrap();
        let (left, _) = cleared_size(&equation.left);
        assert!(left > MAX_CLEARED_NODES, "{left}");
        let (_, order) = model(&equation);
        assert_eq!(order.len(), 3);
    }
}
