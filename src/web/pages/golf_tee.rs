//! The golf-tee page: a triangle of holes; click a tee, then the empty hole two along a line,
//! to jump; "Edit start" turns clicks into placing and removing tees.

use crate::core::classic::{Algo, Classic, ClassicParams};
use crate::core::job::Report;
use crate::core::link::{Link, LinkParams};
use crate::puzzles::golf_tee::{
    hole, place, Goal, GolfTeeParams, Jump, Tees, INFO, MAX_ROWS, MIN_ROWS,
};
use crate::core::places::{self as places, picked_status, put_back_status, Place, Press};
use crate::puzzles::PuzzleInfo;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage};
use crate::web::pages::classic;
use yew::prelude::*;

pub struct GolfTeePage {
    params: GolfTeeParams,
    selected: Option<usize>,
    editing: bool,
}

pub enum Action {
    Hole(usize),
    ToggleEdit,
}

const GAP: f64 = 60.0;

/// Where hole `h` of a triangle of `rows` rows is drawn.
fn hole_centre(rows: usize, h: usize) -> (f64, f64) {
    let (row, col) = place(h);
    let width = rows as f64 * GAP + 20.0;
    (width / 2.0 + (col as f64 - row as f64 / 2.0) * GAP, 40.0 + row as f64 * GAP * 0.87)
}

impl PuzzlePage for GolfTeePage {
    type Params = GolfTeeParams;
    type Algo = Algo;
    type State = Tees;
    type Move = Jump;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<circle cx="60.0" cy="8" r="4" fill="none" stroke="currentColor"/><circle cx="54.5" cy="19" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="65.5" cy="19" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="49.0" cy="30" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="60.0" cy="30" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="71.0" cy="30" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="43.5" cy="41" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="54.5" cy="41" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="65.5" cy="41" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="76.5" cy="41" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="38.0" cy="52" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="49.0" cy="52" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="60.0" cy="52" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="71.0" cy="52" r="4" fill="#c8562a" stroke="currentColor"/><circle cx="82.0" cy="52" r="4" fill="#c8562a" stroke="currentColor"/>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = classic::GUIDE;

    fn new(params: GolfTeeParams) -> Self {
        Self { params, selected: None, editing: false }
    }

