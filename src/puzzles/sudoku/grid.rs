//! The Sudoku grid: box size, cells, the link's text form, the groups (rows, columns, boxes)
//! and each cell's "friends" (the slides' `friend_cells`).

/// Digits of a 16×16 grid after 9: `A` is 10 … `G` is 16.
const SYMBOLS: &[u8; 16] = b"123456789ABCDEFG";

/// A grid of side `box_size²`; each cell 0 (blank) or a value 1..=side.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    pub box_size: usize,
    pub cells: Vec<u8>,
}

/// Box sizes a grid may have: 4×4, 9×9 and 16×16 grids.
pub const BOX_SIZES: std::ops::RangeInclusive<usize> = 2..=4;

/// Where a cell is, as players write it: `r1c2` (1-based).
pub fn cell_name(side: usize, cell: usize) -> String {
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

impl Grid {
    pub fn empty(box_size: usize) -> Self {
        Self { box_size, cells: vec![0; box_size.pow(4)] }
    }

    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// The symbol of a value (1-based) in the link's form.
    pub fn symbol(value: u8) -> char {
        SYMBOLS[usize::from(value) - 1] as char
    }

    /// Reads the link's form: 16, 81 or 256 characters, `.` or `0` for a blank.
    pub fn parse(text: &str) -> Result<Self, String> {
        let box_size = match text.len() {
            16 => 2,
            81 => 3,
            256 => 4,
            n => return Err(format!("must have 16, 81 or 256 characters (4×4, 9×9 or 16×16), got {n}")),
        };
        let side = box_size * box_size;
        let mut cells = Vec::with_capacity(text.len());
        for (cell, c) in text.bytes().enumerate() {
            let value = match c {
                b'.' | b'0' => Some(0),
                c => Self::value_of(c, side),
            };
            let Some(value) = value else {
                let allowed = format!("1–{}", Self::symbol(side as u8));
                return Err(format!(
                    "'{}' at {} is not a value {allowed} or a blank (. or 0)",
                    char::from(c).escape_default(),
                    cell_name(side, cell)
                ));
            };
            cells.push(value);
        }
        let grid = Self { box_size, cells };
        grid.check_clues()?;
        Ok(grid)
    }

    /// The value (1-based) a symbol stands for in a grid of this side, if any.
    pub fn value_of(symbol: u8, side: usize) -> Option<u8> {
        let symbol = symbol.to_ascii_uppercase();
        SYMBOLS[..side].iter().position(|&s| s == symbol).map(|i| i as u8 + 1)
    }

    /// Refuses clues that already break the rules, naming the cells.
    fn check_clues(&self) -> Result<(), String> {
        let side = self.side();
        let mut clashes = Vec::new();
        for (a, b) in self.conflicts() {
            if clashes.len() < 3 {
                let value = Self::symbol(self.cells[a]);
                clashes.push(format!("{} and {} are both {value}", cell_name(side, a), cell_name(side, b)));
            }
        }
        match clashes.is_empty() {
            true => Ok(()),
            false => Err(format!("clues conflict: {}", clashes.join("; "))),
        }
    }

    /// Pairs of filled cells (a < b) that see each other and hold the same value.
    pub fn conflicts(&self) -> Vec<(usize, usize)> {
        let friends = friends_of(self.box_size);
        let mut pairs = Vec::new();
        for (a, &value) in self.cells.iter().enumerate() {
            if value == 0 {
                continue;
            }
            for &b in &friends[a] {
                if b > a && self.cells[b] == value {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Every cell filled and no two friends alike: the goal.
    pub fn is_solved(&self) -> bool {
        self.is_full() && self.conflicts().is_empty()
    }

    /// A full grid that keeps the rules and agrees with every clue of `puzzle`.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        self.box_size == puzzle.box_size
            && self.is_full()
            && self.conflicts().is_empty()
            && puzzle.cells.iter().zip(&self.cells).all(|(&clue, &v)| clue == 0 || clue == v)
    }
}

impl std::fmt::Display for Grid {
    /// The link's form, `.` for blanks.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for &v in &self.cells {
            let c = if v == 0 { '.' } else { Self::symbol(v) };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The rows, then the columns, then the boxes, each as its cells.
pub fn groups(box_size: usize) -> Vec<Vec<usize>> {
    let side = box_size * box_size;
    let rows = (0..side).map(|r| (0..side).map(|c| r * side + c).collect());
    let columns = (0..side).map(|c| (0..side).map(|r| r * side + c).collect());
    let boxes = (0..side).map(|b| {
        let (top, left) = (b / box_size * box_size, b % box_size * box_size);
        (0..side).map(|i| (top + i / box_size) * side + left + i % box_size).collect()
    });
    rows.chain(columns).chain(boxes).collect()
}

/// Each cell's friends for a box size, computed once per process.
pub fn friends_of(box_size: usize) -> &'static [Vec<usize>] {
    // Each size's table is built when first asked for (a 16×16 grid's takes the longest).
    static TABLES: [std::sync::OnceLock<Vec<Vec<usize>>>; 3] = [const { std::sync::OnceLock::new() }; 3];
    TABLES[box_size - BOX_SIZES.start()].get_or_init(|| friends(box_size))
}

/// Each cell's friends: the other cells of its row, column and box.
pub fn friends(box_size: usize) -> Vec<Vec<usize>> {
    let side = box_size * box_size;
    let mut friends = vec![Vec::new(); side * side];
    for group in groups(box_size) {
        for &a in &group {
            for &b in &group {
                if a != b && !friends[a].contains(&b) {
                    friends[a].push(b);
                }
            }
        }
    }
    friends.iter_mut().for_each(|f| f.sort_unstable());
    friends
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cell_has_its_friends() {
        let f = friends(3);
        assert!(f.iter().all(|f| f.len() == 20));
        assert_eq!(friends(2)[0], [1, 2, 3, 4, 5, 8, 12]);
        assert!(friends(4).iter().all(|f| f.len() == 39));
        assert_eq!(groups(3).len(), 27);
    }

    #[test]
    fn grids_read_and_write_the_link_form() {
        let text = "1.3.....4..2..1.";
        let grid = Grid::parse(text).unwrap();
        assert_eq!(grid.box_size, 2);
        assert_eq!(grid.to_string(), text);
        assert_eq!(Grid::parse(&text.replace('.', "0")).unwrap(), grid);
        let big = format!("G{}", ".".repeat(255));
        assert_eq!(Grid::parse(&big).unwrap().cells[0], 16);
    }

    #[test]
    fn bad_grids_say_what_is_wrong() {
        assert!(Grid::parse("12").unwrap_err().contains("got 2"));
        let err = Grid::parse(&format!("1.5{}", ".".repeat(13))).unwrap_err();
        assert_eq!(err, "'5' at r1c3 is not a value 1–4 or a blank (. or 0)");
        let err = Grid::parse(&format!("11{}", ".".repeat(79))).unwrap_err();
        assert_eq!(err, "clues conflict: r1c1 and r1c2 are both 1");
    }
}
