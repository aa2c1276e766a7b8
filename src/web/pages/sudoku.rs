//! The Sudoku page: a grid to fill by hand (pick a cell, type a value), presets and a seeded
//! generator, pencil marks on request, and each solver's trace to step through: every value
//! placed, the candidates it took from its friends, every guess and every guess taken back.

use crate::core::choice::Named;
use crate::core::format::{capitalise, count_of, format_ms};
use crate::core::job::Report;
use crate::core::link::{read_leniently, Link, LinkParams};
use crate::core::places::Place;
use crate::puzzles::sudoku::grid::{friends_of, Grid};
use crate::puzzles::sudoku::params::{Algo, PickRule, Source, SudokuParams, PRESETS, SLIDES_EXAMPLE};
use crate::puzzles::sudoku::trace::{How, Move, Position};
use crate::puzzles::sudoku::{with_entries, written_grid, INFO};
use crate::puzzles::PuzzleInfo;
use crate::web::browser;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::compare_table::{Column, CONSTRAINT_COLUMNS};
use crate::web::components::listing::Listing;
use crate::web::components::messages::Notices;
use crate::web::components::sudoku_grid::{SudokuGrid, CELL};
use crate::web::page::{Effect, Guide, PuzzlePage, SeedUse};
use yew::prelude::*;

/// Clue counts offered by the generator.
const CLUES: std::ops::RangeInclusive<u8> = 17..=60;

pub struct SudokuPage {
    params: SudokuParams,
    /// The puzzle's clues (the grid before any value entered by hand).
    clues: Grid,
    /// Why the link's entries do not fit the grid, if they do not.
    problem: Option<String>,
    selected: Option<usize>,
    /// A solution found without steps to play (the fast solver), shown in the open cells.
    solution: Option<Grid>,
    /// The values entered by hand when that solution was found: it is drawn on them alone.
    solved_with: Vec<Move>,
    /// A count's solutions, to page through.
    listed: Listing<Grid>,
    /// A generated puzzle's clues, made in the worker, with the link they were made for.
    made: Option<(Link, Grid)>,
}

pub enum Action {
    Select(usize),
    /// Done with the selected cell: the digit pad closes (on a phone it covers Solve).
    Deselect,
    /// A value typed into the selected cell (0 clears it).
    Enter(u8),
    /// Moves the selection by (rows, columns).
    Step(isize, isize),
    ToggleMarks,
    Preset(String),
    Browse(isize),
}

/// The cells that see `cell` and hold its `value` too, in words ("row 1, column 6 and …").
fn clashes_with(position: &Position, cell: usize, value: u8) -> Option<String> {
    let side = position.box_size * position.box_size;
    let clashes: Vec<String> = friends_of(position.box_size)[cell]
        .iter()
        .filter(|&&f| value != 0 && position.values[f] == value)
        .map(|&f| spoken_cell(side, f))
        .collect();
    (!clashes.is_empty()).then(|| clashes.join(" and "))
}

/// "row 2, column 3", as a screen reader should say a cell.
fn spoken_cell(side: usize, cell: usize) -> String {
    format!("row {}, column {}", cell / side + 1, cell % side + 1)
}

impl SudokuPage {
    /// The solution found without steps, where it belongs on `shown`: the grid in play, with
    /// the values it was solved with (a value entered since makes it another puzzle).
    fn solution_on(&self, shown: &Position) -> Option<&Grid> {
        let in_play = self.solved_with == self.params.played && *shown == self.position();
        self.solution.as_ref().filter(|_| in_play)
    }

    fn side(&self) -> usize {
        self.clues.side()
    }

    /// The values to tap into the selected cell (a phone has no keys), Clear, the pencil
    /// marks (each open cell's candidates), and Done, which closes the pad.
    fn digit_pad(&self, act: &Callback<Action>) -> Html {
        let digit = |value: u8| {
            let symbol = Grid::symbol(value).to_string();
            html! { <button onclick={act.reform(move |_| Action::Enter(value))}>{ symbol }</button> }
        };
        html! {
            <div class="digit-pad" role="group" aria-label="Value for the selected cell">
                { for (1..=self.side() as u8).map(digit) }
                <button onclick={act.reform(|_| Action::Enter(0))}>{ "Clear" }</button>
                // "Marks" on the key, in one line of a phone's pad; heard in full.
                <button onclick={act.reform(|_| Action::ToggleMarks)} aria-pressed={self.params.marks.to_string()}
                    aria-label="Pencil marks" title="Show each open cell's candidates (m)">{ "Marks" }</button>
                <button onclick={act.reform(|_| Action::Deselect)}>{ "Done" }</button>
            </div>
        }
    }

