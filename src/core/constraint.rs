//! A small finite-domain constraint engine (next to `search` and `evolve`): variables with
//! bit-set domains, propagators run to a fixpoint, and a depth-first search that guesses a
//! value for a variable chosen by a pluggable rule. The slides' Sudoku solver (seed 001) is
//! this engine with one all-different propagator per row, column and box.

use crate::core::seed::{SeededRng, Stream};
use std::collections::VecDeque;

/// The values a variable may still take: bit `v` set when `v` is possible (values 0–31).
pub type Domain = u32;

/// The values of a domain, smallest first.
pub fn values(domain: Domain) -> impl Iterator<Item = u32> {
    let mut rest = domain;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let value = rest.trailing_zeros();
            rest &= rest - 1;
            value
        })
    })
}

/// The one value of a fixed domain.
pub fn single(domain: Domain) -> Option<u32> {
    (domain.count_ones() == 1).then(|| domain.trailing_zeros())
}

/// What the engine did, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    /// Variables that received their value (by propagation or by a guess).
    pub assignments: u64,
    /// Values removed from a domain.
    pub eliminations: u64,
    /// Values tried at a choice point.
    pub guesses: u64,
    /// Guesses taken back (after a dead end, or to look for more solutions).
    pub backtracks: u64,
    /// Positions where propagation left a variable with no value.
    pub dead_ends: u64,
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, other: Self) {
        self.assignments += other.assignments;
        self.eliminations += other.eliminations;
        self.guesses += other.guesses;
        self.backtracks += other.backtracks;
        self.dead_ends += other.dead_ends;
    }
}

/// Why a variable got its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// Tried at a choice point.
    Guess,
    /// The only value left in its domain.
    Single,
    /// The only place left for a value in a group (hidden single).
    HiddenSingle,
}

/// One step of a search, for a page to step through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Assign {
        var: u32,
        value: u32,
        reason: Reason,
    },
    /// The guess `var = value` is taken back: the position before it returns.
    Backtrack {
        var: u32,
        value: u32,
    },
    /// `value` left `var`'s domain because `by` holds it (`None`: a rule of the model, not one
    /// variable). Recorded only when [`Options::eliminations`] asks for it.
    Eliminate {
        var: u32,
        value: u32,
        by: Option<u32>,
    },
    /// Every variable has a value.
    Solution,
    /// Propagation emptied `var`'s domain (`None`: a rule found the branch impossible): this
    /// branch has no solution. Recorded only when [`Options::dead_ends`] asks for it.
    DeadEnd {
        var: Option<u32>,
    },
}

/// Propagation emptied a domain: this branch has no solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeadEnd;

/// The domains being narrowed, with the bookkeeping every change needs.
pub struct Propagation<'a> {
    domains: &'a mut [Domain],
    /// For each variable, the variables that must differ from it (see [`Model::peers`]).
    peers: &'a [Vec<u32>],
    /// Variables changed since the propagators last looked.
    changed: Vec<u32>,
    counters: &'a mut Counters,
    trace: &'a mut Trace,
}

impl Propagation<'_> {
    pub fn domain(&self, var: usize) -> Domain {
        self.domains[var]
    }

    /// This branch has no solution (a propagator's own test failed).
    pub fn fail(&mut self) -> Result<(), DeadEnd> {
        self.counters.dead_ends += 1;
        self.trace.dead_end(None, self.domains);
        Err(DeadEnd)
    }

    /// Removes `value` from `var`'s domain because of `by` (the variable that holds it, when
    /// one does). Fails when nothing is left.
    pub fn remove(&mut self, var: usize, value: u32, by: Option<u32>) -> Result<(), DeadEnd> {
        let before = self.domains[var];
        if before & (1 << value) == 0 {
            return Ok(());
        }
        self.trace.eliminate(Event::Eliminate { var: var as u32, value, by }, self.domains);
        self.narrow(var, before & !(1 << value), Reason::Single)
    }

    /// Gives `var` the value `value`. Fails when the value was no longer possible.
    pub fn fix(&mut self, var: usize, value: u32, reason: Reason) -> Result<(), DeadEnd> {
        let domain = self.domains[var] & (1 << value);
        self.narrow(var, domain, reason)
    }

    fn narrow(&mut self, var: usize, domain: Domain, reason: Reason) -> Result<(), DeadEnd> {
        let before = self.domains[var];
        if domain == before {
            return Ok(());
        }
        self.counters.eliminations += u64::from((before & !domain).count_ones());
        self.domains[var] = domain;
        self.changed.push(var as u32);
        if domain == 0 {
            self.counters.dead_ends += 1;
            self.trace.dead_end(Some(var as u32), self.domains);
            return Err(DeadEnd);
        }
        if let Some(value) = single(domain) {
            if reason != Reason::Guess {
                if let Some(holder) = self.holder_of(var, value) {
                    // A value a peer already holds is a dead end here, not an assignment
                    // (its all-different group may not have run since the peer got it).
                    let event = Event::Eliminate { var: var as u32, value, by: Some(holder) };
                    self.trace.eliminate(event, self.domains);
                    return self.narrow(var, 0, reason);
                }
            }
            self.counters.assignments += 1;
            self.trace.record(Event::Assign { var: var as u32, value, reason }, self.domains);
        }
        Ok(())
    }

    /// The peer of `var` that already holds `value`, if one does.
    fn holder_of(&self, var: usize, value: u32) -> Option<u32> {
        self.peers[var].iter().copied().find(|&peer| self.domains[peer as usize] == 1 << value)
    }
}

