//! A recorded search ([`Trace`]) replayed to any moment: the frontier in the order the
//! algorithm takes it, the node expanded and its path from the start, the counters, and for
//! constraint solvers the grid's assignments and struck candidates. This is what the page's
//! Search view steps through, forwards and backwards.
//!
//! Moment `t` is the state after the first `t` events. Snapshots of the state are kept every
//! a stride of events, so any moment is rebuilt from the nearest one below it (never
//! by re-running the search, nor by replaying from the start).

use crate::core::trace::{Discipline, Event, Layer, Trace};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{BTreeMap, VecDeque};

/// At most this many snapshots are kept, whatever the trace's length (they hold a copy of
/// the frontier each, which for the 8-puzzle's breadth-first search reaches 24,000 nodes).
const MAX_SNAPSHOTS: usize = 48;
/// Snapshots are at least this many events apart.
const MIN_STRIDE: usize = 256;
/// The most frontier nodes and grid marks all snapshots of a replay hold together (each costs
/// under 100 bytes: about 30 MB at most, beside the trace's 250,000 events). Past it every
/// other snapshot is dropped and the stride doubles, so a moment takes longer to rebuild
/// but memory stays bounded, whatever the search.
pub const SNAPSHOT_BUDGET: usize = 300_000;

mod markup;
mod words;

pub use words::describe;
/// Rows of the Search view's drawing by depth, at most.
pub const MAX_DEPTH_ROWS: usize = markup::MAX_DEPTH_ROWS;

/// Draws the position a path of moves leads to from the search's start, as markup (a
/// puzzle's small board in the frontier's rows).
pub type NodePictures = Box<dyn Fn(&[String]) -> Option<String>>;

/// A constraint solver's value of one cell or letter: (cell, value, cause).
pub type Assignment = (String, u32, String);

/// Draws a constraint solver's values so far, in the order assigned, as markup.
pub type ValuesPicture = Box<dyn Fn(&[Assignment]) -> String>;

/// How a puzzle draws its moments in the Search view (`puzzles::pictures`).
pub enum Pictures {
    /// Each frontier node's board.
    Nodes(NodePictures),
    /// The values assigned so far (an alphametic written out with its digits).
    Values(ValuesPicture),
}

/// Best-first order: lowest priority, then the deeper, then the first queued.
type PriorityKey = (u32, Reverse<u32>, u32);

/// A node waiting in the frontier, with what its `generate` event said of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Waiting {
    pub node: u32,
    pub parent: u32,
    /// The move from its parent (an index into [`Replay::steps`]).
    pub step: u32,
    pub g: u32,
    pub h: u32,
    /// The priority it was queued with (g + h for A*, the score for greedy search).
    pub f: u32,
    /// Order of generation, which breaks best-first ties.
    seq: u32,
}

/// The frontier, held the way its discipline takes nodes from it.
#[derive(Debug, Clone)]
enum Frontier {
    None,
    Queue(VecDeque<Waiting>),
    /// The top of the stack last; `batch` is where the options of the last expansion go.
    Stack {
        items: Vec<Waiting>,
        batch: usize,
    },
    Priority {
        by_key: BTreeMap<PriorityKey, Waiting>,
        key_of: FxHashMap<u32, PriorityKey>,
    },
    /// IDA*'s path from the start, the start first.
    Path(Vec<Waiting>),
    /// A hill climber's options from the board just expanded, and the board it came from
    /// (going straight back is never chosen).
    Climb {
        options: Vec<Waiting>,
        back: u32,
    },
}

impl Frontier {
    fn new(discipline: Discipline) -> Self {
        match discipline {
            Discipline::None => Self::None,
            Discipline::Queue => Self::Queue(VecDeque::new()),
            Discipline::Stack => Self::Stack { items: Vec::new(), batch: 0 },
            Discipline::Priority => Self::Priority { by_key: BTreeMap::new(), key_of: FxHashMap::default() },
            Discipline::Path => Self::Path(Vec::new()),
            Discipline::Climb => Self::Climb { options: Vec::new(), back: NONE },
        }
    }

