//! The N-queens page: count every solution (shared between workers on big boards), try every
//! permutation as on the slide, or let the article's genetic algorithm place the queens.

use crate::core::format::{format_count, format_ms};
use crate::core::job::Report;
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::places::Place;
use crate::puzzles::queens::params::{Algo, QueensParams, MAX_N};
use crate::puzzles::queens::hand::{attacked, attacking_pairs, solves};
use crate::puzzles::queens::{merge_counts, split_count, INFO, LIST_UP_TO};
use crate::puzzles::PuzzleInfo;
use crate::web::components::chessboard::{queens_in_words, Chessboard, CELL};
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::compare_table::Column;
use crate::web::components::listing::Listing;
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage, SeedUse};
use yew::prelude::*;

/// Most workers a shared count uses.
const MAX_WORKERS: usize = 8;

pub struct QueensPage {
    params: QueensParams,
    /// The queens on the board: a found placement, or the genetic run's best so far.
    queens: Queens,
    /// Every solution of a small board, and which one is shown (`params.shown` in the link).
    listed: Listing<Queens>,
    /// The last genetic run's improvements (attempt, fitness, placement), replayed by the
    /// playback (empty: nothing to replay).
    replayed: Vec<(u64, f64, Queens)>,
    /// Solutions counted by the last solve, to say why they are not listed on big boards.
    counted: Option<u64>,
}

pub enum Action {
    ToggleAttacks,
    Browse(isize),
    /// A square tapped: a queen placed there by hand, or taken off.
    Square([u32; 2]),
    /// An empty board to place queens on by hand (the solutions found are forgotten).
    Clear,
}

/// Queens as [row, col].
type Queens = Vec<[u32; 2]>;

fn queens_of(value: &serde_json::Value) -> Option<Queens> {
    serde_json::from_value(value.clone()).ok()
}

impl QueensPage {
    /// Queens placed by hand, or none found yet: the board is played square by square.
    fn played_by_hand(&self) -> bool {
        !self.params.placed.is_empty() || (self.queens.is_empty() && self.replayed.is_empty())
    }

    /// What the queens placed by hand amount to, for the status line.
    fn placed_sentence(&self) -> String {
        let (placed, n) = (&self.params.placed, self.params.n);
        match attacking_pairs(placed) {
            _ if solves(placed, n) => format!("All {n} queens placed and none attacks another: solved!"),
            0 => format!("{} of {n} queens placed, none attacked so far.", placed.len()),
            pairs => format!(
                "{} of {n} queens placed; {pairs} {} attack each other, their queens framed by dashes (pick a queen again to take it off).",
                placed.len(),
                if pairs == 1 { "pair" } else { "pairs" }
            ),
        }
    }

    /// "Improvement 3 of 7: attempt 41, fitness 30 of 32" for a replayed placement.
    fn replay_caption(&self, shown: &Queens) -> String {
        let Some(index) = self.replayed.iter().position(|(_, _, queens)| queens == shown) else {
            return "Press Play to replay the run's improvements.".into();
        };
        let (attempt, fitness, _) = &self.replayed[index];
        format!(
            "Improvement {} of {}: attempt {}, fitness {} of {}",
            index + 1,
            self.replayed.len(),
            format_count(*attempt),
            fitness,
            4 * self.params.n
        )
    }
}