/// A rule over some variables that narrows their domains.
pub trait Propagator {
    /// The variables whose changes wake this propagator.
    fn watches(&self) -> &[u32];
    fn propagate(&self, p: &mut Propagation) -> Result<(), DeadEnd>;
    /// The variables this rule keeps all different, if that is what it does.
    fn distinct(&self) -> Option<&[u32]> {
        None
    }
}

/// All different values over a group of variables (a Sudoku row, the letters of an
/// alphametic).
pub struct AllDifferent {
    pub vars: Vec<u32>,
    /// Remove a fixed variable's value from the others (the slides' "friends"); when false the
    /// group only refuses two equal fixed values (plain backtracking).
    pub prune: bool,
    /// Fix a variable when it is the only place left for a value, and fail when a value has
    /// no place (for groups with exactly as many variables as values).
    pub hidden_singles: bool,
}

impl Propagator for AllDifferent {
    fn watches(&self) -> &[u32] {
        &self.vars
    }

    fn distinct(&self) -> Option<&[u32]> {
        Some(&self.vars)
    }

    fn propagate(&self, p: &mut Propagation) -> Result<(), DeadEnd> {
        let mut taken: Domain = 0;
        // Which variable holds each value taken.
        let mut holder = [0u32; Domain::BITS as usize];
        for &var in &self.vars {
            if let Some(value) = single(p.domain(var as usize)) {
                if taken & (1 << value) != 0 {
                    return p.fail();
                }
                taken |= 1 << value;
                holder[value as usize] = var;
            }
        }
        if self.prune {
            for &var in &self.vars {
                let domain = p.domain(var as usize);
                if domain.count_ones() > 1 {
                    for value in values(domain & taken) {
                        p.remove(var as usize, value, Some(holder[value as usize]))?;
                    }
                }
            }
        }
        if self.hidden_singles {
            let (mut once, mut twice, mut fixed): (Domain, Domain, Domain) = (0, 0, 0);
            for &var in &self.vars {
                let domain = p.domain(var as usize);
                twice |= once & domain;
                once |= domain;
                if domain.count_ones() == 1 {
                    fixed |= domain;
                }
            }
            if once.count_ones() < self.vars.len() as u32 {
                return p.fail();
            }
            for value in values(once & !twice & !fixed) {
                let var = self.vars.iter().find(|&&v| p.domain(v as usize) & (1 << value) != 0);
                if let Some(&var) = var {
                    p.fix(var as usize, value, Reason::HiddenSingle)?;
                }
            }
        }
        Ok(())
    }
}

/// Variables, their starting domains and the propagators over them.
pub struct Model {
    domains: Vec<Domain>,
    propagators: Vec<Box<dyn Propagator>>,
    /// For each variable, the propagators that watch it.
    watchers: Vec<Vec<u32>>,
    /// For each variable, the variables an all-different rule keeps from its value.
    peers: Vec<Vec<u32>>,
}

impl Model {
    pub fn new(domains: Vec<Domain>) -> Self {
        let watchers = vec![Vec::new(); domains.len()];
        let peers = vec![Vec::new(); domains.len()];
        Self { domains, propagators: Vec::new(), watchers, peers }
    }

