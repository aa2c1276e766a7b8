//! The water-jugs page: jugs drawn with their water, pours by clicking one jug then another,
//! each pour explained in the slides' words.

use crate::core::classic::{Algo, ClassicParams};
use crate::core::job::Report;
use crate::core::format::count_of;
use crate::core::places::{self as places, picked_status, put_back_status, Place, Press};
use crate::puzzles::jugs::{jug_name, Amounts, JugsParams, Pour, INFO};
use crate::puzzles::PuzzleInfo;
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage};
use crate::web::pages::classic;
use crate::web::components::field::Field;
use yew::prelude::*;

/// The jugs' contents and the sentence for the pour that led there.
#[derive(Clone, PartialEq)]
pub struct Shown {
    pub amounts: Amounts,
    pub said: Option<String>,
}

pub struct JugsPage {
    params: JugsParams,
    /// The jug picked to pour from.
    selected: Option<usize>,
}

pub enum Action {
    Jug(usize),
}

const HEIGHT: f64 = 200.0;
const JUG_WIDTH: f64 = 80.0;

impl PuzzlePage for JugsPage {
    type Params = JugsParams;
    type Algo = Algo;
    type State = Shown;
    type Move = Pour;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<rect x="14" y="34" width="22" height="22" rx="3" fill="none" stroke="currentColor" stroke-width="2"/><rect x="48" y="22" width="22" height="34" rx="3" fill="none" stroke="currentColor" stroke-width="2"/><rect x="48" y="32" width="22" height="24" fill="#3b8fd9"/><rect x="82" y="6" width="24" height="50" rx="3" fill="none" stroke="currentColor" stroke-width="2"/><rect x="82" y="32" width="24" height="24" fill="#3b8fd9"/>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = classic::GUIDE;

    fn new(params: JugsParams) -> Self {
        Self { params, selected: None }
    }

