//! Hanoi solvers: the generic searches on the Hanoi rules, the seed's own heuristic, and the
//! direct methods (recursion for three pegs, Frame–Stewart for four).

use super::domain::{Move, Position, Tower};
use crate::core::search::{self, Control, Problem, SearchResult};
use std::ops::Range;

crate::named_enum! {
    /// The algorithms a Hanoi link may name (`algo=`).
    pub enum Algo {
        Optimal = ("optimal", "Direct method: recursion / Frame–Stewart"),
        AStar = ("astar", "A* (discs off their goal peg): optimal"),
        Bfs = ("bfs", "Breadth-first: optimal, stores everything"),
        Greedy = ("greedy", "Greedy best-first: discs moved off their start peg first"),
        Naive = ("naive", "Naive depth-first (never repeats a position)"),
    }
}

impl Algo {
    /// Whether the algorithm guarantees a shortest solution.
    pub fn is_optimal(self) -> bool {
        matches!(self, Algo::Optimal | Algo::AStar | Algo::Bfs)
    }
}

/// The Hanoi rules as a search problem: reach `goal`.
pub struct HanoiProblem {
    pub tower: Tower,
    pub goal: Position,
}

impl Problem for HanoiProblem {
    type State = Position;
    type Move = Move;

    fn is_goal(&self, state: &Position) -> bool {
        *state == self.goal
    }

    fn successors(&self, state: &Position, out: &mut Vec<(Move, Position)>) {
        self.tower.legal_moves(*state, out);
    }

    /// Discs not yet on their goal peg: each needs at least one move, and a move changes one
    /// disc's peg, so this never overestimates (and is consistent).
    fn heuristic(&self, state: &Position) -> u32 {
        (0..self.tower.discs)
            .filter(|&d| self.tower.peg_of(*state, d) != self.tower.peg_of(self.goal, d))
            .count() as u32
    }
}

/// The Julia article's score of `state` against the `initial` position (higher = "better"):
/// for each disc, 2 if it left its initial peg (else 1), times `discs - |initial height -
/// height|`, heights counted from the bottom of the peg.
pub fn article_score(tower: &Tower, initial: Position, state: Position) -> i64 {
    let heights = |p: Position| {
        let mut height = [0i64; 32];
        for stack in tower.stacks(p) {
            for (h, &disc) in stack.iter().enumerate() {
                height[disc as usize] = h as i64 + 1;
            }
        }
        height
    };
    let (before, after) = (heights(initial), heights(state));
    (0..tower.discs)
        .map(|d| {
            let moved = tower.peg_of(initial, d) != tower.peg_of(state, d);
            let rod_diff = if moved { 2 } else { 1 };
            rod_diff * (i64::from(tower.discs) - (before[d as usize] - after[d as usize]).abs())
        })
        .sum()
}

/// Runs one of the search algorithms from `start` to `goal`.
pub fn search(
    algo: Algo,
    tower: Tower,
    start: Position,
    goal: Position,
    ctl: &mut Control,
) -> SearchResult<Move> {
    let problem = HanoiProblem { tower, goal };
    match algo {
        Algo::Naive => search::dfs(&problem, start, ctl),
        Algo::Greedy => search::greedy(&problem, start, |s| -article_score(&tower, start, *s), ctl),
        Algo::AStar | Algo::Optimal => search::astar(&problem, start, ctl),
        Algo::Bfs => search::bfs(&problem, start, ctl),
    }
}

fn third_peg(a: u8, b: u8) -> u8 {
    3 - a - b
}

/// Moves needed to gather discs `0..k` onto `peg` with three pegs (the shortest way is unique:
/// a disc not on its target forces the smaller ones onto the third peg first).
fn gather_len(tower: &Tower, position: Position, k: u8, peg: u8) -> u64 {
    let mut target = peg;
    let mut len = 0;
    for disc in (0..k).rev() {
        let on = tower.peg_of(position, disc);
        if on != target {
            len += 1 << disc;
            target = third_peg(on, target);
        }
    }
    len
}