    fn len(&self) -> usize {
        match self {
            Self::None => 0,
            Self::Queue(q) => q.len(),
            Self::Stack { items, .. } | Self::Path(items) | Self::Climb { options: items, .. } => items.len(),
            Self::Priority { by_key, .. } => by_key.len(),
        }
    }

    /// The nodes in the order they will be taken (IDA*: its path, the start first).
    fn in_order(&self) -> Box<dyn Iterator<Item = &Waiting> + '_> {
        match self {
            Self::None => Box::new(std::iter::empty()),
            Self::Queue(q) => Box::new(q.iter()),
            Self::Stack { items, .. } => Box::new(items.iter().rev()),
            Self::Path(items) => Box::new(items.iter()),
            Self::Climb { options, back } => {
                // Fewest out of place first, the first generated on ties, going back last.
                let mut ordered: Vec<&Waiting> = options.iter().collect();
                ordered.sort_by_key(|w| (w.node == *back, w.h, w.seq));
                Box::new(ordered.into_iter())
            }
            Self::Priority { by_key, .. } => Box::new(by_key.values()),
        }
    }

    fn add(&mut self, waiting: Waiting) {
        match self {
            Self::None => {}
            Self::Queue(q) => q.push_back(waiting),
            Self::Stack { items, batch } => items.insert((*batch).min(items.len()), waiting),
            Self::Priority { by_key, key_of } => {
                if let Some(old) = key_of.remove(&waiting.node) {
                    by_key.remove(&old);
                }
                let key = (waiting.f, Reverse(waiting.g), waiting.seq);
                key_of.insert(waiting.node, key);
                by_key.insert(key, waiting);
            }
            Self::Path(path) => {
                // Leaving a child's subtree leaves no event: the path is cut back to the parent.
                while path.last().is_some_and(|top| top.node != waiting.parent) {
                    path.pop();
                }
                path.push(waiting);
            }
            Self::Climb { options, .. } => options.push(waiting),
        }
    }

    /// Takes `node` out (to expand it, find it a goal, skip it as seen or cut it off) with
    /// what its `generate` said; `None` for the start, which was never generated.
    fn take(&mut self, node: u32) -> Option<Waiting> {
        match self {
            Self::None => None,
            Self::Queue(q) => {
                let at = q.iter().position(|w| w.node == node)?;
                q.remove(at)
            }
            Self::Stack { items, batch } => {
                let at = items.iter().rposition(|w| w.node == node)?;
                let taken = items.remove(at);
                *batch = items.len();
                Some(taken)
            }
            Self::Priority { by_key, key_of } => by_key.remove(&key_of.remove(&node)?),
            // IDA* keeps the node on its path while it searches below it.
            Self::Path(path) => path.last().filter(|w| w.node == node).copied(),
            Self::Climb { options, back } => {
                let taken = options.iter().find(|w| w.node == node).copied();
                options.clear();
                *back = taken.map_or(NONE, |w| w.parent);
                taken
            }
        }
    }

    /// Where the options of an expansion go next (depth-first: on top, the first taken first).
    fn expanding(&mut self) {
        if let Self::Stack { items, batch } = self {
            *batch = items.len();
        }
    }
}

/// The cause of a puzzle's clues.
const GIVEN: &str = "given";

/// A constraint solver's grid (or the queens' board) at one moment.
#[derive(Debug, Clone, Default)]
struct Grid {
    /// In the order assigned.
    assigned: Vec<Assignment>,
    /// (cell, value, the cell whose assignment struck it out)
    struck: Vec<(String, u32, String)>,
    /// Where each open guess started: the lengths of `assigned` and `struck` then.
    open_guesses: Vec<(usize, usize)>,
    /// Queens on the board: (row, col).
    queens: Vec<(u32, u32)>,
}

