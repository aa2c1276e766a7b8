//! The Mastermind page: the computer breaks a secret you choose (or the seed draws), or you
//! break the computer's; each probe shows how it split the codes still possible. A
//! tournament plays a strategy against every secret and draws how many guesses each needed.

use crate::core::choice::Named;
use crate::core::format::{capitalise, count_of, format_count, format_ms};
use crate::core::job::Report;
use crate::core::link::{Link, LinkParams};
use crate::puzzles::mastermind::code::{
    Code, CodeSpace, Score, Variant, MAX_PEGS, MAX_SYMBOLS, MIN_PEGS, MIN_SYMBOLS,
};
use crate::puzzles::mastermind::game::possibilities;
use crate::puzzles::mastermind::strategy::information;
use crate::puzzles::mastermind::{
    merge_tournament, split_of, Algo, Breaker, MastermindParams, Secrets, INFO,
};
use crate::puzzles::PuzzleInfo;
use crate::web::browser;
use crate::web::components::choice::{number_options, Choice};
use crate::web::components::compare_table::Column;
use crate::web::components::messages::Notices;
use crate::web::components::tally::{Marker, TallyBars};
use crate::web::page::{Effect, Guide, PuzzlePage, SeedUse};
use std::cell::RefCell;
use std::rc::Rc;
use crate::web::components::field::Field;
use yew::prelude::*;

/// The fewest guesses on average any strategy needs for classic Mastermind (Koyama & Lai 1993).
const CLASSIC_OPTIMUM: f64 = 5625.0 / 1296.0;
/// Most possible codes listed on request.
const LISTED: usize = 120;

/// Probes made and their scores.
#[derive(Clone, PartialEq, Default)]
pub struct Board {
    pub rows: Vec<(Code, Score)>,
}

/// What the page shows for the last probe: the codes possible before it and how it split them.
#[derive(Clone, PartialEq)]
struct Analysis {
    before: usize,
    parts: [u32; crate::puzzles::mastermind::code::SCORES],
    /// The codes possible after it (all codes before any probe).
    left: Vec<u32>,
}

/// A tournament's outcome as the page shows it.
#[derive(Clone, PartialEq)]
struct Standing {
    algo: Algo,
    histogram: Vec<u64>,
    games: u64,
    average: f64,
}

pub struct MastermindPage {
    params: MastermindParams,
    /// The symbols of the probe being typed.
    entry: Vec<u8>,
    standing: Option<Standing>,
    show_codes: bool,
    revealed: bool,
    /// The variant's codes, built when first needed.
    space: RefCell<Option<Rc<CodeSpace>>>,
    /// The analysis of the last board drawn (boards repeat while playback waits).
    analysis: RefCell<Option<(Board, Rc<Analysis>)>>,
}

pub enum Action {
    Symbol(u8),
    Erase,
    Submit,
    ToggleCodes,
    Reveal,
    /// A preset variant: classic or digits.
    Preset(String),
}

impl MastermindPage {
    fn variant(&self) -> Variant {
        self.params.variant
    }

    fn space(&self) -> Rc<CodeSpace> {
        let mut cached = self.space.borrow_mut();
        match cached.as_ref().filter(|s| s.variant == self.variant()) {
            Some(space) => space.clone(),
            None => cached.insert(Rc::new(CodeSpace::new(self.variant()))).clone(),
        }
    }

    fn secret(&self) -> Code {
        self.params.secret()
    }

    fn score(&self, guess: &Code) -> Score {
        let space = self.space();
        let index = |c: &Code| space.index_of(c).expect("codes of the page's variant");
        space.score(index(guess), index(&self.secret()))
    }

