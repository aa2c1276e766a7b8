//! The landing page: a card for each puzzle, in registry order.

use crate::puzzles::PUZZLES;
use crate::web::pages;
use yew::prelude::*;

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
                            { pages::find(p.name).map_or_else(Html::default, |page| (page.thumbnail)()) }
                            <h2>{ p.title }</h2>
                            <p>{ p.summary }</p>
                        </a>
                    </li>
                }) }
            </ul>
        </main>
    }
}