/// Frame–Stewart numbers for four pegs and, for each tower size, the best number of top
/// discs to park on a spare peg.
fn frame_stewart_table(discs: u8) -> Vec<(u64, u8)> {
    let mut table: Vec<(u64, u8)> = vec![(0, 0)];
    for n in 1..=discs {
        let best = (0..n)
            .map(|k| (2 * table[k as usize].0 + (1u64 << (n - k)) - 1, k))
            .min()
            .expect("n >= 1 gives a split");
        table.push(best);
    }
    table
}

/// The direct method's length from `from` to `to`, when it is known to be optimal: any
/// positions on three pegs; whole towers on four pegs (Frame–Stewart, proved optimal).
pub fn optimal_length(tower: &Tower, from: Position, to: Position) -> Option<u64> {
    match tower.pegs {
        3 => Some(three_peg_plan(tower, from, to).map_or(0, |plan| plan.length)),
        _ => {
            let (a, b) = (whole_tower_peg(tower, from)?, whole_tower_peg(tower, to)?);
            Some(if a == b { 0 } else { frame_stewart_table(tower.discs)[tower.discs as usize].0 })
        }
    }
}

/// The direct method's moves, when it applies (see [`optimal_length`]).
pub fn optimal_moves(tower: &Tower, from: Position, to: Position) -> Option<Vec<Move>> {
    let mut mover = Mover { tower: *tower, position: from, moves: Vec::new() };
    if tower.pegs == 3 {
        if let Some(plan) = three_peg_plan(tower, from, to) {
            mover.follow(plan, to);
        }
    } else {
        let (a, b) = (whole_tower_peg(tower, from)?, whole_tower_peg(tower, to)?);
        if a != b {
            let spares: Vec<u8> = (0..4).filter(|&p| p != a && p != b).collect();
            let table = frame_stewart_table(tower.discs);
            mover.frame_stewart(&table, 0..tower.discs, a, b, [spares[0], spares[1]]);
        }
    }
    debug_assert_eq!(mover.position, to);
    Some(mover.moves)
}

/// The peg holding every disc, if the position is a single tower.
fn whole_tower_peg(tower: &Tower, position: Position) -> Option<u8> {
    let peg = tower.peg_of(position, 0);
    (position == tower.all_on(peg)).then_some(peg)
}

/// How three-peg solving handles the largest disc that must move (disc `k`, from `a` to `b`):
/// an optimal path moves it once (via a tower on the third peg) or twice (via the third peg
/// itself), whichever is shorter.
struct ThreePegPlan {
    k: u8,
    a: u8,
    b: u8,
    twice: bool,
    length: u64,
}

fn three_peg_plan(tower: &Tower, from: Position, to: Position) -> Option<ThreePegPlan> {
    let k = (0..tower.discs).rev().find(|&d| tower.peg_of(from, d) != tower.peg_of(to, d))?;
    let (a, b) = (tower.peg_of(from, k), tower.peg_of(to, k));
    let c = third_peg(a, b);
    let once = gather_len(tower, from, k, c) + 1 + gather_len(tower, to, k, c);
    let twice = gather_len(tower, from, k, b) + 2 + ((1u64 << k) - 1) + gather_len(tower, to, k, a);
    Some(ThreePegPlan { k, a, b, twice: twice < once, length: once.min(twice) })
}

/// Plays moves on a position, checking each against the rules.
struct Mover {
    tower: Tower,
    position: Position,
    moves: Vec<Move>,
}

impl Mover {
    fn push(&mut self, from: u8, to: u8) {
        let mv = Move::new(from, to);
        self.position = self.tower.apply(self.position, mv).expect("direct methods make only legal moves");
        self.moves.push(mv);
    }

    /// Moves the stacked discs `range` from `from` to `to` with three pegs.
    fn tower3(&mut self, range: Range<u8>, from: u8, to: u8, via: u8) {
        if range.is_empty() {
            return;
        }
        let smaller = range.start..range.end - 1;
        self.tower3(smaller.clone(), from, via, to);
        self.push(from, to);
        self.tower3(smaller, via, to, from);
    }

