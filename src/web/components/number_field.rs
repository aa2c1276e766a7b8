//! A labelled number input that reports its text when it changes.

use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NumberFieldProps {
    pub label: AttrValue,
    pub value: AttrValue,
    #[prop_or(AttrValue::Static("any"))]
    pub step: AttrValue,
    pub on_change: Callback<String>,
}

#[function_component]
pub fn NumberField(props: &NumberFieldProps) -> Html {
    let onchange = props.on_change.reform(|e: Event| e.target_unchecked_into::<HtmlInputElement>().value());
    html! {
        <label>{ format!("{} ", props.label) }
            <input type="number" step={props.step.clone()} aria-label={props.label.clone()}
                value={props.value.clone()} {onchange} />
        </label>
    }
}