    fn analyse(&self, board: &Board) -> Rc<Analysis> {
        if let Some((seen, analysis)) = self.analysis.borrow().as_ref() {
            if seen == board {
                return analysis.clone();
            }
        }
        let space = self.space();
        let history: Vec<(usize, Score)> =
            board.rows.iter().map(|(c, s)| (space.index_of(c).expect("own variant"), *s)).collect();
        let (earlier, last) = match history.split_last() {
            Some((last, earlier)) => (earlier, Some(*last)),
            None => (&history[..], None),
        };
        let mut left = possibilities(&space, earlier);
        let before = left.len();
        let parts = last
            .map(|(g, _)| space.partition(g, &left))
            .unwrap_or([0; crate::puzzles::mastermind::code::SCORES]);
        if let Some((g, s)) = last {
            space.keep_consistent(&mut left, g, s);
        }
        let analysis = Rc::new(Analysis { before, parts, left });
        *self.analysis.borrow_mut() = Some((board.clone(), analysis.clone()));
        analysis
    }

    /// The probe being typed, in words: "Your probe: 1 1 2, one symbol to go."
    fn entry_said(&self) -> String {
        let v = self.variant();
        let typed: Vec<String> = self.entry.iter().map(|&s| v.symbol_char(s).to_string()).collect();
        let probe = if typed.is_empty() { "empty".to_string() } else { typed.join(" ") };
        match v.pegs - self.entry.len() {
            0 => format!("Your probe: {probe}, complete."),
            1 => format!("Your probe: {probe}, one symbol to go."),
            left => format!("Your probe: {probe}, {left} symbols to go."),
        }
    }

    /// A probe and its score in words: "1122: 1 black, 1 white".
    fn probe_said(&self, guess: &Code, score: Score) -> String {
        format!("{}: {} black, {} white", self.variant().show(guess), score.black(), score.white())
    }

    fn broken(&self, board: &Board) -> bool {
        board.rows.last().is_some_and(|(_, s)| s.black() == self.variant().pegs)
    }

    fn secret_hidden(&self, board: &Board) -> bool {
        self.params.breaker == Breaker::You && !self.revealed && !self.broken(board)
    }

    fn peg(&self, symbol: Option<u8>) -> Html {
        match symbol {
            Some(s) => html! {
                <span class={classes!("peg", format!("c{s}"))}>{ self.variant().symbol_char(s) }</span>
            },
            None => html! { <span class="peg empty"></span> },
        }
    }

    fn code_pegs(&self, code: &Code) -> Html {
        html! {
            <span class="code" role="img" aria-label={self.variant().show(code)}>
                { for code.symbols().iter().map(|&s| self.peg(Some(s))) }
            </span>
        }
    }

    fn key_pegs(score: Score) -> Html {
        let label = format!("{} black, {} white", score.black(), score.white());
        html! {
            <span class="keys" role="img" title={label.clone()} aria-label={label}>
                { for (0..score.black()).map(|_| html! { <span class="key black"></span> }) }
                { for (0..score.white()).map(|_| html! { <span class="key white"></span> }) }
                if score.black() + score.white() == 0 {
                    <span class="key none"></span>
                }
            </span>
        }
    }

    fn view_entry(&self, act: &Callback<Action>) -> Html {
        let v = self.variant();
        let pegs = (0..v.pegs).map(|i| self.peg(self.entry.get(i).copied()));
        let typed: String = self.entry.iter().map(|&s| v.symbol_char(s)).collect();
        let palette = (0..v.symbols as u8).map(|s| {
            html! {
                <button class={classes!("peg", "pick", format!("c{s}"))} onclick={act.reform(move |_| Action::Symbol(s))}
                    aria-label={format!("symbol {}", v.symbol_char(s))}>{ v.symbol_char(s) }</button>
            }
        });
        html! {
            <div class="entry" role="group" aria-label="Your probe">
                <span class="code" role="img" aria-label={format!("your probe so far: {typed}")}>{ for pegs }</span>
                <span class="palette">{ for palette }</span>
                <button onclick={act.reform(|_| Action::Erase)} title="Backspace">{ "Erase" }</button>
                <button onclick={act.reform(|_| Action::Submit)} disabled={self.entry.len() != v.pegs} title="Enter">{ "Probe" }</button>
            </div>
        }
    }

