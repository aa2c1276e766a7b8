//! The Hanoi board as SVG: pegs, discs sized and coloured by number, clickable pegs.

use crate::puzzles::hanoi::domain::{peg_name, Position, Tower};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TowersProps {
    pub tower: Tower,
    pub position: Position,
    /// The peg picked as the source of a move, highlighted.
    #[prop_or_default]
    pub selected: Option<u8>,
    pub on_peg: Callback<u8>,
}

const PEG_SPACING: f64 = 320.0;
const DISC_HEIGHT: f64 = 26.0;
const BASE_HEIGHT: f64 = 30.0;

/// Disc `d` of `n`: wider and a different hue for each size, readable in both themes.
fn disc_style(disc: u8, discs: u8) -> (f64, String) {
    let min_width = 46.0;
    let max_width = PEG_SPACING - 24.0;
    let width = if discs == 1 {
        max_width
    } else {
        min_width + (max_width - min_width) * f64::from(disc) / f64::from(discs - 1)
    };
    // Golden-angle steps keep neighbouring sizes far apart in hue.
    let hue = (f64::from(disc) * 137.5 + 200.0) % 360.0;
    (width, format!("hsl({hue:.0}, 70%, 50%)"))
}

#[function_component]
pub fn Towers(props: &TowersProps) -> Html {
    let tower = props.tower;
    let stacks = tower.stacks(props.position);
    let width = PEG_SPACING * f64::from(tower.pegs);
    let peg_height = DISC_HEIGHT * (f64::from(tower.discs) + 1.0);
    let height = peg_height + BASE_HEIGHT + 40.0;
    let floor = peg_height + 10.0;
    let pegs = stacks.iter().enumerate().map(|(peg, stack)| {
        let peg = peg as u8;
        let cx = PEG_SPACING * (f64::from(peg) + 0.5);
        let onclick = props.on_peg.reform(move |_: MouseEvent| peg);
        let on_peg = props.on_peg.clone();
        let onkeydown = Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                e.stop_propagation();
                on_peg.emit(peg);
            }
        });
        let selected = props.selected == Some(peg);
        let label = format!("Peg {} ({} discs){}", peg_name(peg), stack.len(), if selected { ", selected" } else { "" });
        let discs = stack.iter().enumerate().map(|(level, &disc)| {
            let (w, colour) = disc_style(disc, tower.discs);
            let y = floor - DISC_HEIGHT * (level as f64 + 1.0);
            html! {
                <g class="disc" data-disc={(disc + 1).to_string()}>
                    <rect x={format!("{:.1}", cx - w / 2.0)} y={format!("{y:.1}")} width={format!("{w:.1}")}
                        height={format!("{:.1}", DISC_HEIGHT - 3.0)} rx="8" fill={colour} />
                    if tower.discs <= 12 {
                        <text x={format!("{cx:.1}")} y={format!("{:.1}", y + DISC_HEIGHT / 2.0 + 4.0)} class="disc-label">
                            { disc + 1 }
                        </text>
                    }
                </g>
            }
        });
        html! {
            <g class={classes!("peg", selected.then_some("selected"))} role="button" tabindex="0"
                aria-label={label} {onclick} {onkeydown}>
                <rect class="peg-hit" x={format!("{:.1}", cx - PEG_SPACING / 2.0)} y="0"
                    width={format!("{PEG_SPACING:.1}")} height={format!("{height:.1}")} />
                <rect class="peg-rod" x={format!("{:.1}", cx - 6.0)} y={format!("{:.1}", floor - peg_height)}
                    width="12" height={format!("{peg_height:.1}")} rx="6" />
                { for discs }
                <text class="peg-name" x={format!("{cx:.1}")} y={format!("{:.1}", floor + BASE_HEIGHT + 22.0)}>
                    { peg_name(peg) }
                </text>
            </g>
        }
    });
    html! {
        <svg class="towers" viewBox={format!("0 0 {width:.0} {height:.0}")} role="img"
            aria-label={format!("Towers of Hanoi, {} discs on {} pegs", tower.discs, tower.pegs)}>
            <rect class="base" x="8" y={format!("{floor:.1}")} width={format!("{:.1}", width - 16.0)}
                height={format!("{BASE_HEIGHT:.1}")} rx="6" />
            { for pegs }
        </svg>
    }
}