/// What is known at one moment of the replay.
#[derive(Debug, Clone)]
struct State {
    frontier: Frontier,
    grid: Grid,
    expanded: u64,
    generated: u64,
    duplicates: u64,
    pruned: u64,
    guesses: u64,
    backtracks: u64,
    dead_ends: u64,
    /// Queens: boards completed so far.
    solutions: u64,
    /// The most nodes the frontier held so far.
    peak: u64,
    /// Nodes expanded at each depth.
    expanded_at_depth: Vec<u64>,
    /// The node last expanded (or found a goal): `None` before the first.
    current: Option<u32>,
    bound: Option<u32>,
    seq: u32,
}

/// What the Search view draws of a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawing {
    /// A search's frontier and its nodes by depth.
    Frontier,
    /// A constraint solver's grid of cells named `rRcC`.
    Grid,
    /// An alphametic's letters.
    Letters,
    /// The queens' board.
    Queens,
}

/// How a node was reached when it was taken: one record per take, linked to the node's
/// previous record (A* may reopen a node, IDA* takes it again each iteration).
#[derive(Debug, Clone, Copy)]
struct Reached {
    /// The event that took it.
    at: u32,
    parent: u32,
    step: u32,
    previous: u32,
}

const NONE: u32 = u32::MAX;

/// A trace ready to be shown at any moment.
pub struct Replay {
    events: Vec<Event>,
    discipline: Discipline,
    cut: bool,
    layers_summary: Vec<Layer>,
    stride: usize,
    /// The states at moments 0, stride, 2 × stride…
    snapshots: Vec<State>,
    /// Each distinct move of the trace, once.
    steps: Vec<String>,
    step_ids: FxHashMap<String, u32>,
    reached: Vec<Reached>,
    /// The latest [`Reached`] of each node (`NONE`: never taken).
    last_reached: Vec<u32>,
    /// Event indices of the nodes taken to expand (and of goals found when taken).
    expansions: Vec<u32>,
    /// Event indices where a layer starts: a new depth (breadth-first), a larger f = g + h
    /// (best-first), a new bound (IDA*), a guess or backtrack (constraints), a queen taken off.
    layers: Vec<u32>,
    /// Distinct nodes the whole search generated at each depth.
    seen_at_depth: Vec<u64>,
    /// The side of a constraint grid named by cells `rRcC`, or of the queens' board.
    side: u32,
    drawing: Drawing,
    pictures: Option<Pictures>,
}

/// The counters of one moment, and the node then on the board (a race lane shows these).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub expanded: u64,
    pub generated: u64,
    /// Nodes in the frontier (IDA*: on its path) now, and the most so far.
    pub frontier: u64,
    pub peak: u64,
    pub guesses: u64,
    pub backtracks: u64,
    /// IDA*'s bound, or the depth of the node on the board.
    pub bound: Option<u32>,
    pub depth: Option<u32>,
    /// The picture of the node on the board, when the puzzle draws its nodes.
    pub picture: Option<String>,
}

/// Where a step control goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seek {
    /// Exactly this moment.
    At(u32),
    Event(Direction),
    Expansion(Direction),
    Layer(Direction),
    Start,
    End,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Back,
    Forward,
}

impl Seek {
    /// The moment this step leads to from moment `from` (of `len`), given where an expansion
    /// step and a layer step stop (sorted): just before the next mark, or the previous one.
    pub fn resolve(self, from: u32, len: u32, expansion_marks: &[u32], layer_marks: &[u32]) -> u32 {
        let from = from.min(len);
        let stop = |marks: &[u32], direction: Direction| match direction {
            Direction::Forward => marks.iter().copied().find(|&m| m > from).unwrap_or(len),
            Direction::Back => marks.iter().rev().copied().find(|&m| m < from).unwrap_or(0),
        };
        match self {
            Seek::At(t) => t.min(len),
            Seek::Start => 0,
            Seek::End => len,
            Seek::Event(Direction::Forward) => (from + 1).min(len),
            Seek::Event(Direction::Back) => from.saturating_sub(1),
            Seek::Expansion(direction) => stop(expansion_marks, direction),
            Seek::Layer(direction) => stop(layer_marks, direction),
        }
    }

