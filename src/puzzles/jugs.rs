//! Water jugs (the slides' `JugFill`, on the generic framework `core::classic`): pour one jug
//! into another until the first is empty or the second is full, until the jugs hold the goal.
//! `#/jugs?capacity=3,5,8&start=0,0,8&goal=0,4,4&algo=bfs`; `moves=CB,BA` are pours made by
//! hand (jugs A, B, C … in link order).

use crate::core::classic::{self, Classic, ClassicParams, Options};
use crate::core::job::{JobContext, Report};
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::race::Work;
use std::fmt;

pub const PUZZLE: &str = "jugs";

pub const INFO: super::PuzzleInfo = super::PuzzleInfo {
    name: PUZZLE,
    title: "Water jugs",
    summary: "Pour between jugs until they hold the amounts asked for: breadth- and depth-first search.",
    keys: &[crate::core::keys::own(
        &["1", "2", "3", "4", "5", "6", "7", "8", "9"],
        "1–9",
        "pick jug A, B, C …: first the one to pour from, then the one to pour into",
    )],
};

/// Reads a link of this puzzle into its canonical form, naming every problem.
pub const READ_LINK: super::LinkReader = crate::core::link::canonical::<JugsParams>;

/// The readable name of an algorithm this puzzle's links name (`algo=`).
pub const ALGORITHM_LABEL: super::AlgorithmLabel = crate::core::choice::label_of::<classic::Algo>;

/// This puzzle's keys, each with a few valid and extreme values (the link fuzz test draws on
/// them, so a new puzzle is fuzzed without editing the test).
pub const SAMPLES: super::Samples = &[
    ("capacity", &["3,5,8", "1,1", "99,99,99,99,99,99", "0,5", "100,1", "5"]),
    ("start", &["0,0,8", "0,0", "3,5,8", "9,9,9"]),
    ("goal", &["0,4,4", "1,1", "0,0,0", "8,0,0"]),
    ("moves", &["CB,BA", "AB", "AZ"]),
    ("algo", &["bfs", "dfs"]),
    ("fold", &["0", "1", "2"]),
    ("explore", &["0", "1"]),
    ("step", &["0", "1", "7"]),
];

pub const MAX_JUGS: usize = 6;
pub const MAX_CAPACITY: u32 = 99;

/// Litres in each jug.
pub type Amounts = Vec<u8>;

/// Pour jug `from` into jug `to` (written `CB`: C into B).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pour {
    pub from: usize,
    pub to: usize,
}

/// A jug's letter: A, B, C …
pub fn jug_name(jug: usize) -> char {
    char::from(b'A' + jug as u8)
}

impl fmt::Display for Pour {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", jug_name(self.from), jug_name(self.to))
    }
}

/// The jugs and the goal: the puzzle's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jugs {
    pub capacity: Vec<u8>,
    pub goal: Amounts,
}

impl Jugs {
    pub fn parse_pour(&self, text: &str) -> Result<Pour, String> {
        let jugs = self.capacity.len();
        let index = |c: char| (0..jugs).find(|&j| jug_name(j) == c.to_ascii_uppercase());
        let chars: Vec<char> = text.chars().collect();
        match chars[..] {
            [a, b] => match (index(a), index(b)) {
                (Some(from), Some(to)) if from != to => Ok(Pour { from, to }),
                _ => Err(format!("'{text}' is not a pour between two of the jugs A–{}", jug_name(jugs - 1))),
            },
            _ => Err(format!("'{text}' is not a pour: write the two jugs, as CB for C into B")),
        }
    }

    /// Litres that a pour moves: until `from` is empty or `to` is full.
    fn poured(&self, amounts: &Amounts, pour: Pour) -> u8 {
        amounts[pour.from].min(self.capacity[pour.to] - amounts[pour.to])
    }

    pub fn apply(&self, amounts: &Amounts, pour: Pour) -> Result<Amounts, String> {
        let qty = self.poured(amounts, pour);
        if qty == 0 {
            let (from, to) = (jug_name(pour.from), jug_name(pour.to));
            let why =
                if amounts[pour.from] == 0 { format!("{from} is empty") } else { format!("{to} is full") };
            return Err(format!("pouring {from} into {to}: nothing moves, {why}"));
        }
        let mut next = amounts.clone();
        next[pour.from] -= qty;
        next[pour.to] += qty;
        Ok(next)
    }

    /// The slides' sentence for a pour from `amounts`: "Pour the 8 into the 5 until it is full,
    /// leaving 3".
    pub fn explain(&self, amounts: &Amounts, pour: Pour) -> String {
        let (from, to) = (jug_name(pour.from), jug_name(pour.to));
        let qty = self.poured(amounts, pour);
        let left = amounts[pour.from] - qty;
        if left == 0 {
            format!("Pour all of {from} ({qty} l) into {to}, which then holds {} l.", amounts[pour.to] + qty)
        } else {
            format!(
                "Pour {from} into {to} until {to} is full ({} l), leaving {left} l in {from}.",
                self.capacity[pour.to]
            )
        }
    }
}

