//! The landing page: a card for each puzzle.

use crate::puzzles::PUZZLES;
use yew::prelude::*;

/// A small picture for a puzzle's card.
fn thumbnail(name: &str) -> Html {
    match name {
        "hanoi" => html! {
            <svg viewBox="0 0 120 60" aria-hidden="true" class="thumb">
                <rect x="4" y="52" width="112" height="6" rx="2" class="base" />
                <rect x="18" y="10" width="4" height="42" class="peg-rod" />
                <rect x="58" y="10" width="4" height="42" class="peg-rod" />
                <rect x="98" y="10" width="4" height="42" class="peg-rod" />
                <rect x="4" y="44" width="32" height="8" rx="3" fill="hsl(250,70%,55%)" />
                <rect x="8" y="36" width="24" height="8" rx="3" fill="hsl(130,70%,45%)" />
                <rect x="52" y="44" width="16" height="8" rx="3" fill="hsl(10,70%,55%)" />
            </svg>
        },
        "sliding" => html! {
            <svg viewBox="0 0 120 60" aria-hidden="true" class="thumb">
                { for (0..8).map(|i| {
                    let (x, y) = (33 + (i % 3) * 18, 4 + (i / 3) * 18);
                    html! { <rect x={x.to_string()} y={y.to_string()} width="16" height="16" rx="3" fill="#f4e1c1" stroke="#444" /> }
                }) }
            </svg>
        },
        "tiles264" => html! {
            <svg viewBox="0 0 120 60" aria-hidden="true" class="thumb">
                { for (0..16).map(|i| {
                    let (x, y) = (36 + (i % 4) * 12, 6 + (i / 4) * 12);
                    let fill = if i % 3 == 0 { "#d9c6f0" } else { "#f4e1c1" };
                    html! { <rect x={x.to_string()} y={y.to_string()} width="11" height="11" rx="2" fill={fill} stroke="#444" /> }
                }) }
            </svg>
        },
        "queens" => html! {
            <svg viewBox="0 0 120 60" aria-hidden="true" class="thumb">
                { for (0..16).map(|i| {
                    let (x, y) = (36 + (i % 4) * 12, 6 + (i / 4) * 12);
                    let fill = if (i % 4 + i / 4) % 2 == 0 { "#f0d9b5" } else { "#b58863" };
                    html! { <rect x={x.to_string()} y={y.to_string()} width="12" height="12" fill={fill} /> }
                }) }
                { for [(1, 0), (3, 1), (0, 2), (2, 3)].iter().map(|&(c, r)| html! {
                    <circle cx={(42 + c * 12).to_string()} cy={(12 + r * 12).to_string()} r="4" fill="#111" />
                }) }
            </svg>
        },
        "phrase" => html! {
            <svg viewBox="0 0 120 60" aria-hidden="true" class="thumb">
                <text x="60" y="26" text-anchor="middle" font-size="11" fill="currentColor">{ "Nxt aql thdse" }</text>
                <text x="60" y="44" text-anchor="middle" font-size="11" font-weight="700" fill="currentColor">{ "Not all those" }</text>
            </svg>
        },
        _ => html! {},
    }
}

#[function_component]
pub fn Home() -> Html {
    html! {
        <main class="home">
            <h1>{ "Puzzle Lab" }</h1>
            <p class="lead">{ "Classic AI puzzles, played, solved and compared. Every page is a link you can share." }</p>
            <ul class="cards">
                { for PUZZLES.iter().map(|p| html! {
                    <li class="card">
                        <a href={format!("#/{}", p.name)}>
                            { thumbnail(p.name) }
                            <h2>{ p.title }</h2>
                            <p>{ p.summary }</p>
                        </a>
                    </li>
                }) }
            </ul>
        </main>
    }
}