    /// Reads a step as the page names it: `at` (with `t`), `event+`, `expansion-`, `layer+`…,
    /// `start`, `end`.
    pub fn parse(kind: &str, t: u32) -> Result<Self, String> {
        let direction = |sign: &str| match sign {
            "+" => Ok(Direction::Forward),
            "-" => Ok(Direction::Back),
            _ => Err(format!("seek: unknown step '{kind}'")),
        };
        let (name, sign) = kind.split_at(kind.len().saturating_sub(1));
        Ok(match (kind, name) {
            ("at", _) => Self::At(t),
            ("start", _) => Self::Start,
            ("end", _) => Self::End,
            (_, "event") => Self::Event(direction(sign)?),
            (_, "expansion") => Self::Expansion(direction(sign)?),
            (_, "layer") => Self::Layer(direction(sign)?),
            _ => return Err(format!("seek: unknown step '{kind}'")),
        })
    }
}

/// One moment of a search as the page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    pub t: u32,
    /// Events in the trace (the last moment).
    pub len: u32,
    /// What the last event did, in words.
    pub said: String,
    /// The moves from the start to the node on the board (searches only).
    #[serde(default)]
    pub path: Vec<String>,
    /// The node the algorithm takes next, for predict mode.
    #[serde(default)]
    pub next: Option<u32>,
    /// Whether the page draws the board of the node reached by `path` (searches) or the
    /// markup holds the board (constraint solvers, queens).
    pub board: bool,
    /// The frontier table, counters and drawing, as HTML (see [`markup`]).
    pub markup: String,
}

impl State {
    /// Its counters, without the node on the board.
    fn counters(&self) -> Summary {
        Summary {
            expanded: self.expanded,
            generated: self.generated,
            frontier: self.frontier.len() as u64,
            peak: self.peak,
            guesses: self.guesses,
            backtracks: self.backtracks,
            bound: self.bound,
            ..Summary::default()
        }
    }

    /// What a copy of this state holds, in frontier nodes and grid marks.
    fn weight(&self) -> usize {
        let grid = &self.grid;
        1 + self.frontier.len()
            + grid.assigned.len()
            + grid.struck.len()
            + grid.queens.len()
            + self.expanded_at_depth.len()
    }
}

impl Replay {
    pub fn new(trace: Trace) -> Self {
        Self::within(trace, SNAPSHOT_BUDGET)
    }

    /// A replay whose snapshots hold at most `budget` frontier nodes and grid marks together.
    pub fn within(trace: Trace, budget: usize) -> Self {
        let Trace { events, cut, discipline, layers } = trace;
        let stride = MIN_STRIDE.max(events.len().div_ceil(MAX_SNAPSHOTS));
        let mut replay = Self {
            events: Vec::new(),
            discipline,
            cut,
            layers_summary: layers,
            stride,
            snapshots: Vec::new(),
            steps: Vec::new(),
            step_ids: FxHashMap::default(),
            reached: Vec::new(),
            last_reached: Vec::new(),
            expansions: Vec::new(),
            layers: Vec::new(),
            seen_at_depth: Vec::new(),
            side: 0,
            drawing: Drawing::Frontier,
            pictures: None,
        };
        replay.side = events.iter().map(side_needed).max().unwrap_or(0);
        replay.drawing = match discipline {
            Discipline::None if events.iter().any(|e| matches!(e, Event::Place { .. })) => Drawing::Queens,
            Discipline::None if replay.side > 0 => Drawing::Grid,
            Discipline::None => Drawing::Letters,
            _ => Drawing::Frontier,
        };
        let mut state = replay.start_state(&events);
        let mut layer = None;
        let mut weight = 0;
        for (i, event) in events.iter().enumerate() {
            if i % replay.stride == 0 {
                weight += state.weight();
                replay.snapshots.push(state.clone());
                while weight > budget && replay.snapshots.len() > 1 {
                    weight = replay.thin_snapshots();
                }
            }
            replay.index(i as u32, event, &mut layer);
            let taken = replay.apply(&mut state, &events, i);
            if let (Some(node), Some(how)) = (state.current, taken) {
                replay.note_reached(i as u32, node, how);
            }
        }
        replay.events = events;
        replay
    }

