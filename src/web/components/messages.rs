//! The page's two announcement regions: results in words (`role="status"`) and problems
//! (`role="alert"`). Screen readers read both; projectors show both in large type.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MessagesProps {
    pub status: AttrValue,
    #[prop_or_default]
    pub alert: Option<AttrValue>,
    #[prop_or_default]
    pub on_dismiss: Callback<()>,
}

#[function_component]
pub fn Messages(props: &MessagesProps) -> Html {
    let dismiss = props.on_dismiss.reform(|_: MouseEvent| ());
    html! {
        <div class="messages">
            <div role="alert" class={classes!("alert", props.alert.is_none().then_some("empty"))}>
                if let Some(alert) = &props.alert {
                    <span>{ alert.clone() }</span>
                    <button class="dismiss" aria-label="Dismiss message" onclick={dismiss}>{ "×" }</button>
                }
            </div>
            <p role="status" aria-live="polite" class="status">{ props.status.clone() }</p>
        </div>
    }
}
