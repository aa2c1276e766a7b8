//! The doubling page, the example of `docs/architecture.md` ("Adding a puzzle"): the number
//! reached, the target, and a button for each move. Not listed (see `pages!`).

use crate::puzzles::doubling::{Algo, Move, Params, INFO};
use crate::puzzles::PuzzleInfo;
use crate::web::components::field::Field;
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage};
use yew::prelude::*;

pub struct DoublingPage {
    params: Params,
}

/// What the board's buttons and the page's keys do: play a move.
pub enum Action {
    Play(Move),
}

impl PuzzlePage for DoublingPage {
    type Params = Params;
    type Algo = Algo;
    type State = u32;
    type Move = Move;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str =
        r##"<text x="60" y="42" font-size="22" text-anchor="middle" fill="currentColor">1 → 2 → 4</text>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = Guide {
        steps: "Start at 1; a move adds one or doubles.\nBreadth-first: try every number one move away, then two, …: the first time the target is met, no shorter way exists.\nDepth-first: keep adding one while it can, then back up.",
        terms: &[
            ("nodes expanded", "numbers whose two moves the search tried"),
            ("moves", "steps from 1 to the target, each +1 or ×2"),
        ],
        source: "Puzzle Lab's example puzzle (docs/architecture.md, \"Adding a puzzle\").",
    };

    fn new(params: Params) -> Self {
        Self { params }
    }

    fn params(&self) -> &Params {
        &self.params
    }

    fn params_mut(&mut self) -> &mut Params {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.algo
    }

    fn intro(&self) -> String {
        let (now, target) = (self.params.current(), self.params.rules.target);
        if now == target {
            return format!("Done: {target} in {} moves.", self.params.played.len());
        }
        format!("Reach {target} from {now}: press +1 or ×2 (keys a and d), or solve.")
    }

    fn position(&self) -> u32 {
        self.params.current()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        Move::parse(text)
    }

    fn apply(&self, n: &u32, mv: &Move) -> Result<u32, String> {
        self.params.rules.apply(*n, *mv)
    }

    fn played(&self) -> Option<&[Move]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Move>> {
        Some(&mut self.params.played)
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn view_board(&self, n: &u32, act: &Callback<Action>, _places: Html) -> Html {
        let button = |mv: Move, x: u32, label: &'static str, name: &'static str| {
            html! {
                <g role="button" aria-label={name} onclick={act.reform(move |_| Action::Play(mv))}>
                    <rect x={x.to_string()} y="110" width="90" height="50" rx="8" fill="none" stroke="currentColor" stroke-width="3" />
                    <text x={(x + 45).to_string()} y="145" font-size="28" text-anchor="middle" fill="currentColor">{ label }</text>
                </g>
            }
        };
        html! {
            <svg viewBox="0 0 240 170" role="group" aria-label="The number and the moves">
                <text x="120" y="60" font-size="56" text-anchor="middle" fill="currentColor">{ n }</text>
                <text x="120" y="92" font-size="20" text-anchor="middle" fill="currentColor">
                    { format!("target {}", self.params.rules.target) }</text>
                { button(Move::AddOne, 20, "+1", "Add one") }
                { button(Move::Double, 130, "×2", "Double") }
            </svg>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _act: &Callback<Action>) -> Html {
        let target = self.params.rules.target.to_string();
        html! { <Field class="field" label="Target" name="target" value={target} on_edit={edit.clone()} /> }
    }

    fn act(&mut self, action: Action, _: &u32, _: &mut Notices) -> Effect<Move> {
        let Action::Play(mv) = action;
        Effect::Play(mv)
    }

    fn key(&self, key: &str) -> Option<Action> {
        match key {
            "a" => Some(Action::Play(Move::AddOne)),
            "d" => Some(Action::Play(Move::Double)),
            _ => None,
        }
    }
}