impl PuzzlePage for QueensPage {
    type Params = QueensParams;
    type Algo = Algo;
    /// The best placement before and after an improvement: replaying a run steps through them.
    type State = (Queens, Queens);
    /// An improvement: the new best placement.
    type Move = Queens;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<rect x="36" y="6" width="12" height="12" fill="#f0d9b5"/><rect x="48" y="6" width="12" height="12" fill="#b58863"/><rect x="60" y="6" width="12" height="12" fill="#f0d9b5"/><rect x="72" y="6" width="12" height="12" fill="#b58863"/><rect x="36" y="18" width="12" height="12" fill="#b58863"/><rect x="48" y="18" width="12" height="12" fill="#f0d9b5"/><rect x="60" y="18" width="12" height="12" fill="#b58863"/><rect x="72" y="18" width="12" height="12" fill="#f0d9b5"/><rect x="36" y="30" width="12" height="12" fill="#f0d9b5"/><rect x="48" y="30" width="12" height="12" fill="#b58863"/><rect x="60" y="30" width="12" height="12" fill="#f0d9b5"/><rect x="72" y="30" width="12" height="12" fill="#b58863"/><rect x="36" y="42" width="12" height="12" fill="#b58863"/><rect x="48" y="42" width="12" height="12" fill="#f0d9b5"/><rect x="60" y="42" width="12" height="12" fill="#b58863"/><rect x="72" y="42" width="12" height="12" fill="#f0d9b5"/><circle cx="54" cy="12" r="4" fill="#111"/><circle cx="78" cy="24" r="4" fill="#111"/><circle cx="42" cy="36" r="4" fill="#111"/><circle cx="66" cy="48" r="4" fill="#111"/>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = Guide {
        steps: "Backtracking: place one queen per row, in a column no placed queen attacks;\n  when a row has no such column, take back the last queen and try its next column.\nPermutations: try every order of columns, one queen per row, keep those with no diagonal attack.\nGenetic: start from random boards; change one queen at a time;\n  keep a change when it puts queens on more distinct lines; restart a line that stops improving.",
        terms: &[("nodes expanded", "queens placed (backtracking) or boards tried"), ("dead end", "in the Search view: a row where every square is attacked, so the queen above moves on"), ("fitness", "rows, columns and diagonals (both ways) holding a queen: 4n = solved, no two queens share a line"), ("generation", "one changed board tried by the genetic algorithm")],
        source: "R. Hettinger, \"Easy AI with Python\" (PyCon 2009): eight queens by permutations; C. Sheppard, \"Genetic Algorithms with Python\", part 2 (8 queens by a GA); Takaken's symmetry method for counting.",
    };
    const COMPARE_COLUMNS: &'static [Column] =
        &[Column::Solved, Column::Solutions, Column::Generations, Column::Nodes, Column::Time, Column::Note];

    fn new(params: QueensParams) -> Self {
        Self { params, queens: Vec::new(), listed: Listing::default(), replayed: Vec::new(), counted: None }
    }

