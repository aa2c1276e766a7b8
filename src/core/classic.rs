//! Hettinger's generic puzzle (slides "Easy AI with Python", `puzzle.py`): a puzzle is a
//! start position, the moves from a position, a goal test and, optionally, a canonical form
//! that folds symmetric positions into one. Breadth-first (shortest) and depth-first (first
//! found) search solve them all, on `core::search`; folding, exhausting the space and
//! counting every shortest solution come with it.

use crate::core::choice::Named;
use crate::core::job::{JobContext, Report};
use crate::core::link::{describe_errors, Link, LinkParams, ParamReader};
use crate::core::search::{self, Control, Outcome, Problem, Stats};
use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::{Hash, Hasher};

/// What a puzzle of the framework supplies.
pub trait Classic {
    type Position: Clone + Eq + Hash;
    type Move: Clone + fmt::Display;

    /// Every legal move from `position` with the position it leads to, in a fixed order.
    fn moves(&self, position: &Self::Position, out: &mut Vec<(Self::Move, Self::Position)>);

    fn is_goal(&self, position: &Self::Position) -> bool;

    /// The form shared by every position the search may treat as this one (a mirror image,
    /// pieces of the same shape swapped); the position itself by default.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }
}

crate::named_enum! {
    /// The searches every puzzle of the framework offers (`algo=`).
    pub enum Algo {
        Bfs = ("bfs", "Breadth-first: the shortest solution"),
        Dfs = ("dfs", "Depth-first: the first solution found"),
    }
}

/// The link keys every puzzle of the framework shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub algo: Algo,
    /// Fold positions with the same canonical form into one (`fold=1`, the default).
    pub fold: bool,
    /// Also exhaust the space to count the positions reachable from the start (`explore=1`).
    pub explore: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self { algo: Algo::Bfs, fold: true, explore: false }
    }
}

impl Options {
    pub fn read(r: &mut ParamReader) -> Self {
        Self {
            algo: r.named("algo", Algo::Bfs),
            fold: r.number("fold", 0..=1, 1u8) == 1,
            explore: r.number("explore", 0..=1, 0u8) == 1,
        }
    }

    /// Writes the keys that differ from the defaults, `algo` always.
    pub fn write(&self, mut link: Link) -> Link {
        link = link.with("algo", self.algo.name());
        if !self.fold {
            link = link.with("fold", 0);
        }
        if self.explore {
            link = link.with("explore", 1);
        }
        link
    }
}

/// The link keys every puzzle of the framework ends with: the moves played by hand, the
/// options, and the playback step while it is not 0.
pub fn write_play<M: fmt::Display>(link: Link, played: &[M], options: &Options, step: usize) -> Link {
    let link = options.write(link.with_list("moves", played));
    if step > 0 {
        link.with("step", step)
    } else {
        link
    }
}

/// The link parameters of a puzzle of the framework: its rules, where play stands, options.
pub trait ClassicParams: LinkParams {
    type Puzzle: Classic;
    const NAME: &'static str;

    fn puzzle(&self) -> &Self::Puzzle;
    /// The position after the moves played by hand, where a solve starts.
    fn current(&self) -> <Self::Puzzle as Classic>::Position;
    fn options(&self) -> Options;
}

/// Reads a link of a puzzle of the framework and solves it (its entry in `puzzles::SOLVERS`),
/// with the parameters read, for a puzzle that adds to the report.
pub fn solve_params<P: ClassicParams>(link: &Link, ctx: &mut JobContext) -> Result<(P, Report), String> {
    let (params, errors) = P::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let solved = params.to_link().without("step").to_hash();
    let report = solve(params.puzzle(), params.current(), params.options(), P::NAME, solved, ctx);
    Ok((params, report))
}

/// [`solve_params`] for a puzzle whose report is the search's.
pub fn solve_link<P: ClassicParams>(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    solve_params::<P>(link, ctx).map(|(_, report)| report)
}

/// A position as the search stores it: compared and hashed by its key (its canonical form
/// when folding), while the position itself is kept to replay the moves.
#[derive(Clone)]
pub struct Keyed<P> {
    pub position: P,
    key: P,
}

impl<P: Eq> PartialEq for Keyed<P> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl<P: Eq> Eq for Keyed<P> {}

impl<P: Hash> Hash for Keyed<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state)
    }
}

/// A puzzle as a `core::search` problem.
struct AsProblem<'a, C> {
    puzzle: &'a C,
    fold: bool,
    /// Never at the goal: the search exhausts the space.
    exhaust: bool,
}

impl<C: Classic> AsProblem<'_, C> {
    fn keyed(&self, position: C::Position) -> Keyed<C::Position> {
        let key = if self.fold { self.puzzle.canonical(&position) } else { position.clone() };
        Keyed { position, key }
    }
}

impl<C: Classic> Problem for AsProblem<'_, C> {
    type State = Keyed<C::Position>;
    type Move = C::Move;

    fn is_goal(&self, state: &Self::State) -> bool {
        !self.exhaust && self.puzzle.is_goal(&state.position)
    }

    fn successors(&self, state: &Self::State, out: &mut Vec<(C::Move, Self::State)>) {
        let mut moves = Vec::new();
        self.puzzle.moves(&state.position, &mut moves);
        out.extend(moves.into_iter().map(|(m, p)| (m, self.keyed(p))));
    }
}

