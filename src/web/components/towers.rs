//! The Hanoi board as SVG: pegs, and discs sized and coloured by number. Pegs are pressed,
//! and discs dragged from peg to peg, through the page's places drawn on top ([`peg_area`]).
//! Discs form one list keyed by disc number, so a moved disc slides to its new place.

use crate::core::colour::readable_lightness;
use crate::puzzles::hanoi::domain::{peg_name, Position, Tower};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TowersProps {
    pub tower: Tower,
    pub position: Position,
    /// The peg picked as the source of a move, highlighted.
    #[prop_or_default]
    pub selected: Option<u8>,
    /// The board's places (`components::places`, one per peg), drawn over the pegs.
    pub places: Html,
    /// Drawn for an upright phone: taller discs (see [`disc_height`]).
    #[prop_or_default]
    pub tall: bool,
}

const PEG_SPACING: f64 = 320.0;
const DISC_HEIGHT: f64 = 38.0;
const BASE_HEIGHT: f64 = 30.0;

/// Disc `disc` of `discs`: wider for larger discs, hues far apart for neighbouring sizes.
fn disc_style(disc: u8, discs: u8) -> (f64, String) {
    let (min_width, max_width) = (50.0, PEG_SPACING - 20.0);
    let width = if discs == 1 {
        max_width
    } else {
        min_width + (max_width - min_width) * f64::from(disc) / f64::from(discs - 1)
    };
    (width, disc_colour(disc))
}

/// A disc's fill: golden-angle steps keep neighbouring sizes far apart in hue, each light
/// enough for its black number (`core::colour`).
fn disc_colour(disc: u8) -> String {
    let hue = (f64::from(disc) * 137.5 + 200.0) % 360.0;
    format!("hsl({hue:.0}, 70%, {}%)", readable_lightness(hue, 70))
}

fn peg_centre(peg: u8) -> f64 {
    PEG_SPACING * (f64::from(peg) + 0.5)
}

/// A disc's height: `tall` (an upright phone, whose narrow screen draws the pegs' row small
/// and leaves room under it), up to two and a half times as tall.
fn disc_height(tower: Tower, tall: bool) -> f64 {
    match tall {
        true => (700.0 / (f64::from(tower.discs) + 0.6)).clamp(DISC_HEIGHT, 2.5 * DISC_HEIGHT),
        false => DISC_HEIGHT,
    }
}

/// The drawing's height, and the floor the discs stand on.
fn heights(tower: Tower, tall: bool) -> (f64, f64) {
    let floor = disc_height(tower, tall) * (f64::from(tower.discs) + 0.6) + 10.0;
    (floor + BASE_HEIGHT + 40.0, floor)
}

/// Peg `peg`'s column, top to bottom (x, y, width, height in the drawing's units): its place.
pub fn peg_area(tower: Tower, peg: u8, tall: bool) -> [f64; 4] {
    [peg_centre(peg) - PEG_SPACING / 2.0, 0.0, PEG_SPACING, heights(tower, tall).0]
}

#[function_component]
pub fn Towers(props: &TowersProps) -> Html {
    let tower = props.tower;
    let stacks = tower.stacks(props.position);
    let width = PEG_SPACING * f64::from(tower.pegs);
    let (height, floor) = heights(tower, props.tall);
    let disc_height = disc_height(tower, props.tall);
    let peg_height = floor - 10.0;
    let pegs = (0..tower.pegs).map(|peg| {
        let cx = peg_centre(peg);
        let [x, _, w, _] = peg_area(tower, peg, props.tall);
        html! {
            <g class={classes!("peg", (props.selected == Some(peg)).then_some("selected"))}>
                <rect class="peg-hit" x={format!("{x:.1}")} y="0" width={format!("{w:.1}")} height={format!("{height:.1}")} />
                <rect class="peg-rod" x={format!("{:.1}", cx - 6.0)} y={format!("{:.1}", floor - peg_height)}
                    width="12" height={format!("{peg_height:.1}")} rx="6" />
                <text class="peg-name" x={format!("{cx:.1}")} y={format!("{:.1}", floor + BASE_HEIGHT + 28.0)}>
                    { peg_name(peg) }
                </text>
            </g>
        }
    });
    // Where each disc is drawn, by disc.
    let mut place = vec![(0.0, 0.0); usize::from(tower.discs)];
    for (peg, stack) in stacks.iter().enumerate() {
        for (level, &disc) in stack.iter().enumerate() {
            place[usize::from(disc)] = (peg_centre(peg as u8), floor - disc_height * (level as f64 + 1.0));
        }
    }
    // Larger discs first, so a smaller disc sliding past them is drawn on top.
    let discs = (0..tower.discs).rev().map(|disc| {
        let (x, y) = place[usize::from(disc)];
        let (w, colour) = disc_style(disc, tower.discs);
        html! {
            <g key={disc} class="disc" data-disc={(disc + 1).to_string()}
                style={format!("transform: translate({x:.1}px, {y:.1}px)")}>
                <rect x={format!("{:.1}", -w / 2.0)} y="0" width={format!("{w:.1}")}
                    height={format!("{:.1}", disc_height - 4.0)} rx="10" fill={colour} />
                if tower.discs <= 12 {
                    <text x="0" y={format!("{:.1}", disc_height / 2.0 + 9.0)} class="disc-label">{ disc + 1 }</text>
                }
            </g>
        }
    });
    html! {
        <svg class="towers fitted" style={format!("--ratio: {:.4}", width / height)} viewBox={format!("0 0 {width:.0} {height:.0}")} role="group"
            aria-label={format!("Towers of Hanoi, {} discs on {} pegs", tower.discs, tower.pegs)}>
            <g aria-hidden="true">
                <rect class="base" x="8" y={format!("{floor:.1}")} width={format!("{:.1}", width - 16.0)}
                    height={format!("{BASE_HEIGHT:.1}")} rx="6" />
                { for pegs }
                { for discs }
            </g>
            { props.places.clone() }
        </svg>
    }
}
