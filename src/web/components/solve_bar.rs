//! The buttons every puzzle page has: Solve, Cancel, Compare, Copy link, QR code.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SolveBarProps {
    pub busy: bool,
    pub on_solve: Callback<()>,
    pub on_cancel: Callback<()>,
    pub on_compare: Callback<()>,
    pub on_copy_link: Callback<()>,
    pub on_show_qr: Callback<()>,
}

#[function_component]
pub fn SolveBar(props: &SolveBarProps) -> Html {
    let click = |callback: &Callback<()>| callback.reform(|_: MouseEvent| ());
    html! {
        <>
            <button class="primary" onclick={click(&props.on_solve)} disabled={props.busy}
                aria-label="Solve" title="Solve (s)">{ "Solve" }</button>
            <button onclick={click(&props.on_cancel)} disabled={!props.busy}
                aria-label="Cancel" title="Cancel (Esc)">{ "Cancel" }</button>
            <button onclick={click(&props.on_compare)} disabled={props.busy}
                aria-label="Compare all algorithms" title="Compare (c)">{ "Compare" }</button>
            <button onclick={click(&props.on_copy_link)} aria-label="Copy link">{ "Copy link" }</button>
            <button onclick={click(&props.on_show_qr)} aria-label="Show link as QR code" title="QR code (q)">
                { "QR code" }
            </button>
        </>
    }
}
