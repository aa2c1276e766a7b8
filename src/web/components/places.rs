//! One way to play every board (Tatham's cursor, lichess's blind mode): a board is a set of
//! named places — cells, pegs, jugs, slots, holes — drawn over the board's own picture as
//! transparent buttons. One of them is in the Tab order at a time (a roving focus): the arrow
//! keys move it to the nearest place that way (Home and End stay the solution's, as everywhere
//! on the page), Enter or Space presses it. A tap or a click presses the same place, so keyboard, screen reader and
//! touch call the same actions and cannot drift apart. The puzzle supplies the places, their
//! names and what a press does; this layer does the rest.

use crate::core::places::{arrow, nearest, Place};
use crate::web::browser;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How far, in CSS pixels, a pointer may move between down and up and still be a tap.
const TAP_PX: i32 = 12;

/// What a player did on the board's places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// A place pressed (a tap, a click, Enter or Space): its index.
    One(usize),
    /// A pointer pressed on one place and let go on another (a disc dragged from peg to peg).
    Drag { from: usize, to: usize },
    /// The focus reached a place that the focus presses (a Sudoku cell the arrows reach): a
    /// screen reader names the focused place itself, so the page does not say it again.
    Reached(usize),
}

#[derive(Properties, PartialEq)]
pub struct PlacesProps {
    pub places: Vec<Place>,
    pub on_press: Callback<Pressed>,
    /// Whether a pointer let go on another place than it pressed is a drag (otherwise nothing).
    #[prop_or_default]
    pub drags: bool,
    /// Moving the focus onto a place presses it (a Sudoku cell is selected as the arrows
    /// reach it, so digits go where the focus is).
    #[prop_or_default]
    pub press_on_focus: bool,
}

/// A click does not take the focus: a mouse user's arrow keys keep the page's meaning
/// (sliding a tile, moving the piece picked) instead of moving between places.
fn keep_focus_where_it_is(e: MouseEvent) {
    e.prevent_default();
}

#[function_component]
pub fn Places(props: &PlacesProps) -> Html {
    let count = props.places.len();
    // The place in the Tab order: the last one focused.
    let current = use_state_eq(|| 0usize);
    let current_index = (*current).min(count.saturating_sub(1));
    // On which place and where a pointer went down; whether it then swiped.
    let down = use_mut_ref(|| None::<(usize, i32, i32)>);
    let swiped = use_mut_ref(|| false);
    // On a board that drags, the place a pointer holds is marked until it lets go: the
    // finger sees what it carries.
    let held = use_state_eq(|| None::<usize>);
    let onkeydown = {
        let (places, on_press, current) = (props.places.clone(), props.on_press.clone(), current.clone());
        Callback::from(move |e: KeyboardEvent| {
            let Some(i) = place_of(&e) else { return };
            let key = e.key();
            let target = match (key.as_str(), arrow(&key)) {
                (_, Some(step)) => nearest(&places, i, step),
                ("Enter" | " ", _) => {
                    e.prevent_default();
                    e.stop_propagation();
                    on_press.emit(Pressed::One(i));
                    return;
                }
                _ => return,
            };
            // The page's own use of these keys (sliding a tile, scrolling) waits until the
            // focus leaves the board.
            e.prevent_default();
            e.stop_propagation();
            if let Some(j) = target {
                current.set(j);
                focus_sibling(&e, j);
            }
        })
    };
    let onfocusin = {
        let (current, on_press, presses) = (current.clone(), props.on_press.clone(), props.press_on_focus);
        Callback::from(move |e: FocusEvent| {
            let Some(i) = place_of(&e) else { return };
            current.set(i);
            if presses {
                on_press.emit(Pressed::Reached(i));
            }
        })
    };
    let onpointerdown = {
        let (down, held, drags) = (down.clone(), held.clone(), props.drags);
        Callback::from(move |e: PointerEvent| {
            let Some(i) = place_of(&e) else { return };
            // A finger captures the pointer on the place it pressed: let go, so the place
            // under the finger hears the pointer come up.
            if let Some(target) = e.target_dyn_into::<web_sys::Element>() {
                let _ = target.release_pointer_capture(e.pointer_id());
            }
            *down.borrow_mut() = Some((i, e.client_x(), e.client_y()));
            if drags {
                held.set(Some(i));
            }
        })
    };
    {
        // Let go anywhere, on the board or off it, the mark goes.
        let held_now = held.clone();
        use_effect_with(*held, move |held| {
            let listeners =
                held.map(|_| browser::on_pointer_let_go(Callback::from(move |()| held_now.set(None))));
            move || drop(listeners)
        });
    }
    let onpointerup = {
        let (down, swiped, on_press, drags) =
            (down.clone(), swiped.clone(), props.on_press.clone(), props.drags);
        Callback::from(move |e: PointerEvent| {
            let Some(i) = place_of(&e) else { return };
            let Some((from, x, y)) = down.borrow_mut().take() else { return };
            let tap = (e.client_x() - x).abs() < TAP_PX && (e.client_y() - y).abs() < TAP_PX;
            if from != i && drags {
                on_press.emit(Pressed::Drag { from, to: i });
            }
            // A swipe that ends on the place it began on is not a tap: its click is ignored.
            *swiped.borrow_mut() = from == i && !tap;
        })
    };
    // A click presses the place (a screen reader's click too, which comes without a pointer).
    let onclick = {
        let (swiped, on_press) = (swiped.clone(), props.on_press.clone());
        Callback::from(move |e: MouseEvent| {
            let Some(i) = place_of(&e) else { return };
            if !std::mem::take(&mut *swiped.borrow_mut()) {
                on_press.emit(Pressed::One(i));
            }
        })
    };
    let places = props.places.iter().enumerate().map(|(i, place)| {
        let [x, y, w, h] = place.area.map(tenths);
        html! {
            <rect class={classes!("place", (*held == Some(i)).then_some("held"))} role="button" aria-label={place.name.clone()} data-place={i.to_string()}
                tabindex={if i == current_index { "0" } else { "-1" }} {x} {y} width={w} height={h} />
        }
    });
    // The layer listens for its places (one listener per event, not one per place: a Sudoku
    // grid has 81 places, a 16×16 one 256).
    html! {
        <g class="places" {onkeydown} {onfocusin} {onpointerdown} {onpointerup} {onclick}
            onmousedown={keep_focus_where_it_is}>
            { for places }
        </g>
    }
}

/// The index of the place an event happened on (its `data-place`), if it happened on one.
fn place_of(e: &Event) -> Option<usize> {
    e.target()?.dyn_into::<web_sys::Element>().ok()?.get_attribute("data-place")?.parse().ok()
}

/// A coordinate to a tenth of a unit, written without float formatting (a whole one without ".0").
fn tenths(value: f64) -> String {
    let tenths = (value * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let (whole, tenth) = (tenths.abs() / 10, tenths.abs() % 10);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

/// Moves the keyboard focus to place `index`, a sibling of the event's target.
fn focus_sibling(e: &KeyboardEvent, index: usize) {
    let sibling = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|place| place.parent_element())
        .and_then(|layer| layer.children().item(index as u32));
    if let Some(place) = sibling {
        // An SVG element takes the focus through the same `focus` method as an HTML one.
        let _ = place.unchecked_into::<web_sys::HtmlElement>().focus();
    }
}
