//! The sliding-blocks page: the board with its pieces (the big one in red, its goal outlined);
//! click a piece, then an empty cell beside it (or an arrow key) to slide it one cell.

use crate::core::choice::Named;
use crate::core::classic::{Algo, Classic, ClassicParams};
use crate::core::job::Report;
use crate::core::link::{Link, LinkParams};
use crate::puzzles::blocks::{
    pieces, write_layout, BlocksParams, Cells, Corner, Direction, Slide, INFO, SLIDES_LAYOUT,
};
use crate::core::format::count_of;
use crate::core::places::{self as places, picked_status, put_back_status, Place, Press};
use crate::puzzles::PuzzleInfo;
use crate::web::components::choice::Choice;
use crate::web::components::messages::Notices;
use crate::web::page::{Effect, Guide, PuzzlePage};
use crate::web::pages::classic;
use crate::web::components::field::Field;
use yew::prelude::*;

/// Layouts offered as presets: (layout, width, goal, name).
const PRESETS: [(&str, usize, Corner, &str); 2] = [
    (SLIDES_LAYOUT, 4, Corner::BottomLeft, "The slides' puzzle"),
    ("2113211345564786900a", 4, Corner::BottomMiddle, "Klotski (Forget-me-not)"),
];

pub struct BlocksPage {
    params: BlocksParams,
    selected: Option<u8>,
}

/// What a cell holds, for the picking rule: a piece (picked as a whole) or nothing.
#[derive(Clone, Copy, PartialEq)]
enum Spot {
    Piece(u8),
    Empty(usize),
}

pub enum Action {
    Cell(usize),
    Slide(Direction),
    Preset(String),
}

const CELL: f64 = 70.0;

impl BlocksPage {
    fn slide_towards(&self, cells: &Cells, label: u8, cell: usize) -> Option<Direction> {
        let width = self.params.board.width;
        let piece = pieces(cells, width).ok()?.into_iter().find(|p| p.label == label)?;
        let (row, col) = (cell / width, cell % width);
        let within_cols = (piece.col..piece.col + piece.width).contains(&col);
        let within_rows = (piece.row..piece.row + piece.height).contains(&row);
        match () {
            _ if within_cols && row + 1 == piece.row => Some(Direction::Up),
            _ if within_cols && row == piece.row + piece.height => Some(Direction::Down),
            _ if within_rows && col + 1 == piece.col => Some(Direction::Left),
            _ if within_rows && col == piece.col + piece.width => Some(Direction::Right),
            _ => None,
        }
    }
}

impl PuzzlePage for BlocksPage {
    type Params = BlocksParams;
    type Algo = Algo;
    type State = Cells;
    type Move = Slide;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<rect x="40" y="2" width="40" height="56" fill="none" stroke="currentColor"/><rect x="41" y="3" width="18" height="18" fill="#c0261a"/><rect x="61" y="3" width="18" height="8" fill="#e6c10f"/><rect x="61" y="13" width="18" height="8" fill="#e6c10f"/><rect x="41" y="23" width="8" height="8" fill="#1f77b4"/><rect x="51" y="23" width="8" height="8" fill="#1f77b4"/><rect x="41" y="35" width="8" height="22" fill="#2ca02c"/><rect x="71" y="35" width="8" height="22" fill="#2ca02c"/>"##;
    const SEARCH_VIEW: bool = true;
    const GUIDE: Guide = classic::GUIDE;

    fn new(params: BlocksParams) -> Self {
        Self { params, selected: None }
    }