    /// The link of the puzzle a seed makes (its size, clue count and seed), for a generated one.
    fn generated(&self) -> Option<Link> {
        matches!(self.params.source, Source::Generated { .. }).then(|| {
            let params = SudokuParams { source: self.params.source.clone(), seed: self.params.seed, ..Default::default() };
            params.to_link()
        })
    }

    fn load(&mut self) {
        if let (Some(wanted), Source::Generated { box_size, .. }) = (self.generated(), &self.params.source) {
            // Made in the worker: an empty grid of its size until it comes.
            (self.clues, self.problem) = match &self.made {
                Some((link, clues)) if *link == wanted => {
                    (clues.clone(), with_entries(clues, &self.params.played).err())
                }
                _ => (Grid::empty(*box_size), None),
            };
            self.selected = self.selected.filter(|&c| c < self.clues.cells.len());
            return;
        }
        match written_grid(&self.params.source) {
            // A benchmark set has no grid to show: Solve times the set.
            Err(_) if matches!(self.params.source, Source::Set(_)) => (self.clues, self.problem) = (Grid::empty(3), None),
            Ok(clues) => {
                self.problem = with_entries(&clues, &self.params.played).err();
                self.clues = clues;
            }
            Err(why) => (self.clues, self.problem) = (Grid::empty(3), Some(why)),
        }
        self.selected = self.selected.filter(|&c| c < self.clues.cells.len());
    }

    /// One sentence on what the last step did, its cells named as the board's places are.
    fn explain(&self, shown: &Position) -> String {
        let side = self.side();
        let Some(mv) = shown.last_move else { return String::new() };
        // The value placed, crossed out of its friends' candidates.
        let taken = |v: char| match shown.eliminated.len() {
            0 => String::new(),
            1 => format!("; {v} is crossed out of 1 other cell's candidates in its row, column or box"),
            n => format!("; {v} is crossed out of {n} other cells' candidates in its row, column and box"),
        };
        match mv {
            Move::Enter { cell, value: 0 } => format!("You cleared {}.", spoken_cell(side, cell)),
            Move::Enter { cell, value } => {
                format!("You entered {} in {}.", Grid::symbol(value), spoken_cell(side, cell))
            }
            Move::Place { cell, value, how } => {
                let (at, v) = (spoken_cell(side, cell), Grid::symbol(value));
                match how {
                    How::Guess => format!("Guess {at} = {v} ({}){}.", self.params.pick.label(), taken(v)),
                    How::Try => format!("Try {at} = {v}: no clash with a placed value so far."),
                    How::Single => format!("{} can only be {v}{}.", capitalise(&at), taken(v)),
                    How::Hidden => {
                        format!("{v} has only one place left in a row, column or box: {at}{}.", taken(v))
                    }
                }
            }
            Move::Back { cell, value } => format!(
                "Dead end: take back {} = {} and return to the grid as it was before that guess.",
                spoken_cell(side, cell),
                Grid::symbol(value)
            ),
            Move::Solved => "Solved: every cell has a value that no friend shares.".into(),
        }
    }
}

impl SudokuPage {
    /// The selected cell's name, said where the focus is not on it (arrows pressed elsewhere
    /// on the page move the selection): a focused cell is named by the screen reader itself.
    fn name_the_selection(&self, shown: &Position, notices: &mut Notices) {
        let Some(cell) = self.selected.filter(|_| !browser::focused_in(".board .place")) else { return };
        if let Some((place, _)) = self.places(shown).into_iter().nth(cell) {
            notices.said = format!("Selected: {}.", place.name);
        }
    }
}