    /// The split of the codes possible before the last probe, as bars by score.
    fn view_split(&self, analysis: &Analysis, last: Score) -> Html {
        let split = split_of(&analysis.parts);
        let largest = split.iter().map(|s| s.count).max().unwrap_or(1).max(1) as f64;
        let bars = split.iter().map(|s| {
            let width = 8.0 * s.count as f64 / largest;
            let this = Score::new(s.score[0], s.score[1]) == last;
            // Heard in words ("2 black, 0 white: 56 codes"), seen as "2b 0w", a bar and a count.
            let heard = format!(
                "{} black, {} white: {}{}",
                s.score[0],
                s.score[1],
                count_of(s.count, "code", "codes"),
                if this { ", the score this probe got" } else { "" }
            );
            html! {
                <li class={classes!(this.then_some("this"))}>
                    <span class="visually-hidden">{ heard }</span>
                    <span class="score-name" aria-hidden="true">{ format!("{}b {}w", s.score[0], s.score[1]) }</span>
                    <span class="bar" style={format!("width: {width:.2}rem")}></span>
                    <span class="n" aria-hidden="true">{ format_count(s.count) }</span>
                </li>
            }
        });
        // A probe that cannot split the codes carries no information: 0, not "-0.00".
        let info = information(&analysis.parts).max(0.0).abs();
        let worst = analysis.parts.iter().copied().max().unwrap_or(0);
        html! {
            <div class="split">
                <p>{ format!("Before this probe {} possible. Its score splits them into {} (bars); the score it got leaves {}.",
                    count_of(analysis.before as u64, "code was", "codes were"), count_of(split.len() as u64, "group", "groups"),
                    format_count(analysis.left.len() as u64)) }</p>
                <ul class="split-bars" aria-label="Possible codes by score">{ for bars }</ul>
                <p>{ format!("Information: {info:.2} bits · worst case: {}", count_of(u64::from(worst), "code left", "codes left")) }</p>
            </div>
        }
    }

    fn view_codes(&self, analysis: &Analysis) -> Html {
        let space = self.space();
        let shown: Vec<String> = analysis.left.iter().take(LISTED).map(|&i| space.show(i as usize)).collect();
        let more = analysis.left.len().saturating_sub(LISTED);
        html! {
            // Its own scrolling box (a long list stays within the board), reached by Tab.
            <p class="possible-codes" tabindex="0" aria-label="The codes still possible">
                { shown.join(" ") }
                if more > 0 { { format!(" … and {} more", format_count(more as u64)) } }
            </p>
        }
    }

    fn view_standing(&self, standing: &Standing) -> Html {
        let mut markers = vec![Marker {
            at: standing.average,
            label: format!("{}: average {:.3}", standing.algo.short_label(), standing.average),
            class: "average",
        }];
        if self.variant() == Variant::CLASSIC && self.params.tournament == Some(Secrets::All) {
            markers.push(Marker {
                at: CLASSIC_OPTIMUM,
                label: format!("best possible {CLASSIC_OPTIMUM:.3}"),
                class: "optimum",
            });
        }
        html! {
            <div class="standing">
                <TallyBars histogram={standing.histogram.clone()} {markers}
                    label={format!("{} secrets broken in 1, 2, 3 … guesses", format_count(standing.games))} />
                if self.variant() == Variant::CLASSIC {
                    <p>{ format!("No strategy can do better than {CLASSIC_OPTIMUM:.3} guesses on average over all 1,296 classic secrets (5,625 in all; Koyama & Lai, 1993).") }</p>
                }
            </div>
        }
    }

    /// A new game of `variant` keeping who breaks, the strategy, the seed and the tournament;
    /// the secret and the probes belong to the old variant.
    fn fresh(&self, variant: Variant) -> MastermindParams {
        let p = &self.params;
        MastermindParams {
            variant,
            breaker: p.breaker,
            algo: p.algo,
            seed: p.seed,
            tournament: p.tournament,
            ..MastermindParams::default()
        }
    }

