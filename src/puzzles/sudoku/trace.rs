//! A Sudoku position as the page shows it (values and pencil marks), and the moves that change
//! it: entries by hand and the steps of a solver's trace, replayed by the same rules the
//! engine follows (a placed value leaves its friends' candidates; a guess can be taken back).

use super::grid::{cell_name, friends_of, Grid};
use std::rc::Rc;

/// Candidates of a cell: bit `v - 1` set when value `v` is possible.
pub type Mask = u16;

/// Why a value was placed, in a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// A guess at a choice point (its friends lose the value).
    Guess,
    /// A plain backtracking try: placed, nothing else changes.
    Try,
    /// The cell's only candidate left.
    Single,
    /// The only place left for the value in a row, column or box.
    Hidden,
}

const HOW_WORDS: [(How, &str); 4] =
    [(How::Guess, "guess"), (How::Try, "try"), (How::Single, "single"), (How::Hidden, "hidden")];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// A value entered by hand (0 clears the cell): `r1c3-5`, `r1c3-.`.
    Enter { cell: usize, value: u8 },
    /// A solver places a value: `single r1c3=5`.
    Place { cell: usize, value: u8, how: How },
    /// A solver takes its guess back: `back r1c3=5`.
    Back { cell: usize, value: u8 },
    /// The solver found a solution: `solved`.
    Solved,
}

/// The values and candidates shown, with the positions saved before each open guess.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    pub box_size: usize,
    /// Each cell's value (0: open).
    pub values: Vec<u8>,
    /// Each open cell's candidates.
    pub candidates: Vec<Mask>,
    /// Cells that lost a candidate in the last move.
    pub eliminated: Vec<usize>,
    /// The cell the last move changed.
    pub last: Option<usize>,
    /// The last move, to explain it.
    pub last_move: Option<Move>,
    /// Cells whose value is a guess not yet taken back (drawn apart from deduced ones).
    pub guessed: Vec<usize>,
    saved: Vec<Rc<(Vec<u8>, Vec<Mask>)>>,
}

fn bit(value: u8) -> Mask {
    1 << (value - 1)
}

impl Position {
    /// A grid's position: open cells keep every candidate their friends' values allow
    /// (`eliminate`), or every value (plain backtracking starts from nothing).
    pub fn new(grid: &Grid, eliminate: bool) -> Self {
        let mut position = Self {
            box_size: grid.box_size,
            values: grid.cells.clone(),
            candidates: Vec::new(),
            eliminated: Vec::new(),
            last: None,
            last_move: None,
            guessed: Vec::new(),
            saved: Vec::new(),
        };
        position.candidates = match eliminate {
            true => position.pencil_marks(),
            false => vec![((1u32 << grid.side()) - 1) as Mask; grid.cells.len()],
        };
        position
    }

    /// Each cell's values not yet used by its friends.
    pub fn pencil_marks(&self) -> Vec<Mask> {
        let all = ((1u32 << (self.box_size * self.box_size)) - 1) as Mask;
        friends_of(self.box_size)
            .iter()
            .map(|fs| fs.iter().filter(|&&f| self.values[f] != 0).fold(all, |m, &f| m & !bit(self.values[f])))
            .collect()
    }

    pub fn grid(&self) -> Grid {
        Grid { box_size: self.box_size, cells: self.values.clone() }
    }

    /// Guesses not yet taken back.
    pub fn depth(&self) -> usize {
        self.saved.len()
    }

    /// The position after `mv`, or why the move cannot be made.
    pub fn apply(&self, mv: &Move) -> Result<Self, String> {
        let side = self.box_size * self.box_size;
        let mut next = Self { eliminated: Vec::new(), last_move: Some(*mv), ..self.clone() };
        match *mv {
            Move::Enter { cell, value } | Move::Place { cell, value, .. } | Move::Back { cell, value }
                if cell >= self.values.len() || usize::from(value) > side =>
            {
                return Err(format!("{} is outside this {side}×{side} grid", Move::describe(mv, side)));
            }
            Move::Enter { cell, value } => {
                next.values[cell] = value;
                next.candidates = next.pencil_marks();
                next.last = Some(cell);
            }
            Move::Place { cell, value, how } => {
                if value == 0 {
                    return Err("a solver places a value, not a blank".into());
                }
                if matches!(how, How::Guess | How::Try) {
                    next.saved.push(Rc::new((self.values.clone(), self.candidates.clone())));
                    next.guessed.push(cell);
                }
                next.values[cell] = value;
                next.candidates[cell] = bit(value);
                next.last = Some(cell);
                if how != How::Try {
                    for &f in &friends_of(self.box_size)[cell] {
                        if next.values[f] == 0 && next.candidates[f] & bit(value) != 0 {
                            next.candidates[f] &= !bit(value);
                            next.eliminated.push(f);
                        }
                    }
                }
            }
            Move::Back { cell, .. } => {
                let saved = next.saved.pop().ok_or("there is no guess to take back")?;
                next.guessed.pop();
                next.values = saved.0.clone();
                next.candidates = saved.1.clone();
                next.last = Some(cell);
            }
            Move::Solved => next.last = None,
        }
        Ok(next)
    }