impl PuzzlePage for SudokuPage {
    type Params = SudokuParams;
    type Algo = Algo;
    type State = Position;
    type Move = Move;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<rect x="33" y="3" width="54" height="54" fill="#fff" stroke="#333" stroke-width="2"/><line x1="51" y1="3" x2="51" y2="57" stroke="#333"/><line x1="33" y1="21" x2="87" y2="21" stroke="#333"/><line x1="69" y1="3" x2="69" y2="57" stroke="#333"/><line x1="33" y1="39" x2="87" y2="39" stroke="#333"/><text x="42" y="18" font-size="13" text-anchor="middle">5</text><text x="60" y="36" font-size="13" text-anchor="middle">3</text><text x="78" y="18" font-size="13" text-anchor="middle">7</text><text x="42" y="54" font-size="13" text-anchor="middle">9</text><text x="78" y="54" font-size="13" text-anchor="middle">1</text>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = Guide {
        steps: "Keep each open cell's candidates; placing a value removes it from its friends.\nRule 1: a cell with one candidate takes it.  Rule 2: a value with one place in a unit goes there.\nApply the rules until nothing changes; if cells are still open,\n  guess a candidate in one cell (the pick rule chooses which) and go on;\n  on a contradiction, take the guess back and try the next candidate.",
        terms: &[("r1c3", "the cell in row 1, column 3 (rows counted from the top, columns from the left)"), ("friends", "the other cells of a cell's row, column and box"), ("single, hidden", "in the Search view's colours: a cell's only candidate left / a value's only place left in a row, column or box"), ("assignments", "cells given their value, by a rule or by a guess"), ("eliminations", "candidates crossed out of a cell"), ("guesses", "values tried in a cell the rule chose, when no rule places one; drawn orange, underlined, in a dashed cell until taken back"), ("backtracks", "guesses taken back"), ("dead ends", "grids where a cell had no candidate left")],
        source: "R. Hettinger, \"Easy AI with Python\" (PyCon 2009): Sudoku by constraint propagation; puzzles from Norvig's top95 and hardest lists and Royle's 17-clue list.",
    };
    const COMPARE_COLUMNS: &'static [Column] = CONSTRAINT_COLUMNS;

    fn new(params: SudokuParams) -> Self {
        let mut page = Self {
            params,
            clues: Grid::empty(3),
            problem: None,
            selected: None,
            solution: None,
            solved_with: Vec::new(),
            listed: Listing::default(),
            made: None,
        };
        page.load();
        page
    }