    /// Keeps every other snapshot (those at multiples of twice the stride); returns what the
    /// kept ones hold.
    fn thin_snapshots(&mut self) -> usize {
        let kept = std::mem::take(&mut self.snapshots).into_iter().step_by(2).collect();
        self.snapshots = kept;
        self.stride *= 2;
        self.snapshots.iter().map(State::weight).sum()
    }

    /// What the snapshots hold together, in frontier nodes and grid marks (at most the budget).
    pub fn snapshot_weight(&self) -> usize {
        self.snapshots.iter().map(State::weight).sum()
    }

    /// Draws each frontier node's board, or the values so far, with `pictures`.
    pub fn with_pictures(mut self, pictures: Option<Pictures>) -> Self {
        self.pictures = pictures;
        self
    }

    /// The picture of the board a waiting node holds, at moment `t`.
    fn picture(&self, waiting: &Waiting, t: u32) -> Option<String> {
        let Some(Pictures::Nodes(draw)) = &self.pictures else { return None };
        let mut path = if waiting.parent == NONE { Vec::new() } else { self.path_to(waiting.parent, t) };
        if waiting.step != NONE {
            path.push(self.step_text(waiting.step).to_string());
        }
        draw(&path)
    }

    /// Moment 0 of `events`: nothing done, but what the puzzle starts with is there.
    fn start_state(&self, events: &[Event]) -> State {
        // The start waits in the frontier until the first event takes it: no move generated
        // it, so the first expansion says what it is.
        let mut frontier = Frontier::new(self.discipline);
        let queued = matches!(self.discipline, Discipline::Queue | Discipline::Stack | Discipline::Priority);
        if let (true, Some(&Event::Expand { node, g, h })) = (queued, events.first()) {
            frontier.add(Waiting { node, parent: NONE, step: NONE, g, h, f: g + h, seq: 0 });
        }
        // A puzzle's clues are on its grid from the start (the first events only read them).
        let clues = events.iter().map_while(|e| match e {
            Event::Assign { cell, value, cause } if cause == GIVEN => {
                Some((cell.clone(), *value, cause.clone()))
            }
            _ => None,
        });
        State {
            peak: frontier.len() as u64,
            frontier,
            grid: Grid { assigned: clues.collect(), ..Grid::default() },
            expanded: 0,
            generated: 0,
            duplicates: 0,
            pruned: 0,
            guesses: 0,
            backtracks: 0,
            dead_ends: 0,
            solutions: 0,
            expanded_at_depth: Vec::new(),
            current: None,
            bound: None,
            seq: 0,
        }
    }