    fn params(&self) -> &JugsParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut JugsParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.options.algo
    }

    fn intro(&self) -> String {
        let goal: Vec<String> =
            self.params.jugs.goal.iter().enumerate().map(|(j, a)| format!("{} {a} l", jug_name(j))).collect();
        let now = self.params.current();
        if now == self.params.jugs.goal {
            return format!("Done in {} pours: the jugs hold {}.", self.params.played.len(), goal.join(", "));
        }
        // Once pouring, the goal alone: the rules were said before the first pour.
        if !self.params.played.is_empty() {
            let pours = count_of(self.params.played.len() as u64, "pour", "pours");
            return format!("{pours} so far; the goal: the jugs hold {}.", goal.join(", "));
        }
        format!(
            "Pour until the jugs hold {}: pick the jug to pour from, then the jug to pour into (click each, or keys 1, 2, 3 for A, B, C). A pour stops when the first jug is empty or the second is full.",
            goal.join(", ")
        )
    }

    fn position(&self) -> Shown {
        Shown { amounts: self.params.current(), said: None }
    }

    fn parse_move(&self, text: &str) -> Result<Pour, String> {
        self.params.jugs.parse_pour(text)
    }

    fn apply(&self, state: &Shown, pour: &Pour) -> Result<Shown, String> {
        let jugs = &self.params.jugs;
        let said = jugs.explain(&state.amounts, *pour);
        Ok(Shown { amounts: jugs.apply(&state.amounts, *pour)?, said: Some(said) })
    }

    fn played(&self) -> Option<&[Pour]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Pour>> {
        self.selected = None;
        Some(&mut self.params.played)
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    /// Each jug, its whole column: what it holds of what it can hold.
    fn places(&self, shown: &Shown) -> Vec<(Place, Action)> {
        let capacity = &self.params.jugs.capacity;
        (0..capacity.len())
            .map(|j| {
                let mut name = format!("Jug {}: {} of {} litres", jug_name(j), shown.amounts[j], capacity[j]);
                if self.selected == Some(j) {
                    name.push_str(", picked to pour from");
                }
                let x = 5.0 + j as f64 * (JUG_WIDTH + 30.0);
                (Place::new([x, 0.0, JUG_WIDTH + 30.0, HEIGHT + 40.0], name), Action::Jug(j))
            })
            .collect()
    }

    fn say_move(&self, before: &Shown, pour: &Pour) -> String {
        let jugs = &self.params.jugs;
        let Ok(after) = jugs.apply(&before.amounts, *pour) else { return String::new() };
        let held: Vec<String> = after.iter().enumerate().map(|(j, a)| format!("{} {a}", jug_name(j))).collect();
        format!("{}; now {}", jugs.explain(&before.amounts, *pour).trim_end_matches('.'), held.join(", "))
    }

    fn view_board(&self, shown: &Shown, _act: &Callback<Action>, places: Html) -> Html {
        let capacity = &self.params.jugs.capacity;
        let largest = f64::from(*capacity.iter().max().unwrap_or(&1));
        let width = capacity.len() as f64 * (JUG_WIDTH + 30.0) + 10.0;
        let jugs = capacity.iter().enumerate().map(|(j, &cap)| {
            let amount = shown.amounts[j];
            let full_height = HEIGHT * f64::from(cap) / largest;
            let water = HEIGHT * f64::from(amount) / largest;
            let x = 20.0 + j as f64 * (JUG_WIDTH + 30.0);
            let top = 30.0 + HEIGHT - full_height;
            let selected = self.selected == Some(j);
            html! {
                <>
                    <g class={classes!("jug", selected.then_some("selected"))}>
                        <rect class="water" x={format!("{x:.1}")} y={format!("{:.1}", 30.0 + HEIGHT - water)}
                            width={JUG_WIDTH.to_string()} height={format!("{water:.1}")} />
                        <rect class="glass" x={format!("{x:.1}")} y={format!("{top:.1}")} width={JUG_WIDTH.to_string()}
                            height={format!("{full_height:.1}")} rx="6" />
                    </g>
                    <text class="amount" x={format!("{:.1}", x + JUG_WIDTH / 2.0)} y={format!("{:.1}", top - 8.0)}>
                        { format!("{} · {amount}/{cap} l", jug_name(j)) }</text>
                </>
            }
        });
        html! {
            <div class="jugs">
                <svg class="jugs-board" viewBox={format!("0 0 {width:.0} {:.0}", HEIGHT + 40.0)} role="group" aria-label="The jugs">
                    <g aria-hidden="true">{ for jugs }</g>
                    { places }
                </svg>
                <p class="step-note">{ shown.said.clone().unwrap_or_default() }</p>
            </div>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _act: &Callback<Action>) -> Html {
        let list = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        html! {
            <>
                <Field class="field" label="Capacities" name="capacity" value={list(&self.params.jugs.capacity)} on_edit={edit.clone()} />
                <Field class="field" label="Start" name="start" value={list(&self.params.start)} on_edit={edit.clone()} />
                <Field class="field" label="Goal" name="goal" value={list(&self.params.jugs.goal)} on_edit={edit.clone()} />
                { classic::settings(&self.params.options, edit) }
            </>
        }
    }

    fn drop_pick(&mut self) {
        self.selected = None;
    }

    fn act(&mut self, action: Action, shown: &Shown, notices: &mut Notices) -> Effect<Pour> {
        let Action::Jug(j) = action;
        match places::press(&mut self.selected, j, shown.amounts[j] > 0, true) {
            Press::Picked(_) => {
                notices.tell_pick(picked_status(&format!("jug {}", jug_name(j)), "the jug to pour into"));
                Effect::Redraw
            }
            Press::NothingToPick(_) => {
                notices.alert = Some(format!("Jug {} is empty: pick a jug with water in it.", jug_name(j)));
                Effect::Redraw
            }
            Press::Dropped(_) => {
                notices.tell_pick(put_back_status(&format!("jug {}", jug_name(j)), &self.intro()));
                Effect::Redraw
            }
            Press::Move { from, to } => Effect::Play(Pour { from, to }),
        }
    }

    fn key(&self, key: &str) -> Option<Action> {
        let jug =
            key.parse::<usize>().ok().filter(|&n| (1..=self.params.jugs.capacity.len()).contains(&n))?;
        Some(Action::Jug(jug - 1))
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        notices.status = classic::summary(report);
    }
}
