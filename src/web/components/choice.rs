//! A labelled drop-down: the page gives (value, text) pairs and hears the chosen value.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ChoiceProps {
    pub label: AttrValue,
    /// (value, text shown) for each option.
    pub options: Vec<(AttrValue, AttrValue)>,
    pub selected: AttrValue,
    pub on_change: Callback<String>,
}

#[function_component]
pub fn Choice(props: &ChoiceProps) -> Html {
    let onchange = props.on_change.reform(|e: Event| e.target_unchecked_into::<HtmlSelectElement>().value());
    // A value from a link that no option offers (`shuffle=12`) is shown as it is, never as
    // another option's.
    let unlisted =
        !props.selected.is_empty() && !props.options.iter().any(|(value, _)| *value == props.selected);
    html! {
        <label>{ format!("{} ", props.label) }
            <select aria-label={props.label.clone()} {onchange}>
                if unlisted {
                    <option value={props.selected.clone()} selected=true>{ props.selected.clone() }</option>
                }
                { for props.options.iter().map(|(value, text)| html! {
                    <option value={value.clone()} selected={*value == props.selected}>{ text.clone() }</option>
                }) }
            </select>
        </label>
    }
}

/// Options for whole numbers in a range, shown as themselves.
pub fn number_options(range: std::ops::RangeInclusive<u8>) -> Vec<(AttrValue, AttrValue)> {
    range.map(|n| (AttrValue::from(n.to_string()), AttrValue::from(n.to_string()))).collect()
}