impl Classic for Jugs {
    type Position = Amounts;
    type Move = Pour;

    fn moves(&self, amounts: &Amounts, out: &mut Vec<(Pour, Amounts)>) {
        for from in 0..amounts.len() {
            for to in 0..amounts.len() {
                if from != to {
                    if let Ok(next) = self.apply(amounts, Pour { from, to }) {
                        out.push((Pour { from, to }, next));
                    }
                }
            }
        }
    }

    fn is_goal(&self, amounts: &Amounts) -> bool {
        *amounts == self.goal
    }

    /// Jugs of the same size with the same goal are interchangeable: their amounts sorted.
    fn canonical(&self, amounts: &Amounts) -> Amounts {
        let mut folded = amounts.clone();
        for i in 0..folded.len() {
            for j in i + 1..folded.len() {
                let alike = self.capacity[i] == self.capacity[j] && self.goal[i] == self.goal[j];
                if alike && folded[i] > folded[j] {
                    folded.swap(i, j);
                }
            }
        }
        folded
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JugsParams {
    pub jugs: Jugs,
    pub start: Amounts,
    pub played: Vec<Pour>,
    pub options: Options,
    pub step: usize,
}

impl Default for JugsParams {
    fn default() -> Self {
        Self {
            jugs: Jugs { capacity: vec![3, 5, 8], goal: vec![0, 4, 4] },
            start: vec![0, 0, 8],
            played: Vec::new(),
            options: Options::default(),
            step: 0,
        }
    }
}

fn to_u8(numbers: Vec<u32>) -> Vec<u8> {
    numbers.into_iter().map(|n| n as u8).collect()
}

impl LinkParams for JugsParams {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let d = Self::default();
        let wide = |v: &[u8]| v.iter().map(|&n| u32::from(n)).collect::<Vec<u32>>();
        let mut capacity =
            to_u8(r.numbers("capacity", 2..=MAX_JUGS, 1..=MAX_CAPACITY, &wide(&d.jugs.capacity)));
        let mut start = to_u8(r.numbers("start", 2..=MAX_JUGS, 0..=MAX_CAPACITY, &wide(&d.start)));
        let mut goal = to_u8(r.numbers("goal", 2..=MAX_JUGS, 0..=MAX_CAPACITY, &wide(&d.jugs.goal)));
        let fits = |amounts: &[u8], capacity: &[u8]| {
            amounts.len() == capacity.len() && amounts.iter().zip(capacity).all(|(a, c)| a <= c)
        };
        // A problem is named by the key the link gave (a default start or goal that no longer
        // fits is the capacity's doing).
        let given = |keys: &[&'static str]| {
            keys.iter().copied().find(|k| link.get(k).is_some()).unwrap_or("capacity")
        };
        if !fits(&start, &capacity) || !fits(&goal, &capacity) {
            let key = if fits(&start, &capacity) { given(&["goal"]) } else { given(&["start"]) };
            r.reject(
                key,
                format!("needs one amount per jug ({}), none above its jug's capacity", capacity.len()),
            );
            (capacity, start, goal) = (d.jugs.capacity.clone(), d.start.clone(), d.jugs.goal.clone());
        }
        let total = |v: &[u8]| v.iter().map(|&n| u32::from(n)).sum::<u32>();
        if total(&start) != total(&goal) {
            r.reject(
                given(&["goal", "start"]),
                format!(
                    "the goal holds {} l but the jugs start with {} l: pouring never changes the total",
                    total(&goal),
                    total(&start)
                ),
            );
            goal = start.clone();
        }
        let jugs = Jugs { capacity, goal };
        let played = r.moves("moves", start.clone(), |t| jugs.parse_pour(t), |a, &p| jugs.apply(a, p));
        let options = Options::read(&mut r);
        let step = r.step();
        (Self { jugs, start, played, options, step }, r.finish())
    }

    fn to_link(&self) -> Link {
        let wide = |v: &[u8]| v.iter().map(|&n| u32::from(n)).collect::<Vec<u32>>();
        let link = Link::new(PUZZLE)
            .with_list("capacity", &wide(&self.jugs.capacity))
            .with_list("start", &wide(&self.start))
            .with_list("goal", &wide(&self.jugs.goal));
        classic::write_play(link, &self.played, &self.options, self.step)
    }
}

impl ClassicParams for JugsParams {
    type Puzzle = Jugs;
    const NAME: &'static str = PUZZLE;

    fn puzzle(&self) -> &Jugs {
        &self.jugs
    }

    fn current(&self) -> Amounts {
        self.played
            .iter()
            .fold(self.start.clone(), |a, &p| self.jugs.apply(&a, p).expect("pours are checked"))
    }

