//! The landing page: a card per puzzle, in the registry's order, each with its page's picture.

use super::app::LeavePresentation;
use super::pages;
use crate::core::lesson::EXAMPLES;
use crate::puzzles::PUZZLES;
use yew::prelude::*;

/// The landing page, for the bundles that carry it (`web::app::Bundle`).
pub fn view() -> Html {
    html! { <Landing /> }
}

#[function_component(Landing)]
pub fn landing() -> Html {
    html! {
        <main class="home">
            <div class="stage-top"><h1>{ "Puzzle Lab" }</h1><LeavePresentation /></div>
            <p class="lead">{ "Classic AI puzzles, played, solved and compared. Every page is a link you can share." }</p>
            <p class="lessons">{ "Lessons, live pages in order with what to say: " }
                { for EXAMPLES.iter().map(|(name, title)| html! {
                    <><a href={format!("#/lesson?example={name}")}>{ *title }</a>{ " · " }</>
                }) }
                <a href="#/lesson">{ "write your own" }</a>
                { " · " }<a href={super::release::guide_url()} target="_blank">{ "Teacher's guide" }</a>
            </p>
            <ul class="cards">
                { for PUZZLES.iter().map(|p| html! {
                    <li class="card">
                        <a href={format!("#/{}", p.name)}>
                            { thumbnail(pages::THUMBNAILS.iter().find(|(name, _)| *name == p.name).map_or("", |&(_, picture)| picture)) }
                            <h2>{ p.title }</h2>
                            <p>{ p.summary }</p>
                        </a>
                    </li>
                }) }
            </ul>
        </main>
    }
}

/// A card's picture: the page's own SVG markup (a constant of the app, never user input).
fn thumbnail(markup: &'static str) -> Html {
    let svg = format!(r#"<svg viewBox="0 0 120 60" aria-hidden="true" class="thumb">{markup}</svg>"#);
    Html::from_html_unchecked(AttrValue::from(svg))
}
