//! The sliding-tile page: tiles to click or arrow keys, seeded shuffles, a depth limit for
//! depth-first search, GIF export of a solution. Everything else comes from the generic page.

use crate::core::format::count_of;
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::places::Place;
use crate::puzzles::sliding::domain::{Board, Dir, MAX_SIZE, MIN_SIZE};
use crate::puzzles::sliding::params::{Shuffle, SlidingParams};
use crate::puzzles::sliding::solvers::Algo;
use crate::puzzles::sliding::{beyond_the_solvers, INFO};
use crate::puzzles::PuzzleInfo;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::messages::Notices;
use crate::web::components::tiles::{Tiles, CELL};
use crate::web::page::{Effect, Guide, PuzzlePage, SeedUse};
use yew::prelude::*;

/// Shuffle choices offered in the page: walk lengths, and uniform.
const SHUFFLES: [&str; 7] = ["10", "20", "30", "50", "100", "1000", "uniform"];
/// Depth limits offered for depth-first search ("" = none).
const DEPTHS: [&str; 5] = ["", "20", "30", "50", "100"];

pub struct SlidingPage {
    params: SlidingParams,
}

pub enum Action {
    /// A click on the tile in this cell.
    Cell(usize),
    /// A tile slid by an arrow key (the blank moves the other way).
    Slide(Dir),
}

impl PuzzlePage for SlidingPage {
    type Params = SlidingParams;
    type Algo = Algo;
    type State = Board;
    type Move = Dir;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<rect x="33" y="4" width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444"/><rect x="51" y="4" width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444"/><rect x="69" y="4" width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444"/><rect x="33" y="22" width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444"/><rect x="51" y="22" width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444"/><rect x="69" y="22" width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444"/><rect x="33" y="40" width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444"/><rect x="51" y="40" width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444"/>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = Guide {
        steps: "Each arrangement of tiles is a node; a move slides a tile into the gap.\nA*: always expand the waiting board with the fewest moves so far + estimated moves left.\nIDA*: depth-first with a bound on moves + estimate; raise the bound and repeat.\nEstimate (never too high): Manhattan distances plus linear conflicts, or pattern databases.\nWeighted IDA* (5×5): bound moves + w × estimate (far quicker, at most w times longer),\n  then each stretch of its path that ends with the gap in a corner is re-solved optimally.",
        terms: &[("frontier", "in the Search view: nodes generated and waiting to be expanded, in the order the algorithm takes them (a queue for breadth-first, a stack for depth-first, smallest f first for A*)"), ("g, h, f", "g: moves from the start to a node; h: the estimate of moves left; f = g + h, the order of A* and the bound of IDA*"), ("nodes expanded", "boards whose moves the search tried"), ("in memory", "boards the search keeps (seen or waiting) when it ends"), ("shortest?", "yes when the method guarantees no shorter solution exists"), ("pattern database", "a table of the exact moves a group of tiles needs, worked out once")],
        source: "B. Broek, \"Solving the 15-puzzle in Swift\" (2019); G. Squillero, the n-puzzle notebook of \"Computational Intelligence\" (2024); R. Korf (1985), R. Korf and A. Felner (2002).",
    };
    const EXPORTS_GIF: bool = true;
    const KEEPS_TABLES: bool = true;

    fn new(params: SlidingParams) -> Self {
        Self { params }
    }

