//! The Towers of Hanoi page: pegs to click (or keys 1–4), a seeded random position, the
//! optimum from the start. Everything else comes from the generic page.

use crate::core::format::{count_of, format_count};
use crate::core::link::{Link, LinkParams};
use crate::core::places::{self as places, picked_status, put_back_status, Place, Press};
use crate::core::playback::MAX_PLAYBACK;
use crate::puzzles::hanoi::domain::{
    peg_name, peg_range, Move, Position, Tower, MAX_DISCS, MAX_PEGS, MIN_DISCS, MIN_PEGS,
};
use crate::puzzles::hanoi::params::HanoiParams;
use crate::puzzles::hanoi::solvers::{optimal_length, Algo};
use crate::puzzles::hanoi::{random_position, INFO};
use crate::puzzles::PuzzleInfo;
use crate::web::browser;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::messages::Notices;
use crate::web::components::towers::{peg_area, Towers};
use crate::web::page::{Effect, Guide, PuzzlePage, SeedUse};
use yew::prelude::*;

pub struct HanoiPage {
    params: HanoiParams,
    /// The peg picked as the source of the next move.
    selected: Option<u8>,
}

pub enum Action {
    /// A peg pressed (or its key): pick it as the source, or move onto it.
    Peg(u8),
}

impl PuzzlePage for HanoiPage {
    type Params = HanoiParams;
    type Algo = Algo;
    type State = Position;
    type Move = Move;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<rect x="4" y="52" width="112" height="6" rx="2" class="base"/><rect x="18" y="10" width="4" height="42" class="peg-rod"/><rect x="58" y="10" width="4" height="42" class="peg-rod"/><rect x="98" y="10" width="4" height="42" class="peg-rod"/><rect x="4" y="44" width="32" height="8" rx="3" fill="hsl(250,70%,55%)"/><rect x="8" y="36" width="24" height="8" rx="3" fill="hsl(130,70%,45%)"/><rect x="52" y="44" width="16" height="8" rx="3" fill="hsl(10,70%,55%)"/>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = Guide {
        steps: "Direct method (three pegs), to move n discs from A to C:\n  move the top n−1 discs from A to B; move the largest disc to C; move the n−1 discs from B to C.\nSearches treat each arrangement of discs as a node:\n  take a waiting node (breadth-first: the oldest; A*: fewest moves + estimate; greedy: best score)\n  if it is the goal, stop; otherwise add every position one legal move away.",
        terms: &[("frontier", "in the Search view: nodes generated and waiting to be expanded, in the order the algorithm takes them (a queue for breadth-first, a stack for depth-first, smallest f first for A*)"), ("g, h, f", "g: moves from the start to a node; h: the estimate of moves left; f = g + h, the order of A* and the bound of IDA*"), ("nodes expanded", "positions whose moves the search tried"), ("in memory", "positions the search keeps (seen or waiting) when it ends"), ("shortest?", "yes when the method guarantees no shorter solution exists")],
        source: "a blog post solving the Towers of Hanoi in Julia (naive solver: 79 moves for 4 discs; A*: 21); J. S. Frame and B. M. Stewart (1941) for four pegs.",
    };

    fn new(params: HanoiParams) -> Self {
        Self { params, selected: None }
    }

