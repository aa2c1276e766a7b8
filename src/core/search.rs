//! Generic state-space searches: breadth-first, depth-first, greedy best-first, A* and IDA*.
//!
//! A puzzle describes itself once through [`Problem`]; every search here works on it, counts
//! the same [`Stats`], respects the same [`Limits`] (so a memory-hungry search stops with a
//! reason instead of exhausting memory), and reports to the same monitor (progress + cancel).

use crate::core::format::format_count;
use crate::core::trace::{follows, note, Counted, Discipline, Event, Trace, MAX_EVENTS};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;
use std::hash::Hash;

/// What a search needs to know about a puzzle (Hettinger's `puzzle.py` in trait form).
pub trait Problem {
    /// A complete position; keep it small (packed integers) since searches store many.
    type State: Clone + Eq + Hash;
    /// Written as links and traces write it ("L", "AB").
    type Move: Clone + std::fmt::Display;

    fn is_goal(&self, state: &Self::State) -> bool;

    /// Appends every legal move from `state` with the position it leads to, in a fixed order
    /// (the order makes depth-first and tie-breaking reproducible).
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State)>);

    /// A lower bound on the moves still needed. A* and IDA* are optimal only while it never
    /// overestimates; the default (0) turns A* into uniform-cost search.
    fn heuristic(&self, _state: &Self::State) -> u32 {
        0
    }
}

/// Counters every search reports, live and at the end.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Positions whose successors were generated.
    pub expanded: u64,
    /// Successor positions produced (including repeats that were then discarded).
    pub generated: u64,
    /// Largest number of positions waiting in the frontier at once.
    pub peak_frontier: u64,
    /// Positions kept in memory (visited set and frontier) at the end.
    pub stored: u64,
    /// Deepest level reached (solution length when one is found).
    pub depth: u32,
}

/// Bounds that turn "would exhaust memory or run forever" into a clear stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most positions a search may keep in memory.
    pub max_stored: u64,
    /// Most positions a search may expand.
    pub max_expanded: u64,
    /// Most positions a search may generate (a race's lanes on `clock=generated`).
    pub max_generated: u64,
    /// Depth-first search does not go deeper than this.
    pub max_depth: Option<u32>,
    /// Most generations (or attempts) a genetic run may make, below its puzzle's own cap (a
    /// race's lanes on `clock=generations`).
    pub max_generations: u64,
    /// A search recorded for a view (the Search view, a race's replay) stops once its trace is
    /// full: the view shows nothing past it, so the search spends no more time or memory.
    pub stop_at_cut: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_stored: 2_000_000,
            max_expanded: 400_000_000,
            max_generated: u64::MAX,
            max_depth: None,
            max_generations: u64::MAX,
            stop_at_cut: false,
        }
    }
}

impl Limits {
    /// The command line's: a native run may expand five times as many positions as a page's
    /// (its threads share the work, see `sliding::pdb_search`), so the hardest 80-move
    /// fifteen-puzzles finish; memory is bounded as on a page.
    pub fn command_line() -> Self {
        Self { max_expanded: 2_000_000_000, ..Self::default() }
    }
}

/// Why a search ended without a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// The monitor asked to stop (the user pressed Cancel).
    Cancelled,
    /// `max_stored` positions were in memory.
    MemoryLimit(u64),
    /// `max_expanded` positions were expanded.
    ExpansionLimit(u64),
    /// `max_generated` positions were generated.
    GeneratedLimit(u64),
    /// Everything within the depth limit was searched.
    DepthLimit(u32),
    /// A search recorded for a view filled its trace (`Limits::stop_at_cut`).
    Recorded,
    /// A memoryless search came back to where it had been and would repeat itself; the
    /// number is the moves made until then.
    Looping(u64),
}