    fn params(&self) -> &SlidingParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut SlidingParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.algo
    }

    fn intro(&self) -> String {
        let board = self.params.current();
        if let Err(why) = board.check_solvable() {
            return format!("This board {}.", why.trim_start_matches("this board "));
        }
        if board.is_goal() {
            return match self.params.played.len() {
                0 => "The board is solved: shuffle it to start.".into(),
                n => format!("Solved by hand in {}!", count_of(n as u64, "move", "moves")),
            };
        }
        "Slide the tiles into order: pick a tile next to the blank (click it, or press the Enter key on it), or use the arrow keys.".into()
    }

    /// A new size is a new board: shuffled from the seed, the old tiles and moves dropped.
    fn edited_link(&self, key: &str, text: &str) -> Link {
        let p = &self.params;
        let link = p.to_link().set(key, text);
        if key != "size" {
            return link;
        }
        let mut link = link;
        link.params.retain(|(k, _)| k != "tiles" && k != "moves" && k != "step");
        link
    }

    /// An algorithm the link's reader refuses for this board (pattern databases off 4×4), or
    /// a board no solver takes.
    fn refusal(&self, algo: Algo) -> Option<String> {
        let (_, errors) = SlidingParams::from_link(&self.solve_link(algo));
        let refused = (!errors.is_empty()).then(|| describe_errors(&errors));
        refused.or_else(|| beyond_the_solvers(&self.params.current()))
    }

    fn position(&self) -> Board {
        self.params.current()
    }

    fn parse_move(&self, text: &str) -> Result<Dir, String> {
        Dir::parse(text)
    }

    fn apply(&self, state: &Board, dir: &Dir) -> Result<Board, String> {
        state.apply(*dir)
    }

    fn played(&self) -> Option<&[Dir]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Dir>> {
        Some(&mut self.params.played)
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn seed(&self) -> Option<SeedUse> {
        Some(SeedUse { seed: Some(self.params.seed), action: "Shuffle" })
    }

    fn use_seed(&mut self) -> Effect<Dir> {
        let p = &self.params;
        self.params = SlidingParams {
            algo: p.algo,
            depth: p.depth,
            ..SlidingParams::shuffled(p.size(), p.seed, p.shuffle)
        };
        Effect::NewPuzzle(format!("Shuffled with seed {}.", self.params.seed))
    }

    fn view_board(&self, shown: &Board, act: &Callback<Action>, places: Html) -> Html {
        html! { <Tiles board={shown.clone()} on_swipe={act.reform(Action::Slide)} {places} /> }
    }

    /// Every cell, named by row, column and tile; a tile says when it is in its place, and when
    /// it is beside the blank (it can slide).
    fn places(&self, shown: &Board) -> Vec<(Place, Action)> {
        let n = shown.n();
        let cell = CELL;
        (0..n * n)
            .map(|i| {
                // "In its place" says what the board's green tiles show.
                let what = match shown.tiles()[i] {
                    0 => "blank".to_string(),
                    tile => {
                        let home = if usize::from(tile) == i + 1 { ", in its place" } else { "" };
                        let beside = if shown.move_for_cell(i).is_some() { ", beside the blank" } else { "" };
                        format!("tile {tile}{home}{beside}")
                    }
                };
                let name = format!("Row {}, column {}: {what}", i / n + 1, i % n + 1);
                let area = [(i % n) as f64 * cell, (i / n) as f64 * cell, cell, cell];
                (Place::new(area, name), Action::Cell(i))
            })
            .collect()
    }

    /// A tile slides into the blank.
    fn landing(&self, before: &Board, _dir: &Dir) -> Option<usize> {
        Some(before.blank())
    }

    /// The tile that moves, the way it goes (the blank goes the other way).
    fn say_move(&self, before: &Board, dir: &Dir) -> String {
        let Some(cell) = dir.step(before.blank(), before.n()) else { return String::new() };
        let way = match dir.opposite() {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        };
        format!("tile {} slides {way}", before.tiles()[cell])
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, _act: &Callback<Action>) -> Html {
        let set = |key: &'static str| edit.reform(move |text: String| (key, text));
        let shuffle_options = SHUFFLES
            .iter()
            .map(|s| {
                let text = if *s == "uniform" { "uniform".to_string() } else { format!("{s} moves") };
                (AttrValue::Static(s), AttrValue::from(text))
            })
            .collect::<Vec<_>>();
        let depth_options = DEPTHS
            .iter()
            .map(|d| (AttrValue::Static(d), AttrValue::Static(if d.is_empty() { "none" } else { d })))
            .collect::<Vec<_>>();
        let shuffle = match self.params.shuffle {
            Shuffle::Walk(moves) => moves.to_string(),
            Shuffle::Uniform => "uniform".into(),
        };
        html! {
            <>
                <Choice label="Size" options={number_options(MIN_SIZE..=MAX_SIZE)}
                    selected={self.params.size().to_string()} on_change={set("size")} />
                if self.params.algo == Algo::Dfs {
                    <Choice label="Depth limit" options={depth_options}
                        selected={self.params.depth.map(|d| d.to_string()).unwrap_or_default()}
                        on_change={set("depth")} />
                }
                <Choice label="Shuffle" options={shuffle_options} selected={shuffle} on_change={set("shuffle")} />
            </>
        }
    }

    fn act(&mut self, action: Action, shown: &Board, notices: &mut Notices) -> Effect<Dir> {
        match action {
            Action::Cell(cell) => match shown.move_for_cell(cell) {
                Some(dir) => Effect::Play(dir),
                None => {
                    notices.alert = Some("Only a tile next to the blank can slide.".into());
                    Effect::Redraw
                }
            },
            Action::Slide(dir) => Effect::Play(dir),
        }
    }

    /// Arrows move a tile that way, so the blank goes the other way.
    fn key(&self, key: &str) -> Option<Action> {
        let dir = match key {
            "ArrowUp" => Dir::Down,
            "ArrowDown" => Dir::Up,
            "ArrowLeft" => Dir::Right,
            "ArrowRight" => Dir::Left,
            _ => return None,
        };
        Some(Action::Slide(dir))
    }
}