    fn options(&self) -> Options {
        self.options
    }
}

/// Every solver of the puzzle.py classics is a search that records its trace.
pub fn work(_: &Link) -> Work {
    Work::Search
}

/// Solves what a jugs link describes (registered in `puzzles::SOLVERS`).
pub fn solve_link(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    classic::solve_link::<JugsParams>(link, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::solve_quietly as run;

    fn replay(params: &JugsParams, moves: &[String]) -> Amounts {
        moves
            .iter()
            .fold(params.current(), |a, m| params.jugs.apply(&a, params.jugs.parse_pour(m).unwrap()).unwrap())
    }

    #[test]
    fn the_slides_jugs_take_seven_pours() {
        let report = run("#/jugs?capacity=3,5,8&start=0,0,8&goal=0,4,4&algo=bfs").unwrap();
        assert_eq!((report.solved, report.length, report.optimal), (true, 7, true));
        assert_eq!(replay(&JugsParams::default(), &report.moves), [0, 4, 4]);
        let dfs = run("#/jugs?algo=dfs").unwrap();
        assert!(dfs.solved && dfs.length >= 7);
        assert_eq!(replay(&JugsParams::default(), &dfs.moves), [0, 4, 4]);
    }

    #[test]
    fn a_pour_that_moves_nothing_names_the_jug_that_stops_it() {
        let jugs = JugsParams::default().jugs;
        let pour = |text| jugs.parse_pour(text).unwrap();
        assert_eq!(
            jugs.apply(&vec![3, 0, 5], pour("CA")).unwrap_err(),
            "pouring C into A: nothing moves, A is full"
        );
        assert_eq!(
            jugs.apply(&vec![0, 0, 8], pour("AB")).unwrap_err(),
            "pouring A into B: nothing moves, A is empty"
        );
    }

    #[test]
    fn explore_counts_the_reachable_amounts() {
        // (a, b, c) with a + b + c = 8, reachable by pours from (0, 0, 8): counted by hand from
        // the pour graph, every state has a jug empty or full.
        let report = run("#/jugs?explore=1").unwrap();
        let reachable = report.reachable.unwrap();
        let mut by_hand = std::collections::HashSet::new();
        let jugs = JugsParams::default().jugs;
        let mut todo = vec![vec![0u8, 0, 8]];
        while let Some(a) = todo.pop() {
            if by_hand.insert(a.clone()) {
                let mut next = Vec::new();
                jugs.moves(&a, &mut next);
                todo.extend(next.into_iter().map(|(_, b)| b));
            }
        }
        assert_eq!(reachable, by_hand.len() as u64);
        assert_eq!(reachable, 16);
    }

    #[test]
    fn equal_jugs_fold_only_where_the_goal_allows() {
        let folded = run("#/jugs?capacity=4,4,8&start=0,0,8&goal=2,2,4&explore=1").unwrap();
        let unfolded = run("#/jugs?capacity=4,4,8&start=0,0,8&goal=2,2,4&explore=1&fold=0").unwrap();
        assert!(folded.reachable.unwrap() < unfolded.reachable.unwrap());
        assert_eq!(folded.length, unfolded.length);
        let asymmetric = run("#/jugs?capacity=4,4,8&start=0,0,8&goal=0,4,4").unwrap();
        assert!(asymmetric.solved);
    }

    #[test]
    fn pours_read_and_explain_like_the_slides() {
        let p = JugsParams::default();
        let pour = p.jugs.parse_pour("CB").unwrap();
        assert_eq!(p.jugs.explain(&p.start, pour), "Pour C into B until B is full (5 l), leaving 3 l in C.");
        let next = p.jugs.apply(&p.start, pour).unwrap();
        assert_eq!(
            p.jugs.explain(&next, Pour { from: 1, to: 0 }),
            "Pour B into A until A is full (3 l), leaving 2 l in B."
        );
        assert!(p.jugs.apply(&p.start, Pour { from: 0, to: 1 }).unwrap_err().contains("A is empty"));
        let played = run("#/jugs?moves=CB,BA").unwrap();
        assert_eq!(played.length, 5, "two pours made, five to go");
    }

    #[test]
    fn bad_jugs_are_refused_with_the_reason() {
        assert!(run("#/jugs?goal=0,4,5").unwrap_err().contains("pouring never changes the total"));
        assert!(run("#/jugs?start=0,6,2").unwrap_err().starts_with("start: needs one amount per jug"));
        assert!(run("#/jugs?capacity=3").unwrap_err().starts_with("capacity:"));
        assert!(run("#/jugs?capacity=3,5")
            .unwrap_err()
            .starts_with("capacity: needs one amount per jug (2)"));
        assert!(
            run("#/jugs?start=0,0,7")
                .unwrap_err()
                .starts_with("start: the goal holds 8 l but the jugs start with 7 l"),
            "the default goal"
        );
        assert!(run("#/jugs?moves=AB").unwrap_err().contains("A is empty"));
        let unreachable = run("#/jugs?capacity=2,4,8&start=0,0,8&goal=1,3,4").unwrap();
        assert!(!unreachable.solved);
        assert!(unreachable.message.unwrap().contains("cannot be reached"));
    }
}