    fn intro_for_breaker(&self) -> String {
        let v = self.variant();
        let rules = format!(
            "{} pegs, symbols {}{}",
            v.pegs,
            v.symbol_range(),
            if v.repeats { ", repeats allowed" } else { ", no repeats" }
        );
        match self.params.breaker {
            Breaker::You => format!(
                "Break the secret code ({rules}): type a probe (keys {}, Enter) or pick the symbols below. Black = right symbol in the right place, white = right symbol elsewhere.",
                v.symbol_range()
            ),
            Breaker::Computer => format!(
                "The computer breaks the secret {} ({rules}) with the strategy chosen: press Solve, then play its probes back.",
                v.show(&self.secret())
            ),
        }
    }
}

impl PuzzlePage for MastermindPage {
    type Params = MastermindParams;
    type Algo = Algo;
    type State = Board;
    type Move = Code;
    type Action = Action;

    const INFO: &'static PuzzleInfo = &INFO;
    const THUMBNAIL: &'static str = r##"<circle cx="18" cy="22" r="9" fill="#d62728"/><circle cx="40" cy="22" r="9" fill="#1f77b4"/><circle cx="62" cy="22" r="9" fill="#1f77b4"/><circle cx="84" cy="22" r="9" fill="#2ca02c"/><circle cx="40" cy="46" r="5" fill="#111" stroke="#111"/><circle cx="54" cy="46" r="5" fill="#111" stroke="#111"/><circle cx="68" cy="46" r="5" fill="#fff" stroke="#111"/>"##;
    const GUIDE: Guide = Guide {
        steps: "Possible codes: every code at first.\nRepeat: choose a probe by the strategy's rule; score it against the secret;\n  keep only the codes that would have given the same score;\n  stop when the probe was the secret.",
        terms: &[("probe", "a guess at the secret code"), ("black / white", "symbols in the right place / right symbols in the wrong place (the slides' strikes and balls)"), ("possible codes", "codes that would have given every score so far: the secret is one of them"), ("information", "how evenly a probe splits the possible codes by score, in bits: each bit halves them on average"), ("worst case", "the most codes a probe can leave possible (Knuth's rule makes it smallest)"), ("codes scored", "the work: one probe scored against one possible code counts one")],
        source: "R. Hettinger, \"Easy AI with Python\" (PyCon 2009): Mastermind-style games and their four random strategies; D. E. Knuth, \"The computer as master mind\" (1976); best possible average: K. Koyama & T. W. Lai (1993).",
    };
    const COMPARE_COLUMNS: &'static [Column] =
        &[Column::Secrets, Column::AverageProbes, Column::MostProbes, Column::CodesScored, Column::Time];

    fn new(params: MastermindParams) -> Self {
        Self {
            params,
            entry: Vec::new(),
            standing: None,
            show_codes: false,
            revealed: false,
            space: RefCell::new(None),
            analysis: RefCell::new(None),
        }
    }

    fn params(&self) -> &MastermindParams {
        &self.params
    }

    fn params_mut(&mut self) -> &mut MastermindParams {
        &mut self.params
    }

    fn algorithm(&self) -> Algo {
        self.params.algo
    }

    fn intro(&self) -> String {
        if let Some(secrets) = self.params.tournament {
            let how_many = match secrets {
                Secrets::All => format!("all {} secrets", format_count(self.variant().size() as u64)),
                Secrets::Sample(n) => format!("{} secrets drawn with the seed", format_count(n as u64)),
            };
            return format!(
                "Tournament: {} against {how_many}. Press Solve to play every game.",
                self.params.algo.short_label()
            );
        }
        let board = self.position();
        if self.broken(&board) {
            return format!("Broken in {}!", count_of(board.rows.len() as u64, "probe", "probes"));
        }
        if board.rows.is_empty() {
            return self.intro_for_breaker();
        }
        let left = self.analyse(&board).left.len();
        format!(
            "{} still possible after {}. Probe again, or press Solve to let the computer finish.",
            count_of(left as u64, "code is", "codes are"),
            count_of(board.rows.len() as u64, "probe", "probes")
        )
    }