    pub fn add(&mut self, propagator: impl Propagator + 'static) {
        let index = self.propagators.len() as u32;
        for &var in propagator.watches() {
            self.watchers[var as usize].push(index);
        }
        for &var in propagator.distinct().unwrap_or_default() {
            for &peer in propagator.distinct().unwrap_or_default() {
                let peers = &mut self.peers[var as usize];
                if peer != var && !peers.contains(&peer) {
                    peers.push(peer);
                }
            }
        }
        self.propagators.push(Box::new(propagator));
    }

    pub fn domains(&self) -> &[Domain] {
        &self.domains
    }

    /// Runs the propagators woken by `changed` (all of them when `None`) until nothing changes.
    fn fixpoint(
        &self,
        domains: &mut [Domain],
        changed: Option<Vec<u32>>,
        counters: &mut Counters,
        trace: &mut Trace,
    ) -> Result<(), DeadEnd> {
        let mut queued = vec![false; self.propagators.len()];
        let mut queue: VecDeque<u32> = VecDeque::new();
        let mut p = Propagation { domains, peers: &self.peers, changed: Vec::new(), counters, trace };
        match changed {
            None => queue.extend(0..self.propagators.len() as u32),
            Some(vars) => p.changed = vars,
        }
        queue.iter().for_each(|&i| queued[i as usize] = true);
        loop {
            for var in p.changed.drain(..) {
                for &i in &self.watchers[var as usize] {
                    if !std::mem::replace(&mut queued[i as usize], true) {
                        queue.push_back(i);
                    }
                }
            }
            // First in, first out: propagators run in the order their variables changed.
            let Some(i) = queue.pop_front() else { return Ok(()) };
            queued[i as usize] = false;
            self.propagators[i as usize].propagate(&mut p)?;
        }
    }
}

/// How the search chooses the variable to guess (the slides' `select_an_unsolved_cell`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Fewest values left (ties: the first such variable).
    Min,
    /// Most values left (ties: the last such variable).
    Max,
    /// Any unfixed variable, drawn from the seeded stream.
    Random(u64),
    /// The first unfixed variable in the model's order.
    First,
}

/// A search's settings.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub pick: Pick,
    /// Stop after this many solutions.
    pub cap: u64,
    /// Record at most this many events (0: no trace).
    pub trace_limit: usize,
    /// Record dead ends too (a trace shown whole; a page's playback of moves leaves them out).
    pub dead_ends: bool,
    /// Record each value a propagator takes out of a domain too (a trace shown whole).
    pub eliminations: bool,
    /// Keep at most this many solutions' values (the rest are only counted).
    pub keep: usize,
}

/// The events of a search, up to a limit.
#[derive(Debug, Clone, Default)]
pub struct Trace {
    pub events: Vec<Event>,
    limit: usize,
    dead_ends: bool,
    eliminations: bool,
    /// Events left out once the limit was reached.
    pub dropped: u64,
    /// Every variable's domain just after each event (tests compare what a view draws with it).
    #[cfg(test)]
    pub after: Vec<Vec<Domain>>,
}

impl Trace {
    fn dead_end(&mut self, var: Option<u32>, domains: &[Domain]) {
        if self.dead_ends {
            self.record(Event::DeadEnd { var }, domains);
        }
    }

    /// Records an elimination about to be made: `domains` still hold the value.
    fn eliminate(&mut self, event: Event, domains: &[Domain]) {
        if self.eliminations {
            self.record(event, domains);
            #[cfg(test)]
            if let (Event::Eliminate { var, value, .. }, Some(after)) = (event, self.after.last_mut()) {
                after[var as usize] &= !(1 << value);
            }
        }
    }

    /// Records `event`, whose effect `domains` show.
    fn record(&mut self, event: Event, #[allow(unused_variables)] domains: &[Domain]) {
        if self.events.len() < self.limit {
            self.events.push(event);
            #[cfg(test)]
            self.after.push(domains.to_vec());
        } else if self.limit > 0 {
            self.dropped += 1;
        }
    }
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The first `keep` solutions: each variable's value.
    pub solutions: Vec<Vec<u32>>,
    /// Solutions found (at most the cap).
    pub count: u64,
    /// The whole space was searched: `count` is every solution.
    pub complete: bool,
    pub cancelled: bool,
    pub counters: Counters,
    pub trace: Trace,
}

/// Guesses between two progress reports.
const PROGRESS_EVERY: u64 = 1 << 10;