    /// Gathers discs `0..k`, wherever they are, onto `peg` (three pegs).
    fn gather(&mut self, k: u8, peg: u8) {
        if k == 0 {
            return;
        }
        let on = self.tower.peg_of(self.position, k - 1);
        if on == peg {
            self.gather(k - 1, peg);
        } else {
            let other = third_peg(on, peg);
            self.gather(k - 1, other);
            self.push(on, peg);
            self.tower3(0..k - 1, other, peg, on);
        }
    }

    /// From discs `0..k` stacked on `peg`, reaches their places in `goal`: the gathering from
    /// `goal` played backwards.
    fn scatter(&mut self, goal: Position, k: u8, peg: u8) {
        let mut backwards = Mover { tower: self.tower, position: goal, moves: Vec::new() };
        backwards.gather(k, peg);
        for mv in backwards.moves.into_iter().rev() {
            self.push(mv.to, mv.from);
        }
    }

    fn follow(&mut self, plan: ThreePegPlan, goal: Position) {
        let ThreePegPlan { k, a, b, twice, .. } = plan;
        let c = third_peg(a, b);
        if twice {
            self.gather(k, b);
            self.push(a, c);
            self.tower3(0..k, b, a, c);
            self.push(c, b);
            self.scatter(goal, k, a);
        } else {
            self.gather(k, c);
            self.push(a, b);
            self.scatter(goal, k, c);
        }
    }

