//! Alphametic equations: words, whole numbers, `+ - * / **`, parentheses and one `==` (or
//! `=`), read into a tree and evaluated exactly (fractions of whole numbers, so
//! `NORTH / SOUTH == EAST / WEST` is compared without rounding).

/// A letter's index in the equation's list of letters.
pub type Letter = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// A word's letters, most significant first.
    Word(Vec<Letter>),
    Number(i128),
    Neg(Box<Expr>),
    Binary(Op, Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Equation {
    pub left: Expr,
    pub right: Expr,
    /// The distinct letters, in order of first appearance.
    pub letters: Vec<char>,
    /// Letters that start a word of two or more letters (never 0).
    pub leading: Vec<bool>,
    /// The words, as letter indices (most significant first).
    pub words: Vec<Vec<Letter>>,
    /// The canonical text: tokens separated by single spaces, `==` for equality.
    pub text: String,
}

/// Largest magnitude the exact arithmetic allows (i128 holds about 1.7 × 10^38).
const MAX_MAGNITUDE: f64 = 1e36;

/// Most distinct letters: one digit each.
pub const MAX_LETTERS: usize = 10;

/// Longest equation read (characters), checked before anything else: the longest published
/// alphametics (199 words) fit with room to spare, and every walk over the equation's tree
/// stays shallow enough for a browser worker's stack.
pub const MAX_CHARS: usize = 2_000;

/// Deepest nesting of parentheses, signs and powers (`-(A ** (B ** -C))` is 5 levels deep):
/// the parser counts it as it descends and stops at the limit.
pub const MAX_NESTING: usize = 32;

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Number(i128),
    Symbol(&'static str),
}

const SYMBOLS: [&str; 9] = ["**", "==", "*", "/", "+", "-", "(", ")", "="];

/// The tokens of `text`, each with its 1-based column.
fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, String> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let column = i + 1;
        let c = bytes[i];
        if c == b' ' || c == b'\t' {
            i += 1;
        } else if c.is_ascii_alphabetic() {
            let end = bytes[i..].iter().position(|b| !b.is_ascii_alphabetic()).map_or(bytes.len(), |n| i + n);
            tokens.push((Token::Word(text[i..end].to_ascii_uppercase()), column));
            i = end;
        } else if c.is_ascii_digit() {
            let end = bytes[i..].iter().position(|b| !b.is_ascii_digit()).map_or(bytes.len(), |n| i + n);
            let n = text[i..end].parse::<i128>().ok().filter(|&n| (n as f64) < MAX_MAGNITUDE);
            let n = n.ok_or(format!("column {column}: the number {} is too large", &text[i..end]))?;
            tokens.push((Token::Number(n), column));
            i = end;
        } else if let Some(symbol) = SYMBOLS.iter().find(|s| text[i..].starts_with(**s)) {
            tokens.push((Token::Symbol(symbol), column));
            i += symbol.len();
        } else {
            let shown = text[i..].chars().next().unwrap_or('?');
            return Err(format!(
                "column {column}: '{shown}' is not a letter, a digit or one of + - * / ** ( ) =="
            ));
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<(Token, usize)>,
    at: usize,
    /// Parentheses, signs and powers open around the token being read.
    nesting: usize,
    /// Column just past the text, for "ended early" messages.
    end: usize,
    letters: Vec<char>,
    words: Vec<Vec<Letter>>,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|(t, _)| t)
    }

    fn eat(&mut self, symbol: &str) -> bool {
        let found = matches!(self.peek(), Some(Token::Symbol(s)) if *s == symbol);
        self.at += usize::from(found);
        found
    }

    fn unexpected(&self, wanted: &str) -> String {
        match self.tokens.get(self.at) {
            Some((token, column)) => {
                let shown = match token {
                    Token::Word(w) => w.clone(),
                    Token::Number(n) => n.to_string(),
                    Token::Symbol(s) => s.to_string(),
                };
                format!("column {column}: expected {wanted}, found '{shown}'")
            }
            None => format!("column {}: the equation ends where {wanted} should come", self.end),
        }
    }

    /// Reads `inner` one level deeper (the token just eaten opened it), refusing to go past
    /// [`MAX_NESTING`].
    fn nested(&mut self, inner: fn(&mut Self) -> Result<Expr, String>) -> Result<Expr, String> {
        if self.nesting == MAX_NESTING {
            let column = self.tokens[self.at - 1].1;
            return Err(format!(
                "column {column}: nests parentheses, signs and powers more than {MAX_NESTING} levels deep"
            ));
        }
        self.nesting += 1;
        let expr = inner(self);
        self.nesting -= 1;
        expr
    }

    fn sum(&mut self) -> Result<Expr, String> {
        let mut left = self.product()?;
        loop {
            let op = if self.eat("+") {
                Op::Add
            } else if self.eat("-") {
                Op::Sub
            } else {
                return Ok(left);
            };
            left = Expr::Binary(op, Box::new(left), Box::new(self.product()?));
        }
    }

    fn product(&mut self) -> Result<Expr, String> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat("*") {
                Op::Mul
            } else if self.eat("/") {
                Op::Div
            } else {
                return Ok(left);
            };
            left = Expr::Binary(op, Box::new(left), Box::new(self.unary()?));
        }
    }

    /// Python's precedence: `-A ** 2` is `-(A ** 2)`; `A ** B ** C` is `A ** (B ** C)`.
    fn unary(&mut self) -> Result<Expr, String> {
        if self.eat("-") {
            return Ok(Expr::Neg(Box::new(self.nested(Self::unary)?)));
        }
        let base = self.atom()?;
        if self.eat("**") {
            return Ok(Expr::Binary(Op::Pow, Box::new(base), Box::new(self.nested(Self::unary)?)));
        }
        Ok(base)
    }

    fn atom(&mut self) -> Result<Expr, String> {
        let wanted = "a word, a number or '('";
        match self.peek().cloned() {
            Some(Token::Word(word)) => {
                self.at += 1;
                let mut indices = Vec::new();
                for c in word.chars() {
                    let index = self.letters.iter().position(|&l| l == c).unwrap_or_else(|| {
                        self.letters.push(c);
                        self.letters.len() - 1
                    });
                    indices.push(index);
                }
                self.words.push(indices.clone());
                Ok(Expr::Word(indices))
            }
            Some(Token::Number(n)) => {
                self.at += 1;
                Ok(Expr::Number(n))
            }
            Some(Token::Symbol("(")) => {
                self.at += 1;
                let inner = self.nested(Self::sum)?;
                if !self.eat(")") {
                    return Err(self.unexpected("')'"));
                }
                Ok(inner)
            }
            _ => Err(self.unexpected(wanted)),
        }
    }
}