    /// A new variant starts afresh: the secret and the probes belong to the old one. So does
    /// a change of who breaks the code, with a new seed's secret where the seed drew it: the
    /// computer's side shows the secret that yours has to break.
    fn edited_link(&self, key: &str, text: &str) -> Link {
        let link = match key {
            "pegs" | "symbols" | "repeats" => self.fresh(self.params.variant).to_link(),
            "breaker" if self.params.secret.is_none() => {
                MastermindParams { seed: browser::random_seed(), ..self.fresh(self.params.variant) }.to_link()
            }
            _ => self.params.to_link(),
        };
        match text.is_empty() {
            true => link.without(key),
            false => link.set(key, text),
        }
    }

    fn split(&self, link: &Link, workers: usize) -> Option<Vec<Link>> {
        self.params.tournament?;
        let parts = workers.min(crate::puzzles::mastermind::MAX_PARTS);
        Some((1..=parts).map(|part| link.clone().set("part", part).set("parts", parts)).collect())
    }

    fn merge(&self, parts: Vec<Report>) -> Report {
        let first = parts.first().cloned().expect("a split solve has parts");
        // Only a part whose link cannot be read again gives no merge: its words then stand.
        merge_tournament(self.params.algo, &parts).unwrap_or(first)
    }

    fn position(&self) -> Board {
        let rows = self.params.played.iter().map(|c| (*c, self.score(c))).collect();
        Board { rows }
    }

    fn parse_move(&self, text: &str) -> Result<Code, String> {
        self.variant().parse(text)
    }

    fn apply(&self, state: &Board, guess: &Code) -> Result<Board, String> {
        if self.broken(state) {
            return Err("the code is already broken".into());
        }
        let mut next = state.clone();
        next.rows.push((*guess, self.score(guess)));
        Ok(next)
    }

    fn say_move(&self, _: &Board, guess: &Code) -> String {
        format!("probe {}", self.probe_said(guess, self.score(guess)))
    }

    /// The probes so far with their scores, how many codes are still possible, and the probe
    /// being typed, if any.
    fn describe(&self, board: &Board) -> Option<String> {
        let rows: Vec<String> = board.rows.iter().map(|(code, score)| self.probe_said(code, *score)).collect();
        let left = self.analyse(board).left.len();
        let probes = match rows.is_empty() {
            true => format!("No probes yet; {} possible.", count_of(left as u64, "code is", "codes are")),
            false => format!("Probes: {}. {} still possible.", rows.join("; "), count_of(left as u64, "code is", "codes are")),
        };
        Some(match self.entry.is_empty() {
            true => probes,
            false => format!("{probes} {}", self.entry_said()),
        })
    }

