//! The marbles page: a row of slots; pick a marble to move it (a slide when the next slot is
//! free, else a hop); the solve reports how many different shortest solutions there are.

use crate::core::classic::{Algo, Classic, ClassicParams};
use crate::core::format::format_count;
use crate::core::job::Report;
use crate::core::link::Link;
use crate::puzzles::marbles::{MarblesParams, Row, Shift, BLACK, INFO, MAX_GAP, MAX_N, WHITE};
use crate::core::places::Place;
use crate::puzzles::PuzzleInfo;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage};
use crate::web::pages::classic;
use yew::prelude::*;

pub struct MarblesPage {
    params: MarblesParams,
    /// The last solve's count of shortest solutions.
    shortest: Option<u64>,
}

pub enum Action {
    Slot(usize),
}

const SLOT: f64 = 56.0;

/// Where the row runs and its marbles move: across the page, or down an upright phone (eleven
/// slots side by side would be narrower than a finger there).
#[derive(Clone, Copy)]
struct Layout {
    column: bool,
}

impl Layout {
    fn now() -> Self {
        Self { column: crate::web::browser::upright_phone() }
    }

    /// The ways white and black move, in the words of the drawing.
    fn ways(self) -> (&'static str, &'static str) {
        if self.column {
            ("down", "up")
        } else {
            ("right", "left")
        }
    }

    /// Slot `i`'s square of the drawing, its number beside it: `[x, y, width, height]`.
    fn slot_area(self, i: usize) -> [f64; 4] {
        let along = 4.0 + SLOT * i as f64;
        if self.column {
            [0.0, along, 100.0, SLOT]
        } else {
            [along, 0.0, SLOT, 90.0]
        }
    }

    /// The drawing's size for `slots` slots.
    fn view_box(self, slots: usize) -> String {
        let length = slots as f64 * SLOT + 8.0;
        if self.column {
            format!("0 0 100 {length:.0}")
        } else {
            format!("0 0 {length:.0} 90")
        }
    }

    /// Slot `i` drawn: its frame, its marble (if any) and its number.
    fn slot(self, i: usize, class: &'static str, has_marble: bool) -> Html {
        let along = 4.0 + SLOT * (i as f64 + 0.5);
        let (frame, centre, number) = if self.column {
            ([44.0, along - SLOT / 2.0 + 2.0, SLOT - 4.0, SLOT - 4.0], (70.0, along), (22.0, along + 10.0))
        } else {
            ([along - SLOT / 2.0 + 2.0, 4.0, SLOT - 4.0, 60.0], (along, 34.0), (along, 82.0))
        };
        let at = |v: f64| format!("{v:.1}");
        html! {
            <g class={classes!("slot", class)}>
                <rect x={at(frame[0])} y={at(frame[1])} width={at(frame[2])} height={at(frame[3])} rx="8" />
                if has_marble { <circle cx={at(centre.0)} cy={at(centre.1)} r="22" /> }
                <text x={at(number.0)} y={at(number.1)}>{ i + 1 }</text>
            </g>
        }
    }
}

impl PuzzlePage for MarblesPage {
    type Params = MarblesParams;
    type Algo = Algo;
    type State = Row;
    type Move = Shift;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<circle cx="10" cy="30" r="5" fill="#fff" stroke="#111"/><circle cx="21" cy="30" r="5" fill="#fff" stroke="#111"/><circle cx="32" cy="30" r="5" fill="#fff" stroke="#111"/><circle cx="43" cy="30" r="5" fill="#fff" stroke="#111"/><circle cx="54" cy="30" r="5" fill="none" stroke="#111"/><circle cx="65" cy="30" r="5" fill="none" stroke="#111"/><circle cx="76" cy="30" r="5" fill="none" stroke="#111"/><circle cx="87" cy="30" r="5" fill="#111" stroke="#111"/><circle cx="98" cy="30" r="5" fill="#111" stroke="#111"/><circle cx="109" cy="30" r="5" fill="#111" stroke="#111"/><circle cx="120" cy="30" r="5" fill="#111" stroke="#111"/>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = classic::GUIDE;

    fn new(params: MarblesParams) -> Self {
        Self { params, shortest: None }
    }

