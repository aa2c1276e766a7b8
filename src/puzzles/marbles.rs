//! Black and white marbles (the slides' marble puzzle, on `core::classic`): `n` white marbles
//! on the left, `n` black on the right, `gap` empty slots between. A white marble moves right
//! into the next empty slot or hops over one black marble into the empty slot behind it;
//! black moves left the same way. Goal: the colours swapped. With `alternate=1` (the slides'
//! rule, default) white and black take turns, either starting.
//! `#/marbles?n=4&gap=3&alternate=1&algo=bfs`; `moves=4-5,7-6` (slots, 1-based) by hand.

use crate::core::classic::{self, Classic, ClassicParams, Options};
use crate::core::job::{JobContext, Report};
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use std::fmt;

pub const PUZZLE: &str = "marbles";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Marbles",
    summary:
        "Swap white and black marbles by slides and hops: the shortest solutions, and how many there are.",
    keys: &[],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<MarblesParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<classic::Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("n", &["1", "4", "6", "0", "7"]),
    ("gap", &["1", "3", "4", "0", "5"]),
    ("alternate", &["0", "1", "2"]),
    ("moves", &["4-5", "3-5", "1-2", "99-1"]),
    ("algo", &["bfs", "dfs"]),
    ("fold", &["0", "1"]),
    ("explore", &["0", "1"]),
    ("step", &["0", "1", "40"]),
];

pub const MAX_N: usize = 6;
pub const MAX_GAP: usize = 4;

pub const WHITE: i8 = 1;
pub const BLACK: i8 = -1;

/// The slots (`WHITE`, `BLACK` or 0 for empty) and whose turn it is (0: either).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    pub slots: Vec<i8>,
    pub turn: i8,
}

/// A marble moves from one slot to another (0-based; written 1-based, `4-5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shift {
    pub from: usize,
    pub to: usize,
}

impl fmt::Display for Shift {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}-{}", self.from + 1, self.to + 1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marbles {
    pub n: usize,
    pub gap: usize,
    pub alternate: bool,
}

impl Marbles {
    pub fn start(&self) -> Row {
        let mut slots = vec![WHITE; self.n];
        slots.extend(std::iter::repeat_n(0, self.gap));
        slots.extend(std::iter::repeat_n(BLACK, self.n));
        Row { slots, turn: 0 }
    }

    pub fn parse_shift(&self, text: &str) -> Result<Shift, String> {
        let slots = 2 * self.n + self.gap;
        let slot = |t: &str| t.parse::<usize>().ok().filter(|s| (1..=slots).contains(s)).map(|s| s - 1);
        match text.split_once('-').map(|(a, b)| (slot(a), slot(b))) {
            Some((Some(from), Some(to))) => Ok(Shift { from, to }),
            _ => Err(format!("'{text}' is not a move: write two slots from 1 to {slots}, as 4-5")),
        }
    }

    /// The row after `shift`, or why the rules refuse it.
    pub fn apply(&self, row: &Row, shift: Shift) -> Result<Row, String> {
        let marble = row.slots[shift.from];
        if marble == 0 {
            return Err(format!("slot {} is empty", shift.from + 1));
        }
        if row.turn != 0 && marble != row.turn {
            return Err(format!("it is {}'s turn", if row.turn == WHITE { "white" } else { "black" }));
        }
        let step = shift.to as isize - shift.from as isize;
        let forward = marble as isize;
        let legal = row.slots[shift.to] == 0
            && (step == forward
                || (step == 2 * forward && row.slots[(shift.from as isize + forward) as usize] == -marble));
        if !legal {
            return Err("a marble moves forward into the next slot, or hops over one marble of the other colour into an empty slot".into());
        }
        let mut slots = row.slots.clone();
        slots[shift.from] = 0;
        slots[shift.to] = marble;
        Ok(Row { slots, turn: if self.alternate { -marble } else { 0 } })
    }
}

impl Classic for Marbles {
    type Position = Row;
    type Move = Shift;

    fn moves(&self, row: &Row, out: &mut Vec<(Shift, Row)>) {
        let len = row.slots.len() as isize;
        for from in 0..row.slots.len() {
            let marble = row.slots[from];
            if marble == 0 || (row.turn != 0 && marble != row.turn) {
                continue;
            }
            for step in [1, 2] {
                let to = from as isize + step * marble as isize;
                if (0..len).contains(&to) {
                    if let Ok(next) = self.apply(row, Shift { from, to: to as usize }) {
                        out.push((Shift { from, to: to as usize }, next));
                    }
                }
            }
        }
    }

    fn is_goal(&self, row: &Row) -> bool {
        let n = self.n;
        row.slots[..n].iter().all(|&m| m == BLACK)
            && row.slots[row.slots.len() - n..].iter().all(|&m| m == WHITE)
    }

    /// The mirror image (the row reversed, colours swapped) is the same puzzle.
    fn canonical(&self, row: &Row) -> Row {
        let mirrored = Row { slots: row.slots.iter().rev().map(|&m| -m).collect(), turn: -row.turn };
        mirrored.min(row.clone())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarblesParams {
    pub marbles: Marbles,
    pub played: Vec<Shift>,
    pub options: Options,
    pub step: usize,
}

impl Default for MarblesParams {
    fn default() -> Self {
        Self {
            marbles: Marbles { n: 4, gap: 3, alternate: true },
            played: Vec::new(),
            options: Options::default(),
            step: 0,
        }
    }
}

impl LinkParams for MarblesParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let n = r.number("n", 1..=MAX_N, 4);
        let gap = r.number("gap", 1..=MAX_GAP, 3);
        let alternate = r.number("alternate", 0..=1, 1u8) == 1;
        let marbles = Marbles { n, gap, alternate };
        let played =
            r.moves("moves", marbles.start(), |t| marbles.parse_shift(t), |row, &s| marbles.apply(row, s));
        let options = Options::read(&mut r);
        let step = r.step();
        (Self { marbles, played, options, step }, r.finish())
    }