    /// Frame–Stewart: park the best number of top discs on a spare peg (four pegs), move the
    /// rest with three pegs, then bring the parked discs back on top.
    fn frame_stewart(&mut self, table: &[(u64, u8)], range: Range<u8>, from: u8, to: u8, spares: [u8; 2]) {
        let n = range.end - range.start;
        if n == 0 {
            return;
        }
        let parked = range.start..range.start + table[n as usize].1;
        self.frame_stewart(table, parked.clone(), from, spares[0], [to, spares[1]]);
        self.tower3(parked.end..range.end, from, to, spares[1]);
        self.frame_stewart(table, parked, spares[0], to, [from, spares[1]]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::search::{Limits, Outcome, Stats};
    use crate::core::solution::Solution;

    fn replay(tower: &Tower, from: Position, moves: &[Move]) -> Position {
        let solution = Solution::replay(from, moves.iter().copied(), |p, m| tower.apply(*p, *m))
            .unwrap_or_else(|e| panic!("move {} refused: {}", e.index, e.error));
        *solution.end()
    }

    fn run(algo: Algo, tower: Tower, from: Position, to: Position) -> SearchResult<Move> {
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        search(algo, tower, from, to, &mut ctl)
    }

    fn bfs_length(tower: Tower, from: Position, to: Position) -> usize {
        match run(Algo::Bfs, tower, from, to).outcome {
            Outcome::Found(moves) => moves.len(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn three_pegs_whole_tower_takes_two_to_the_n_minus_one() {
        for discs in 1..=20 {
            let tower = Tower::new(discs, 3);
            let (from, to) = (tower.all_on(0), tower.all_on(2));
            let moves = optimal_moves(&tower, from, to).unwrap();
            assert_eq!(moves.len() as u64, (1 << discs) - 1, "{discs} discs");
            assert_eq!(optimal_length(&tower, from, to), Some((1 << discs) - 1));
            assert_eq!(replay(&tower, from, &moves), to);
        }
    }

    #[test]
    fn four_pegs_match_the_frame_stewart_numbers() {
        // OEIS A007664.
        let known = [0u64, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97, 113, 129, 161, 193, 225, 257, 289];
        for discs in 1..=20u8 {
            let tower = Tower::new(discs, 4);
            let (from, to) = (tower.all_on(0), tower.all_on(3));
            let moves = optimal_moves(&tower, from, to).unwrap();
            assert_eq!(moves.len() as u64, known[discs as usize], "{discs} discs");
            assert_eq!(replay(&tower, from, &moves), to);
        }
    }

    #[test]
    fn frame_stewart_is_optimal_where_bfs_can_check() {
        for discs in 1..=6 {
            let tower = Tower::new(discs, 4);
            let (from, to) = (tower.all_on(1), tower.all_on(2));
            let direct = optimal_moves(&tower, from, to).unwrap();
            assert_eq!(direct.len(), bfs_length(tower, from, to), "{discs} discs");
        }
    }

    #[test]
    fn three_peg_direct_method_is_optimal_between_any_positions() {
        // Every pair of positions for 3 discs, and a spread of pairs for 5 discs.
        let pairs: Vec<(u8, u64, u64)> = (0..27u64)
            .flat_map(|a| (0..27u64).map(move |b| (3, a, b)))
            .chain((0..243u64).step_by(7).flat_map(|a| (0..243u64).step_by(11).map(move |b| (5, a, b))))
            .collect();
        for (discs, a, b) in pairs {
            let tower = Tower::new(discs, 3);
            let base3 = |mut n: u64| {
                (0..discs).fold(Position(0), |p, d| {
                    let peg = (n % 3) as u8;
                    n /= 3;
                    tower.with_disc(p, d, peg)
                })
            };
            let (from, to) = (base3(a), base3(b));
            let moves = optimal_moves(&tower, from, to).unwrap();
            assert_eq!(replay(&tower, from, &moves), to);
            assert_eq!(moves.len(), bfs_length(tower, from, to), "{discs} discs {a} -> {b}");
            assert_eq!(optimal_length(&tower, from, to), Some(moves.len() as u64));
        }
    }

    #[test]
    fn some_three_peg_positions_need_the_largest_disc_twice() {
        // Disc 3 from A to B while discs 1-2 sit on B and must end on A: parking disc 3 on C
        // beats building the small tower on C.
        let tower = Tower::new(3, 3);
        let from = tower.parse_position("BBA").unwrap();
        let to = tower.parse_position("AAB").unwrap();
        let plan = three_peg_plan(&tower, from, to).unwrap();
        let moves = optimal_moves(&tower, from, to).unwrap();
        assert_eq!(moves.len() as u64, plan.length);
        assert_eq!(moves.len(), bfs_length(tower, from, to));
    }

    #[test]
    fn four_pegs_from_arbitrary_positions_are_left_to_search() {
        let tower = Tower::new(3, 4);
        let from = tower.parse_position("ABC").unwrap();
        assert_eq!(optimal_length(&tower, from, tower.all_on(3)), None);
        assert_eq!(optimal_moves(&tower, from, tower.all_on(3)), None);
    }

    #[test]
    fn every_search_returns_a_valid_solution() {
        for (discs, pegs) in [(4, 3), (5, 3), (4, 4)] {
            let tower = Tower::new(discs, pegs);
            let (from, to) = (tower.all_on(0), tower.all_on(pegs - 1));
            let best = optimal_length(&tower, from, to).unwrap() as usize;
            for algo in [Algo::Naive, Algo::Greedy, Algo::AStar, Algo::Bfs] {
                let result = run(algo, tower, from, to);
                let Outcome::Found(moves) = result.outcome else { panic!("{algo:?} failed") };
                assert_eq!(replay(&tower, from, &moves), to, "{algo:?}");
                assert!(moves.len() >= best);
                if matches!(algo, Algo::AStar | Algo::Bfs) {
                    assert_eq!(moves.len(), best, "{algo:?} must be optimal");
                }
                assert!(result.stats.expanded > 0);
            }
        }
    }

    #[test]
    fn naive_search_wanders_like_the_article() {
        let tower = Tower::new(4, 3);
        let result = run(Algo::Naive, tower, tower.all_on(0), tower.all_on(2));
        let Outcome::Found(moves) = result.outcome else { panic!() };
        assert!(moves.len() > 2 * 15, "naive found {} moves", moves.len());
    }

    #[test]
    fn article_score_rewards_leaving_the_start() {
        let tower = Tower::new(4, 3);
        let start = tower.all_on(0);
        assert_eq!(article_score(&tower, start, start), 16);
        let after = tower.apply(start, Move::new(0, 2)).unwrap();
        // Disc 1 moved (2 x (4 - |4 - 1|) = 2) and the rest stayed (3 x 4).
        assert_eq!(article_score(&tower, start, after), 14);
    }
}