    fn params(&self) -> &BlocksParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut BlocksParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.options.algo
    }

    fn intro(&self) -> String {
        let played = self.params.played.len();
        if played > 0 && self.params.board.is_goal(&self.params.current()) {
            return classic::solved_by_hand(played);
        }
        let corner = self.params.corner.name().replace('-', " ");
        if played > 0 {
            let moves = count_of(played as u64, "move", "moves");
            return format!("{moves} so far; the goal: the red block in the {corner} corner (outlined).");
        }
        format!(
            "Slide the red block to the {} corner (outlined): pick a piece, then an empty cell beside it (or, away from the board's cells, press an arrow key). Pieces move one cell at a time.",
            corner
        )
    }

    fn edited_link(&self, key: &str, text: &str) -> Link {
        let link = self.params.to_link();
        let link = match key {
            "layout" | "width" => link.without("moves").without("step"),
            _ => link,
        };
        link.set(key, text)
    }

    fn position(&self) -> Cells {
        self.params.current()
    }

    fn parse_move(&self, text: &str) -> Result<Slide, String> {
        self.params.board.parse_slide(text)
    }

    fn apply(&self, cells: &Cells, slide: &Slide) -> Result<Cells, String> {
        self.params.board.apply(cells, *slide)
    }

    fn played(&self) -> Option<&[Slide]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Slide>> {
        Some(&mut self.params.played)
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    /// Every cell, row by row: the piece on it (the red block named) or empty, and the goal.
    fn places(&self, cells: &Cells) -> Vec<(Place, Action)> {
        let board = &self.params.board;
        let goal: Vec<usize> = pieces(cells, board.width)
            .ok()
            .and_then(|ps| ps.into_iter().find(|p| p.label == board.target))
            .map(|t| {
                let (row, col) = (board.goal_cell / board.width, board.goal_cell % board.width);
                (0..t.height).flat_map(|r| (0..t.width).map(move |c| (row + r) * board.width + col + c)).collect()
            })
            .unwrap_or_default();
        cells
            .iter()
            .enumerate()
            .map(|(i, &label)| {
                let mut what = match label {
                    0 => "empty".to_string(),
                    l if l == board.target => format!("piece {}, the red block", char::from(l)),
                    l => format!("piece {}", char::from(l)),
                };
                if label != 0 && self.selected == Some(label) {
                    what.push_str(", picked");
                }
                if goal.contains(&i) {
                    what.push_str(", in the goal corner");
                }
                let (row, col) = (i / board.width, i % board.width);
                let area = [col as f64 * CELL, row as f64 * CELL, CELL, CELL];
                (Place::new(area, format!("Row {}, column {}: {what}", row + 1, col + 1)), Action::Cell(i))
            })
            .collect()
    }

    fn say_move(&self, _: &Cells, slide: &Slide) -> String {
        let way = match slide.direction {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        };
        format!("piece {} slides {way}", char::from(slide.label))
    }

    fn view_board(&self, cells: &Cells, _act: &Callback<Action>, places: Html) -> Html {
        let board = &self.params.board;
        let (w, h) = (board.width as f64 * CELL, board.height as f64 * CELL);
        let empties = cells.iter().enumerate().filter(|&(_, &c)| c == 0).map(|(i, _)| {
            let (x, y) = ((i % board.width) as f64 * CELL, (i / board.width) as f64 * CELL);
            html! {
                <rect class="empty-cell" x={format!("{x:.0}")} y={format!("{y:.0}")} width={CELL.to_string()} height={CELL.to_string()} />
            }
        });
        let target_size =
            pieces(cells, board.width).ok().and_then(|ps| ps.into_iter().find(|p| p.label == board.target));
        let goal = target_size.map(|t| {
            let (x, y) = ((board.goal_cell % board.width) as f64 * CELL, (board.goal_cell / board.width) as f64 * CELL);
            html! { <rect class="goal-area" x={format!("{x:.0}")} y={format!("{y:.0}")}
                width={format!("{:.0}", t.width as f64 * CELL)} height={format!("{:.0}", t.height as f64 * CELL)} /> }
        });
        let blocks = pieces(cells, board.width).unwrap_or_default().into_iter().map(|p| {
            let (x, y) = (p.col as f64 * CELL + 3.0, p.row as f64 * CELL + 3.0);
            let class = classes!("block", (p.label == board.target).then_some("target"), (self.selected == Some(p.label)).then_some("selected"));
            html! {
                <g {class}>
                    <rect x={format!("{x:.0}")} y={format!("{y:.0}")} width={format!("{:.0}", p.width as f64 * CELL - 6.0)}
                        height={format!("{:.0}", p.height as f64 * CELL - 6.0)} rx="8" />
                    <text x={format!("{:.0}", x + p.width as f64 * CELL / 2.0 - 3.0)} y={format!("{:.0}", y + p.height as f64 * CELL / 2.0 + 4.0)}>
                        { char::from(p.label) }</text>
                </g>
            }
        });
        html! {
            <svg class="blocks-board" viewBox={format!("-4 -4 {:.0} {:.0}", w + 8.0, h + 8.0)} role="group"
                aria-label={format!("The board, {} by {} cells, row by row", board.width, board.height)}>
                <g aria-hidden="true">
                    <rect class="frame" x="-2" y="-2" width={format!("{:.0}", w + 4.0)} height={format!("{:.0}", h + 4.0)} />
                    { for empties }
                    { for goal }
                    { for blocks }
                </g>
                { places }
            </svg>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, act: &Callback<Action>) -> Html {
        let set = |key: &'static str| edit.reform(move |text: String| (key, text));
        let layout = write_layout(&self.params.layout);
        let mut presets: Vec<(AttrValue, AttrValue)> =
            PRESETS.iter().map(|p| (AttrValue::Static(p.0), AttrValue::Static(p.3))).collect();
        if !PRESETS.iter().any(|p| p.0 == layout) {
            presets.insert(0, (AttrValue::Static(""), AttrValue::Static("(your layout)")));
        }
        let corners: Vec<(AttrValue, AttrValue)> =
            Corner::ALL.iter().map(|c| (AttrValue::Static(c.name()), AttrValue::Static(c.label()))).collect();
        html! {
            <>
                <Choice label="Puzzle" options={presets} selected={layout.clone()} on_change={act.reform(Action::Preset)} />
                <Field class="field" label="Layout" name="layout" value={layout} on_edit={edit.clone()} />
                <Choice label="Goal" options={corners} selected={self.params.corner.name()} on_change={set("goal")} />
                { classic::settings(&self.params.options, edit) }
            </>
        }
    }

    fn drop_pick(&mut self) {
        self.selected = None;
    }

    fn act(&mut self, action: Action, cells: &Cells, notices: &mut Notices) -> Effect<Slide> {
        match action {
            Action::Cell(i) => {
                let label = cells[i];
                let spot = if label == 0 { Spot::Empty(i) } else { Spot::Piece(label) };
                let mut picked = self.selected.map(Spot::Piece);
                let press = places::press(&mut picked, spot, label != 0, label == 0);
                self.selected = match picked {
                    Some(Spot::Piece(label)) => Some(label),
                    _ => None,
                };
                match press {
                    Press::Picked(_) => {
                        let piece = format!("piece {}", char::from(label));
                        notices.tell_pick(picked_status(&piece, "an empty cell beside it (or, away from the board's cells, press an arrow key)"));
                        Effect::Redraw
                    }
                    Press::NothingToPick(_) => {
                        notices.alert = Some("Pick a piece first, then an empty cell right beside it.".into());
                        Effect::Redraw
                    }
                    Press::Dropped(_) => {
                        notices.tell_pick(put_back_status(&format!("piece {}", char::from(label)), &self.intro()));
                        Effect::Redraw
                    }
                    Press::Move { from: Spot::Piece(label), to: _ } => match self.slide_towards(cells, label, i) {
                        Some(direction) => Effect::Play(Slide { label, direction }),
                        None => {
                            notices.alert = Some(format!(
                                "Piece {} is not beside that cell: pick it again, then an empty cell right beside it.",
                                char::from(label)
                            ));
                            notices.status = self.intro();
                            Effect::Redraw
                        }
                    },
                    Press::Move { .. } => Effect::Redraw,
                }
            }
            Action::Slide(direction) => match self.selected {
                Some(label) => Effect::Play(Slide { label, direction }),
                None => Effect::Redraw,
            },
            Action::Preset(layout) => match PRESETS.iter().find(|p| p.0 == layout) {
                Some(&(layout, width, corner, name)) => {
                    let link = self.params.to_link().without("moves").without("step");
                    let link = link.set("layout", layout).set("width", width).set("goal", corner.name());
                    self.params = BlocksParams::from_link(&link).0;
                    self.selected = None;
                    Effect::NewPuzzle(format!("{name}."))
                }
                None => Effect::Redraw,
            },
        }
    }

    fn key(&self, key: &str) -> Option<Action> {
        self.selected?;
        match key {
            "ArrowUp" => Some(Action::Slide(Direction::Up)),
            "ArrowDown" => Some(Action::Slide(Direction::Down)),
            "ArrowLeft" => Some(Action::Slide(Direction::Left)),
            "ArrowRight" => Some(Action::Slide(Direction::Right)),
            _ => None,
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        notices.status = classic::summary(report);
    }
}