    fn params(&self) -> &MarblesParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut MarblesParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.options.algo
    }

    fn intro(&self) -> String {
        let m = &self.params.marbles;
        let row = self.params.current();
        if !self.params.played.is_empty() && m.is_goal(&row) {
            return classic::solved_by_hand(self.params.played.len());
        }
        if self.params.played.is_empty() || !m.alternate {
            let turns = if m.alternate { " White and black take turns (either may start)." } else { "" };
            let (white, black) = Layout::now().ways();
            return format!(
                "Swap the {n} white and {n} black marbles: white moves {white}, black {black}, into the next slot or hopping one marble of the other colour. Pick a marble to move it (click it, or press the Enter key on it).{turns}",
                n = m.n
            );
        }
        match row.turn {
            WHITE => "White's turn.".into(),
            BLACK => "Black's turn.".into(),
            _ => String::new(),
        }
    }

    fn edited_link(&self, key: &str, text: &str) -> Link {
        let mut fresh = self.params.clone();
        if matches!(key, "n" | "gap" | "alternate") {
            fresh.played.clear();
            fresh.step = 0;
        }
        crate::core::link::LinkParams::to_link(&fresh).set(key, text)
    }

    fn position(&self) -> Row {
        self.params.current()
    }

    fn parse_move(&self, text: &str) -> Result<Shift, String> {
        self.params.marbles.parse_shift(text)
    }

    fn apply(&self, row: &Row, shift: &Shift) -> Result<Row, String> {
        self.params.marbles.apply(row, *shift)
    }

    fn played(&self) -> Option<&[Shift]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Shift>> {
        Some(&mut self.params.played)
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    /// Each slot, numbered from the left: its marble and the way that marble moves.
    fn places(&self, row: &Row) -> Vec<(Place, Action)> {
        let layout = Layout::now();
        let (white, black) = layout.ways();
        row.slots
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let what = match m {
                    WHITE => format!("white marble, moves {white}"),
                    BLACK => format!("black marble, moves {black}"),
                    _ => "empty".into(),
                };
                (Place::new(layout.slot_area(i), format!("Slot {}: {what}", i + 1)), Action::Slot(i))
            })
            .collect()
    }

    fn landing(&self, _before: &Row, shift: &Shift) -> Option<usize> {
        Some(shift.to)
    }

    fn say_move(&self, row: &Row, shift: &Shift) -> String {
        let colour = if row.slots[shift.from] == WHITE { "white" } else { "black" };
        let how = if shift.from.abs_diff(shift.to) == 2 { "hops" } else { "slides" };
        format!("the {colour} marble in slot {} {how} to slot {}", shift.from + 1, shift.to + 1)
    }

    fn view_board(&self, row: &Row, _act: &Callback<Action>, places: Html) -> Html {
        let layout = Layout::now();
        let slots = row.slots.iter().enumerate().map(|(i, &m)| {
            let class = match m {
                WHITE => "white",
                BLACK => "black",
                _ => "empty",
            };
            layout.slot(i, class, m != 0)
        });
        html! {
            <div class="marbles">
                <svg class={classes!("marbles-board", layout.column.then_some("column"))} viewBox={layout.view_box(row.slots.len())}
                    style={format!("--slots: {}", row.slots.len())} role="group" aria-label={if layout.column { "The slots, from the top" } else { "The slots, from the left" }}>
                    <g aria-hidden="true">{ for slots }</g>
                    { places }
                </svg>
                // A column leaves no room beside it: the status says the count there too.
                if let (Some(count), false) = (self.shortest, layout.column) {
                    <p class="verdict">{ format!("There are {} different shortest solutions.", format_count(count)) }</p>
                }
            </div>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _act: &Callback<Action>) -> Html {
        let m = &self.params.marbles;
        let set = |key: &'static str| edit.reform(move |text: String| (key, text));
        let turns = vec![
            (AttrValue::Static("1"), AttrValue::Static("white and black take turns (the slides' rule)")),
            (AttrValue::Static("0"), AttrValue::Static("any marble may move")),
        ];
        html! {
            <>
                <Choice label="Marbles a side" options={number_options(1..=MAX_N as u8)} selected={m.n.to_string()} on_change={set("n")} />
                <Choice label="Empty slots" options={number_options(1..=MAX_GAP as u8)} selected={m.gap.to_string()} on_change={set("gap")} />
                <Choice label="Turns" options={turns} selected={if m.alternate { "1" } else { "0" }} on_change={set("alternate")} />
                { classic::settings(&self.params.options, edit) }
            </>
        }
    }

    fn act(&mut self, action: Action, row: &Row, notices: &mut Notices) -> Effect<Shift> {
        let Action::Slot(from) = action;
        let marble = row.slots[from];
        if marble == 0 {
            notices.alert = Some(format!("Slot {} is empty: pick a marble, and it moves into an empty slot.", from + 1));
            return Effect::Redraw;
        }
        let forward = |steps: isize| {
            (from as isize + steps * isize::from(marble))
                .try_into()
                .ok()
                .filter(|&to: &usize| to < row.slots.len())
        };
        let shift = [1, 2]
            .into_iter()
            .filter_map(forward)
            .map(|to| Shift { from, to })
            .find(|&s| self.params.marbles.apply(row, s).is_ok());
        match shift {
            Some(shift) => Effect::Play(shift),
            None => {
                notices.alert = Some(
                    match self.params.marbles.apply(row, Shift { from, to: forward(1).unwrap_or(from) }) {
                        Err(why) => format!("That marble cannot move: {why}."),
                        Ok(_) => "That marble cannot move.".into(),
                    },
                );
                Effect::Redraw
            }
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        self.shortest = report.shortest_count;
        notices.status = classic::summary(report);
    }

    fn clear_results(&mut self) {
        self.shortest = None;
    }
}
