//! Sliding blocks (the slides' sliding-block puzzle, on `core::classic`): rectangular pieces
//! on a board, each labelled by a digit or letter in the layout (`0` or `.` empty); a move
//! slides one piece one cell into empty cells. Goal: the largest piece (the slides' 2×2) in a
//! corner of the board (`goal=bottom-left`, default, as in the slides' final position).
//! Pieces of the same shape are interchangeable in the canonical form.
//! `#/blocks?layout=11221133450067886799&width=4&algo=bfs`; `moves=5R,7U` (piece, direction).

use crate::core::choice::Named;
use crate::core::classic::{self, Classic, ClassicParams, Options};
use crate::core::job::{JobContext, Report};
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use std::fmt;

pub const PUZZLE: &str = "blocks";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Sliding blocks",
    summary:
        "Slide rectangular blocks until the big one reaches its corner: same-shape blocks folded together.",
    keys: &[crate::core::keys::own(
        &["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"],
        "← ↑ → ↓",
        "slide the piece picked (pick it first; on the board's cells the arrows move between them)",
    )],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<BlocksParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<classic::Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("layout", &[SLIDES_LAYOUT, "2113211345564786900a", "1100", "00000000", "........", "1", "1.1."]),
    ("width", &["2", "4", "8", "1", "9"]),
    ("goal", &["bottom-left", "bottom-right", "top-left", "top-right", "bottom-middle", "middle"]),
    ("moves", &["5R,7U", "0U", "9Z"]),
    ("algo", &["bfs", "dfs"]),
    ("fold", &["0", "1"]),
    ("explore", &["0", "1"]),
    ("step", &["0", "1", "83"]),
];

/// The slides' layout: 4 wide, 5 high.
pub const SLIDES_LAYOUT: &str = "11221133450067886799";
pub const MAX_CELLS: usize = 64;

crate::named_enum! {
    /// The corner the largest piece must reach (`goal=`).
    pub enum Corner {
        BottomLeft = ("bottom-left", "Bottom left"),
        BottomRight = ("bottom-right", "Bottom right"),
        TopLeft = ("top-left", "Top left"),
        TopRight = ("top-right", "Top right"),
        BottomMiddle = ("bottom-middle", "Bottom middle (Klotski's exit)"),
    }
}

/// The cells, row by row: a piece's label, or 0 for empty.
pub type Cells = Vec<u8>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    const ALL: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

    fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Down => 'D',
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }
}

/// Piece `label` slides one cell in `direction` (written `5R`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slide {
    pub label: u8,
    pub direction: Direction,
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", char::from(self.label), self.direction.letter())
    }
}

/// A piece's size and where its top-left cell is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub label: u8,
    pub row: usize,
    pub col: usize,
    pub height: usize,
    pub width: usize,
}

/// The board and the goal: the puzzle's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    /// The piece that must reach the corner, and where its top-left cell must be.
    pub target: u8,
    pub goal_cell: usize,
    /// Each label's shape class (same height and width, same class), for the canonical form.
    shape_class: [u8; 256],
}

/// The pieces of a layout, or what is wrong with it.
pub fn pieces(cells: &[u8], width: usize) -> Result<Vec<Piece>, String> {
    let mut labels: Vec<u8> = cells.iter().copied().filter(|&c| c != 0).collect();
    labels.sort_unstable();
    labels.dedup();
    labels
        .into_iter()
        .map(|label| {
            let at: Vec<(usize, usize)> = cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == label)
                .map(|(i, _)| (i / width, i % width))
                .collect();
            let (top, left) = (at.iter().map(|p| p.0).min().unwrap(), at.iter().map(|p| p.1).min().unwrap());
            let (bottom, right) =
                (at.iter().map(|p| p.0).max().unwrap(), at.iter().map(|p| p.1).max().unwrap());
            let (height, width) = (bottom - top + 1, right - left + 1);
            if at.len() != height * width {
                return Err(format!("piece {} is not a rectangle", char::from(label)));
            }
            Ok(Piece { label, row: top, col: left, height, width })
        })
        .collect()
}