    /// Open cells left with no candidate, and placed values a friend also holds.
    pub fn trouble(&self) -> Vec<usize> {
        let friends = friends_of(self.box_size);
        (0..self.values.len())
            .filter(|&c| match self.values[c] {
                0 => self.candidates[c] == 0,
                v => friends[c].iter().any(|&f| self.values[f] == v),
            })
            .collect()
    }
}

impl Move {
    /// Reads a move: `r1c3-5` or `r1c3-.` by hand; `guess r1c3=5`, `back r1c3=5`, `solved` from
    /// a trace.
    pub fn parse(text: &str, side: usize) -> Result<Self, String> {
        if text == "solved" {
            return Ok(Move::Solved);
        }
        if let Some((cell, value)) = text.split_once('-') {
            let value = if value == "." { 0 } else { parse_value(value, side)? };
            return Ok(Move::Enter { cell: parse_cell(cell, side)?, value });
        }
        let (word, rest) = text.split_once(' ').ok_or(format!("'{text}' is not a move"))?;
        let (cell, value) = rest.split_once('=').ok_or(format!("'{text}' has no value"))?;
        let (cell, value) = (parse_cell(cell, side)?, parse_value(value, side)?);
        if word == "back" {
            return Ok(Move::Back { cell, value });
        }
        let how = HOW_WORDS.iter().find(|(_, w)| *w == word).ok_or(format!("'{word}' is not a step"))?.0;
        Ok(Move::Place { cell, value, how })
    }

    /// The move's text (as [`Move::parse`] reads it).
    pub fn describe(&self, side: usize) -> String {
        let at = |cell: usize| cell_name(side, cell);
        match *self {
            Move::Enter { cell, value: 0 } => format!("{}-.", at(cell)),
            Move::Enter { cell, value } => format!("{}-{}", at(cell), Grid::symbol(value)),
            Move::Place { cell, value, how } => {
                let word = HOW_WORDS.iter().find(|(h, _)| *h == how).map_or("", |(_, w)| w);
                format!("{word} {}={}", at(cell), Grid::symbol(value))
            }
            Move::Back { cell, value } => format!("back {}={}", at(cell), Grid::symbol(value)),
            Move::Solved => "solved".into(),
        }
    }
}

fn parse_cell(text: &str, side: usize) -> Result<usize, String> {
    let bad = || format!("'{text}' is not a cell like r1c3");
    let (row, col) = text.strip_prefix('r').and_then(|t| t.split_once('c')).ok_or_else(bad)?;
    let (row, col): (usize, usize) = (row.parse().map_err(|_| bad())?, col.parse().map_err(|_| bad())?);
    if !(1..=side).contains(&row) || !(1..=side).contains(&col) {
        return Err(format!("{text} is outside the {side}×{side} grid"));
    }
    Ok((row - 1) * side + col - 1)
}

fn parse_value(text: &str, side: usize) -> Result<u8, String> {
    match text.as_bytes() {
        &[symbol] => Grid::value_of(symbol, side),
        _ => None,
    }
    .ok_or_else(|| format!("'{text}' is not a value 1–{}", Grid::symbol(side as u8)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_what_they_write() {
        for text in
            ["r1c3-5", "r9c9-.", "guess r2c1=7", "hidden r1c1=1", "try r3c3=9", "back r2c1=7", "solved"]
        {
            assert_eq!(Move::parse(text, 9).unwrap().describe(9), text);
        }
        assert!(Move::parse("r10c1-1", 9).unwrap_err().contains("outside"));
        assert!(Move::parse("guess r1c1=0", 9).is_err());
        assert!(Move::parse("ponder r1c1=1", 9).is_err());
        assert_eq!(Move::parse("r1c2-G", 16).unwrap(), Move::Enter { cell: 1, value: 16 });
    }

    #[test]
    fn a_guess_taken_back_restores_the_position() {
        let grid = Grid::parse("1.........2.....").unwrap();
        let start = Position::new(&grid, true);
        assert_eq!(start.candidates[1], 0b1110, "r1c2 sees the 1");
        let guess = start.apply(&Move::Place { cell: 1, value: 3, how: How::Guess }).unwrap();
        assert_eq!(guess.values[1], 3);
        assert_eq!(guess.guessed, [1], "the guess is drawn as one");
        let deduced = guess.apply(&Move::Place { cell: 2, value: 4, how: How::Single }).unwrap();
        assert_eq!(deduced.guessed, [1], "a deduction is not a guess");
        assert!(guess.eliminated.contains(&2) && guess.candidates[2] & 0b100 == 0);
        let back = guess.apply(&Move::Back { cell: 1, value: 3 }).unwrap();
        assert_eq!(
            (back.values.clone(), back.candidates.clone()),
            (start.values.clone(), start.candidates.clone())
        );
        assert!(back.guessed.is_empty());
        assert!(back.apply(&Move::Back { cell: 1, value: 2 }).is_err());
        let clash = start.apply(&Move::Enter { cell: 1, value: 1 }).unwrap();
        assert_eq!(clash.trouble(), [0, 1]);
    }
}
