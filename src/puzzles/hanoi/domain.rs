//! Towers of Hanoi rules: discs on pegs, a move takes the top disc of one peg onto a peg
//! whose top disc (if any) is larger.
//!
//! A position stores each disc's peg in two bits (disc 0 = the smallest), so it is a single
//! `u64` that searches can hash and copy cheaply. Any assignment of discs to pegs is a legal
//! position, because each peg's discs are stacked largest at the bottom.

use std::fmt;

pub const MIN_DISCS: u8 = 1;
/// Enough for 2^20 - 1 = 1,048,575 moves on three pegs.
pub const MAX_DISCS: u8 = 20;
pub const MIN_PEGS: u8 = 3;
pub const MAX_PEGS: u8 = 4;
pub const PEG_NAMES: [char; 4] = ['A', 'B', 'C', 'D'];

/// Discs on pegs, two bits per disc, smallest disc in the lowest bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(pub u64);

/// Moves the top disc of peg `from` onto peg `to`; written "AC".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl Move {
    pub fn new(from: u8, to: u8) -> Self {
        Self { from, to }
    }

    /// The move that undoes this one.
    pub fn reversed(self) -> Self {
        Self { from: self.to, to: self.from }
    }

    /// Reads "AC"; any other form is an error message.
    pub fn parse(text: &str, pegs: u8) -> Result<Self, String> {
        let letters: Vec<char> = text.chars().collect();
        let [from, to] = letters[..] else {
            return Err(format!("'{text}' is not a move: write two peg letters such as AC"));
        };
        Ok(Self { from: peg_index(from, pegs)?, to: peg_index(to, pegs)? })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", peg_name(self.from), peg_name(self.to))
    }
}

pub fn peg_name(peg: u8) -> char {
    PEG_NAMES[peg as usize]
}

/// "A–C" for three pegs.
pub fn peg_range(pegs: u8) -> String {
    format!("{}–{}", PEG_NAMES[0], peg_name(pegs - 1))
}

fn peg_index(letter: char, pegs: u8) -> Result<u8, String> {
    let upper = letter.to_ascii_uppercase();
    match PEG_NAMES[..pegs as usize].iter().position(|&p| p == upper) {
        Some(i) => Ok(i as u8),
        None => Err(format!("'{letter}' is not a peg ({})", peg_range(pegs))),
    }
}

/// Why a move is not allowed, in words for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    NoSuchPeg(u8),
    SamePeg(u8),
    EmptyPeg(u8),
    /// `disc` would land on the smaller `onto`.
    OntoSmaller {
        disc: u8,
        onto: u8,
        peg: u8,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::NoSuchPeg(p) => write!(f, "there is no peg {}", p + 1),
            IllegalMove::SamePeg(p) => {
                write!(f, "a disc must move to another peg than {}", peg_name(p))
            }
            IllegalMove::EmptyPeg(p) => write!(f, "peg {} is empty", peg_name(p)),
            IllegalMove::OntoSmaller { disc, onto, peg } => write!(
                f,
                "disc {} cannot go onto the smaller disc {} on peg {}",
                disc + 1,
                onto + 1,
                peg_name(peg)
            ),
        }
    }
}

/// The size of a game: how many discs and pegs. All rules are methods of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tower {
    pub discs: u8,
    pub pegs: u8,
}

impl Tower {
    pub fn new(discs: u8, pegs: u8) -> Self {
        assert!((MIN_DISCS..=MAX_DISCS).contains(&discs) && (MIN_PEGS..=MAX_PEGS).contains(&pegs));
        Self { discs, pegs }
    }

    /// All discs on one peg.
    pub fn all_on(&self, peg: u8) -> Position {
        Position((0..self.discs).fold(0, |bits, d| bits | (u64::from(peg) << (2 * d))))
    }

    pub fn peg_of(&self, position: Position, disc: u8) -> u8 {
        ((position.0 >> (2 * disc)) & 3) as u8
    }

    pub fn with_disc(&self, position: Position, disc: u8, peg: u8) -> Position {
        let shift = 2 * disc;
        Position((position.0 & !(3 << shift)) | (u64::from(peg) << shift))
    }

    /// The smallest disc on each peg (its top), if any.
    pub fn tops(&self, position: Position) -> [Option<u8>; 4] {
        let mut tops = [None; 4];
        for disc in (0..self.discs).rev() {
            tops[self.peg_of(position, disc) as usize] = Some(disc);
        }
        tops
    }