    fn played(&self) -> Option<&[Code]> {
        Some(&self.params.played)
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Code>> {
        Some(&mut self.params.played)
    }

    /// Counts what was entered by hand only: a solution shown is the computer's.
    fn move_counter(&self, _moves: usize) -> Option<String> {
        Some(format!("Your probes: {}", self.params.played.len()))
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        Some(&mut self.params.step)
    }

    fn seed(&self) -> Option<SeedUse> {
        Some(SeedUse { seed: Some(self.params.seed), action: "Draw a secret" })
    }

    fn use_seed(&mut self) -> Effect<Code> {
        self.params.secret = None;
        self.params.played.clear();
        self.entry.clear();
        self.revealed = false;
        Effect::NewPuzzle(format!("A new secret drawn with seed {}.", self.params.seed))
    }

    fn view_board(&self, shown: &Board, act: &Callback<Action>, _places: Html) -> Html {
        if self.params.tournament.is_some() {
            return match &self.standing {
                Some(standing) => self.view_standing(standing),
                None => html! { <p class="verdict">{ "The histogram of guesses needed appears here." }</p> },
            };
        }
        let v = self.variant();
        let analysis = self.analyse(shown);
        let rows = shown.rows.iter().enumerate().map(|(i, (code, score))| {
            html! {
                <li>
                    <span class="row-number">{ i + 1 }</span>
                    { self.code_pegs(code) }
                    { Self::key_pegs(*score) }
                </li>
            }
        });
        html! {
            <div class="mastermind">
                <div class="secret-row">
                    <span class="label">{ "Secret" }</span>
                    if self.secret_hidden(shown) {
                        <span class="code hidden" role="img" aria-label="the secret, hidden">{ for (0..v.pegs).map(|_| html! { <span class="peg hidden">{ "?" }</span> }) }</span>
                        <button onclick={act.reform(|_| Action::Reveal)}>{ "Reveal" }</button>
                    } else {
                        { self.code_pegs(&self.secret()) }
                    }
                </div>
                // The probe being made above the probes made: a finger's buttons stay put as
                // rows are added under them.
                if !self.broken(shown) {
                    { self.view_entry(act) }
                }
                <ol class="probes">{ for rows }</ol>
                if let Some((_, last)) = shown.rows.last() {
                    { self.view_split(&analysis, *last) }
                } else {
                    <p>{ format!("{} possible codes.", format_count(analysis.left.len() as u64)) }</p>
                }
                <button class="list-codes" aria-pressed={self.show_codes.to_string()} onclick={act.reform(|_| Action::ToggleCodes)}
                    title="l">{ "List the possible codes" }</button>
                if self.show_codes {
                    { self.view_codes(&analysis) }
                }
            </div>
        }
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, act: &Callback<Action>) -> Html {
        let v = self.variant();
        let set = |key: &'static str| edit.reform(move |text: String| (key, text));
        let preset = match (v.pegs, v.symbols, v.repeats) {
            (4, 6, true) => "classic",
            (4, 10, true) => "digits",
            _ => "",
        };
        let presets = vec![
            (AttrValue::Static("classic"), AttrValue::Static("Classic Mastermind: 4 pegs, 6 colours")),
            (AttrValue::Static("digits"), AttrValue::Static("Hettinger's digits: 4 digits 0–9 (the slides)")),
            (AttrValue::Static(""), AttrValue::Static("(your own rules)")),
        ];
        let breakers: Vec<(AttrValue, AttrValue)> = Breaker::ALL
            .iter()
            .map(|b| (AttrValue::Static(b.name()), AttrValue::Static(b.label())))
            .collect();
        let tournaments = vec![
            (AttrValue::Static(""), AttrValue::Static("One game")),
            (AttrValue::Static("all"), AttrValue::Static("Tournament: every secret")),
            (AttrValue::Static("100"), AttrValue::Static("Tournament: 100 secrets (seeded)")),
            (AttrValue::Static("1000"), AttrValue::Static("Tournament: 1,000 secrets (seeded)")),
        ];
        let tournament = match self.params.tournament {
            None => String::new(),
            Some(Secrets::All) => "all".into(),
            Some(Secrets::Sample(n)) => n.to_string(),
        };
        let secret = self.params.secret.map(|c| v.show(&c)).unwrap_or_default();
        html! {
            <>
                <Choice label="Game" options={presets} selected={preset} on_change={act.reform(Action::Preset)} />
                <Choice label="Pegs" options={number_options(MIN_PEGS as u8..=MAX_PEGS as u8)} selected={v.pegs.to_string()} on_change={set("pegs")} />
                <Choice label="Symbols" options={number_options(MIN_SYMBOLS as u8..=MAX_SYMBOLS as u8)} selected={v.symbols.to_string()} on_change={set("symbols")} />
                <Choice label="Repeats" options={vec![(AttrValue::Static("1"), AttrValue::Static("allowed")), (AttrValue::Static("0"), AttrValue::Static("not allowed"))]}
                    selected={if v.repeats { "1" } else { "0" }} on_change={set("repeats")} />
                <Choice label="Who breaks the code" options={breakers} selected={self.params.breaker.name()} on_change={set("breaker")} />
                if self.params.breaker == Breaker::Computer {
                    <Field class="field" label="Your secret" name="secret" value={secret}
                        placeholder={v.show(&self.secret())} on_edit={edit.clone()} />
                }
                <Choice label="Play" options={tournaments} selected={tournament} on_change={set("tournament")} />
            </>
        }
    }

    fn act(&mut self, action: Action, shown: &Board, notices: &mut Notices) -> Effect<Code> {
        let v = self.variant();
        match action {
            Action::Symbol(s) if self.entry.len() < v.pegs && usize::from(s) < v.symbols => {
                if !v.repeats && self.entry.contains(&s) {
                    notices.alert =
                        Some(format!("{} is already in your probe, and repeats are off.", v.symbol_char(s)));
                } else {
                    self.entry.push(s);
                    notices.said = self.entry_said();
                }
                Effect::Redraw
            }
            Action::Symbol(_) => {
                notices.said = format!("{} The Probe button sends it; Erase takes a symbol back.", self.entry_said());
                Effect::Redraw
            }
            Action::Erase => {
                self.entry.pop();
                notices.said = self.entry_said();
                Effect::Redraw
            }
            Action::Submit => {
                let text: String = self.entry.iter().map(|&s| v.symbol_char(s)).collect();
                match v.parse(&text) {
                    Ok(code) if !self.broken(shown) => {
                        self.entry.clear();
                        Effect::Play(code)
                    }
                    Ok(_) => Effect::Redraw,
                    Err(why) => {
                        notices.alert = Some(format!("Not a probe yet: {why}."));
                        Effect::Redraw
                    }
                }
            }
            Action::ToggleCodes => {
                self.show_codes = !self.show_codes;
                notices.said =
                    if self.show_codes { "The possible codes listed." } else { "The possible codes' list closed." }.into();
                Effect::Redraw
            }
            Action::Reveal => {
                self.revealed = true;
                Effect::Redraw
            }
            Action::Preset(name) => {
                let variant = match name.as_str() {
                    "classic" => Variant::CLASSIC,
                    "digits" => Variant::DIGITS,
                    _ => return Effect::Redraw,
                };
                self.params = self.fresh(variant);
                self.entry.clear();
                Effect::NewPuzzle(format!(
                    "{}.",
                    if variant == Variant::CLASSIC { "Classic Mastermind" } else { "Hettinger's digits" }
                ))
            }
        }
    }

    fn key(&self, key: &str) -> Option<Action> {
        let v = self.variant();
        match key {
            "Enter" => Some(Action::Submit),
            "Backspace" => Some(Action::Erase),
            "l" => Some(Action::ToggleCodes),
            _ => {
                let c = key.chars().next().filter(|_| key.chars().count() == 1)?;
                (0..v.symbols as u8).find(|&s| v.symbol_char(s) == c).map(Action::Symbol)
            }
        }
    }

    fn on_report(&mut self, report: &Report, notices: &mut Notices) {
        let said = report.message.clone().unwrap_or_default();
        notices.status = format!(
            "{} ({}, {} codes scored).",
            capitalise(&said),
            format_ms(report.elapsed_ms),
            format_count(report.expanded)
        );
        if let (Some(histogram), Some(average), Some(games)) =
            (&report.histogram, report.average, report.count)
        {
            self.standing =
                Some(Standing { algo: self.params.algo, histogram: histogram.clone(), games, average });
        }
    }

    fn clear_results(&mut self) {
        self.standing = None;
    }
}
