//! A labelled text, number or multi-line field of a link parameter. An edit the page refuses
//! stays in its field, marked, with the reason under it (the page's one [`Draft`]), so what
//! was typed can be corrected rather than typed again.

use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The last edit the page refused: the field's link key, the text as typed, and why.
#[derive(Clone, PartialEq)]
pub struct Draft {
    pub key: &'static str,
    pub text: String,
    pub why: String,
}

#[derive(Properties, PartialEq)]
pub struct FieldProps {
    pub label: AttrValue,
    /// The parameter's link key, sent with the text.
    pub name: &'static str,
    /// The parameter's value as the page holds it.
    pub value: AttrValue,
    /// "text" or "number"; a multi-line field has `rows` instead.
    #[prop_or(AttrValue::Static("text"))]
    pub kind: AttrValue,
    #[prop_or(AttrValue::Static("any"))]
    pub step: AttrValue,
    #[prop_or_default]
    pub rows: Option<u32>,
    #[prop_or_default]
    pub placeholder: AttrValue,
    #[prop_or_default]
    pub class: Classes,
    pub on_edit: Callback<(&'static str, String)>,
}

#[function_component]
pub fn Field(props: &FieldProps) -> Html {
    let draft = use_context::<Option<Draft>>().flatten().filter(|d| d.key == props.name);
    let name = props.name;
    // Textareas and inputs both expose `value` through this cast's `value()` getter.
    let onchange = props.on_edit.reform(move |e: Event| (name, e.target_unchecked_into::<HtmlInputElement>().value()));
    let value = draft.as_ref().map_or_else(|| props.value.clone(), |d| AttrValue::from(d.text.clone()));
    let invalid = draft.is_some().then_some("true");
    let error_id = format!("{name}-refused");
    let described = draft.is_some().then(|| error_id.clone());
    let label = props.label.clone();
    html! {
        <label class={props.class.clone()}>{ format!("{label} ") }
            if let Some(rows) = props.rows {
                <textarea aria-label={label.clone()} rows={rows.to_string()} spellcheck="false" {value}
                    {onchange} aria-invalid={invalid} aria-describedby={described} />
            } else {
                <input type={props.kind.clone()} step={props.step.clone()} aria-label={label.clone()} {value}
                    placeholder={props.placeholder.clone()} spellcheck="false" {onchange}
                    aria-invalid={invalid} aria-describedby={described} />
            }
            if let Some(draft) = draft {
                <span class="field-error" id={error_id}>{ draft.why }</span>
            }
        </label>
    }
}
