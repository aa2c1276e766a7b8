//! The page's announcement regions: results in words (`role="status"`) and problems
//! (`role="alert"`), which projectors show in large type, and, for screen readers only, what
//! just happened on the board (a move, an undo, a playback step, the board read aloud).

use crate::core::link::{describe_errors, Link, LinkError};
use yew::prelude::*;

/// What a page is saying: the status sentence and, when something went wrong, an alert.
#[derive(Default)]
pub struct Notices {
    pub status: String,
    pub alert: Option<String>,
    /// What just happened on the board, in words; heard, not shown.
    pub said: String,
}

impl Notices {
    /// A page's first notices: an alert when its link had problems.
    pub fn for_link(errors: &[LinkError], moved: &[String]) -> Self {
        let alert = if !errors.is_empty() {
            Some(format!(
                "Some of this link could not be used, defaults were taken instead: {}.",
                describe_errors(errors)
            ))
        } else {
            said_moved(moved)
        };
        Self { status: String::new(), alert, said: String::new() }
    }

    /// Reads the link an edit in the page leads to (so the page accepts exactly what links
    /// accept, numbers out of range moved to the nearest allowed value): the new parameters,
    /// or `None` with an alert naming what was wrong.
    pub fn edit<P>(
        &mut self,
        edited: &Link,
        read: impl Fn(&Link) -> (P, Vec<LinkError>, Vec<String>),
    ) -> Option<P> {
        let (params, errors, moved) = read(edited);
        match errors.first() {
            Some(error) => {
                self.alert = Some(format!("Not changed: {error}."));
                None
            }
            None => {
                self.alert = said_moved(&moved);
                Some(params)
            }
        }
    }

    pub fn view(&self, on_dismiss: Callback<()>) -> Html {
        html! {
            <Messages status={self.status.clone()} alert={self.alert.clone().map(AttrValue::from)}
                said={self.said.clone()} {on_dismiss} />
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct MessagesProps {
    pub status: AttrValue,
    #[prop_or_default]
    pub alert: Option<AttrValue>,
    #[prop_or_default]
    pub said: AttrValue,
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
            <p aria-live="polite" class="said visually-hidden">{ props.said.clone() }</p>
        </div>
    }
}

/// The alert for numbers moved into their allowed range, if any were.
fn said_moved(moved: &[String]) -> Option<String> {
    (!moved.is_empty()).then(|| format!("Out of range: {}.", moved.join("; ")))
}