    fn params(&self) -> &GolfTeeParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut GolfTeeParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.options.algo
    }

    fn intro(&self) -> String {
        if self.editing {
            return "Editing the start: pick holes (click, or the Enter key) to place or remove tees, then press Edit start again."
                .into();
        }
        let played = self.params.played.len();
        if played > 0 && self.params.triangle.is_goal(&self.params.current()) {
            return classic::solved_by_hand(played);
        }
        let tees = self.params.current().count_ones();
        let goal = match self.params.triangle.goal {
            Goal::Hole(h) => format!("in hole {h}"),
            Goal::Any => "anywhere".into(),
        };
        if played > 0 {
            return format!("{tees} tees left; the goal: one tee left, {goal}.");
        }
        format!("{tees} tees. Jump a tee over a neighbour into the empty hole behind it: pick the tee, then the hole (click each, or press the Enter key on each); the jumped tee goes. Goal: one tee left, {goal}.")
    }

    fn edited_link(&self, key: &str, text: &str) -> Link {
        let link = self.params.to_link();
        let link = match key {
            // Another size starts from its own default position.
            "rows" => link.without("pos").without("moves").without("step").without("goal"),
            _ => link,
        };
        link.set(key, text)
    }

    fn position(&self) -> Tees {
        self.params.current()
    }

    fn parse_move(&self, text: &str) -> Result<Jump, String> {
        self.params.triangle.parse_jump(text)
    }

    fn apply(&self, &tees: &Tees, jump: &Jump) -> Result<Tees, String> {
        self.params.triangle.apply(tees, *jump)
    }

    fn played(&self) -> Option<&[Jump]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Jump>> {
        self.selected = None;
        Some(&mut self.params.played)
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    /// Each hole, by number (0 at the top, row by row): its tee, if any.
    fn places(&self, &tees: &Tees) -> Vec<(Place, Action)> {
        let rows = self.params.triangle.rows;
        (0..hole(rows, 0))
            .map(|h| {
                let (x, y) = hole_centre(rows, h);
                let (row, col) = place(h);
                let mut name = format!(
                    "Hole {h}, row {}, position {}: {}",
                    row + 1,
                    col + 1,
                    if tees & (1 << h) != 0 { "tee" } else { "empty" }
                );
                if self.selected == Some(h) {
                    name.push_str(", picked to jump");
                }
                if self.params.triangle.goal == Goal::Hole(h) {
                    name.push_str(", the goal hole");
                }
                let area = [x - GAP / 2.0, y - GAP * 0.435, GAP, GAP * 0.87];
                (Place::new(area, name), Action::Hole(h))
            })
            .collect()
    }

    fn say_move(&self, _: &Tees, jump: &Jump) -> String {
        format!("the tee in hole {} jumps over hole {} into hole {}; the tee in hole {} is taken off", jump.from, jump.over, jump.to, jump.over)
    }

    fn view_board(&self, &tees: &Tees, act: &Callback<Action>, places: Html) -> Html {
        let rows = self.params.triangle.rows;
        let width = rows as f64 * GAP + 20.0;
        let holes = (0..hole(rows, 0)).map(|h| {
            let (x, y) = hole_centre(rows, h);
            let has = tees & (1 << h) != 0;
            let goal = self.params.triangle.goal == Goal::Hole(h);
            let class = classes!("hole", has.then_some("tee"), (self.selected == Some(h)).then_some("selected"), goal.then_some("goal"));
            html! {
                <g {class}>
                    <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="22" />
                    <text x={format!("{x:.1}")} y={format!("{:.1}", y + 6.0)}>{ h }</text>
                </g>
            }
        });
        html! {
            <div class="golf-tee">
                <svg class="triangle" viewBox={format!("0 0 {width:.0} {:.0}", 40.0 + rows as f64 * GAP * 0.87)} role="group"
                    aria-label={format!("The triangle of {} holes, {} tees, hole by hole", hole(rows, 0), tees.count_ones())}>
                    <g aria-hidden="true">{ for holes }</g>
                    { places }
                </svg>
                <button class="edit-start" aria-pressed={self.editing.to_string()} onclick={act.reform(|_| Action::ToggleEdit)}
                    title="e">{ "Edit start" }</button>
            </div>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _act: &Callback<Action>) -> Html {
        let set = |key: &'static str| edit.reform(move |text: String| (key, text));
        let goals = vec![
            (AttrValue::Static("0"), AttrValue::Static("in hole 0 (the top)")),
            (AttrValue::Static("any"), AttrValue::Static("in any hole")),
        ];
        let goal = match self.params.triangle.goal {
            Goal::Hole(0) => "0".to_string(),
            Goal::Hole(h) => h.to_string(),
            Goal::Any => "any".into(),
        };
        html! {
            <>
                <Choice label="Rows" options={number_options(MIN_ROWS as u8..=MAX_ROWS as u8)}
                    selected={self.params.triangle.rows.to_string()} on_change={set("rows")} />
                <Choice label="Last tee" options={goals} selected={goal} on_change={set("goal")} />
                { classic::settings(&self.params.options, edit) }
            </>
        }
    }

    fn drop_pick(&mut self) {
        self.selected = None;
    }

    fn act(&mut self, action: Action, &tees: &Tees, notices: &mut Notices) -> Effect<Jump> {
        match action {
            Action::ToggleEdit => {
                self.editing = !self.editing;
                self.selected = None;
                notices.status = self.intro();
                Effect::Redraw
            }
            Action::Hole(h) if self.editing => {
                self.params.start = tees ^ (1 << h);
                self.params.played.clear();
                Effect::NewPuzzle(format!("Hole {h} changed."))
            }
            Action::Hole(h) => {
                let has_tee = tees & (1 << h) != 0;
                match places::press(&mut self.selected, h, has_tee, !has_tee) {
                    Press::Picked(_) => {
                        notices.tell_pick(picked_status(&format!("the tee in hole {h}"), "the empty hole to jump into"));
                        Effect::Redraw
                    }
                    Press::NothingToPick(_) => {
                        notices.alert = Some(format!("Hole {h} is empty: pick a hole with a tee in it."));
                        Effect::Redraw
                    }
                    Press::Dropped(_) => {
                        notices.tell_pick(put_back_status(&format!("the tee in hole {h}"), &self.intro()));
                        Effect::Redraw
                    }
                    Press::Move { from, to } => match self.params.triangle.parse_jump(&format!("{from}-{to}")) {
                        Ok(jump) => Effect::Play(jump),
                        Err(why) => {
                            notices.alert = Some(format!("That jump is not allowed: {why}."));
                            notices.status = self.intro();
                            Effect::Redraw
                        }
                    },
                }
            }
        }
    }

    fn key(&self, key: &str) -> Option<Action> {
        (key == "e").then_some(Action::ToggleEdit)
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        notices.status = classic::summary(report);
    }
}
