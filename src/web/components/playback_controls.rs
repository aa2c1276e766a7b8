//! Step / play / pause / speed controls with the "step 7 / 15" counter.

use crate::core::playback::{Playback, SPEEDS_MS};
use yew::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaybackAction {
    Reset,
    Back,
    Toggle,
    Forward,
    /// To the last step (the End key; the bar has no button for it).
    ToEnd,
    Slower,
    Faster,
}

#[derive(Properties, PartialEq)]
pub struct PlaybackControlsProps {
    pub playback: Playback,
    pub on_action: Callback<PlaybackAction>,
}

#[function_component]
pub fn PlaybackControls(props: &PlaybackControlsProps) -> Html {
    let p = &props.playback;
    let button = |action: PlaybackAction,
                  label: &'static str,
                  (symbol, word): (&str, &str),
                  disabled: bool| {
        let onclick = props.on_action.reform(move |_: MouseEvent| action);
        // The word beside the symbol folds away on a phone, where the bar keeps to one row.
        html! { <button aria-label={label} title={label} {onclick} {disabled}>{ symbol }<span class="word">{ word }</span></button> }
    };
    let (play_label, play_face) =
        if p.is_playing() { ("Pause", ("❚❚", " Pause")) } else { ("Play", ("▶", " Play")) };
    html! {
        <div class="playback" role="group" aria-label="Playback">
            { button(PlaybackAction::Reset, "Reset", ("|◀", " Reset"), p.step() == 0) }
            { button(PlaybackAction::Back, "Step back", ("◀", " Back"), p.step() == 0) }
            { button(PlaybackAction::Toggle, play_label, play_face, p.is_empty()) }
            { button(PlaybackAction::Forward, "Step", ("▶|", " Step"), p.at_end()) }
            // As wide as its widest count, so the buttons after it stay put while stepping.
            <span class="counter" aria-live="off" style={format!("min-width: {}ch", format!("step {0} / {0}", p.len()).len() + 1)}>{ p.counter() }</span>
            <span class="speed-group">
                { button(PlaybackAction::Slower, "Slower", ("−", ""), p.speed_level() == 1) }
                <span class="speed">{ format!("speed {}/{}", p.speed_level(), SPEEDS_MS.len()) }</span>
                { button(PlaybackAction::Faster, "Faster", ("+", ""), p.speed_level() == SPEEDS_MS.len()) }
            </span>
        </div>
    }
}