    /// Events in the trace.
    pub fn len(&self) -> u32 {
        self.events.len() as u32
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The search went on past the events its trace keeps.
    pub fn is_cut(&self) -> bool {
        self.cut
    }

    /// Notes what the step controls, paths and drawings need of event `i`.
    fn index(&mut self, i: u32, event: &Event, layer: &mut Option<u32>) {
        match event {
            Event::Expand { g, h, .. } => {
                self.expansions.push(i);
                // Breadth-first's layers are its depths; best-first's are A*'s contours: the
                // first expansion of each larger f = g + h (both only grow along the search).
                let key = match self.discipline {
                    Discipline::Queue => Some(*g),
                    Discipline::Priority => Some(g + h),
                    _ => None,
                };
                if let Some(key) = key.filter(|&key| layer.is_none_or(|last| key > last)) {
                    *layer = Some(key);
                    self.layers.push(i);
                }
            }
            // Breadth-first search finds its goal when generating it, not when taking it.
            Event::Goal { .. } if self.discipline != Discipline::Queue => self.expansions.push(i),
            // A constraint solver (or the queens) expands nothing: `[` `]` stop just after each
            // value given.
            Event::Assign { cause, .. } if cause == GIVEN => {}
            Event::Assign { .. } | Event::Place { .. } if self.discipline == Discipline::None => {
                self.expansions.push(i + 1)
            }
            // A solution is a stop of both: a search for every solution goes on past it.
            Event::Solution if self.discipline == Discipline::None => {
                self.expansions.push(i + 1);
                self.layers.push(i + 1);
            }
            // A constraint solver's `}` shows the guess (or the take-back) itself.
            Event::Guess { .. } | Event::Backtrack { .. } | Event::Remove { .. }
                if self.discipline == Discipline::None =>
            {
                self.layers.push(i + 1)
            }
            Event::Iteration { .. }
            | Event::Guess { .. }
            | Event::Backtrack { .. }
            | Event::Remove { .. } => self.layers.push(i),
            Event::Generate { node, step, g, .. } => {
                if *node as usize >= self.last_reached.len() {
                    self.last_reached.resize(*node as usize + 1, NONE);
                    let at = *g as usize;
                    if self.seen_at_depth.len() <= at {
                        self.seen_at_depth.resize(at + 1, 0);
                    }
                    self.seen_at_depth[at] += 1;
                }
                if !self.step_ids.contains_key(step) {
                    self.step_ids.insert(step.clone(), self.steps.len() as u32);
                    self.steps.push(step.clone());
                }
            }
            _ => {}
        }
    }

    fn note_reached(&mut self, at: u32, node: u32, how: Option<Waiting>) {
        if self.last_reached.len() <= node as usize {
            self.last_reached.resize(node as usize + 1, NONE);
        }
        let (parent, step) = how.map_or((NONE, NONE), |w| (w.parent, w.step));
        let previous = self.last_reached[node as usize];
        self.last_reached[node as usize] = self.reached.len() as u32;
        self.reached.push(Reached { at, parent, step, previous });
    }

    /// Applies event `i` to `state`; for a node taken, returns how it was reached (the
    /// inner `None`: the start).
    fn apply(&self, state: &mut State, events: &[Event], i: usize) -> Option<Option<Waiting>> {
        let grid = &mut state.grid;
        match &events[i] {
            Event::Generate { node, parent, step, g, h, f } => {
                state.generated += 1;
                // A position seen before is not queued (depth-first finds that out when it
                // takes the option, and says so then).
                let duplicate = matches!(events.get(i + 1), Some(Event::Duplicate { .. }));
                if !duplicate || self.discipline == Discipline::Stack {
                    state.seq += 1;
                    let step = self.step_ids.get(step).copied().unwrap_or(NONE);
                    let f = f.unwrap_or(g + h);
                    let waiting =
                        Waiting { node: *node, parent: *parent, step, g: *g, h: *h, f, seq: state.seq };
                    state.frontier.add(waiting);
                    state.peak = state.peak.max(state.frontier.len() as u64);
                }
            }
            Event::Duplicate { node } => {
                state.duplicates += 1;
                if self.discipline == Discipline::Stack {
                    state.frontier.take(*node);
                }
            }
            Event::Expand { node, g, h } => {
                state.expanded += 1;
                let depth = *g as usize;
                if state.expanded_at_depth.len() <= depth {
                    state.expanded_at_depth.resize(depth + 1, 0);
                }
                state.expanded_at_depth[depth] += 1;
                if let Frontier::Path(path) = &mut state.frontier {
                    if path.is_empty() {
                        // Each iteration starts from the start, which no move generated.
                        path.push(Waiting {
                            node: *node,
                            parent: NONE,
                            step: NONE,
                            g: *g,
                            h: *h,
                            f: g + h,
                            seq: 0,
                        });
                    }
                }
                let how = state.frontier.take(*node);
                state.frontier.expanding();
                state.current = Some(*node);
                return Some(how);
            }
            Event::Goal { node } => {
                let how = state.frontier.take(*node);
                state.current = Some(*node);
                return Some(how);
            }
            Event::Prune { node, .. } => {
                state.pruned += 1;
                if self.discipline == Discipline::Stack {
                    state.frontier.take(*node);
                }
            }
            Event::Iteration { bound } => {
                state.bound = Some(*bound);
                state.frontier = Frontier::new(self.discipline);
            }
            Event::Place { row, col } => {
                grid.queens.push((*row, *col));
                state.solutions += u64::from(grid.queens.len() == self.side as usize);
            }
            Event::Remove { .. } => {
                grid.queens.pop();
                state.backtracks += 1;
            }
            Event::DeadEnd { .. } => state.dead_ends += 1,
            Event::Solution => state.solutions += 1,
            // A clue is on the grid from the start.
            Event::Assign { cell, cause, .. }
                if cause == GIVEN && grid.assigned.iter().any(|a| a.0 == *cell) => {}
            Event::Assign { cell, value, cause } => {
                // A guess counts once its value is on the grid, as the drawing shows it.
                state.guesses += u64::from(i > 0 && matches!(events[i - 1], Event::Guess { .. }));
                grid.assigned.push((cell.clone(), *value, cause.clone()))
            }
            Event::Eliminate { cell, value, by } => grid.struck.push((cell.clone(), *value, by.clone())),
            Event::Guess { .. } => grid.open_guesses.push((grid.assigned.len(), grid.struck.len())),
            Event::Backtrack { .. } => {
                state.backtracks += 1;
                if let Some((assigned, struck)) = grid.open_guesses.pop() {
                    grid.assigned.truncate(assigned);
                    grid.struck.truncate(struck);
                }
            }
        }
        None
    }

    /// The state after the first `t` events, from the nearest snapshot.
    fn state_at(&self, t: u32) -> State {
        let t = (t as usize).min(self.events.len());
        let Some(last) = self.snapshots.len().checked_sub(1) else {
            return self.start_state(&self.events);
        };
        let index = (t / self.stride).min(last);
        let mut state = self.snapshots[index].clone();
        for i in index * self.stride..t {
            self.apply(&mut state, &self.events, i);
        }
        state
    }

    /// The moves from the start to `node` as it was reached at moment `t`.
    fn path_to(&self, node: u32, t: u32) -> Vec<String> {
        let mut path = Vec::new();
        let mut node = node;
        while path.len() <= self.reached.len() {
            let mut index = self.last_reached.get(node as usize).copied().unwrap_or(NONE);
            while index != NONE && self.reached[index as usize].at >= t {
                index = self.reached[index as usize].previous;
            }
            let Some(reached) = self.reached.get(index as usize) else { break };
            if reached.parent == NONE {
                break;
            }
            path.push(self.step_text(reached.step).to_string());
            node = reached.parent;
        }
        path.reverse();
        path
    }

    fn step_text(&self, step: u32) -> &str {
        self.steps.get(step as usize).map_or("", String::as_str)
    }

    /// The moment a step control leads to from moment `t`.
    pub fn seek(&self, from: u32, seek: Seek) -> u32 {
        // Stops are the moments just before an expansion (or a layer's start).
        seek.resolve(from, self.len(), &self.expansions, &self.layers)
    }

    /// Whether `event` completes a solution (the queens: a queen on the last row).
    fn completes_a_solution(&self, event: &Event) -> bool {
        match event {
            Event::Solution => true,
            Event::Place { row, .. } => row + 1 == self.side,
            _ => false,
        }
    }

    /// The page's view of moment `t`; `predict` hides which node comes next.
    pub fn frame(&self, t: u32, predict: bool) -> Frame {
        let t = t.min(self.len());
        let mut state = self.state_at(t);
        // The moment the drawing shows (the end of a search for every solution: its last).
        let mut drawn_at = t;
        let last = t == self.len();
        let said = match t.checked_sub(1) {
            Some(_) if self.cut && last => words::cut_short(),
            // A search for every solution ends on a take-back: say that it is over, and draw
            // its last solution rather than the grid every choice has been taken back from.
            Some(i)
                if last
                    && self.drawing != Drawing::Frontier
                    && self.events[i as usize] != Event::Solution =>
            {
                let solved_at = self.events.iter().rposition(|e| self.completes_a_solution(e));
                if let Some(solved_at) = solved_at {
                    drawn_at = solved_at as u32 + 1;
                    state.grid = self.state_at(drawn_at).grid;
                }
                words::all_tried(state.solutions)
            }
            Some(i) => words::describe_at(&self.events, i as usize, self.discipline),
            None => words::at_start(self.drawing),
        };
        let path = self.moves_to_current(&state, t).unwrap_or_default();
        let next = self.next_taken(t);
        let markup = markup::draw(self, &state, drawn_at, next, predict, &path);
        Frame { t, len: self.len(), said, path, next, board: self.discipline != Discipline::None, markup }
    }

    /// The moves from the start to the node on the board at `t`, if there is one (IDA*'s
    /// from the path it keeps, the others' from the nodes' parents).
    fn moves_to_current(&self, state: &State, t: u32) -> Option<Vec<String>> {
        let node = state.current?;
        Some(match &state.frontier {
            Frontier::Path(path) => {
                let upto = path.iter().rposition(|w| w.node == node).map_or(0, |at| at + 1);
                let moves = path[..upto].iter().filter(|w| w.step != NONE);
                moves.map(|w| self.step_text(w.step).to_string()).collect()
            }
            _ => self.path_to(node, t),
        })
    }

    /// The counters at moment `t` and the node then on the board.
    pub fn summary(&self, t: u32) -> Summary {
        let t = t.min(self.len());
        let state = self.state_at(t);
        let path = self.moves_to_current(&state, t);
        let picture = match &self.pictures {
            Some(Pictures::Nodes(draw)) => path.as_ref().and_then(|path| draw(path)),
            Some(Pictures::Values(draw)) => Some(draw(&state.grid.assigned)),
            None => None,
        };
        Summary { depth: path.map(|p| p.len() as u32), picture, ..state.counters() }
    }

    /// The counters at each of `moments` (in increasing order), the trace walked forward once
    /// (no board is drawn: a race's CSV).
    pub fn counters_along(&self, moments: &[u32]) -> Vec<Summary> {
        let mut state = self.start_state(&self.events);
        let mut done = 0usize;
        moments
            .iter()
            .map(|&t| {
                let t = (t as usize).min(self.events.len());
                if t < done {
                    state = self.state_at(t as u32);
                    done = t;
                }
                for i in done..t {
                    self.apply(&mut state, &self.events, i);
                }
                done = t;
                state.counters()
            })
            .collect()
    }

    /// The frontier at moment `t`, in the order the search takes it (IDA*: its path).
    pub fn frontier_at(&self, t: u32) -> Vec<Waiting> {
        self.state_at(t).frontier.in_order().copied().collect()
    }

    /// The moments just before each node is taken to be expanded (the expansion stops).
    pub fn expansion_stops(&self) -> &[u32] {
        &self.expansions
    }

    /// The event at index `i`.
    /// Whether some value of this run is given for `cause` (`given`, `single`, `hidden`…).
    fn gives_values_by(&self, cause: &str) -> bool {
        self.events.iter().any(|e| matches!(e, Event::Assign { cause: c, .. } if c == cause))
    }

    pub fn event(&self, i: u32) -> Option<&Event> {
        self.events.get(i as usize)
    }

    /// The node the search takes next after moment `t`, if it takes another.
    fn next_taken(&self, t: u32) -> Option<u32> {
        let at = self.expansions.partition_point(|&e| e < t);
        match self.events.get(*self.expansions.get(at)? as usize)? {
            Event::Expand { node, .. } | Event::Goal { node } => Some(*node),
            _ => None,
        }
    }
}

/// The side of the board an event needs (queens' and constraint grids; 0 for others).
fn side_needed(event: &Event) -> u32 {
    let (row, col) = match event {
        Event::Place { row, col } => (*row, *col),
        Event::Assign { cell, .. } => match grid_cell(cell) {
            Some(place) => place,
            // A letter of an alphametic: no grid.
            None => return 0,
        },
        _ => return 0,
    };
    row.max(col) + 1
}

/// The (row, col) of a cell named `rRcC` (1-based in the name, 0-based here).
fn grid_cell(name: &str) -> Option<(u32, u32)> {
    let (row, col) = name.strip_prefix('r')?.split_once('c')?;
    Some((row.parse::<u32>().ok()?.checked_sub(1)?, col.parse::<u32>().ok()?.checked_sub(1)?))
}