impl Board {
    /// The rules for a layout (already read into cells) with its largest piece bound for
    /// `corner`.
    pub fn new(cells: &[u8], width: usize, corner: Corner) -> Result<Board, String> {
        let height = cells.len() / width;
        let pieces = pieces(cells, width)?;
        let target = pieces
            .iter()
            .max_by_key(|p| (p.height * p.width, std::cmp::Reverse(p.label)))
            .ok_or("the layout has no pieces")?;
        let row = match corner {
            Corner::TopLeft | Corner::TopRight => 0,
            _ => height - target.height,
        };
        let col = match corner {
            Corner::BottomLeft | Corner::TopLeft => 0,
            Corner::BottomMiddle => (width - target.width) / 2,
            _ => width - target.width,
        };
        let mut shapes: Vec<(usize, usize)> = pieces.iter().map(|p| (p.height, p.width)).collect();
        shapes.sort_unstable();
        shapes.dedup();
        let mut shape_class = [0u8; 256];
        for p in &pieces {
            let class = shapes.iter().position(|&s| s == (p.height, p.width)).expect("listed") as u8;
            // The target keeps a class of its own: it is not interchangeable with its likes.
            shape_class[usize::from(p.label)] = if p.label == target.label { b'*' } else { b'a' + class };
        }
        Ok(Board { width, height, target: target.label, goal_cell: row * width + col, shape_class })
    }

    pub fn parse_slide(&self, text: &str) -> Result<Slide, String> {
        let chars: Vec<char> = text.chars().collect();
        let direction = match chars.get(1) {
            Some('U') => Direction::Up,
            Some('D') => Direction::Down,
            Some('L') => Direction::Left,
            Some('R') => Direction::Right,
            _ => return Err(format!("'{text}' is not a move: write the piece and U, D, L or R, as 5R")),
        };
        match chars[..] {
            [label, _] if label.is_ascii_alphanumeric() && label != '0' => {
                Ok(Slide { label: label as u8, direction })
            }
            _ => Err(format!("'{text}' is not a move: write the piece and U, D, L or R, as 5R")),
        }
    }

    pub fn apply(&self, cells: &Cells, slide: Slide) -> Result<Cells, String> {
        let piece = char::from(slide.label);
        if !cells.contains(&slide.label) {
            return Err(format!("there is no piece {piece}"));
        }
        let (dr, dc): (isize, isize) = match slide.direction {
            Direction::Up => (-1, 0),
            Direction::Down => (1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
        };
        let mut next = cells.clone();
        for (i, _) in cells.iter().enumerate().filter(|&(_, &c)| c == slide.label) {
            next[i] = 0;
        }
        for (i, _) in cells.iter().enumerate().filter(|&(_, &c)| c == slide.label) {
            let (r, c) = ((i / self.width) as isize + dr, (i % self.width) as isize + dc);
            let inside = (0..self.height as isize).contains(&r) && (0..self.width as isize).contains(&c);
            let to = (r * self.width as isize + c) as usize;
            if !inside {
                return Err(format!("piece {piece} would leave the board"));
            }
            if cells[to] != 0 && cells[to] != slide.label {
                return Err(format!("piece {piece} is blocked by piece {}", char::from(cells[to])));
            }
            next[to] = slide.label;
        }
        Ok(next)
    }
}

impl Classic for Board {
    type Position = Cells;
    type Move = Slide;

    fn moves(&self, cells: &Cells, out: &mut Vec<(Slide, Cells)>) {
        let mut labels: Vec<u8> = cells.iter().copied().filter(|&c| c != 0).collect();
        labels.sort_unstable();
        labels.dedup();
        for label in labels {
            for direction in Direction::ALL {
                let slide = Slide { label, direction };
                if let Ok(next) = self.apply(cells, slide) {
                    out.push((slide, next));
                }
            }
        }
    }

    fn is_goal(&self, cells: &Cells) -> bool {
        cells.iter().position(|&c| c == self.target) == Some(self.goal_cell)
    }