    fn params(&self) -> &SudokuParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut SudokuParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.algo
    }

    fn intro(&self) -> String {
        if let Source::Set(set) = self.params.source {
            let algo = crate::core::choice::short_label(self.params.algo.label());
            return format!("Press Solve to time “{algo}” on every puzzle of the set “{}”.", set.label());
        }
        if let (Some(_), Source::Generated { clues, .. }) = (self.wanted_puzzle(), &self.params.source) {
            return format!("Making puzzle {} ({clues} clues) in the solver's worker…", self.params.seed);
        }
        if self.position().grid().is_solved() {
            return "Solved! Every cell has a value that no friend (same row, column or box) shares.".into();
        }
        format!(
            "Fill every cell so each row, column and box holds {} once: pick a cell (click it, or reach it with the arrow keys), then its value on the digit pad (or type it with the digit keys), or Solve to watch.",
            match self.side() {
                4 => "1–4",
                9 => "1–9",
                _ => "1–9 and A–G",
            }
        )
    }

    fn edited_link(&self, key: &str, text: &str) -> Link {
        let mut link = self.params.to_link().set(key, text);
        let dropped: &[&str] = match key {
            "grid" => &["clues", "box", "set", "moves", "step"],
            "clues" | "box" => &["grid", "set", "moves", "step"],
            _ => &[],
        };
        link.params.retain(|(k, _)| !dropped.contains(&k.as_str()));
        if key == "box" && link.get("clues").is_none() {
            let cells = text.parse::<usize>().map_or(81, |b| b.pow(4));
            link = link.set("clues", cells / 2);
        }
        link
    }

    /// Every solver, and the slides' solver with each guessing rule.
    fn compare_runs(&self) -> Vec<(&'static str, Link)> {
        if self.problem.is_some() || self.wanted_puzzle().is_some() {
            return Vec::new();
        }
        let with = |algo: Algo, pick: PickRule| {
            let params = SudokuParams { algo, pick, step: 0, ..self.params.clone() };
            params.to_link()
        };
        vec![
            ("propagate, fewest candidates", with(Algo::Propagate, PickRule::Min)),
            ("propagate, most candidates", with(Algo::Propagate, PickRule::Max)),
            ("propagate, random cell", with(Algo::Propagate, PickRule::Random)),
            ("propagate, first open cell", with(Algo::Propagate, PickRule::First)),
            ("plain backtracking", with(Algo::Backtrack, PickRule::First)),
            ("fast bit-mask solver", with(Algo::Fast, PickRule::Min)),
            ("count every solution", with(Algo::Count, PickRule::Min)),
        ]
    }

    fn refusal(&self, _algo: Algo) -> Option<String> {
        if self.wanted_puzzle().is_some() {
            return Some("the puzzle is still being made; solve it once it is drawn".into());
        }
        self.problem.clone()
    }

    fn wanted_puzzle(&self) -> Option<Link> {
        let wanted = self.generated()?;
        (self.made.as_ref().map(|(link, _)| link) != Some(&wanted)).then_some(wanted)
    }

    fn take_puzzle(&mut self, link: &Link, made: &str, notices: &mut Notices) {
        let (Ok(clues), Source::Generated { clues: asked, .. }) = (Grid::parse(made), &self.params.source) else {
            return;
        };
        let count = clues.clue_count();
        let note = if count > *asked { format!(" (no clue could go below {count})") } else { String::new() };
        self.made = Some((link.clone(), clues));
        self.load();
        notices.status = format!("Puzzle {} with {count} clues{note}. {}", self.params.seed, self.intro());
    }

    /// The clues with the values entered by hand (those on clues were refused on loading).
    fn position(&self) -> Position {
        let start = Position::new(&self.clues, true);
        self.params.played.iter().fold(start, |position, mv| self.apply(&position, mv).unwrap_or(position))
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        Move::parse(text, self.side())
    }

    fn apply(&self, state: &Position, mv: &Move) -> Result<Position, String> {
        if let Move::Enter { cell, .. } = *mv {
            if self.clues.cells.get(cell).is_some_and(|&v| v != 0) {
                return Err(format!("{} is a clue: its value is given", spoken_cell(self.side(), cell)));
            }
        }
        state.apply(mv)
    }

    fn played(&self) -> Option<&[Move]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Move>> {
        Some(&mut self.params.played)
    }

    /// Counts what was entered by hand only: a solution shown is the computer's.
    fn move_counter(&self, _moves: usize) -> Option<String> {
        Some(format!("Entered: {}", self.params.played.len()))
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn seed(&self) -> Option<SeedUse> {
        match self.params.source {
            Source::Generated { .. } => Some(SeedUse { seed: Some(self.params.seed), action: "New puzzle" }),
            _ if self.params.pick == PickRule::Random => {
                Some(SeedUse { seed: Some(self.params.seed), action: "Solve with this seed" })
            }
            _ => None,
        }
    }

    fn use_seed(&mut self) -> Effect<Move> {
        if let Source::Generated { .. } = self.params.source {
            self.params.played.clear();
            self.load();
            // The worker makes it (the page says so); the status says what it is once it is drawn.
            return Effect::NewPuzzle(String::new());
        }
        Effect::Solve
    }

    /// Every cell, row by row: its value (a clue said so), or its candidates when the pencil
    /// marks are on, and the cells it clashes with.
    fn places(&self, shown: &Position) -> Vec<(Place, Action)> {
        let side = self.side();
        let solution = self.solution_on(shown);
        let cell = CELL as f64;
        (0..side * side)
            .map(|i| {
                let value = match (shown.values[i], solution) {
                    (0, Some(grid)) => grid.cells[i],
                    (v, _) => v,
                };
                let mut what = match value {
                    0 if self.params.marks => {
                        let marks: Vec<String> = (1..=side as u8)
                            .filter(|&v| shown.candidates[i] & (1 << (v - 1)) != 0)
                            .map(|v| Grid::symbol(v).to_string())
                            .collect();
                        format!("empty, candidates {}", marks.join(" "))
                    }
                    0 => "empty".to_string(),
                    v if self.clues.cells[i] != 0 => format!("{}, a clue", Grid::symbol(v)),
                    v => Grid::symbol(v).to_string(),
                };
                if let Some(clashes) = clashes_with(shown, i, value) {
                    what.push_str(&format!(", clashes with {clashes}"));
                }
                let area = [(i % side) as f64 * cell, (i / side) as f64 * cell, cell, cell];
                (Place::new(area, format!("{}: {what}", capitalise(&spoken_cell(side, i)))), Action::Select(i))
            })
            .collect()
    }

    const FOCUS_PRESSES: bool = true;
    const LAST_MOVE_SAYS_SOLVED: bool = true;

    /// The step's explanation, its cells named in words.
    fn say_move(&self, before: &Position, mv: &Move) -> String {
        let Ok(after) = self.apply(before, mv) else { return String::new() };
        let mut said = self.explain(&after).trim_end_matches('.').to_string();
        if let Move::Enter { cell, value } = *mv {
            if let Some(clashes) = clashes_with(&after, cell, value) {
                said.push_str(&format!(", which clashes with {clashes}"));
            }
        }
        said
    }

    fn view_board(&self, shown: &Position, act: &Callback<Action>, places: Html) -> Html {
        let solution = self.solution_on(shown).cloned();
        html! {
            <div class="sudoku-board">
                <SudokuGrid position={shown.clone()} clues={self.clues.cells.clone()} {solution}
                    marks={self.params.marks} selected={self.selected} {places} />
                <p class="step-note">{ self.explain(shown) }</p>
                if self.selected.is_some() {
                    { self.digit_pad(act) }
                }
                { self.listed.view(act.reform(Action::Browse)) }
            </div>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, act: &Callback<Action>) -> Html {
        let set = |key: &'static str| edit.reform(move |text: String| (key, text));
        let mut presets: Vec<(AttrValue, AttrValue)> = PRESETS
            .iter()
            .map(|&(label, grid)| (AttrValue::Static(grid), AttrValue::Static(label)))
            .collect();
        let current = match &self.params.source {
            Source::Given(grid) => grid.to_string(),
            Source::Slides => SLIDES_EXAMPLE.to_string(),
            _ => String::new(),
        };
        if !PRESETS.iter().any(|&(_, g)| g == current) {
            presets.insert(0, (AttrValue::Static(""), AttrValue::Static("(this page's grid)")));
        }
        let picks: Vec<(AttrValue, AttrValue)> = PickRule::ALL
            .iter()
            .map(|p| (AttrValue::Static(p.name()), AttrValue::Static(p.label())))
            .collect();
        let clues = match self.params.source {
            Source::Generated { clues, .. } => clues.to_string(),
            _ => String::new(),
        };
        let mut clue_options = vec![(AttrValue::Static(""), AttrValue::Static("—"))];
        clue_options.extend(number_options(CLUES));
        html! {
            <>
                <Choice label="Puzzle" options={presets} selected={current} on_change={act.reform(Action::Preset)} />
                <Choice label="Generate with clues" options={clue_options} selected={clues} on_change={set("clues")} />
                if matches!(self.params.algo, Algo::Propagate | Algo::Backtrack) {
                    <Choice label="Guess in" options={picks} selected={self.params.pick.name()} on_change={set("pick")} />
                }
                if self.params.algo == Algo::Count {
                    <Choice label="Stop after" options={vec![
                        (AttrValue::Static("10"), AttrValue::Static("10 solutions")),
                        (AttrValue::Static("1000"), AttrValue::Static("1,000 solutions")),
                        (AttrValue::Static("100000"), AttrValue::Static("100,000 solutions")),
                    ]} selected={self.params.cap.to_string()} on_change={set("cap")} />
                }
                <button aria-pressed={self.params.marks.to_string()} onclick={act.reform(|_| Action::ToggleMarks)}
                    title="Show each open cell's candidates (m)">{ "Pencil marks" }</button>
            </>
        }
    }

    fn act(&mut self, action: Action, shown: &Position, notices: &mut Notices) -> Effect<Move> {
        let side = self.side() as isize;
        match action {
            Action::Select(cell) => {
                self.selected = Some(cell);
                self.name_the_selection(shown, notices);
            }
            Action::Deselect => {
                self.selected = None;
                // The focus was on Done, which goes with the pad: it goes back to the board.
                if browser::focused_in(".digit-pad") {
                    browser::focus(".board", false);
                }
                notices.said = "Digit pad closed: pick a cell to open it again.".into();
            }
            Action::Step(dr, dc) => {
                let cell = self.selected.unwrap_or(0) as isize;
                let (r, c) = ((cell / side + dr).rem_euclid(side), (cell % side + dc).rem_euclid(side));
                self.selected = Some((r * side + c) as usize);
                self.name_the_selection(shown, notices);
            }
            Action::ToggleMarks => {
                self.params.marks = !self.params.marks;
                notices.said = if self.params.marks { "Pencil marks shown." } else { "Pencil marks hidden." }.into();
            }
            Action::Preset(grid) if !grid.is_empty() => {
                let link = self.edited_link("grid", &grid);
                let Some(params) = notices.edit(&link, read_leniently::<SudokuParams>) else {
                    return Effect::Redraw;
                };
                self.params = params;
                self.load();
                return Effect::NewPuzzle("New grid.".into());
            }
            Action::Preset(_) => {}
            Action::Browse(delta) => {
                if let Some(grid) = self.listed.step(delta) {
                    self.solution = Some(grid.clone());
                    notices.said = self.listed.position_said("its grid is shown, b reads it");
                }
            }
            Action::Enter(value) => {
                let Some(cell) = self.selected else {
                    notices.alert = Some("Pick a cell first, then its value.".into());
                    return Effect::Redraw;
                };
                // Nothing would change: not a move to count and undo.
                if self.position().values[cell] == value {
                    let at = capitalise(&spoken_cell(self.side(), cell));
                    let already = if value == 0 { "empty".to_string() } else { Grid::symbol(value).to_string() };
                    notices.alert = Some(format!("{at} is already {already}."));
                    return Effect::Redraw;
                }
                let mv = Move::Enter { cell, value };
                if *shown != self.position() {
                    // A solver's step is on the board: entering starts again from your grid.
                    if let Err(why) = self.apply(&self.position(), &mv) {
                        notices.alert = Some(format!("That move is not allowed: {why}."));
                        return Effect::Redraw;
                    }
                    self.params.played.push(mv);
                    return Effect::NewPuzzle(String::new());
                }
                // The grid solved, the pad has nothing left to enter: it closes.
                if self.apply(shown, &mv).is_ok_and(|after| after.grid().is_solved()) {
                    self.selected = None;
                }
                return Effect::Play(mv);
            }
        }
        Effect::Redraw
    }

    fn key(&self, key: &str) -> Option<Action> {
        let side = self.side();
        let selected = self.selected.is_some();
        match key {
            "m" => Some(Action::ToggleMarks),
            // The arrows belong to the grid: the first one selects its first cell.
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" if !selected => Some(Action::Select(0)),
            "ArrowUp" if selected => Some(Action::Step(-1, 0)),
            "ArrowDown" if selected => Some(Action::Step(1, 0)),
            "ArrowLeft" if selected => Some(Action::Step(0, -1)),
            "ArrowRight" if selected => Some(Action::Step(0, 1)),
            "0" | "Delete" | "Backspace" if selected => Some(Action::Enter(0)),
            // Letters are values with Shift only (16×16): b, c, f and g stay every page's keys.
            k if selected && k.len() == 1 && !k.as_bytes()[0].is_ascii_lowercase() => {
                Grid::value_of(k.as_bytes()[0], side).map(Action::Enter)
            }
            _ => None,
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        let verdict = report.message.clone().unwrap_or_default();
        let counted = [
            (report.guess_count(), "guess", "guesses"),
            (report.backtracks, "backtrack", "backtracks"),
            (report.dead_ends, "dead end", "dead ends"),
            (report.assignments, "assignment", "assignments"),
            (report.eliminations, "elimination", "eliminations"),
        ]
        .map(|(n, one, many)| count_of(n.unwrap_or(0), one, many))
        .join(", ");
        let solved = if report.solved { "Solved — " } else { "" };
        notices.status = format!("{solved}{verdict}: {counted} ({}).", format_ms(report.elapsed_ms));
        let grid_of = |v: &serde_json::Value| v.as_str().and_then(|t| Grid::parse(t).ok());
        self.solution = report.moves.is_empty().then(|| report.solution.as_ref().and_then(grid_of)).flatten();
        self.solved_with = self.params.played.clone();
        self.listed = Listing::new(report.solutions.iter().flatten().filter_map(grid_of).collect());
        // The answer is to be stepped through: the digit pad closes, leaving the status, the
        // grid and the playback the screen (a phone's, a window zoomed in).
        self.selected = None;
    }

    fn clear_results(&mut self) {
        self.solution = None;
        self.listed = Listing::default();
        self.load();
    }
}