/// Finds up to `options.cap` solutions of `model` by propagation and guessing.
/// `progress` receives the counters now and then and answers `false` to cancel.
pub fn solve(model: &Model, options: Options, progress: &mut dyn FnMut(&Counters) -> bool) -> Outcome {
    let mut run = Run {
        model,
        options,
        rng: match options.pick {
            Pick::Random(seed) => Some(SeededRng::new(seed)),
            _ => None,
        },
        progress,
        outcome: Outcome {
            solutions: Vec::new(),
            count: 0,
            complete: false,
            cancelled: false,
            counters: Counters::default(),
            trace: Trace {
                limit: options.trace_limit,
                dead_ends: options.dead_ends,
                eliminations: options.eliminations,
                ..Trace::default()
            },
        },
    };
    let mut domains = model.domains.clone();
    let start = model.fixpoint(&mut domains, None, &mut run.outcome.counters, &mut run.outcome.trace);
    let flow = match start {
        Ok(()) => run.dfs(domains),
        Err(DeadEnd) => Flow::Continue,
    };
    run.outcome.complete = flow == Flow::Continue;
    run.outcome
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    /// The cap was reached or the run was cancelled.
    Stop,
}

struct Run<'a> {
    model: &'a Model,
    options: Options,
    rng: Option<SeededRng>,
    progress: &'a mut dyn FnMut(&Counters) -> bool,
    outcome: Outcome,
}

