//! Sliding-tile rules: an n×n board of tiles 1..n²−1 and one blank; a move slides a tile next
//! to the blank into it, written as the direction the blank moves (`U`, `D`, `L`, `R`).
//! The goal is the tiles in row-major order with the blank last.

use crate::core::seed::{SeededRng, Stream};
use std::fmt;

pub const MIN_SIZE: u8 = 2;
pub const MAX_SIZE: u8 = 8;

/// The direction the blank moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    pub fn parse(text: &str) -> Result<Dir, String> {
        match text {
            "U" => Ok(Dir::Up),
            "D" => Ok(Dir::Down),
            "L" => Ok(Dir::Left),
            "R" => Ok(Dir::Right),
            _ => Err(format!("'{text}' is not a move: use U, D, L or R (where the blank goes)")),
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The cell the blank moves to from `cell` on an n×n board, if it stays on the board.
    pub fn step(self, cell: usize, n: usize) -> Option<usize> {
        let (row, col) = (cell / n, cell % n);
        match self {
            Dir::Up if row > 0 => Some(cell - n),
            Dir::Down if row + 1 < n => Some(cell + n),
            Dir::Left if col > 0 => Some(cell - 1),
            Dir::Right if col + 1 < n => Some(cell + 1),
            _ => None,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A board: `tiles[cell]` is the tile in that cell (row-major), 0 is the blank.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    tiles: Vec<u8>,
}

impl Board {
    /// The solved board.
    pub fn goal(size: u8) -> Board {
        let cells = usize::from(size) * usize::from(size);
        let tiles = (1..cells as u8).chain(std::iter::once(0)).collect();
        Board { size, tiles }
    }

    /// Checks that `tiles` holds each of 0..n²−1 exactly once, naming what is wrong.
    pub fn from_tiles(size: u8, tiles: Vec<u8>) -> Result<Board, String> {
        let cells = usize::from(size) * usize::from(size);
        if tiles.len() != cells {
            return Err(format!(
                "has {} tiles but a {size}×{size} board has {cells} (0 is the blank)",
                tiles.len()
            ));
        }
        let mut seen = vec![false; cells];
        for &tile in &tiles {
            match seen.get_mut(usize::from(tile)) {
                None => {
                    return Err(format!(
                        "tile {tile} does not exist on a {size}×{size} board (largest is {})",
                        cells - 1
                    ))
                }
                Some(true) if tile == 0 => return Err("has more than one blank (0)".into()),
                Some(true) => return Err(format!("tile {tile} appears twice")),
                Some(slot) => *slot = true,
            }
        }
        Ok(Board { size, tiles })
    }

    /// Reads `1,2,3,...,0` (row-major, 0 = blank).
    pub fn parse(size: u8, text: &str) -> Result<Board, String> {
        let tiles: Result<Vec<u8>, String> = text
            .split(',')
            .map(|word| word.trim().parse::<u8>().map_err(|_| format!("'{word}' is not a tile number")))
            .collect();
        Board::from_tiles(size, tiles?)
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    pub fn n(&self) -> usize {
        usize::from(self.size)
    }

    pub fn blank(&self) -> usize {
        self.tiles.iter().position(|&t| t == 0).expect("a board always has a blank")
    }

    pub fn is_goal(&self) -> bool {
        *self == Board::goal(self.size)
    }

    /// Moves the blank, if it stays on the board.
    pub fn apply(&self, dir: Dir) -> Result<Board, String> {
        let blank = self.blank();
        let target =
            dir.step(blank, self.n()).ok_or_else(|| format!("the blank cannot move {}", dir_word(dir)))?;
        let mut tiles = self.tiles.clone();
        tiles.swap(blank, target);
        Ok(Board { size: self.size, tiles })
    }

    /// The move that slides the tile in `cell` into the blank, if they are neighbours.
    pub fn move_for_cell(&self, cell: usize) -> Option<Dir> {
        let blank = self.blank();
        Dir::ALL.into_iter().find(|d| d.step(blank, self.n()) == Some(cell))
    }

    /// Number of tile pairs out of order (the blank left out).
    pub fn inversions(&self) -> usize {
        let tiles: Vec<u8> = self.tiles.iter().copied().filter(|&t| t != 0).collect();
        (0..tiles.len()).map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count()).sum()
    }

    /// Solvable iff, for odd widths, the inversions are even; for even widths, the inversions
    /// plus the blank's row counted from the bottom (1 = bottom) are odd.
    pub fn check_solvable(&self) -> Result<(), String> {
        let inversions = self.inversions();
        let n = self.n();
        let ok = if n % 2 == 1 {
            inversions.is_multiple_of(2)
        } else {
            !(inversions + (n - self.blank() / n)).is_multiple_of(2)
        };
        if ok {
            return Ok(());
        }
        let why = if n % 2 == 1 {
            let pairs = crate::core::format::count_of(inversions as u64, "pair", "pairs");
            format!("it has {pairs} of tiles out of order, an odd number, and every move keeps that number's parity (the goal has 0)")
        } else {
            format!(
                "its {} of tiles out of order plus the blank's row from the bottom ({}) make an even number, and every move keeps that sum's parity (the goal's is odd)",
                crate::core::format::count_of(inversions as u64, "pair", "pairs"),
                n - self.blank() / n
            )
        };
        Err(format!("this board cannot be solved: {why}; swapping any two tiles makes it solvable"))
    }

    /// The Swift talk's shuffle: `moves` random slides from the goal, never undoing the
    /// previous one.
    pub fn shuffled(size: u8, moves: u32, seed: u64) -> Board {
        let mut rng = SeededRng::new(seed);
        let mut board = Board::goal(size);
        let (n, mut blank) = (board.n(), board.blank());
        let mut previous: Option<Dir> = None;
        // In place, without allocating: a link may ask for a long walk on the main thread.
        let mut options = [Dir::Up; 4];
        for _ in 0..moves {
            let mut count = 0;
            for dir in Dir::ALL {
                if dir.step(blank, n).is_some() && Some(dir.opposite()) != previous {
                    options[count] = dir;
                    count += 1;
                }
            }
            let dir = options[rng.below(count as u64) as usize];
            let target = dir.step(blank, n).expect("only moves that stay on the board are drawn");
            board.tiles.swap(blank, target);
            blank = target;
            previous = Some(dir);
        }
        board
    }

    /// A board drawn uniformly from all solvable boards: a random permutation, with the
    /// first two tiles swapped when its parity is wrong.
    pub fn random_solvable(size: u8, seed: u64) -> Board {
        let mut rng = SeededRng::new(seed);
        let mut board = Board::goal(size);
        rng.shuffle(&mut board.tiles);
        if board.check_solvable().is_err() {
            let tiles: Vec<usize> = (0..board.tiles.len()).filter(|&c| board.tiles[c] != 0).take(2).collect();
            board.tiles.swap(tiles[0], tiles[1]);
        }
        board
    }

    /// `1,2,3,...,0` as in links.
    pub fn to_text(&self) -> String {
        self.tiles.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
    }
}

fn dir_word(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goal_and_text_round_trip() {
        let goal = Board::goal(3);
        assert_eq!(goal.to_text(), "1,2,3,4,5,6,7,8,0");
        assert_eq!(Board::parse(3, &goal.to_text()).unwrap(), goal);
        assert!(goal.is_goal());
        assert_eq!(goal.blank(), 8);
    }

    #[test]
    fn malformed_boards_name_the_problem() {
        assert!(Board::parse(3, "1,2,3").unwrap_err().contains("has 3 tiles but a 3×3 board has 9"));
        assert_eq!(Board::parse(3, "1,2,3,4,5,6,7,7,0").unwrap_err(), "tile 7 appears twice");
        assert!(Board::parse(3, "1,2,3,4,5,6,7,9,0").unwrap_err().contains("tile 9 does not exist"));
        assert_eq!(Board::parse(3, "1,2,3,4,5,6,0,8,0").unwrap_err(), "has more than one blank (0)");
        assert!(Board::parse(3, "1,2,x,4,5,6,7,8,0").unwrap_err().contains("'x' is not a tile number"));
    }

    #[test]
    fn moves_slide_the_blank() {
        let goal = Board::goal(3);
        let up = goal.apply(Dir::Up).unwrap();
        assert_eq!(up.to_text(), "1,2,3,4,5,0,7,8,6");
        assert!(goal.apply(Dir::Right).unwrap_err().contains("cannot move right"));
        assert_eq!(up.move_for_cell(8), Some(Dir::Down));
        assert_eq!(up.move_for_cell(0), None);
    }

    #[test]
    fn solvability_follows_parity() {
        assert!(Board::goal(4).check_solvable().is_ok());
        // Sam Loyd's 14-15 puzzle.
        let loyd = Board::parse(4, "1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0").unwrap();
        assert!(loyd.check_solvable().unwrap_err().contains("cannot be solved"));
        let swapped = Board::parse(3, "2,1,3,4,5,6,7,8,0").unwrap();
        assert!(swapped.check_solvable().is_err());
        for seed in 0..50 {
            assert!(Board::shuffled(4, 40, seed).check_solvable().is_ok());
            assert!(Board::shuffled(3, 41, seed).check_solvable().is_ok());
            assert!(Board::random_solvable(4, seed).check_solvable().is_ok());
            assert!(Board::random_solvable(5, seed).check_solvable().is_ok());
        }
    }

    #[test]
    fn shuffles_are_seeded() {
        assert_eq!(Board::shuffled(4, 30, 5), Board::shuffled(4, 30, 5));
        assert_ne!(Board::shuffled(4, 30, 5), Board::shuffled(4, 30, 6));
        assert_eq!(Board::random_solvable(4, 5), Board::random_solvable(4, 5));
    }
}