    /// Applies a move if the rules allow it.
    pub fn apply(&self, position: Position, mv: Move) -> Result<Position, IllegalMove> {
        for peg in [mv.from, mv.to] {
            if peg >= self.pegs {
                return Err(IllegalMove::NoSuchPeg(peg));
            }
        }
        if mv.from == mv.to {
            return Err(IllegalMove::SamePeg(mv.from));
        }
        let tops = self.tops(position);
        let disc = tops[mv.from as usize].ok_or(IllegalMove::EmptyPeg(mv.from))?;
        if let Some(onto) = tops[mv.to as usize].filter(|&onto| onto < disc) {
            return Err(IllegalMove::OntoSmaller { disc, onto, peg: mv.to });
        }
        Ok(self.with_disc(position, disc, mv.to))
    }

    /// Every legal move, in order of source peg then target peg.
    pub fn legal_moves(&self, position: Position, out: &mut Vec<(Move, Position)>) {
        let tops = self.tops(position);
        for from in 0..self.pegs {
            let Some(disc) = tops[from as usize] else {
                continue;
            };
            for to in 0..self.pegs {
                if to != from && tops[to as usize].is_none_or(|onto| onto > disc) {
                    out.push((Move::new(from, to), self.with_disc(position, disc, to)));
                }
            }
        }
    }

    /// Discs on each peg from bottom to top (what a drawing needs).
    pub fn stacks(&self, position: Position) -> Vec<Vec<u8>> {
        let mut stacks = vec![Vec::new(); self.pegs as usize];
        for disc in (0..self.discs).rev() {
            stacks[self.peg_of(position, disc) as usize].push(disc);
        }
        stacks
    }

    /// Reads one peg letter per disc, smallest disc first ("AAB": discs 1, 2 on A, 3 on B).
    pub fn parse_position(&self, text: &str) -> Result<Position, String> {
        let letters: Vec<char> = text.chars().collect();
        if letters.len() != self.discs as usize {
            return Err(format!(
                "has {} letters but there are {} discs (one peg letter per disc, smallest first)",
                letters.len(),
                self.discs
            ));
        }
        let mut position = Position(0);
        for (disc, &letter) in letters.iter().enumerate() {
            let peg = peg_index(letter, self.pegs).map_err(|e| format!("disc {}: {e}", disc + 1))?;
            position = self.with_disc(position, disc as u8, peg);
        }
        Ok(position)
    }

    pub fn format_position(&self, position: Position) -> String {
        (0..self.discs).map(|d| peg_name(self.peg_of(position, d))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_through_letters() {
        let tower = Tower::new(4, 3);
        let p = tower.parse_position("ABCA").unwrap();
        assert_eq!(tower.format_position(p), "ABCA");
        assert_eq!(tower.stacks(p), vec![vec![3, 0], vec![1], vec![2]]);
        assert_eq!(tower.parse_position("abca").unwrap(), p);
        assert_eq!(tower.all_on(2), tower.parse_position("CCCC").unwrap());
    }

    #[test]
    fn bad_positions_say_why() {
        let tower = Tower::new(3, 3);
        assert!(tower.parse_position("AA").unwrap_err().contains("2 letters but there are 3"));
        assert_eq!(tower.parse_position("ADA").unwrap_err(), "disc 2: 'D' is not a peg (A–C)");
    }

    #[test]
    fn moves_follow_the_rules() {
        let tower = Tower::new(3, 3);
        let start = tower.all_on(0);
        let p = tower.apply(start, Move::new(0, 2)).unwrap();
        assert_eq!(tower.format_position(p), "CAA");
        let err = tower.apply(p, Move::new(0, 2)).unwrap_err();
        assert_eq!(err.to_string(), "disc 2 cannot go onto the smaller disc 1 on peg C");
        assert_eq!(tower.apply(p, Move::new(1, 0)).unwrap_err(), IllegalMove::EmptyPeg(1));
        assert_eq!(tower.apply(p, Move::new(0, 0)).unwrap_err(), IllegalMove::SamePeg(0));
        assert_eq!(tower.apply(p, Move::new(0, 3)).unwrap_err(), IllegalMove::NoSuchPeg(3));
    }

    #[test]
    fn legal_moves_agree_with_apply() {
        let tower = Tower::new(4, 4);
        let p = tower.parse_position("ABAC").unwrap();
        let mut moves = Vec::new();
        tower.legal_moves(p, &mut moves);
        for from in 0..4 {
            for to in 0..4 {
                let mv = Move::new(from, to);
                let listed = moves.iter().find(|(m, _)| *m == mv).map(|(_, p)| *p);
                assert_eq!(listed, tower.apply(p, mv).ok(), "{mv}");
            }
        }
    }

    #[test]
    fn moves_parse_and_print() {
        assert_eq!(Move::parse("AC", 3).unwrap(), Move::new(0, 2));
        assert_eq!(Move::new(3, 1).to_string(), "DB");
        assert!(Move::parse("AD", 3).unwrap_err().contains("'D' is not a peg"));
        assert!(Move::parse("A", 3).is_err());
    }
}