    fn params(&self) -> &QueensParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut QueensParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.algo
    }

    /// A link naming a listed solution solves to show it.
    fn solves_on_open(&self) -> bool {
        self.params.shown > 0
    }

    /// What is solved leaves out how it is viewed.
    fn solve_link(&self, algo: Algo) -> Link {
        QueensParams { algo, shown: 0, attacks: false, step: 0, placed: Vec::new(), ..self.params.clone() }.to_link()
    }

    /// A new setting shows the first solution found again.
    fn edited_link(&self, key: &str, text: &str) -> Link {
        // Queens placed by hand belong to the board's size.
        let placed = if key == "n" { Vec::new() } else { self.params.placed.clone() };
        QueensParams { shown: 0, step: 0, placed, ..self.params.clone() }.to_link().set(key, text)
    }

    fn intro(&self) -> String {
        if !self.params.placed.is_empty() {
            return self.placed_sentence();
        }
        "Place n queens, none attacking another: pick a square (click it, or press the Enter key on it) to place or remove a queen, or Solve to count or evolve solutions.".into()
    }

    /// A method the board size does not allow (permutations beyond 10 queens) is refused
    /// with the link's own reason.
    fn refusal(&self, algo: Algo) -> Option<String> {
        let (_, errors) = QueensParams::from_link(&self.solve_link(algo));
        (!errors.is_empty()).then(|| describe_errors(&errors))
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn seed(&self) -> Option<SeedUse> {
        (self.params.algo == Algo::Genetic)
            .then_some(SeedUse { seed: Some(self.params.seed), action: "Run this seed" })
    }

    fn position(&self) -> (Queens, Queens) {
        (Vec::new(), Vec::new())
    }

    fn parse_move(&self, text: &str) -> Result<Queens, String> {
        serde_json::from_str(text).map_err(|e| format!("'{text}' is not a placement: {e}"))
    }

    fn apply(&self, (_, best): &(Queens, Queens), next: &Queens) -> Result<(Queens, Queens), String> {
        Ok((best.clone(), next.clone()))
    }

    fn not_played_move_by_move(&self) -> &'static str {
        "Queens are placed and taken off one at a time, not kept as moves to undo: pick a queen again (a tap, a click, or Enter on its square) to take it off, or clear the board (r)."
    }

    fn view_board(&self, (before, shown): &(Queens, Queens), act: &Callback<Action>, places: Html) -> Html {
        // Queens placed by hand, or none found yet: the board is played by taps.
        if self.played_by_hand() {
            return html! {
                <Chessboard n={self.params.n} queens={self.params.placed.clone()} show_attacks={self.params.attacks}
                    places={Some(places)} />
            };
        }
        // An answer shown: the way back to a board played by hand is under it, in reach.
        let clear = html! {
            <button onclick={act.reform(|_| Action::Clear)} title="Clear the board (r)">{ "Clear the board" }</button>
        };
        if self.replayed.is_empty() {
            // The solutions found, paged through under the board (Previous / Next beside it).
            return html! {
                <div class="captioned-board">
                    <Chessboard n={self.params.n} queens={self.queens.clone()} moved={Vec::new()} show_attacks={self.params.attacks} />
                    <div class="board-caption">{ self.listed.view(act.reform(Action::Browse)) }{ clear }</div>
                </div>
            };
        }
        // A replayed improvement, the queens it moved marked (none at the start).
        let moved: Queens = shown.iter().filter(|q| !before.is_empty() && !before.contains(q)).copied().collect();
        html! {
            <div class="captioned-board">
                <Chessboard n={self.params.n} queens={shown.clone()} {moved} show_attacks={self.params.attacks} />
                <div class="board-caption"><p class="step-note" aria-live="polite">{ self.replay_caption(shown) }</p>{ clear }</div>
            </div>
        }
    }

    /// A board shown, not played (a solution, a replayed step) in words; one played by hand is
    /// read by its places.
    fn describe(&self, (_, shown): &(Queens, Queens)) -> Option<String> {
        let queens = if self.replayed.is_empty() { &self.queens } else { shown };
        Some(queens_in_words(self.params.n, queens))
    }

    fn result_tapped(&self) -> Option<&'static str> {
        Some("This board shows an answer found by Solve: queens are placed by hand on an empty board, after Clear the board (or the r key).")
    }

    fn restart_action(&self) -> Option<Action> {
        Some(Action::Clear)
    }

    /// On a board played by hand, every square: its queen, or whether a queen there would be
    /// attacked.
    fn places(&self, _: &(Queens, Queens)) -> Vec<(Place, Action)> {
        if !self.played_by_hand() {
            return Vec::new();
        }
        let (n, placed) = (self.params.n as u32, &self.params.placed);
        (0..n * n)
            .map(|i| {
                let (row, col) = (i / n, i % n);
                let what = match (placed.contains(&[row, col]), attacked(placed, row, col)) {
                    (true, true) => "queen, attacked",
                    (true, false) => "queen",
                    (false, true) => "empty, attacked",
                    (false, false) => "empty, free",
                };
                let area = [f64::from(col) * CELL, f64::from(row) * CELL, CELL, CELL];
                (Place::new(area, format!("Row {}, column {}: {what}", row + 1, col + 1)), Action::Square([row, col]))
            })
            .collect()
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, act: &Callback<Action>) -> Html {
        html! {
            <>
                <Choice label="n" options={number_options(1..=MAX_N as u8)} selected={self.params.n.to_string()}
                    on_change={edit.reform(|text: String| ("n", text))} />
                <button aria-pressed={self.params.attacks.to_string()} onclick={act.reform(|_| Action::ToggleAttacks)}
                    title="Show attacked squares (a)">{ "Show attacks" }</button>
                // Under an answer shown, the button is the caption's.
                if self.played_by_hand() {
                    <button onclick={act.reform(|_| Action::Clear)} disabled={self.params.placed.is_empty()}
                        title="Clear the board (r)">{ "Clear the board" }</button>
                }
            </>
        }
    }

    fn view_report(&self, _: &Callback<Action>) -> Html {
        match self.counted {
            Some(count) if self.params.n > LIST_UP_TO && count > 0 => html! {
                <p class="note">{ format!(
                    "Solutions are listed to page through up to n = {LIST_UP_TO} (724 of them); {} queens have {}, too many to list.",
                    self.params.n, format_count(count)) }</p>
            },
            _ => html! {},
        }
    }

    fn act(&mut self, action: Action, _: &(Queens, Queens), notices: &mut Notices) -> Effect<Queens> {
        match action {
            Action::ToggleAttacks => {
                self.params.attacks = !self.params.attacks;
                notices.said =
                    if self.params.attacks { "Attacked squares shown." } else { "Attacked squares hidden." }.into();
            }
            Action::Square(square) => {
                let placed = &mut self.params.placed;
                match placed.iter().position(|&q| q == square) {
                    Some(at) => {
                        placed.remove(at);
                    }
                    None if placed.len() >= self.params.n => {
                        let n = self.params.n;
                        notices.alert = Some(format!("All {n} queens are on the board: take one off first (pick it again)."));
                        return Effect::Redraw;
                    }
                    None => placed.push(square),
                }
                notices.status = self.placed_sentence();
            }
            Action::Clear => {
                self.params.placed.clear();
                self.params.shown = 0;
                return Effect::NewPuzzle(String::new());
            }
            Action::Browse(delta) => {
                if let Some(item) = self.listed.step(delta) {
                    self.queens = item.clone();
                    notices.said = self.listed.position_said(&queens_in_words(self.params.n, &self.queens));
                }
                self.params.shown = self.listed.shown().map_or(0, |(index, _)| index + 1);
            }
        }
        Effect::Redraw
    }

    fn key(&self, key: &str) -> Option<Action> {
        match key {
            "a" => Some(Action::ToggleAttacks),
            "ArrowRight" => Some(Action::Browse(1)),
            "ArrowLeft" => Some(Action::Browse(-1)),
            _ => None,
        }
    }

    fn on_genome(&mut self, genome: &serde_json::Value) {
        if let Some(queens) = queens_of(genome) {
            self.queens = queens;
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        match (report.count, report.count_up_to_symmetry, report.generations) {
            (Some(all), Some(unique), _) => {
                let how = report.message.as_ref().map(|m| format!(", {m}")).unwrap_or_default();
                notices.status = format!(
                    "{} solutions for n = {}, {} up to rotations and reflections ({} nodes, {}{how}).",
                    format_count(all),
                    self.params.n,
                    format_count(unique),
                    format_count(report.expanded),
                    format_ms(report.elapsed_ms)
                )
            }
            (_, _, Some(generations)) if report.solved => {
                notices.status = format!(
                    "Placed after {} generations, one queen moved in each ({}).",
                    format_count(generations),
                    format_ms(report.elapsed_ms)
                )
            }
            _ => {}
        }
        if let Some(queens) = &report.queens {
            self.queens = queens.clone();
        }
        // The solver works on the empty board: its answer takes the place of queens put by hand.
        if report.queens.is_some() || report.solutions.as_ref().is_some_and(|s| !s.is_empty()) {
            self.params.placed.clear();
        }
        self.counted = report.count;
        self.replayed = match (report.solved, &report.improvements) {
            (true, Some(improvements)) => improvements
                .iter()
                .filter_map(|i| Some((i.attempt, i.fitness, queens_of(&i.genome)?)))
                .collect(),
            _ => Vec::new(),
        };
        let listed = Listing::new(report.solutions.iter().flatten().filter_map(queens_of).collect());
        self.listed = listed.at(self.params.shown.saturating_sub(1));
        if let (Some((_, queens)), true) = (self.listed.shown(), self.params.shown > 0) {
            self.queens = queens.clone();
        }
    }

    fn clear_results(&mut self) {
        self.queens.clear();
        self.listed = Listing::default();
        self.replayed.clear();
        self.counted = None;
    }

    fn split(&self, _link: &Link, workers: usize) -> Option<Vec<Link>> {
        let parts = split_count(&self.params, workers.min(MAX_WORKERS))?;
        Some(parts.iter().map(LinkParams::to_link).collect())
    }

    fn merge(&self, parts: Vec<Report>) -> Report {
        merge_counts(&self.params, &parts)
    }
}
