//! A labelled text, number or multi-line field of a link parameter. What is being typed is the
//! page's one [`Draft`], so a redraw meanwhile keeps it; an edit the page refuses stays in its
//! field, marked, with the reason under it, to be corrected rather than typed again.

use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The text of a field being typed or refused: its link key, the text, and why the page
/// refused it (empty while it is being typed).
#[derive(Clone, PartialEq)]
pub struct Draft {
    pub key: &'static str,
    pub text: String,
    pub why: String,
}

/// What the page gives its fields: the draft, and where typing goes.
#[derive(Clone, PartialEq)]
pub struct Drafts {
    pub draft: Option<Draft>,
    pub typing: Callback<(&'static str, String)>,
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
    let drafts = use_context::<Drafts>();
    let draft = drafts.as_ref().and_then(|d| d.draft.clone()).filter(|d| d.key == props.name);
    let name = props.name;
    // Textareas and inputs both expose `value` through this cast's `value()` getter.
    let text = |e: Event| e.target_unchecked_into::<HtmlInputElement>().value();
    let onchange = props.on_edit.reform(move |e: Event| (name, text(e)));
    let oninput = drafts.map(|d| d.typing.reform(move |e: InputEvent| (name, text(e.into()))));
    let value = draft.as_ref().map_or_else(|| props.value.clone(), |d| AttrValue::from(d.text.clone()));
    let refused = draft.filter(|d| !d.why.is_empty());
    let invalid = refused.is_some().then_some("true");
    let error_id = format!("{name}-refused");
    let described = refused.is_some().then(|| error_id.clone());
    let label = props.label.clone();
    html! {
        <label class={props.class.clone()}>{ format!("{label} ") }
            if let Some(rows) = props.rows {
                <textarea aria-label={label.clone()} rows={rows.to_string()} spellcheck="false" {value}
                    {onchange} {oninput} aria-invalid={invalid} aria-describedby={described} />
            } else {
                <input type={props.kind.clone()} step={props.step.clone()} aria-label={label.clone()} {value}
                    placeholder={props.placeholder.clone()} spellcheck="false" {onchange} {oninput}
                    aria-invalid={invalid} aria-describedby={described} />
            }
            if let Some(refused) = refused {
                <span class="field-error" id={error_id}>{ refused.why }</span>
            }
        </label>
    }
}
