//! The visible, editable seed with a "New seed" button. A seed the link would refuse (`-5`,
//! `1.5`) stays in the field with the reason, as in every [`Field`](super::field::Field).

use super::field::Drafts;
use crate::core::seed::MAX_SEED;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SeedFieldProps {
    pub seed: Option<u64>,
    /// A valid seed typed by the user, as it is typed.
    pub on_change: Callback<u64>,
    /// The text typed once the field is left: the page checks it as it checks a link.
    pub on_edit: Callback<(&'static str, String)>,
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
    let onchange =
        props.on_edit.reform(|e: Event| ("seed", e.target_unchecked_into::<HtmlInputElement>().value()));
    let draft =
        use_context::<Drafts>().and_then(|d| d.draft).filter(|d| d.key == "seed" && !d.why.is_empty());
    let value = match &draft {
        Some(draft) => draft.text.clone(),
        None => props.seed.map(|s| s.to_string()).unwrap_or_default(),
    };
    let invalid = draft.is_some().then_some("true");
    html! {
        <div class="seed-field">
            <label for="seed">{ "Seed" }</label>
            <input id="seed" type="number" min="0" inputmode="numeric" value={value} oninput={on_input} {onchange}
                aria-invalid={invalid} aria-describedby={draft.is_some().then_some("seed-refused")} />
            if let Some(draft) = draft {
                <span class="field-error" id="seed-refused">{ draft.why }</span>
            }
            <button onclick={props.on_new.reform(|_| ())} disabled={props.busy}>{ "New seed" }</button>
            <button onclick={props.on_action.reform(|_| ())} disabled={props.busy}>
                { props.action_label.clone() }
            </button>
        </div>
    }
}
