//! The visible, editable seed with a "New seed" button.

use crate::core::seed::MAX_SEED;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SeedFieldProps {
    pub seed: Option<u64>,
    /// A valid seed typed by the user.
    pub on_change: Callback<u64>,
    pub on_new: Callback<()>,
    /// What the seed is used for, e.g. "Random position".
    pub action_label: AttrValue,
    pub on_action: Callback<()>,
    /// A job is running: the seed's buttons wait for it (or for Cancel).
    pub busy: bool,
}

#[function_component]
pub fn SeedField(props: &SeedFieldProps) -> Html {
    let on_input = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(seed) = input.value().trim().parse::<u64>() {
                if seed <= MAX_SEED {
                    on_change.emit(seed);
                }
            }
        })
    };
    let value = props.seed.map(|s| s.to_string()).unwrap_or_default();
    html! {
        <div class="seed-field">
            <label for="seed">{ "Seed" }</label>
            <input id="seed" type="number" min="0" inputmode="numeric" value={value} oninput={on_input} />
            <button onclick={props.on_new.reform(|_| ())} disabled={props.busy}>{ "New seed" }</button>
            <button onclick={props.on_action.reform(|_| ())} disabled={props.busy}>
                { props.action_label.clone() }
            </button>
        </div>
    }
}
