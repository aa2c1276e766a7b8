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
    /// How many alerts and sentences actions by hand have given: each is drawn anew, so that
    /// a screen reader says it again when the same words come twice ("No move to undo.").
    alert_round: u32,
    said_round: u32,
    /// The status names the place just pressed ("Picked peg A: …"): its name is not said too.
    status_names_the_place: bool,
}

/// What an action by hand found in the notices, to tell what it said from what it left.
pub struct Before {
    alert: Option<String>,
    said: String,
}

/// The alert's place holder while an action runs: still there after it, the action gave none.
const UNTOUCHED: &str = "\u{0}untouched";

impl Notices {
    /// A place picked or put back: the status says so (naming it), and the page does not say
    /// the place's name over it.
    pub fn tell_pick(&mut self, sentence: String) {
        self.status = sentence;
        self.status_names_the_place = true;
    }

    /// Whether the last action's status named the place pressed (see [`Notices::tell_pick`]).
    pub fn take_status_names_the_place(&mut self) -> bool {
        std::mem::take(&mut self.status_names_the_place)
    }

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
        Self {
            status: String::new(),
            alert,
            said: String::new(),
            alert_round: 0,
            said_round: 0,
            status_names_the_place: false,
        }
    }

    /// Before an action by hand: its alert and sentence will be told from those it leaves.
    pub fn begin_action(&mut self) -> Before {
        Before { alert: self.alert.replace(UNTOUCHED.into()), said: std::mem::take(&mut self.said) }
    }

    /// Whether the action under way gave an alert (a refusal, which speaks for itself).
    pub fn alerted(&self) -> bool {
        self.alert.as_deref().is_some_and(|alert| alert != UNTOUCHED)
    }

    /// After it: an alert or a sentence it gave is counted (drawn anew), one it did not give
    /// is the one before.
    pub fn end_action(&mut self, before: Before) {
        match self.alert.as_deref() {
            Some(UNTOUCHED) => self.alert = before.alert,
            Some(_) => self.alert_round += 1,
            None => {}
        }
        match self.said.is_empty() {
            true => self.said = before.said,
            false => self.said_round += 1,
        }
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
                said={self.said.clone()} alert_round={self.alert_round} said_round={self.said_round} {on_dismiss} />
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
    /// The alert's and the sentence's counts: a new count draws them anew (said again).
    #[prop_or_default]
    pub alert_round: u32,
    #[prop_or_default]
    pub said_round: u32,
    #[prop_or_default]
    pub on_dismiss: Callback<()>,
}

#[function_component]
pub fn Messages(props: &MessagesProps) -> Html {
    let dismiss = props.on_dismiss.reform(|_: MouseEvent| ());
    let empty = props.alert.is_none().then_some("empty");
    html! {
        <div class="messages">
            // The dismiss button beside the alert, not in it: a screen reader says the words alone.
            <div class={classes!("alert", empty)}>
                <p role="alert" class={classes!("alert-words", empty)}>
                    if let Some(alert) = &props.alert {
                        <span key={props.alert_round.to_string()} data-round={props.alert_round.to_string()}>{ alert.clone() }</span>
                    }
                </p>
                if props.alert.is_some() {
                    <button class="dismiss" aria-label="Dismiss message" onclick={dismiss}>{ "×" }</button>
                }
            </div>
            <p role="status" aria-live="polite" class="status">{ props.status.clone() }</p>
            <p aria-live="polite" class="said visually-hidden">
                <span key={props.said_round.to_string()} data-round={props.said_round.to_string()}>{ props.said.clone() }</span>
            </p>
        </div>
    }
}

/// The alert for numbers moved into their allowed range, if any were.
fn said_moved(moved: &[String]) -> Option<String> {
    (!moved.is_empty()).then(|| format!("Out of range: {}.", moved.join("; ")))
}