    fn to_link(&self) -> Link {
        let m = &self.marbles;
        let link =
            Link::new(PUZZLE).with("n", m.n).with("gap", m.gap).with("alternate", u8::from(m.alternate));
        classic::write_play(link, &self.played, &self.options, self.step)
    }
}

impl ClassicParams for MarblesParams {
    type Puzzle = Marbles;
    const NAME: &'static str = PUZZLE;

    fn puzzle(&self) -> &Marbles {
        &self.marbles
    }

    fn current(&self) -> Row {
        let m = &self.marbles;
        self.played.iter().fold(m.start(), |row, &s| m.apply(&row, s).expect("moves are checked"))
    }

    fn options(&self) -> Options {
        self.options
    }
}

/// Every solver of the puzzle.py classics is a search that records its trace.
pub fn work(_: &Link) -> Work {
    Work::Search
}

/// Solves what a marbles link describes, and counts the shortest solutions.
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (params, mut report) = classic::solve_params::<MarblesParams>(link, ctx)?;
    if report.solved {
        let counted = ctx.search(|ctl| classic::count_shortest(&params.marbles, params.current(), ctl));
        report.optimal_length = counted.map(|(length, _)| length as u64);
        report.shortest_count = counted.and_then(|(_, count)| u64::try_from(count).ok());
        if counted.is_some() && report.shortest_count.is_none() {
            report.message =
                Some(format!("more than {} shortest solutions", crate::core::format::format_count(u64::MAX)));
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::solve_quietly as run;

    fn replay(marbles: &Marbles, moves: &[String]) -> Row {
        moves
            .iter()
            .fold(marbles.start(), |row, m| marbles.apply(&row, marbles.parse_shift(m).unwrap()).unwrap())
    }

    /// Every move sequence of exactly `length` moves that ends at the goal, counted depth
    /// first with a memo of (row, moves left): the second way of counting, with no layers.
    fn count_by_enumeration(marbles: &Marbles, row: &Row, length: usize) -> u64 {
        fn count(
            m: &Marbles,
            row: &Row,
            left: usize,
            memo: &mut std::collections::HashMap<(Row, usize), u64>,
        ) -> u64 {
            if left == 0 {
                return u64::from(m.is_goal(row));
            }
            if let Some(&n) = memo.get(&(row.clone(), left)) {
                return n;
            }
            let mut next = Vec::new();
            m.moves(row, &mut next);
            let n = next.iter().map(|(_, r)| count(m, r, left - 1, memo)).sum();
            memo.insert((row.clone(), left), n);
            n
        }
        count(marbles, row, length, &mut std::collections::HashMap::new())
    }

    #[test]
    fn shortest_solutions_are_counted_two_ways() {
        for (n, gap, alternate) in
            [(2, 1, false), (2, 3, true), (3, 1, false), (3, 3, true), (2, 2, false), (4, 3, true)]
        {
            let text = format!("#/marbles?n={n}&gap={gap}&alternate={}", u8::from(alternate));
            let report = run(&text).unwrap();
            let marbles = Marbles { n, gap, alternate };
            assert!(marbles.is_goal(&replay(&marbles, &report.moves)), "{text}");
            assert_eq!(report.optimal_length, Some(report.length as u64), "{text}");
            let by_enumeration = count_by_enumeration(&marbles, &marbles.start(), report.length);
            assert_eq!(report.shortest_count, Some(by_enumeration), "{text}");
            // Nothing shorter exists.
            assert_eq!(count_by_enumeration(&marbles, &marbles.start(), report.length - 1), 0, "{text}");
        }
    }

    #[test]
    fn the_classic_one_gap_puzzle_takes_n_squared_plus_2n_moves() {
        // One empty slot, no alternation: (n + 1)² − 1 moves, in exactly two mirror-image ways.
        for n in 1..=4 {
            let report = run(&format!("#/marbles?n={n}&gap=1&alternate=0")).unwrap();
            assert_eq!((report.length, report.shortest_count), (n * n + 2 * n, Some(2)), "n = {n}");
        }
    }

    #[test]
    fn the_slides_puzzle_is_solved_and_folding_halves_the_space() {
        let report = run("#/marbles?n=4&gap=3&alternate=1").unwrap();
        let marbles = MarblesParams::default().marbles;
        assert!(marbles.is_goal(&replay(&marbles, &report.moves)));
        let folded = run("#/marbles?explore=1").unwrap().reachable.unwrap();
        let unfolded = run("#/marbles?explore=1&fold=0").unwrap().reachable.unwrap();
        assert!(folded < unfolded && 2 * folded >= unfolded, "{folded} vs {unfolded}");
    }

    #[test]
    fn some_puzzles_cannot_be_solved_taking_turns() {
        let report = run("#/marbles?n=3&gap=2&alternate=1").unwrap();
        assert!(!report.solved);
        assert_eq!(report.shortest_count, None);
        assert!(run("#/marbles?n=3&gap=2&alternate=0").unwrap().solved);
    }

    #[test]
    fn bad_moves_are_refused_with_the_reason() {
        assert!(run("#/marbles?moves=1-2").unwrap_err().contains("moves forward into the next slot"));
        assert!(run("#/marbles?moves=4-5,3-4").unwrap_err().contains("black's turn"));
        assert!(run("#/marbles?moves=5-6").unwrap_err().contains("slot 5 is empty"));
        assert!(run("#/marbles?n=9").unwrap_err().starts_with("n:"));
        let played = run("#/marbles?moves=4-5").unwrap();
        assert!(played.solved);
    }
}