    fn params(&self) -> &HanoiParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut HanoiParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.algo
    }

    fn intro(&self) -> String {
        let tower = self.params.tower;
        let played = self.params.played.len();
        if self.params.current() == self.params.goal {
            return match (played, self.optimum_from_start()) {
                (0, _) => "The discs are already where the goal wants them.".into(),
                (n, Some(best)) if n as u64 == best => {
                    format!("Solved by hand in {}: optimal!", count_of(n as u64, "move", "moves"))
                }
                (n, Some(best)) => {
                    format!(
                        "Solved by hand in {} (the optimum is {best}).",
                        count_of(n as u64, "move", "moves")
                    )
                }
                (n, None) => format!("Solved by hand in {}.", count_of(n as u64, "move", "moves")),
            };
        }
        // Once moving, the goal alone: how to move was said before the first move.
        if played > 0 {
            return format!("{} so far; goal: {}.", count_of(played as u64, "move", "moves"), describe_goal(&tower, self.params.goal));
        }
        format!(
            "Goal: {}. Pick a peg, then another ({} or keys 1–{}), or drag a disc.",
            describe_goal(&tower, self.params.goal),
            peg_range(tower.pegs),
            tower.pegs
        )
    }

    /// A new tower size starts a new game: the old position, goal and moves do not fit it.
    fn edited_link(&self, key: &str, text: &str) -> Link {
        let p = &self.params;
        if key == "discs" || key == "pegs" {
            let fresh = HanoiParams { algo: p.algo, seed: p.seed, ..HanoiParams::new(p.tower) };
            return fresh.to_link().set(key, text);
        }
        p.to_link().set(key, text)
    }

    fn position(&self) -> Position {
        self.params.current()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        Move::parse(text, self.params.tower.pegs)
    }

    fn apply(&self, state: &Position, mv: &Move) -> Result<Position, String> {
        self.params.tower.apply(*state, *mv).map_err(|e| e.to_string())
    }

    fn played(&self) -> Option<&[Move]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Move>> {
        self.selected = None;
        Some(&mut self.params.played)
    }

    fn move_counter(&self, played: usize) -> Option<String> {
        Some(match self.optimum_from_start() {
            Some(best) => format!("Moves: {played} · optimum from the start: {}", format_count(best)),
            None => format!("Moves: {played}"),
        })
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn seed(&self) -> Option<SeedUse> {
        Some(SeedUse { seed: self.params.seed, action: "Random position" })
    }

    fn use_seed(&mut self) -> Effect<Move> {
        let seed = *self.params.seed.get_or_insert_with(browser::random_seed);
        self.params.played.clear();
        self.params.start = random_position(&self.params.tower, seed);
        self.selected = None;
        Effect::NewPuzzle(format!("Random position from seed {seed}."))
    }

    /// Each peg, named with its discs from the bottom up and its top disc.
    fn places(&self, shown: &Position) -> Vec<(Place, Action)> {
        let tower = self.params.tower;
        let stacks = tower.stacks(*shown);
        (0..tower.pegs)
            .map(|peg| {
                let stack = &stacks[usize::from(peg)];
                let discs: Vec<String> = stack.iter().map(|d| (d + 1).to_string()).collect();
                let mut name = match stack.last() {
                    None => format!("Peg {}: empty", peg_name(peg)),
                    Some(top) => format!("Peg {}: discs {}, top {}", peg_name(peg), discs.join(", "), top + 1),
                };
                if self.selected == Some(peg) {
                    name.push_str(", picked to move from");
                }
                (Place::new(peg_area(tower, peg, browser::upright_phone()), name), Action::Peg(peg))
            })
            .collect()
    }

    const PLACES_DRAG: bool = true;

    fn drop_pick(&mut self) {
        self.selected = None;
    }

    fn say_move(&self, before: &Position, mv: &Move) -> String {
        let stacks = self.params.tower.stacks(*before);
        let disc = stacks[usize::from(mv.from)].last().map_or(0, |d| d + 1);
        format!("disc {disc} from peg {} to peg {}", peg_name(mv.from), peg_name(mv.to))
    }

    fn view_board(&self, shown: &Position, _act: &Callback<Action>, places: Html) -> Html {
        html! {
            <Towers tower={self.params.tower} position={*shown} selected={self.selected} {places} tall={browser::upright_phone()} />
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _act: &Callback<Action>) -> Html {
        let tower = self.params.tower;
        let set = |key: &'static str| edit.reform(move |text: String| (key, text));
        html! {
            <>
                <Choice label="Discs" options={number_options(MIN_DISCS..=MAX_DISCS)}
                    selected={tower.discs.to_string()} on_change={set("discs")} />
                <Choice label="Pegs" options={number_options(MIN_PEGS..=MAX_PEGS)}
                    selected={tower.pegs.to_string()} on_change={set("pegs")} />
                if self.optimum_from_start().is_some_and(|n| n > MAX_PLAYBACK as u64) {
                    <p class="note">{ format!("Solutions longer than {} moves are reported but not animated.",
                        format_count(MAX_PLAYBACK as u64)) }</p>
                }
            </>
        }
    }

    fn act(&mut self, action: Action, shown: &Position, notices: &mut Notices) -> Effect<Move> {
        match action {
            Action::Peg(peg) => self.pick_peg(peg, *shown, notices),
        }
    }

    fn key(&self, key: &str) -> Option<Action> {
        // 1–4 on any tower: a peg it does not have is answered by its picking.
        let peg = key.parse::<u8>().ok().filter(|n| (1..=MAX_PEGS).contains(n))?;
        Some(Action::Peg(peg - 1))
    }
}

impl HanoiPage {
    fn optimum_from_start(&self) -> Option<u64> {
        optimal_length(&self.params.tower, self.params.start, self.params.goal)
    }

    fn pick_peg(&mut self, peg: u8, shown: Position, notices: &mut Notices) -> Effect<Move> {
        let tower = self.params.tower;
        if peg >= tower.pegs {
            let last = tower.pegs - 1;
            notices.alert = Some(format!(
                "There is no peg {}: this tower has pegs A–{} (keys 1–{}).",
                peg_name(peg),
                peg_name(last),
                tower.pegs
            ));
            return Effect::Redraw;
        }
        let has_discs = !tower.stacks(shown)[peg as usize].is_empty();
        match places::press(&mut self.selected, peg, has_discs, true) {
            Press::Picked(_) => {
                notices.alert = None;
                notices.tell_pick(picked_status(&format!("peg {}", peg_name(peg)), "where its top disc goes"));
                Effect::Redraw
            }
            Press::NothingToPick(_) => {
                notices.alert = Some(format!("Peg {} is empty: pick a peg with a disc on it.", peg_name(peg)));
                Effect::Redraw
            }
            Press::Dropped(_) => {
                notices.tell_pick(put_back_status(&format!("peg {}", peg_name(peg)), &self.intro()));
                Effect::Redraw
            }
            Press::Move { from, to } => Effect::Play(Move::new(from, to)),
        }
    }
}

/// "move the whole tower to peg C", or the goal's letters when it is another position.
fn describe_goal(tower: &Tower, goal: Position) -> String {
    let last = tower.pegs - 1;
    if goal == tower.all_on(last) {
        return format!("move the whole tower to peg {}", peg_name(last));
    }
    format!("reach {} (peg of each disc, smallest first)", tower.format_position(goal))
}