impl Run<'_> {
    fn dfs(&mut self, domains: Vec<Domain>) -> Flow {
        let Some(var) = self.pick(&domains) else {
            self.outcome.count += 1;
            self.outcome.trace.record(Event::Solution, &domains);
            if self.outcome.solutions.len() < self.options.keep {
                self.outcome.solutions.push(domains.iter().map(|d| d.trailing_zeros()).collect());
            }
            return if self.outcome.count >= self.options.cap { Flow::Stop } else { Flow::Continue };
        };
        for value in values(domains[var]) {
            let counters = &mut self.outcome.counters;
            counters.guesses += 1;
            if counters.guesses.is_multiple_of(PROGRESS_EVERY) && !(self.progress)(counters) {
                self.outcome.cancelled = true;
                return Flow::Stop;
            }
            let mut child = domains.clone();
            let guessed = {
                let trace = &mut self.outcome.trace;
                let mut p = Propagation {
                    domains: &mut child,
                    peers: &self.model.peers,
                    changed: Vec::new(),
                    counters,
                    trace,
                };
                p.fix(var, value, Reason::Guess).map(|()| p.changed)
            };
            let consistent = guessed.and_then(|changed| {
                self.model.fixpoint(
                    &mut child,
                    Some(changed),
                    &mut self.outcome.counters,
                    &mut self.outcome.trace,
                )
            });
            if consistent.is_ok() && self.dfs(child) == Flow::Stop {
                return Flow::Stop;
            }
            self.outcome.counters.backtracks += 1;
            self.outcome.trace.record(Event::Backtrack { var: var as u32, value }, &domains);
        }
        Flow::Continue
    }

    /// The variable to guess next, or `None` when every variable is fixed.
    fn pick(&mut self, domains: &[Domain]) -> Option<usize> {
        let open = domains.iter().enumerate().filter(|(_, d)| d.count_ones() > 1);
        match self.options.pick {
            Pick::First => open.map(|(i, _)| i).next(),
            Pick::Min => open.min_by_key(|&(i, d)| (d.count_ones(), i)).map(|(i, _)| i),
            Pick::Max => open.max_by_key(|&(i, d)| (d.count_ones(), i)).map(|(i, _)| i),
            Pick::Random(_) => {
                let open: Vec<usize> = open.map(|(i, _)| i).collect();
                let rng = self.rng.as_mut().expect("a random pick has its stream");
                (!open.is_empty()).then(|| open[rng.below(open.len() as u64) as usize])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(cap: u64) -> Options {
        Options { pick: Pick::Min, cap, trace_limit: 1000, dead_ends: false, eliminations: false, keep: 100 }
    }

    /// Three variables, values 0–2, all different: 3! solutions.
    fn permutations_of_three() -> Model {
        let mut model = Model::new(vec![0b111; 3]);
        model.add(AllDifferent { vars: vec![0, 1, 2], prune: true, hidden_singles: true });
        model
    }

    #[test]
    fn all_solutions_are_found_and_counted() {
        let outcome = solve(&permutations_of_three(), options(100), &mut |_| true);
        assert_eq!(outcome.count, 6);
        assert!(outcome.complete);
        let mut sorted = outcome.solutions.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 6);
        for s in &outcome.solutions {
            let mut v = s.clone();
            v.sort();
            assert_eq!(v, [0, 1, 2]);
        }
    }

    #[test]
    fn a_cap_stops_the_search_and_says_so() {
        let outcome = solve(&permutations_of_three(), options(2), &mut |_| true);
        assert_eq!((outcome.count, outcome.complete), (2, false));
    }

    #[test]
    fn no_solution_is_an_answer() {
        // Four variables, three values, all different: pigeonhole.
        let mut model = Model::new(vec![0b111; 4]);
        model.add(AllDifferent { vars: vec![0, 1, 2, 3], prune: true, hidden_singles: false });
        let outcome = solve(&model, options(10), &mut |_| true);
        assert_eq!((outcome.count, outcome.complete), (0, true));
        assert!(outcome.counters.dead_ends > 0 && outcome.counters.backtracks > 0);
    }

    #[test]
    fn every_guess_is_matched_by_a_backtrack_or_ends_in_a_solution() {
        let outcome = solve(&permutations_of_three(), options(100), &mut |_| true);
        let mut depth = 0i64;
        for event in &outcome.trace.events {
            match event {
                Event::Assign { reason: Reason::Guess, .. } => depth += 1,
                Event::Backtrack { .. } => depth -= 1,
                _ => {}
            }
            assert!(depth >= 0);
        }
        assert_eq!(depth, 0, "a complete search takes every guess back");
        let c = outcome.counters;
        assert_eq!(c.guesses, c.backtracks);
    }

    #[test]
    fn picks_follow_their_rule() {
        let domains = [0b1, 0b111, 0b11, 0b111];
        let model = Model::new(domains.to_vec());
        let run_with = |pick| {
            let mut progress = |_: &Counters| true;
            let mut run = Run {
                model: &model,
                options: Options { pick, ..options(1) },
                rng: Some(SeededRng::new(1)),
                progress: &mut progress,
                outcome: solve(&model, options(1), &mut |_| true),
            };
            run.pick(&domains)
        };
        assert_eq!(run_with(Pick::Min), Some(2));
        assert_eq!(run_with(Pick::Max), Some(3));
        assert_eq!(run_with(Pick::First), Some(1));
        assert!(matches!(run_with(Pick::Random(1)), Some(1..=3)));
    }

    /// Narrows variable 1 to the value 0 whatever else holds it (as an alphametic's column
    /// rule may, before the all-different rule has run).
    struct SecondIsZero;

    impl Propagator for SecondIsZero {
        fn watches(&self) -> &[u32] {
            &[0]
        }

        fn propagate(&self, p: &mut Propagation) -> Result<(), DeadEnd> {
            if p.domain(0) == 0b1 {
                p.remove(1, 1, None)?;
            }
            Ok(())
        }
    }

    #[test]
    fn a_value_a_peer_holds_is_a_dead_end_not_an_assignment() {
        let mut model = Model::new(vec![0b11; 2]);
        model.add(SecondIsZero);
        model.add(AllDifferent { vars: vec![0, 1], prune: true, hidden_singles: false });
        let options = Options { pick: Pick::First, eliminations: true, dead_ends: true, ..options(10) };
        let outcome = solve(&model, options, &mut |_| true);
        assert_eq!(outcome.solutions, [vec![1, 0]]);
        let events = &outcome.trace.events;
        let zero_twice = Event::Assign { var: 1, value: 0, reason: Reason::Single };
        assert_eq!(events[0], Event::Assign { var: 0, value: 0, reason: Reason::Guess });
        assert_eq!(events[1], Event::Eliminate { var: 1, value: 1, by: None });
        assert_eq!(events[2], Event::Eliminate { var: 1, value: 0, by: Some(0) });
        assert_eq!(events[3], Event::DeadEnd { var: Some(1) });
        assert!(!events[..4].contains(&zero_twice));
    }

    #[test]
    fn cancelling_stops_at_the_next_report() {
        // Ten free variables with two values each and no constraint: 1,024 solutions.
        let model = Model::new(vec![0b11; 10]);
        let outcome = solve(&model, Options { cap: u64::MAX, ..options(0) }, &mut |_| false);
        assert!(outcome.cancelled && !outcome.complete);
        assert!(outcome.count < 1024);
    }
}
