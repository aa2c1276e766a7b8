//! The Hanoi board as SVG: pegs, discs sized and coloured by number, clickable pegs.
//! Discs form one list keyed by disc number, so a moved disc slides to its new place.

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
    // Golden-angle steps keep neighbouring sizes far apart in hue.
    let hue = (f64::from(disc) * 137.5 + 200.0) % 360.0;
    (width, format!("hsl({hue:.0}, 70%, 52%)"))
}

fn peg_centre(peg: u8) -> f64 {
    PEG_SPACING * (f64::from(peg) + 0.5)
}

#[function_component]
pub fn Towers(props: &TowersProps) -> Html {
    let tower = props.tower;
    let stacks = tower.stacks(props.position);
    let width = PEG_SPACING * f64::from(tower.pegs);
    let peg_height = DISC_HEIGHT * (f64::from(tower.discs) + 0.6);
    let floor = peg_height + 10.0;
    let height = floor + BASE_HEIGHT + 40.0;
    let pegs = stacks.iter().enumerate().map(|(peg, stack)| {
        let peg = peg as u8;
        let cx = peg_centre(peg);
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
        let label = format!(
            "Peg {} ({} discs){}",
            peg_name(peg),
            stack.len(),
            if selected { ", selected" } else { "" }
        );
        html! {
            <g class={classes!("peg", selected.then_some("selected"))} role="button" tabindex="0"
                aria-label={label} {onclick} {onkeydown}>
                <rect class="peg-hit" x={format!("{:.1}", cx - PEG_SPACING / 2.0)} y="0"
                    width={format!("{PEG_SPACING:.1}")} height={format!("{height:.1}")} />
                <rect class="peg-rod" x={format!("{:.1}", cx - 6.0)} y={format!("{:.1}", floor - peg_height)}
                    width="12" height={format!("{peg_height:.1}")} rx="6" />
                <text class="peg-name" x={format!("{cx:.1}")} y={format!("{:.1}", floor + BASE_HEIGHT + 28.0)}>
                    { peg_name(peg) }
                </text>
            </g>
        }
    });
    let mut discs: Vec<(u8, f64, f64)> = stacks
        .iter()
        .enumerate()
        .flat_map(|(peg, stack)| {
            stack.iter().enumerate().map(move |(level, &disc)| {
                (disc, peg_centre(peg as u8), floor - DISC_HEIGHT * (level as f64 + 1.0))
            })
        })
        .collect();
    // Larger discs first, so a smaller disc sliding past them is drawn on top.
    discs.sort_by_key(|&(disc, _, _)| std::cmp::Reverse(disc));
    let discs = discs.into_iter().map(|(disc, x, y)| {
        let (w, colour) = disc_style(disc, tower.discs);
        html! {
            <g key={disc} class="disc" data-disc={(disc + 1).to_string()}
                style={format!("transform: translate({x:.1}px, {y:.1}px)")}>
                <rect x={format!("{:.1}", -w / 2.0)} y="0" width={format!("{w:.1}")}
                    height={format!("{:.1}", DISC_HEIGHT - 4.0)} rx="10" fill={colour} />
                if tower.discs <= 12 {
                    <text x="0" y={format!("{:.1}", DISC_HEIGHT / 2.0 + 6.0)} class="disc-label">{ disc + 1 }</text>
                }
            </g>
        }
    });
    html! {
        <svg class="towers" viewBox={format!("0 0 {width:.0} {height:.0}")} role="img"
            aria-label={format!("Towers of Hanoi, {} discs on {} pegs", tower.discs, tower.pegs)}>
            <rect class="base" x="8" y={format!("{floor:.1}")} width={format!("{:.1}", width - 16.0)}
                height={format!("{BASE_HEIGHT:.1}")} rx="6" />
            { for pegs }
            { for discs }
        </svg>
    }
}