/// Bounds on a value's numerator and denominator magnitudes, for the largest digits.
fn bounds(expr: &Expr) -> (f64, f64) {
    match expr {
        Expr::Word(letters) => (10f64.powi(letters.len() as i32), 1.0),
        Expr::Number(n) => ((*n as f64).max(1.0), 1.0),
        Expr::Neg(inner) => bounds(inner),
        Expr::Binary(op, a, b) => {
            let ((na, da), (nb, db)) = (bounds(a), bounds(b));
            match op {
                Op::Add | Op::Sub => (na * db + nb * da, da * db),
                Op::Mul => (na * nb, da * db),
                Op::Div => (na * db, da * nb),
                Op::Pow => {
                    let e = nb;
                    (na.max(da).powf(e), na.max(da).powf(e))
                }
            }
        }
    }
}

impl Equation {
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.len() > MAX_CHARS {
            return Err(format!(
                "is {} characters long; an equation has at most {}",
                crate::core::format::format_count(text.len() as u64),
                crate::core::format::format_count(MAX_CHARS as u64)
            ));
        }
        let tokens = tokenize(text)?;
        if tokens.is_empty() {
            return Err("is empty: write an equation like SEND + MORE == MONEY".into());
        }
        let mut parser =
            Parser { tokens, at: 0, nesting: 0, end: text.len() + 1, letters: Vec::new(), words: Vec::new() };
        let left = parser.sum()?;
        if !(parser.eat("==") || parser.eat("=")) {
            return Err(parser.unexpected("an operator or '=='"));
        }
        let right = parser.sum()?;
        if parser.peek().is_some() {
            return Err(parser.unexpected("an operator or the end"));
        }
        if parser.letters.is_empty() {
            return Err("has no letters to replace by digits".into());
        }
        if parser.letters.len() > MAX_LETTERS {
            return Err(format!(
                "has {} different letters ({}); there are only 10 digits",
                parser.letters.len(),
                parser.letters.iter().collect::<String>()
            ));
        }
        let ((ln, ld), (rn, rd)) = (bounds(&left), bounds(&right));
        let largest = (ln * rd).max(rn * ld);
        if largest.is_nan() || largest >= MAX_MAGNITUDE {
            return Err(format!(
                "its numbers could reach 10^{:.0}, more than the 10^36 this solver computes exactly",
                largest.log10().min(999.0)
            ));
        }
        let mut leading = vec![false; parser.letters.len()];
        for word in parser.words.iter().filter(|w| w.len() > 1) {
            leading[word[0]] = true;
        }
        let text = parser
            .tokens
            .iter()
            .map(|(t, _)| match t {
                Token::Word(w) => w.clone(),
                Token::Number(n) => n.to_string(),
                Token::Symbol("=") => "==".to_string(),
                Token::Symbol(s) => s.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ");
        Ok(Self { left, right, letters: parser.letters, leading, words: parser.words, text })
    }

    /// Whether `digits` (one per letter) make both sides equal; no side may divide by zero.
    pub fn holds(&self, digits: &[u8]) -> bool {
        match (exact(&self.left, digits), exact(&self.right, digits)) {
            (Some((ln, ld)), Some((rn, rd))) => ln * rd == rn * ld,
            _ => false,
        }
    }

    /// The equation with its letters replaced by `digits`.
    pub fn filled_in(&self, digits: &[u8]) -> String {
        self.text
            .chars()
            .map(|c| match self.letters.iter().position(|&l| l == c) {
                Some(i) => char::from(b'0' + digits[i]),
                None => c,
            })
            .collect()
    }
}

/// A word's value.
pub fn word_value(word: &[Letter], digits: &[u8]) -> i128 {
    word.iter().fold(0, |v, &l| v * 10 + i128::from(digits[l]))
}

/// The exact value as a fraction (numerator, denominator), or `None` on a division by zero
/// or a power that is not a whole number.
pub fn exact(expr: &Expr, digits: &[u8]) -> Option<(i128, i128)> {
    Some(match expr {
        Expr::Word(word) => (word_value(word, digits), 1),
        Expr::Number(n) => (*n, 1),
        Expr::Neg(inner) => {
            let (n, d) = exact(inner, digits)?;
            (-n, d)
        }
        Expr::Binary(op, a, b) => {
            let ((na, da), (nb, db)) = (exact(a, digits)?, exact(b, digits)?);
            match op {
                Op::Add => (na * db + nb * da, da * db),
                Op::Sub => (na * db - nb * da, da * db),
                Op::Mul => (na * nb, da * db),
                Op::Div if nb == 0 => return None,
                Op::Div => (na * db, da * nb),
                Op::Pow => {
                    if db == 0 || nb % db != 0 {
                        return None;
                    }
                    let e = nb / db;
                    let e32 = u32::try_from(e.unsigned_abs()).ok()?;
                    let (n, d) = (na.checked_pow(e32)?, da.checked_pow(e32)?);
                    if e < 0 {
                        if n == 0 {
                            return None;
                        }
                        (d, n)
                    } else {
                        (n, d)
                    }
                }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equations_read_with_pythons_precedence() {
        let e = Equation::parse("pi*r**2 = area").unwrap();
        assert_eq!(e.text, "PI * R ** 2 == AREA");
        assert_eq!(e.letters, ['P', 'I', 'R', 'A', 'E']);
        assert_eq!(e.leading, [true, false, false, true, false]);
        let minus = Equation::parse("-A ** 2 == 0 - B").unwrap();
        // A = 2, B = 4: -(2²) == -4.
        assert!(minus.holds(&[2, 4]));
        let exact = Equation::parse("NORTH / SOUTH == EAST / WEST").unwrap();
        assert_eq!(exact.letters.len(), 10);
    }

    #[test]
    fn division_is_exact() {
        let e = Equation::parse("A / B == C / D").unwrap();
        assert!(e.holds(&[1, 2, 3, 6]));
        assert!(e.holds(&[1, 3, 3, 9]));
        assert!(!e.holds(&[1, 0, 3, 9]), "no division by zero");
        // 7 / 2 is 3.5, not 3 (no truncation).
        assert!(!Equation::parse("A / B == C").unwrap().holds(&[7, 2, 3]));
    }

    #[test]
    fn mistakes_point_at_their_column() {
        let err = |t: &str| Equation::parse(t).unwrap_err();
        assert_eq!(err("SEND +"), "column 7: the equation ends where a word, a number or '(' should come");
        assert_eq!(err("SEND + + MORE == MONEY"), "column 8: expected a word, a number or '(', found '+'");
        assert_eq!(err("SEND + MORE"), "column 12: the equation ends where an operator or '==' should come");
        assert!(err("SEND & MORE == X").starts_with("column 6: '&'"));
        assert!(err("ABCDEFGHIJK == K").contains("11 different letters"));
        assert!(err("A ** BCDEFGHIJ == B").contains("more than the 10^36"));
        assert!(err("A == B == C").starts_with("column 8"));
    }

    #[test]
    fn length_and_nesting_are_bounded_before_the_work() {
        let err = |t: &str| Equation::parse(t).unwrap_err();
        let deep = |n: usize| format!("{}A{} == B", "(".repeat(n), ")".repeat(n));
        assert!(Equation::parse(&deep(MAX_NESTING)).is_ok());
        assert_eq!(
            err(&deep(MAX_NESTING + 1)),
            "column 33: nests parentheses, signs and powers more than 32 levels deep"
        );
        // 20,000 levels: refused for its length before a token is read.
        assert_eq!(err(&deep(20_000)), "is 40,006 characters long; an equation has at most 2,000");
        assert!(err(&format!("{}A == B", "-".repeat(40))).contains("more than 32 levels"));
        assert!(err(&format!("A{} == B", " ** A".repeat(40))).contains("more than 32 levels"));
        let longest = format!("{}A == B", "A + ".repeat((MAX_CHARS - 6) / 4));
        assert!(longest.len() <= MAX_CHARS);
        assert!(Equation::parse(&longest).is_ok());
    }
}