    /// Each piece replaced by its shape: boards that differ only by which of two same-shape
    /// pieces is where are one position.
    fn canonical(&self, cells: &Cells) -> Cells {
        cells.iter().map(|&c| if c == 0 { 0 } else { self.shape_class[usize::from(c)] }).collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlocksParams {
    pub layout: Cells,
    pub board: Board,
    pub corner: Corner,
    pub played: Vec<Slide>,
    pub options: Options,
    pub step: usize,
}

/// Reads a layout: one character per cell, `0` or `.` empty.
fn read_layout(text: &str, width: usize) -> Result<Cells, String> {
    if let Some(bad) = text.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '.')) {
        return Err(format!("'{bad}' is not a piece: use digits and letters, 0 or . for empty cells"));
    }
    if text.len() > MAX_CELLS || text.len() < 2 * width || !text.len().is_multiple_of(width) {
        return Err(format!(
            "has {} cells, which is not whole rows of {width} (at least 2 rows, at most {MAX_CELLS} cells)",
            text.len()
        ));
    }
    let cells: Cells = text.bytes().map(|b| if b == b'0' || b == b'.' { 0 } else { b }).collect();
    if !cells.contains(&0) {
        return Err("has no empty cell: nothing can move".into());
    }
    if pieces(&cells, width)?.is_empty() {
        return Err("has no pieces: label each block with a digit 1-9 or a letter".into());
    }
    Ok(cells)
}

impl Default for BlocksParams {
    fn default() -> Self {
        let layout = read_layout(SLIDES_LAYOUT, 4).expect("the slides' layout reads");
        let board = Board::new(&layout, 4, Corner::BottomLeft).expect("the slides' layout has pieces");
        Self {
            layout,
            board,
            corner: Corner::BottomLeft,
            played: Vec::new(),
            options: Options::default(),
            step: 0,
        }
    }
}

/// The layout written back: `0` for empty cells.
pub fn write_layout(cells: &[u8]) -> String {
    cells.iter().map(|&c| if c == 0 { '0' } else { char::from(c) }).collect()
}

impl LinkParams for BlocksParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let d = Self::default();
        let width = r.number("width", 2..=8, 4);
        let corner = r.named("goal", Corner::BottomLeft);
        let layout = match r.raw("layout").map(|text| read_layout(text, width)) {
            None if width == 4 => d.layout.clone(),
            None => {
                r.reject("width", "a board of another width needs its layout");
                d.layout.clone()
            }
            Some(Ok(cells)) => cells,
            Some(Err(why)) => {
                r.reject("layout", why);
                d.layout.clone()
            }
        };
        let width = if layout == d.layout { 4 } else { width };
        // A layout read has pieces, so the board's rules always come out of it.
        let board = Board::new(&layout, width, corner).unwrap_or_else(|_| d.board.clone());
        let played = r.moves("moves", layout.clone(), |t| board.parse_slide(t), |c, &s| board.apply(c, s));
        let options = Options::read(&mut r);
        let step = r.step();
        (Self { layout, board, corner, played, options, step }, r.finish())
    }

    fn to_link(&self) -> Link {
        let mut link = Link::new(PUZZLE).with("layout", write_layout(&self.layout));
        if self.board.width != 4 {
            link = link.with("width", self.board.width);
        }
        if self.corner != Corner::BottomLeft {
            link = link.with("goal", self.corner.name());
        }
        classic::write_play(link, &self.played, &self.options, self.step)
    }
}

impl ClassicParams for BlocksParams {
    type Puzzle = Board;
    const NAME: &'static str = PUZZLE;

    fn puzzle(&self) -> &Board {
        &self.board
    }

    fn current(&self) -> Cells {
        self.played
            .iter()
            .fold(self.layout.clone(), |c, &s| self.board.apply(&c, s).expect("moves are checked"))
    }

    fn options(&self) -> Options {
        self.options
    }
}

/// Every solver of the puzzle.py classics is a search that records its trace.
pub fn work(_: &Link) -> Work {
    Work::Search
}