impl StopReason {
    /// The reason in a word, for tables and scripts: `cancelled`, `memory`, `nodes`,
    /// `generated`, `depth`, `recorded` or `looping`.
    pub fn word(&self) -> &'static str {
        match self {
            StopReason::Cancelled => "cancelled",
            StopReason::MemoryLimit(_) => "memory",
            StopReason::ExpansionLimit(_) => "nodes",
            StopReason::GeneratedLimit(_) => "generated",
            StopReason::DepthLimit(_) => "depth",
            StopReason::Looping(_) => "looping",
            StopReason::Recorded => "recorded",
        }
    }

    /// A sentence for users: what happened and what to try instead.
    pub fn explain(&self) -> String {
        match self {
            StopReason::Cancelled => "cancelled".to_string(),
            StopReason::MemoryLimit(n) => format!(
                "stopped after keeping {} positions in memory: this search stores every position it sees",
                format_count(*n)
            ),
            StopReason::ExpansionLimit(n) => {
                format!("stopped after expanding {} positions without reaching the goal", format_count(*n))
            }
            StopReason::GeneratedLimit(n) => {
                format!("stopped after generating {} positions without reaching the goal", format_count(*n))
            }
            StopReason::DepthLimit(d) => format!("no solution within the depth limit of {d}"),
            StopReason::Recorded => {
                format!("stopped once its recording was full ({} events)", format_count(MAX_EVENTS as u64))
            }
            StopReason::Looping(moves) => {
                let moves = crate::core::format::count_of(*moves, "move", "moves");
                format!("gave up after {moves}: it came back to a position it had left the same way, and would circle forever")
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<M> {
    /// The moves from the start to a goal.
    Found(Vec<M>),
    /// Every reachable position was searched: the goal cannot be reached.
    Unreachable,
    Stopped(StopReason),
}

#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    pub outcome: Outcome<M>,
    pub stats: Stats,
}

/// How often (in expansions) a search reports progress and checks for cancellation.
pub const CHECK_EVERY: u64 = 1024;

/// Limits plus a monitor called every [`CHECK_EVERY`] expansions with the live counters;
/// the monitor returns `false` to cancel.
pub struct Control<'a> {
    pub limits: Limits,
    monitor: &'a mut dyn FnMut(&Stats) -> bool,
    /// Where the search records its events, when asked to (`trace=1`).
    pub trace: Option<Box<Trace>>,
}

impl<'a> Control<'a> {
    pub fn new(limits: Limits, monitor: &'a mut dyn FnMut(&Stats) -> bool) -> Self {
        Self { limits, monitor, trace: None }
    }

    /// Whether the search records a trace (it then computes what only the trace shows).
    fn tracing(&self) -> bool {
        self.trace.is_some()
    }

    /// Called once per expansion (also by puzzle-specific searches); says whether (and why)
    /// the search must stop.
    pub fn check(&mut self, stats: &Stats) -> Result<(), StopReason> {
        if let Some(trace) = self.trace.as_mut().filter(|trace| self.limits.stop_at_cut && trace.is_full()) {
            trace.cut = true;
            return Err(StopReason::Recorded);
        }
        if stats.stored > self.limits.max_stored {
            return Err(StopReason::MemoryLimit(self.limits.max_stored));
        }
        if stats.expanded >= self.limits.max_expanded {
            return Err(StopReason::ExpansionLimit(self.limits.max_expanded));
        }
        if stats.generated >= self.limits.max_generated {
            return Err(StopReason::GeneratedLimit(self.limits.max_generated));
        }
        if stats.expanded.is_multiple_of(CHECK_EVERY) && !(self.monitor)(stats) {
            return Err(StopReason::Cancelled);
        }
        Ok(())
    }

    /// Shows the monitor `stats` (a search shared between threads reports from one thread);
    /// false: the search must stop.
    pub fn report(&mut self, stats: &Stats) -> bool {
        (self.monitor)(stats)
    }

    /// Final report so the monitor sees the closing counters.
    pub fn finish<M>(&mut self, outcome: Outcome<M>, stats: Stats) -> SearchResult<M> {
        (self.monitor)(&stats);
        SearchResult { outcome, stats }
    }
}

/// A searched position, linked to the one it was reached from.
struct Node<S, M> {
    state: S,
    parent: u32,
    step: Option<M>,
    depth: u32,
}

/// Every position a graph search has seen, with back links to rebuild paths.
struct Tree<S, M> {
    nodes: Vec<Node<S, M>>,
    index: FxHashMap<S, u32>,
}

impl<S: Clone + Eq + Hash, M: Clone> Tree<S, M> {
    fn new(start: S) -> Self {
        let mut index = FxHashMap::default();
        index.insert(start.clone(), 0);
        Self { nodes: vec![Node { state: start, parent: 0, step: None, depth: 0 }], index }
    }

    fn add(&mut self, state: S, parent: u32, step: M) -> u32 {
        let id = self.nodes.len() as u32;
        let depth = self.nodes[parent as usize].depth + 1;
        self.index.insert(state.clone(), id);
        self.nodes.push(Node { state, parent, step: Some(step), depth });
        id
    }

    fn path_to(&self, mut id: u32) -> Vec<M> {
        let mut moves = Vec::new();
        while let Some(step) = &self.nodes[id as usize].step {
            moves.push(step.clone());
            id = self.nodes[id as usize].parent;
        }
        moves.reverse();
        moves
    }
}

/// Breadth-first search: shortest solutions in moves, at the price of storing every position
/// up to the solution's depth. The goal is tested when a position is generated.
pub fn bfs<P: Problem>(problem: &P, start: P::State, ctl: &mut Control) -> SearchResult<P::Move> {
    follows(&mut ctl.trace, Discipline::Queue);
    let mut stats = Stats { stored: 1, ..Stats::default() };
    if problem.is_goal(&start) {
        note(&mut ctl.trace, || Event::Goal { node: 0 });
        return ctl.finish(Outcome::Found(Vec::new()), stats);
    }
    let mut tree = Tree::new(start);
    let mut successors = Vec::new();
    // Read once: the loop then tests a register, not the control block.
    let tracing = ctl.tracing();
    // The queue is the tail of the node list: nodes[head..] are waiting.
    let mut head = 0usize;
    while head < tree.nodes.len() {
        if let Err(reason) = ctl.check(&stats) {
            return ctl.finish(Outcome::Stopped(reason), stats);
        }
        let id = head as u32;
        head += 1;
        stats.expanded += 1;
        stats.depth = tree.nodes[id as usize].depth;
        if tracing {
            let node = &tree.nodes[id as usize];
            let (g, h) = (node.depth, problem.heuristic(&node.state));
            if let Some(trace) = &mut ctl.trace {
                trace.layer(g);
                trace.record(Event::Expand { node: id, g, h });
            }
        }
        successors.clear();
        problem.successors(&tree.nodes[id as usize].state, &mut successors);
        for (step, next) in successors.drain(..) {
            stats.generated += 1;
            if tracing {
                let seen = tree.index.get(&next).copied();
                let (g, h) = (stats.depth + 1, problem.heuristic(&next));
                let node = seen.unwrap_or(tree.nodes.len() as u32);
                note(&mut ctl.trace, || Event::Generate {
                    node,
                    parent: id,
                    step: step.to_string(),
                    g,
                    h,
                    f: None,
                });
                if let Some(node) = seen {
                    note(&mut ctl.trace, || Event::Duplicate { node });
                }
            }
            if tree.index.contains_key(&next) {
                continue;
            }
            let goal = problem.is_goal(&next);
            let child = tree.add(next, id, step);
            if goal {
                if tracing {
                    note(&mut ctl.trace, || Event::Goal { node: child });
                }
                let moves = tree.path_to(child);
                stats.depth = moves.len() as u32;
                stats.stored = tree.nodes.len() as u64;
                return ctl.finish(Outcome::Found(moves), stats);
            }
        }
        stats.stored = tree.nodes.len() as u64;
        stats.peak_frontier = stats.peak_frontier.max((tree.nodes.len() - head) as u64);
    }
    ctl.finish(Outcome::Unreachable, stats)
}

/// Depth-first graph search (the "naive" search): it finds a solution quickly in memory
/// proportional to what it has seen, but rarely a short one. Without a depth limit it never
/// revisits a position. With one, it revisits a position only when it reaches it by a
/// shorter path than before: a shallower visit has more depth left to search below it, so a
/// solution within the limit is never missed. Every remembered position counts in `stored`.
pub fn dfs<P: Problem>(problem: &P, start: P::State, ctl: &mut Control) -> SearchResult<P::Move> {
    struct Frame<S, M> {
        options: Vec<(M, S)>,
        /// The options' node ids (only when tracing).
        ids: Vec<u32>,
        next: usize,
    }
    follows(&mut ctl.trace, Discipline::Stack);
    let max_depth = ctl.limits.max_depth;
    let mut stats = Stats { stored: 1, ..Stats::default() };
    // The shallowest depth each position was reached at.
    let mut shallowest = FxHashMap::default();
    shallowest.insert(start.clone(), 0u32);
    let mut path: Vec<P::Move> = Vec::new();
    let mut stack: Vec<Frame<P::State, P::Move>> = Vec::new();
    // Node ids by position, kept only when tracing.
    let mut ids: FxHashMap<P::State, u32> = FxHashMap::default();
    if ctl.tracing() {
        ids.insert(start.clone(), 0);
    }
    let mut current = start;
    let mut current_id = 0u32;
    let mut cut_by_depth = false;
    loop {
        let g = path.len() as u32;
        if problem.is_goal(&current) {
            note(&mut ctl.trace, || Event::Goal { node: current_id });
            stats.depth = g;
            return ctl.finish(Outcome::Found(path), stats);
        }
        let mut options = Vec::new();
        let mut option_ids = Vec::new();
        if max_depth.is_none_or(|d| g < d) {
            if let Err(reason) = ctl.check(&stats) {
                return ctl.finish(Outcome::Stopped(reason), stats);
            }
            stats.expanded += 1;
            problem.successors(&current, &mut options);
            stats.generated += options.len() as u64;
            if let Some(trace) = ctl.trace.as_mut().filter(|trace| trace.is_full()) {
                // Past the cut no event names a node: the ids stop growing (an option without
                // one reads as node 0, which no event shows).
                trace.count_past_cut(Counted::Expanded);
                for _ in &options {
                    trace.count_past_cut(Counted::Generated);
                }
            } else if let Some(trace) = &mut ctl.trace {
                trace.record(Event::Expand { node: current_id, g, h: problem.heuristic(&current) });
                for (step, next) in &options {
                    let fresh = ids.len() as u32;
                    let node = *ids.entry(next.clone()).or_insert(fresh);
                    option_ids.push(node);
                    let h = problem.heuristic(next);
                    trace.record(Event::Generate {
                        node,
                        parent: current_id,
                        step: step.to_string(),
                        g: g + 1,
                        h,
                        f: None,
                    });
                }
            }
        } else {
            cut_by_depth = true;
            let bound = max_depth.unwrap_or(g);
            note(&mut ctl.trace, || Event::Prune { node: current_id, f: g, bound });
        }
        stack.push(Frame { options, ids: option_ids, next: 0 });
        stats.peak_frontier = stats.peak_frontier.max(stack.len() as u64);
        // Advance to the next position worth visiting, backtracking over exhausted frames.
        loop {
            let Some(frame) = stack.last_mut() else {
                let outcome = match (cut_by_depth, max_depth) {
                    (true, Some(d)) => Outcome::Stopped(StopReason::DepthLimit(d)),
                    _ => Outcome::Unreachable,
                };
                return ctl.finish(outcome, stats);
            };
            if let Some((step, next)) = frame.options.get(frame.next) {
                let option_id = frame.ids.get(frame.next).copied().unwrap_or(0);
                frame.next += 1;
                let depth = path.len() as u32 + 1;
                let worth = match shallowest.entry(next.clone()) {
                    Entry::Vacant(slot) => {
                        slot.insert(depth);
                        stats.stored += 1;
                        true
                    }
                    Entry::Occupied(mut seen) if max_depth.is_some() && depth < *seen.get() => {
                        seen.insert(depth);
                        true
                    }
                    Entry::Occupied(_) => false,
                };
                if worth {
                    path.push(step.clone());
                    stats.depth = stats.depth.max(path.len() as u32);
                    current = next.clone();
                    current_id = option_id;
                    break;
                }
                note(&mut ctl.trace, || Event::Duplicate { node: option_id });
            } else {
                stack.pop();
                path.pop();
            }
        }
    }
}

/// Best-first graph search ordered by `priority(g, state, expanded so far)` (lowest first;
/// ties go to the deeper position, then to the earlier one). A* and greedy search are
/// instances of it; the expansion count lets a heuristic change as the search goes on.
/// With `reopen`, a position reached again by a shorter path is queued again (needed for
/// optimality with inconsistent heuristics).
pub fn best_first<P, F>(
    problem: &P,
    start: P::State,
    priority: F,
    reopen: bool,
    ctl: &mut Control,
) -> SearchResult<P::Move>
where
    P: Problem,
    F: Fn(u32, &P::State, u64) -> i64,
{
    follows(&mut ctl.trace, Discipline::Priority);
    let mut stats = Stats { stored: 1, ..Stats::default() };
    let mut tree = Tree::new(start.clone());
    let mut closed = vec![false];
    // (priority, deeper first, first come first served, node)
    let mut open = BinaryHeap::new();
    let mut pushed = 0u64;
    open.push(Reverse((priority(0, &start, 0), Reverse(0u32), 0u64, 0u32)));
    let mut successors = Vec::new();
    let tracing = ctl.tracing();
    while let Some(Reverse((_, Reverse(g), _, id))) = open.pop() {
        if closed[id as usize] || tree.nodes[id as usize].depth != g {
            continue;
        }
        let state = tree.nodes[id as usize].state.clone();
        if problem.is_goal(&state) {
            note(&mut ctl.trace, || Event::Goal { node: id });
            let moves = tree.path_to(id);
            stats.depth = moves.len() as u32;
            return ctl.finish(Outcome::Found(moves), stats);
        }
        if let Err(reason) = ctl.check(&stats) {
            return ctl.finish(Outcome::Stopped(reason), stats);
        }
        closed[id as usize] = true;
        stats.expanded += 1;
        stats.depth = stats.depth.max(g);
        if tracing {
            note(&mut ctl.trace, || Event::Expand { node: id, g, h: problem.heuristic(&state) });
        }
        successors.clear();
        problem.successors(&state, &mut successors);
        for (step, next) in successors.drain(..) {
            stats.generated += 1;
            let child_g = g + 1;
            let traced_step = if tracing { Some(step.to_string()) } else { None };
            let child = match tree.index.entry(next.clone()) {
                Entry::Vacant(_) => {
                    closed.push(false);
                    tree.add(next.clone(), id, step)
                }
                Entry::Occupied(seen) => {
                    let known = *seen.get();
                    let node = &mut tree.nodes[known as usize];
                    if !reopen || node.depth <= child_g {
                        if tracing {
                            if let (Some(trace), Some(step)) = (&mut ctl.trace, traced_step) {
                                let h = problem.heuristic(&next);
                                trace.record(Event::Generate {
                                    node: known,
                                    parent: id,
                                    step,
                                    g: child_g,
                                    h,
                                    f: None,
                                });
                                trace.record(Event::Duplicate { node: known });
                            }
                        }
                        continue;
                    }
                    node.depth = child_g;
                    node.parent = id;
                    node.step = Some(step);
                    closed[known as usize] = false;
                    known
                }
            };
            pushed += 1;
            let f = priority(child_g, &next, stats.expanded);
            if tracing {
                if let (Some(trace), Some(step)) = (&mut ctl.trace, traced_step) {
                    let (h, f) = (problem.heuristic(&next), u32::try_from(f).ok());
                    trace.record(Event::Generate { node: child, parent: id, step, g: child_g, h, f });
                }
            }
            open.push(Reverse((f, Reverse(child_g), pushed, child)));
        }
        stats.stored = tree.nodes.len() as u64;
        stats.peak_frontier = stats.peak_frontier.max(open.len() as u64);
    }
    ctl.finish(Outcome::Unreachable, stats)
}

/// A*: best-first on `g + h`; optimal when the problem's heuristic never overestimates.
pub fn astar<P: Problem>(problem: &P, start: P::State, ctl: &mut Control) -> SearchResult<P::Move> {
    best_first(problem, start, |g, s, _| i64::from(g) + i64::from(problem.heuristic(s)), true, ctl)
}

/// Greedy best-first: always expands the position that `score` (lower = better) likes most,
/// ignoring the path length so far. Fast, with no promise about solution length.
pub fn greedy<P, F>(problem: &P, start: P::State, score: F, ctl: &mut Control) -> SearchResult<P::Move>
where
    P: Problem,
    F: Fn(&P::State) -> i64,
{
    best_first(problem, start, |_, s, _| score(s), false, ctl)
}

/// IDA*: repeated depth-first searches bounded by `g + h`, raising the bound each round.
/// Optimal with an admissible heuristic and needs memory only for the current path. It
/// skips moves straight back to the previous position (longer cycles are cut by the bound),
/// and cannot prove a goal unreachable short of trying every path, so give it limits.
pub fn idastar<P: Problem>(problem: &P, start: P::State, ctl: &mut Control) -> SearchResult<P::Move> {
    struct Ida<'p, 'c, 'm, P: Problem> {
        problem: &'p P,
        ctl: &'c mut Control<'m>,
        stats: Stats,
        path: Vec<P::State>,
        moves: Vec<P::Move>,
        /// One successor buffer per depth, reused across iterations.
        buffers: Vec<Vec<(P::Move, P::State)>>,
        /// Whether the search records a trace, read once.
        tracing: bool,
        /// When tracing: node ids by position (the same in every iteration), and the path's.
        ids: FxHashMap<P::State, u32>,
        path_ids: Vec<u32>,
    }
    enum Step {
        Found,
        Next(u32),
    }
    impl<P: Problem> Ida<'_, '_, '_, P> {
        /// The node id of a position (tracing only): its first id, or the next one.
        fn id_of(&mut self, state: &P::State) -> u32 {
            let fresh = self.ids.len() as u32;
            *self.ids.entry(state.clone()).or_insert(fresh)
        }

        fn search(&mut self, g: u32, bound: u32) -> Result<Step, StopReason> {
            let depth = self.path.len() - 1;
            let state = &self.path[depth];
            let h = self.problem.heuristic(state);
            let f = g + h;
            let node = if self.tracing { self.path_ids.last().copied().unwrap_or(0) } else { 0 };
            if f > bound {
                note(&mut self.ctl.trace, || Event::Prune { node, f, bound });
                return Ok(Step::Next(f));
            }
            if self.problem.is_goal(state) {
                note(&mut self.ctl.trace, || Event::Goal { node });
                return Ok(Step::Found);
            }
            self.ctl.check(&self.stats)?;
            self.stats.expanded += 1;
            self.stats.depth = self.stats.depth.max(g);
            match &mut self.ctl.trace {
                Some(trace) if trace.is_full() => trace.count_past_cut(Counted::Expanded),
                trace => note(trace, || Event::Expand { node, g, h }),
            }
            if self.buffers.len() <= depth {
                self.buffers.push(Vec::new());
            }
            let mut options = std::mem::take(&mut self.buffers[depth]);
            options.clear();
            self.problem.successors(&self.path[depth], &mut options);
            let mut next_bound = u32::MAX;
            let mut outcome = Ok(Step::Next(u32::MAX));
            for (step, next) in options.drain(..) {
                self.stats.generated += 1;
                let full = self.ctl.trace.as_ref().is_some_and(|trace| trace.is_full());
                if full {
                    // Past the cut no event names a node: the ids stop growing.
                    self.path_ids.push(0);
                    if let Some(trace) = &mut self.ctl.trace {
                        trace.count_past_cut(Counted::Generated);
                    }
                } else if self.tracing {
                    let child = self.id_of(&next);
                    self.path_ids.push(child);
                    let h = self.problem.heuristic(&next);
                    note(&mut self.ctl.trace, || Event::Generate {
                        node: child,
                        parent: node,
                        step: step.to_string(),
                        g: g + 1,
                        h,
                        f: Some(g + 1 + h),
                    });
                }
                if depth > 0 && self.path[depth - 1] == next {
                    // Straight back to the previous position: it is the parent's parent.
                    if let Some(child) = self.path_ids.pop() {
                        note(&mut self.ctl.trace, || Event::Duplicate { node: child });
                    }
                    continue;
                }
                self.path.push(next);
                self.moves.push(step);
                // The path is all IDA* keeps: its memory, and the frontier it takes from.
                self.stats.stored = self.stats.stored.max(self.path.len() as u64);
                self.stats.peak_frontier = self.stats.stored;
                match self.search(g + 1, bound) {
                    Ok(Step::Found) => {
                        outcome = Ok(Step::Found);
                        break;
                    }
                    Ok(Step::Next(b)) => next_bound = next_bound.min(b),
                    Err(reason) => {
                        outcome = Err(reason);
                        break;
                    }
                }
                self.path.pop();
                self.moves.pop();
                if self.tracing {
                    self.path_ids.pop();
                }
            }
            options.clear();
            self.buffers[depth] = options;
            match outcome {
                Ok(Step::Next(_)) => Ok(Step::Next(next_bound)),
                other => other,
            }
        }
    }
    follows(&mut ctl.trace, Discipline::Path);
    let mut bound = problem.heuristic(&start);
    let tracing = ctl.tracing();
    let mut ida = Ida {
        problem,
        ctl,
        stats: Stats::default(),
        path: vec![start],
        moves: Vec::new(),
        buffers: Vec::new(),
        tracing,
        ids: FxHashMap::default(),
        path_ids: Vec::new(),
    };
    if ida.tracing {
        let start = ida.path[0].clone();
        ida.id_of(&start);
        ida.path_ids.push(0);
    }
    loop {
        if let Some(trace) = &mut ida.ctl.trace {
            trace.layer(bound);
            trace.record(Event::Iteration { bound });
        }
        let outcome = match ida.search(0, bound) {
            Ok(Step::Found) => Outcome::Found(std::mem::take(&mut ida.moves)),
            Ok(Step::Next(u32::MAX)) => Outcome::Unreachable,
            Ok(Step::Next(next)) => {
                bound = next;
                continue;
            }
            Err(reason) => Outcome::Stopped(reason),
        };
        if let Outcome::Found(moves) = &outcome {
            ida.stats.depth = moves.len() as u32;
        }
        let stats = ida.stats;
        return ida.ctl.finish(outcome, stats);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers on a line: from `n` you may add 1 or double; reach `goal`.
    struct Doubling {
        goal: u32,
        cap: u32,
    }

    impl Problem for Doubling {
        type State = u32;
        type Move = char;
        fn is_goal(&self, s: &u32) -> bool {
            *s == self.goal
        }
        fn successors(&self, s: &u32, out: &mut Vec<(char, u32)>) {
            for (m, n) in [('+', s + 1), ('*', s * 2)] {
                if n <= self.cap {
                    out.push((m, n));
                }
            }
        }
        fn heuristic(&self, s: &u32) -> u32 {
            // Each move at most doubles, so at least log2(goal / s) moves remain.
            let mut n = *s.max(&1);
            let mut h = 0;
            while n < self.goal {
                n *= 2;
                h += 1;
            }
            h
        }
    }

    fn apply(start: u32, moves: &[char]) -> u32 {
        moves.iter().fold(start, |n, m| if *m == '+' { n + 1 } else { n * 2 })
    }

    fn run<F>(search: F) -> SearchResult<char>
    where
        F: Fn(&Doubling, u32, &mut Control) -> SearchResult<char>,
    {
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        search(&Doubling { goal: 100, cap: 200 }, 1, &mut ctl)
    }

    fn found(result: &SearchResult<char>) -> &[char] {
        match &result.outcome {
            Outcome::Found(moves) => moves,
            other => panic!("expected a solution, got {other:?}"),
        }
    }

    #[test]
    fn optimal_searches_find_shortest_path() {
        // 1 -> 2 -> 3 -> 6 -> 12 -> 24 -> 25 -> 50 -> 100 is 8 moves, and nothing is shorter.
        for (name, result) in [("bfs", run(bfs)), ("astar", run(astar)), ("idastar", run(idastar))] {
            let moves = found(&result);
            assert_eq!(apply(1, moves), 100, "{name}");
            assert_eq!(moves.len(), 8, "{name}");
            assert_eq!(result.stats.depth, 8, "{name}");
            assert!(result.stats.expanded > 0, "{name}");
            assert!(result.stats.peak_frontier > 0, "{name} says the most it kept waiting");
        }
        // IDA* keeps only its path (the start, the 8 moves, and a child past the bound it tried).
        let ida = run(idastar).stats;
        assert!(ida.peak_frontier >= 9 && ida.peak_frontier == ida.stored, "{ida:?}");
    }

    #[test]
    fn dfs_and_greedy_find_valid_paths() {
        let d = run(dfs);
        assert_eq!(apply(1, found(&d)), 100);
        let g = run(|p, s, c| greedy(p, s, |n| (i64::from(*n) - 100).abs(), c));
        assert_eq!(apply(1, found(&g)), 100);
    }

    #[test]
    fn heuristic_saves_work() {
        let uniform_cost = run(|p, s, c| best_first(p, s, |g, _, _| i64::from(g), true, c));
        assert_eq!(found(&uniform_cost).len(), 8);
        assert!(run(astar).stats.expanded < uniform_cost.stats.expanded);
    }

    /// A graph where the first branch reaches the goal's neighbour too deep: a search with
    /// one global visited set would never look at it again from the short branch.
    struct Detour;
    impl Problem for Detour {
        type State = u8;
        type Move = u8;
        fn is_goal(&self, s: &u8) -> bool {
            *s == 9
        }
        fn successors(&self, s: &u8, out: &mut Vec<(u8, u8)>) {
            let next: &[u8] = match s {
                0 => &[1, 4], // long way first: 0-1-2-3-4, short way: 0-4
                1 => &[2],
                2 => &[3],
                3 => &[4],
                4 => &[9],
                _ => &[],
            };
            out.extend(next.iter().map(|&n| (n, n)));
        }
    }

    #[test]
    fn depth_limited_dfs_finds_solutions_first_reached_too_deep() {
        let limits = Limits { max_depth: Some(4), ..Limits::default() };
        let mut monitor = |_: &Stats| true;
        let result = dfs(&Detour, 0, &mut Control::new(limits, &mut monitor));
        assert_eq!(result.outcome, Outcome::Found(vec![4, 9]));
        let limits = Limits { max_depth: Some(1), ..Limits::default() };
        let result = dfs(&Detour, 0, &mut Control::new(limits, &mut monitor));
        assert_eq!(result.outcome, Outcome::Stopped(StopReason::DepthLimit(1)));
        assert!(result.stats.stored <= 3, "{:?}", result.stats);
    }

    #[test]
    fn unreachable_goal_is_reported() {
        let mut monitor = |_: &Stats| true;
        let problem = Doubling { goal: 500, cap: 200 };
        // (IDA* is left out: it proves unreachability only by trying every simple path.)
        for search in [bfs::<Doubling>, dfs, astar] {
            let mut ctl = Control::new(Limits::default(), &mut monitor);
            assert_eq!(search(&problem, 1, &mut ctl).outcome, Outcome::Unreachable);
        }
    }

    #[test]
    fn limits_stop_searches_with_a_reason() {
        let mut monitor = |_: &Stats| true;
        let problem = Doubling { goal: 1_000_000, cap: 2_000_000 };
        let limits = Limits { max_stored: 1000, ..Limits::default() };
        let mut ctl = Control::new(limits, &mut monitor);
        let result = bfs(&problem, 1, &mut ctl);
        assert_eq!(result.outcome, Outcome::Stopped(StopReason::MemoryLimit(1000)));
        assert!(result.stats.stored <= 1002 + 2);

        let limits = Limits { max_depth: Some(5), ..Limits::default() };
        let mut ctl = Control::new(limits, &mut monitor);
        let result = dfs(&problem, 1, &mut ctl);
        assert_eq!(result.outcome, Outcome::Stopped(StopReason::DepthLimit(5)));
    }

    #[test]
    fn monitor_sees_progress_and_can_cancel() {
        let mut calls = 0;
        let mut monitor = |stats: &Stats| {
            calls += 1;
            stats.expanded < 3 * CHECK_EVERY
        };
        let problem = Doubling { goal: 10_000_000, cap: 20_000_000 };
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let result = bfs(&problem, 1, &mut ctl);
        assert_eq!(result.outcome, Outcome::Stopped(StopReason::Cancelled));
        assert_eq!(result.stats.expanded, 3 * CHECK_EVERY);
        assert!(calls >= 3);
    }
}
