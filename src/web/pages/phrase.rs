//! The phrase-guessing page: the article's first genetic algorithm, printing each improvement
//! with its fitness and time, as the article does.

use crate::core::format::format_ms;
use crate::core::job::Improvement;
use crate::core::link::{Link, LinkParams};
use crate::puzzles::phrase::PhraseParams;
use crate::web::browser;
use crate::web::components::messages::Notices;
use crate::web::components::seed_field::SeedField;
use crate::web::session::SolveSession;
use crate::web::solver::{SolverEvent, WORKER_URL};
use gloo_events::EventListener;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PhrasePageProps {
    pub link: Link,
    #[prop_or(AttrValue::Static(WORKER_URL))]
    pub worker_url: AttrValue,
}

pub struct PhrasePage {
    params: PhraseParams,
    session: SolveSession<(), ()>,
    notices: Notices,
    improvements: Vec<Improvement>,
    _keys: EventListener,
}

pub enum Msg {
    Run,
    Cancel,
    Solver(SolverEvent),
    Set(&'static str, String),
    NewSeed,
    Key(KeyboardEvent),
    DismissAlert,
}

impl Component for PhrasePage {
    type Message = Msg;
    type Properties = PhrasePageProps;

    fn create(ctx: &Context<Self>) -> Self {
        let (params, errors) = PhraseParams::from_link(&ctx.props().link);
        let mut notices = Notices::for_link(&errors);
        notices.status = "Run to watch random text turn into the phrase, one kept mutation at a time.".into();
        let page = Self {
            params,
            session: SolveSession::new(&ctx.props().worker_url, ctx.link().callback(Msg::Solver)),
            notices,
            improvements: Vec::new(),
            _keys: browser::on_key(ctx.link().callback(Msg::Key)),
        };
        page.sync_url();
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Run => {
                self.improvements.clear();
                self.session.solve("genetic", &self.params.to_link(), 0);
                self.notices.status = "Evolving…".into();
            }
            Msg::Cancel => self.session.cancel_into(&mut self.notices),
            Msg::Solver(event) => {
                if let Some((report, _)) = self.session.follow(event, &mut self.notices) {
                    self.improvements = report.improvements.clone().unwrap_or_default();
                    self.notices.status = match (report.solved, report.generations) {
                        (true, Some(attempts)) => format!(
                            "Guessed after {attempts} attempts and {} improvements, {}.",
                            self.improvements.len(),
                            format_ms(report.elapsed_ms)
                        ),
                        _ => report.message.unwrap_or_else(|| "Not guessed.".into()),
                    };
                }
            }
            Msg::Set(key, text) => {
                if let Some(params) =
                    self.notices.edit(self.params.to_link(), key, &text, PhraseParams::from_link)
                {
                    self.params = params;
                }
            }
            Msg::NewSeed => self.params.seed = browser::random_seed(),
            Msg::Key(e) => {
                let msg = match e.key().as_str() {
                    "s" if !self.session.is_busy() => Some(Msg::Run),
                    "Escape" if self.session.is_busy() => Some(Msg::Cancel),
                    _ => None,
                };
                return browser::send_shortcut(ctx.link(), &e, msg);
            }
            Msg::DismissAlert => self.notices.alert = None,
        }
        self.sync_url();
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let cb = ctx.link();
        let busy = self.session.is_busy();
        let on_target =
            cb.callback(|e: Event| Msg::Set("target", e.target_unchecked_into::<HtmlInputElement>().value()));
        let rows = self.improvements.iter().map(|i| {
            html! {
                <tr>
                    <td>{ i.genome.as_str().unwrap_or_default() }</td>
                    <td>{ i.fitness }</td>
                    <td>{ i.attempt }</td>
                    <td>{ format_ms(i.elapsed_ms) }</td>
                </tr>
            }
        });
        html! {
            <main class="puzzle-page phrase">
                <h1>{ "Phrase guessing" }</h1>
                <section class="controls" aria-label="Target">
                    <label>{ "Target " }
                        <input aria-label="Target" size="40" value={self.params.target.clone()} onchange={on_target} />
                    </label>
                    <button class="primary" aria-label="Run" disabled={busy} onclick={cb.callback(|_| Msg::Run)}>{ "Run" }</button>
                    <button aria-label="Cancel" disabled={!busy} onclick={cb.callback(|_| Msg::Cancel)}>{ "Cancel" }</button>
                </section>
                <section class="play-bar" aria-label="Seed">
                    <SeedField seed={Some(self.params.seed)} on_change={cb.callback(|seed: u64| Msg::Set("seed", seed.to_string()))}
                        on_new={cb.callback(|_| Msg::NewSeed)} action_label="Run this seed" on_action={cb.callback(|_| Msg::Run)} />
                </section>
                { self.notices.view(cb.callback(|_| Msg::DismissAlert)) }
                { self.session.view_progress() }
                if !self.improvements.is_empty() {
                    <table class="improvements">
                        <caption>{ "Every improvement" }</caption>
                        <thead><tr><th>{ "Best so far" }</th><th>{ "Fitness" }</th><th>{ "Attempt" }</th><th>{ "Time" }</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                }
            </main>
        }
    }
}

impl PhrasePage {
    fn sync_url(&self) {
        browser::replace_hash(&self.params.to_link().to_hash());
    }
}
