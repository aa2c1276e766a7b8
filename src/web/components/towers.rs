//! The Hanoi board as SVG: pegs, discs sized and coloured by number, pegs to click, and
//! discs to drag from peg to peg (mouse, pen or touch: pointer events).
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
    pub on_peg: Callback<u8>,
    /// A disc dragged from the first peg and dropped on the second.
    #[prop_or_default]
    pub on_drag: Callback<(u8, u8)>,
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

#[function_component]
pub fn Towers(props: &TowersProps) -> Html {
    let tower = props.tower;
    let stacks = tower.stacks(props.position);
    // The peg whose top disc is being dragged.
    let dragging = use_state_eq(|| None::<u8>);
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
        let onpointerdown = {
            let (dragging, has_disc) = (dragging.clone(), !stack.is_empty());
            Callback::from(move |e: PointerEvent| {
                if has_disc {
                    // Touch captures the pointer on the pressed element: release it so the
                    // drop lands on the peg under the finger.
                    if let Some(target) = e.target_dyn_into::<web_sys::Element>() {
                        let _ = target.release_pointer_capture(e.pointer_id());
                    }
                    dragging.set(Some(peg));
                }
            })
        };
        let onpointerup = {
            let (dragging, on_drag) = (dragging.clone(), props.on_drag.clone());
            Callback::from(move |_: PointerEvent| {
                if let Some(from) = *dragging {
                    if from != peg {
                        on_drag.emit((from, peg));
                    }
                }
                dragging.set(None);
            })
        };
        let selected = props.selected == Some(peg) || *dragging == Some(peg);
        let label = format!(
            "Peg {} ({} discs){}",
            peg_name(peg),
            stack.len(),
            if selected { ", selected" } else { "" }
        );
        html! {
            <g class={classes!("peg", selected.then_some("selected"))} role="button" tabindex="0"
                aria-label={label} {onclick} {onkeydown} {onpointerdown} {onpointerup}>
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
    // Where each disc is drawn, by disc.
    let mut place = vec![(0.0, 0.0); usize::from(tower.discs)];
    for (peg, stack) in stacks.iter().enumerate() {
        for (level, &disc) in stack.iter().enumerate() {
            place[usize::from(disc)] = (peg_centre(peg as u8), floor - DISC_HEIGHT * (level as f64 + 1.0));
        }
    }
    // The dragged disc is lifted off its peg.
    let lifted = dragging.and_then(|peg| stacks[peg as usize].last().copied());
    // Larger discs first, so a smaller disc sliding past them is drawn on top.
    let discs = (0..tower.discs).rev().map(|disc| {
        let (x, y) = place[usize::from(disc)];
        let (w, colour) = disc_style(disc, tower.discs);
        let y = if lifted == Some(disc) { y - DISC_HEIGHT } else { y };
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
        <svg class={classes!("towers", dragging.is_some().then_some("dragging"))}
            onpointerleave={let dragging = dragging.clone(); move |_| dragging.set(None)}
            viewBox={format!("0 0 {width:.0} {height:.0}")} role="group"
            aria-label={format!("Towers of Hanoi, {} discs on {} pegs", tower.discs, tower.pegs)}>
            <rect class="base" x="8" y={format!("{floor:.1}")} width={format!("{:.1}", width - 16.0)}
                height={format!("{BASE_HEIGHT:.1}")} rx="6" />
            { for pegs }
            { for discs }
        </svg>
    }
}