/// Solves what a blocks link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    classic::solve_link::<BlocksParams>(link, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::solve_quietly as run;

    /// The slides' move generator, on strings: a piece next to one of the two empty cells
    /// moves towards it when the piece's cells all shift into empty or own cells. A second,
    /// independent breadth-first search, shortest length only.
    fn slides_bfs(start: &str, goal: impl Fn(&str) -> bool) -> Option<usize> {
        let mut seen = std::collections::HashSet::from([start.to_string()]);
        let mut layer = vec![start.to_string()];
        for depth in 0.. {
            if layer.iter().any(|p| goal(p)) {
                return Some(depth);
            }
            let mut next = Vec::new();
            for pos in &layer {
                let b = pos.as_bytes();
                for dest in b.iter().enumerate().filter(|&(_, &c)| c == b'0').map(|(i, _)| i as isize) {
                    for adj in [-4isize, -1, 1, 4] {
                        let from = dest + adj;
                        let crosses_edge = (adj == -1 && dest % 4 == 0) || (adj == 1 && dest % 4 == 3);
                        if !(0..20).contains(&from) || crosses_edge || b[from as usize] == b'0' {
                            continue;
                        }
                        let piece = b[from as usize];
                        let mut moved = pos.replace(char::from(piece), "0").into_bytes();
                        let mut ok = true;
                        for i in 0..20isize {
                            if b[i as usize] == piece {
                                let to = i - adj;
                                let wraps = (adj == 1 && i % 4 == 0) || (adj == -1 && i % 4 == 3);
                                if !(0..20).contains(&to)
                                    || wraps
                                    || (b[to as usize] != b'0' && b[to as usize] != piece)
                                {
                                    ok = false;
                                    break;
                                }
                                moved[to as usize] = piece;
                            }
                        }
                        let moved = String::from_utf8(moved).unwrap();
                        if ok && moved.matches('0').count() == 2 && seen.insert(moved.clone()) {
                            next.push(moved);
                        }
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            layer = next;
        }
        None
    }

    #[test]
    fn the_slides_puzzle_matches_a_second_breadth_first_search() {
        let report = run("#/blocks?layout=11221133450067886799&fold=0").unwrap();
        let folded = run("#/blocks?layout=11221133450067886799").unwrap();
        let p = BlocksParams::default();
        let end = report
            .moves
            .iter()
            .fold(p.layout.clone(), |c, m| p.board.apply(&c, p.board.parse_slide(m).unwrap()).unwrap());
        assert!(p.board.is_goal(&end));
        let bottom_left = |s: &str| s.as_bytes()[12] == b'1' && s.as_bytes()[17] == b'1';
        assert_eq!(slides_bfs(SLIDES_LAYOUT, bottom_left), Some(report.length));
        assert_eq!(folded.length, report.length);
        assert!(
            folded.expanded < report.expanded,
            "same-shape pieces folded: {} vs {}",
            folded.expanded,
            report.expanded
        );
    }

    #[test]
    fn layouts_and_corners_from_the_link() {
        let klotski = "2113211345564786900a";
        let report = run(&format!("#/blocks?layout={klotski}&goal=bottom-middle&algo=dfs")).unwrap();
        assert!(report.solved);
        assert!(run("#/blocks?layout=1100&width=2&goal=bottom-right").unwrap().solved);
    }

    #[test]
    fn bad_layouts_are_refused_with_the_reason() {
        assert!(run("#/blocks?layout=1122").unwrap_err().contains("at least 2 rows"));
        assert!(run("#/blocks?layout=1121113345006788679x")
            .unwrap_err()
            .contains("piece 1 is not a rectangle"));
        assert!(run("#/blocks?layout=11221133450067886!99").unwrap_err().contains("'!' is not a piece"));
        assert!(run("#/blocks?layout=112211334556678867799").unwrap_err().contains("whole rows"));
        for empty in ["00000000", "........", "0.0.0.0.0.0.0.0.", "0000"] {
            let err = run(&format!("#/blocks?layout={empty}&width=2")).unwrap_err();
            assert!(err.starts_with("layout: has no pieces"), "{empty}: {err}");
        }
        assert!(run("#/blocks?moves=1D").unwrap_err().contains("blocked by piece 4"));
        assert!(run("#/blocks?moves=5R").unwrap().solved);
    }
}