/// Solves a puzzle of the framework from `start` as `options` say, into a report for
/// `puzzle` at `link`: moves, positions explored, peak frontier, positions stored, and
/// `reachable` when asked to explore.
pub fn solve<C: Classic>(
    puzzle: &C,
    start: C::Position,
    options: Options,
    name: &str,
    link: String,
    ctx: &mut JobContext,
) -> Report {
    let problem = AsProblem { puzzle, fold: options.fold, exhaust: false };
    let start_keyed = problem.keyed(start.clone());
    let result = ctx.search(|ctl| match options.algo {
        Algo::Bfs => search::bfs(&problem, start_keyed, ctl),
        Algo::Dfs => search::dfs(&problem, start_keyed, ctl),
    });
    let mut report = Report::from_search(name, options.algo.name(), link, &result, |m| m.to_string());
    report.optimal = report.solved && options.algo == Algo::Bfs;
    if options.explore {
        let exhaust = AsProblem { puzzle, fold: options.fold, exhaust: true };
        let start_keyed = exhaust.keyed(start);
        let everything = ctx.search(|ctl| search::bfs(&exhaust, start_keyed, ctl));
        match everything.outcome {
            Outcome::Unreachable => report.reachable = Some(everything.stats.stored),
            Outcome::Stopped(reason) => {
                let said = report.message.take().map(|m| format!("{m}; ")).unwrap_or_default();
                report.message = Some(format!("{said}counting reachable positions: {}", reason.explain()));
            }
            Outcome::Found(_) => unreachable!("an exhaustive search has no goal"),
        }
    }
    report
}

/// The number of distinct shortest solutions from `start` (every position kept apart, no
/// folding), with their length: breadth-first by layers, each position carrying the number of
/// shortest paths reaching it (saturating at 2^128 − 1). `None` when the goal cannot be
/// reached or the search stopped.
pub fn count_shortest<C: Classic>(
    puzzle: &C,
    start: C::Position,
    ctl: &mut Control,
) -> Option<(usize, u128)> {
    if puzzle.is_goal(&start) {
        return Some((0, 1));
    }
    let mut depth_of: FxHashMap<C::Position, usize> = FxHashMap::default();
    depth_of.insert(start.clone(), 0);
    let mut layer: Vec<(C::Position, u128)> = vec![(start, 1)];
    let mut stats = Stats::default();
    let mut moves = Vec::new();
    for depth in 1.. {
        let mut next: FxHashMap<C::Position, u128> = FxHashMap::default();
        for (position, paths) in &layer {
            stats.expanded += 1;
            moves.clear();
            puzzle.moves(position, &mut moves);
            for (_, child) in moves.drain(..) {
                match depth_of.get(&child) {
                    Some(&d) if d < depth => continue,
                    Some(_) => {}
                    None => {
                        depth_of.insert(child.clone(), depth);
                    }
                }
                let count = next.entry(child).or_insert(0);
                *count = count.saturating_add(*paths);
            }
        }
        stats.stored = depth_of.len() as u64;
        stats.depth = depth as u32;
        if ctl.check(&stats).is_err() || next.is_empty() {
            return None;
        }
        let solutions =
            next.iter().filter(|(p, _)| puzzle.is_goal(p)).fold(0u128, |sum, (_, &n)| sum.saturating_add(n));
        if solutions > 0 {
            return Some((depth, solutions));
        }
        layer = next.into_iter().collect();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::search::Limits;

    /// Walk 0..=n on a line by ±1 or +2; the mirror image of k is n - k.
    struct Line {
        n: i32,
        goal: i32,
    }

    impl Classic for Line {
        type Position = i32;
        type Move = i32;

        fn moves(&self, p: &i32, out: &mut Vec<(i32, i32)>) {
            for step in [-1, 1, 2] {
                if (0..=self.n).contains(&(p + step)) {
                    out.push((step, p + step));
                }
            }
        }

        fn is_goal(&self, p: &i32) -> bool {
            *p == self.goal
        }

        fn canonical(&self, p: &i32) -> i32 {
            (*p).min(self.n - p)
        }
    }

    fn quiet<R>(run: impl FnOnce(&mut Control) -> R) -> R {
        let mut monitor = |_: &Stats| true;
        run(&mut Control::new(Limits::default(), &mut monitor))
    }

    #[test]
    fn shortest_solutions_are_counted_layer_by_layer() {
        // 0 → 4 with +1 / +2 (and -1): 2+2, 1+1+2 in three orders, …: the shortest are 2 moves.
        let line = Line { n: 6, goal: 4 };
        assert_eq!(quiet(|ctl| count_shortest(&line, 0, ctl)), Some((2, 1)));
        let line = Line { n: 6, goal: 5 };
        // 5 = 1+2+2, 2+1+2, 2+2+1.
        assert_eq!(quiet(|ctl| count_shortest(&line, 0, ctl)), Some((3, 3)));
        assert_eq!(quiet(|ctl| count_shortest(&line, 5, ctl)), Some((0, 1)));
    }

    #[test]
    fn folding_shrinks_the_space_and_explore_counts_it() {
        let clock = || 0.0;
        let mut listener = |_: f64, _: &crate::core::job::Progress| true;
        let mut ctx = JobContext::new(Limits::default(), &clock, &mut listener);
        let line = Line { n: 6, goal: 99 };
        let explore = |fold| Options { algo: Algo::Bfs, fold, explore: true };
        let folded = solve(&line, 0, explore(true), "line", String::new(), &mut ctx);
        let unfolded = solve(&line, 0, explore(false), "line", String::new(), &mut ctx);
        assert_eq!((folded.reachable, unfolded.reachable), (Some(4), Some(7)));
        assert!(!folded.solved);
    }
}
