//! A recorded search, event by event, for showing how an algorithm finds its answer (`trace=1`
//! in a link). The engines record only when asked: without a trace they pay one branch per
//! event and allocate nothing.
//!
//! Node ids are integers in the order positions were first generated; the start is 0. Ties
//! are broken as the engines document (successors in the puzzle's fixed order; best-first:
//! lower priority, then deeper, then first queued), so a trace is the same on every machine.

use serde::{Deserialize, Serialize};

/// The most events a trace holds (every position of the 8-puzzle, 181,440, fits); past that
/// it keeps counting and per-layer summaries, and says it was cut.
pub const MAX_EVENTS: usize = 250_000;

/// One step of a search, as the CLI prints it: `{"e": "expand", "node": 3, "g": 1, "h": 4}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub enum Event {
    /// A successor produced by expanding `parent` with `move`; `f` is the priority a
    /// best-first search queues it with.
    Generate {
        node: u32,
        parent: u32,
        #[serde(rename = "move")]
        step: String,
        g: u32,
        h: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        f: Option<u32>,
    },
    /// The position just generated was seen before, as `node`: it is not queued again.
    Duplicate { node: u32 },
    /// `node`'s successors are generated next.
    Expand { node: u32, g: u32, h: u32 },
    /// `node` is cut off: its `f` (depth for a depth limit) passes the `bound`.
    Prune { node: u32, f: u32, bound: u32 },
    /// An iteration of IDA* starts with this bound.
    Iteration { bound: u32 },
    /// `node` is a goal: the search ends with the path to it.
    Goal { node: u32 },
    /// Queens: a queen goes on `row`, `col` (0-based)…
    Place { row: u32, col: u32 },
    /// …and is taken off again to try the next column.
    Remove { row: u32, col: u32 },
    /// Queens: every square of `row` is attacked, back to the row above; constraints: `cell`
    /// has no candidate left (none named: a rule found the branch impossible).
    DeadEnd {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        row: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<String>,
    },
    /// Constraints: `cell` takes `value` because of `cause` (`given`, `single`: its only
    /// candidate, `hidden`: the value's only place in a unit, `guess`, `try`)…
    Assign { cell: String, value: u32, cause: String },
    /// …which crosses `value` out of the candidates of `cell`, a friend of `by`.
    Eliminate { cell: String, value: u32, by: String },
    /// A choice point: `cell` = `value` is tried (the `assign` follows).
    Guess { cell: String, value: u32 },
    /// The guess `cell` = `value` is taken back: the grid returns to what it was before it.
    Backtrack { cell: String, value: u32 },
    /// Constraints: every cell (or letter) has its value and every rule holds.
    Solution,
}

/// The work of one BFS layer (depth) or IDA* iteration (bound), kept even past the cut.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layer {
    /// The depth (BFS, DFS) or the bound (IDA*) the counts are for.
    pub at: u32,
    pub expanded: u64,
    pub generated: u64,
}

/// How the search that recorded a trace takes its next node, which a replay follows to
/// rebuild the frontier (`core::replay`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Discipline {
    /// No frontier: a constraint solver or queens backtracking.
    #[default]
    None,
    /// Breadth-first: first in, first out.
    Queue,
    /// Depth-first: the last option generated is taken first.
    Stack,
    /// Best-first (A*, greedy): the lowest priority, then the deeper, then the first queued.
    Priority,
    /// IDA*: depth-first under a bound, keeping only the path from the start.
    Path,
    /// Hill climbing: only the moves of the board just expanded are candidates.
    Climb,
}

/// Events recorded so far, up to [`MAX_EVENTS`], and the summaries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trace {
    pub events: Vec<Event>,
    /// The frontier discipline of the search that recorded it.
    pub discipline: Discipline,
    /// Events past [`MAX_EVENTS`] were not kept.
    pub cut: bool,
    pub layers: Vec<Layer>,
}

impl Trace {
    pub fn record(&mut self, event: Event) {
        self.count(&event);
        if self.events.len() < MAX_EVENTS {
            self.events.push(event);
        } else {
            self.cut = true;
        }
    }

    /// Starts the summary of a new layer or iteration.
    pub fn layer(&mut self, at: u32) {
        if self.layers.last().is_none_or(|layer| layer.at != at) {
            self.layers.push(Layer { at, ..Layer::default() });
        }
    }

    fn count(&mut self, event: &Event) {
        match event {
            Event::Expand { .. } => self.count_past_cut(Counted::Expanded),
            Event::Generate { .. } => self.count_past_cut(Counted::Generated),
            _ => {}
        }
    }

    /// Whether it keeps no more events: the search need not build them (nor number the
    /// positions they would name), only count them with [`Trace::count_past_cut`].
    pub fn is_full(&self) -> bool {
        self.events.len() >= MAX_EVENTS
    }

    /// Counts an expansion or a generation that the full trace does not keep.
    pub fn count_past_cut(&mut self, counted: Counted) {
        self.cut |= self.is_full();
        let Some(layer) = self.layers.last_mut() else { return };
        match counted {
            Counted::Expanded => layer.expanded += 1,
            Counted::Generated => layer.generated += 1,
        }
    }
}

/// What a layer's summary counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Expanded,
    Generated,
}

/// Notes which frontier discipline the search recording into `trace` (if any) follows.
pub fn follows(trace: &mut Option<Box<Trace>>, discipline: Discipline) {
    if let Some(trace) = trace {
        trace.discipline = discipline;
    }
}

/// Records `event` into `trace` when there is one; the event is built only then.
#[inline(always)]
pub fn note(trace: &mut Option<Box<Trace>>, event: impl FnOnce() -> Event) {
    if let Some(trace) = trace {
        trace.record(event());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_print_as_the_cli_contract_names_them() {
        let generate = Event::Generate { node: 1, parent: 0, step: "L".into(), g: 1, h: 4, f: None };
        assert_eq!(
            serde_json::to_string(&generate).unwrap(),
            r#"{"e":"generate","node":1,"parent":0,"move":"L","g":1,"h":4}"#
        );
        let prune = Event::Prune { node: 7, f: 12, bound: 10 };
        assert_eq!(serde_json::to_string(&prune).unwrap(), r#"{"e":"prune","node":7,"f":12,"bound":10}"#);
    }

    #[test]
    fn a_full_trace_keeps_counting_and_says_it_was_cut() {
        let mut trace = Trace::default();
        trace.layer(0);
        for node in 0..MAX_EVENTS as u32 + 5 {
            trace.record(Event::Expand { node, g: 0, h: 0 });
        }
        assert_eq!(trace.events.len(), MAX_EVENTS);
        assert!(trace.cut);
        assert_eq!(trace.layers[0].expanded, MAX_EVENTS as u64 + 5);
    }
}
