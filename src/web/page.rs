//! The generic puzzle page (Tatham's mid-end, carried over): one component owns everything
//! that is the same on every page — link sync, the settings panel, Solve / Cancel / Compare /
//! Copy link, the seed, progress, status and alert, playback, hand play with undo, the chart
//! of a genetic run, the comparison table, the common keys and the projector layout. A puzzle
//! supplies only its own parts through [`PuzzlePage`].

use crate::core::choice::Named;
use crate::core::job::{ChartPoint, Report};
use crate::core::keys::{self, Command, Mode};
use crate::core::link::{
    opens_on_a_view, playback_value, read_leniently, Link, LinkAsk, LinkError, LinkParams, SearchAsk,
    EMBED_KEY, SPEED_KEY, STEP_KEY,
};
use crate::core::places::Place;
use crate::core::playback::{DEFAULT_SPEED_LEVEL, SPEEDS_MS};
use crate::puzzles::PuzzleInfo;
use crate::web::app::LeavePresentation;
use crate::web::browser;
use crate::web::components::chart::{Chart, Series};
use crate::web::components::choice::Choice;
use crate::web::components::compare_table::{Column, SEARCH_COLUMNS};
use crate::web::components::field::{Draft, Drafts};
use crate::web::components::messages::Notices;
use crate::web::components::places::{Places, Pressed};
use crate::web::components::playback_controls::PlaybackAction;
use crate::web::components::seed_field::SeedField;
use crate::web::components::solve_bar::SolveBar;
use crate::web::keymap::{self, DialogKeys};
use crate::web::lesson_host;
use crate::web::release;
use crate::web::search_view::{SearchMsg, SearchView};
use crate::web::session::{Finished, Shelved, SolveSession};
use crate::web::solver::{SolverClient, SolverEvent};
use gloo_events::EventListener;
use std::any::Any;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What a page's own action asks of the shell.
pub enum Effect<M> {
    /// Only the page's own view changed.
    Redraw,
    /// A move made by hand on the position shown.
    Play(M),
    /// A different puzzle (new position or size): the solution and comparison are forgotten;
    /// the sentence goes to the status line.
    NewPuzzle(String),
    /// Start solving with the chosen algorithm.
    Solve,
}

/// How a page uses the seed field: the seed shown and what its action button does.
pub struct SeedUse {
    pub seed: Option<u64>,
    /// The button that uses the seed ("Shuffle", "Run this seed").
    pub action: &'static str,
}

/// What a puzzle supplies to the generic page (Tatham's `struct game`).
pub trait PuzzlePage: Sized + 'static {
    /// The puzzle's link parameters (its `params` module in `src/puzzles/`).
    type Params: LinkParams + Clone + PartialEq;
    /// The algorithms its links may name (`algo=`).
    type Algo: Named;
    /// A position drawn on the board and replayed in solutions (`()` when there is none).
    type State: Clone + PartialEq + 'static;
    type Move: Clone + 'static;
    /// The page's own interactions (clicks on its board, its own buttons and keys).
    type Action: 'static;

    /// Its registry entry: name in links, title, summary.
    const INFO: &'static PuzzleInfo;
    /// Its picture on the landing page's card: SVG markup in a 120 × 60 view box.
    const THUMBNAIL: &'static str;
    /// Its solutions export as animated GIFs (drawn by the worker: `puzzles::export_gif`).
    const EXPORTS_GIF: bool = false;
    /// Its solvers build tables the browser keeps between visits (`saved_tables`): only such a
    /// page reads them from storage and hands them to its workers.
    const KEEPS_TABLES: bool = false;
    /// Its searches can be stepped through in the Search view (`view=search`).
    const SEARCH_VIEW: bool = false;
    /// The columns its comparison table shows.
    const COMPARE_COLUMNS: &'static [Column] = SEARCH_COLUMNS;
    /// Its "How it works" panel and Source line.
    const GUIDE: Guide;

    fn new(params: Self::Params) -> Self;
    fn params(&self) -> &Self::Params;
    fn params_mut(&mut self) -> &mut Self::Params;
    fn algorithm(&self) -> Self::Algo;

    /// The status sentence while nothing is running: what to do, or how play stands.
    fn intro(&self) -> String;

    /// The link an edit of `key` leads to. By default the current link with `key` set; a
    /// page overrides it where a new value invalidates others (a new size drops the board).
    fn edited_link(&self, key: &str, text: &str) -> Link {
        self.params().to_link().set(key, text)
    }

    /// The link of a solve of what is shown with `algo` (no playback step; no `algo` for a
    /// puzzle with one method).
    fn solve_link(&self, algo: Self::Algo) -> Link {
        let mut link = self.params().to_link();
        if Self::Algo::ALL.len() > 1 {
            link = link.set("algo", algo.name());
        }
        link.without("step")
    }

    /// The runs of a comparison: (row label, link). By default every algorithm that can run;
    /// a page may add variants (each guessing rule of a constraint solver).
    fn compare_runs(&self) -> Vec<(&'static str, Link)> {
        Self::Algo::ALL
            .iter()
            .filter(|&&a| self.refusal(a).is_none())
            .map(|&a| (a.label(), self.solve_link(a)))
            .collect()
    }

    /// The steps a finished run plays back instead of its `moves`: a genetic run's
    /// improvements, each new best as JSON (its `Move` reads them back).
    fn replay_moves(&self, report: &Report) -> Option<Vec<String>> {
        improvements_as_moves(report)
    }

    /// Whether a finished run's steps record how it went (a net's cycles) rather than moves to
    /// make from the start: it opens at its end, as it finished, as a replayed run does.
    fn opens_at_its_end(&self) -> bool {
        false
    }

    /// Whether a link opening the page asks for a solve at once (it names something only a
    /// solve shows, as one solution of several); a playback step always does.
    fn solves_on_open(&self) -> bool {
        false
    }

    /// Why `algo` cannot run on what is shown, if it cannot (an unsolvable board…).
    fn refusal(&self, _algo: Self::Algo) -> Option<String> {
        None
    }

    /// The position in play, where a solution starts.
    fn position(&self) -> Self::State;
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    fn apply(&self, state: &Self::State, mv: &Self::Move) -> Result<Self::State, String>;

    /// Moves played by hand from the start, for puzzles played move by move (undo, restart
    /// and taking over a solution part-way come with it).
    fn played(&self) -> Option<&[Self::Move]> {
        None
    }

    /// What `u` and `r` answer on a page not played move by move.
    fn not_played_move_by_move(&self) -> &'static str {
        NOT_PLAYED_MOVE_BY_MOVE
    }

    fn played_mut(&mut self) -> Option<&mut Vec<Self::Move>> {
        None
    }

    /// The line beside Undo / Restart; `moves` counts those played by hand and, while a
    /// solution is shown, its steps up to the one on the board.
    fn move_counter(&self, moves: usize) -> Option<String> {
        self.played().map(|_| format!("Moves: {moves}"))
    }

    /// The playback step kept in the link, for puzzles whose solutions play back.
    fn step_mut(&mut self) -> Option<&mut usize> {
        None
    }

    /// The seed field, for puzzles with something random.
    fn seed(&self) -> Option<SeedUse> {
        None
    }

    /// What the seed field's action button does with the seed in the params.
    fn use_seed(&mut self) -> Effect<Self::Move> {
        Effect::Solve
    }

    /// The board: a pure function of the position shown. `places` is the layer of
    /// [`PuzzlePage::places`], drawn last inside the board's SVG so that it lies on top.
    fn view_board(&self, shown: &Self::State, act: &Callback<Self::Action>, places: Html) -> Html;

    /// The places of the board shown a player acts on, each with what pressing it does (by
    /// key, tap or click alike: `components::places`). Their names, read in order, are the
    /// whole board in words.
    fn places(&self, _shown: &Self::State) -> Vec<(Place, Self::Action)> {
        Vec::new()
    }

    /// A pointer pressed on one place and let go on another presses both, from no pick
    /// (Hanoi's discs).
    const PLACES_DRAG: bool = false;
    /// Forgets the place picked, if any (a drag starts from none).
    fn drop_pick(&mut self) {}
    /// The place where the piece `mv` moves from `before` lands, if a press on one place moves
    /// it (a marble, a tile): a keyboard's focus goes with the piece.
    fn landing(&self, _before: &Self::State, _mv: &Self::Move) -> Option<usize> {
        None
    }
    /// The focus reaching a place presses it (a Sudoku cell is selected as the arrows reach it).
    const FOCUS_PRESSES: bool = false;
    /// A solution's last move says itself that the goal is reached (Sudoku's "Solved: …"), so
    /// the shared step sentence adds nothing to it.
    const LAST_MOVE_SAYS_SOLVED: bool = false;

    /// What a tap on a board without places (a result shown whole) answers, if anything.
    fn result_tapped(&self) -> Option<&'static str> {
        None
    }

    /// What `r` does on a page not played move by move, if anything (queens: an empty board).
    fn restart_action(&self) -> Option<Self::Action> {
        None
    }

    /// The board in words, for a board without places (`b` reads it).
    fn describe(&self, _shown: &Self::State) -> Option<String> {
        None
    }

    /// A move in words, for screen readers ("tile 7 slides left"): said after each move by
    /// hand and each step of a solution.
    fn say_move(&self, _before: &Self::State, _mv: &Self::Move) -> String {
        String::new()
    }

    /// Settings of its own, beside the algorithm choice; `edit` sends (link key, text).
    fn view_params(&self, _edit: &Callback<(&'static str, String)>, _act: &Callback<Self::Action>) -> Html {
        html! {}
    }

    /// Results of its own below the board (lists, tables, histograms).
    fn view_report(&self, _act: &Callback<Self::Action>) -> Html {
        html! {}
    }

    /// Axis labels of a genetic run's chart: (x, y).
    fn chart_labels(&self) -> (&'static str, &'static str) {
        ("generation", "fitness")
    }

    fn act(&mut self, action: Self::Action, shown: &Self::State, notices: &mut Notices)
        -> Effect<Self::Move>;

    /// The page's own action for one of its own keys (`INFO.keys`), on its page; `None` when
    /// the key has nothing to do now (the shell says so).
    fn key(&self, _key: &str) -> Option<Self::Action> {
        None
    }

    /// A finished solve: the page takes what is its own from the report; the shell has
    /// already put the summary in the status line.
    fn on_report(&mut self, _report: &Report, _notices: &mut Notices) {}

    /// The link of a puzzle the page waits for, made in the worker (`puzzles::make_puzzle`):
    /// a generated Sudoku, whose making takes too long for the page.
    fn wanted_puzzle(&self) -> Option<Link> {
        None
    }

    /// The puzzle made for `link`, written out; the status line may say what it is.
    fn take_puzzle(&mut self, _link: &Link, _made: &str, _notices: &mut Notices) {}

    /// The best genome a running genetic algorithm reports, in the puzzle's terms.
    fn on_genome(&mut self, _genome: &serde_json::Value) {}

    /// Forgets results of its own (a new solve starts or the puzzle changed).
    fn clear_results(&mut self) {}

    /// Splits a solve of `link` into parts for `workers` workers, when it can be shared.
    fn split(&self, _link: &Link, _workers: usize) -> Option<Vec<Link>> {
        None
    }

    /// Puts the parts' reports of a split solve back together.
    fn merge(&self, parts: Vec<Report>) -> Report {
        parts.into_iter().next().expect("a split solve has parts")
    }
}

/// A genetic run's improvements, each new best as JSON: the steps its page plays back.
#[inline(never)]
fn improvements_as_moves(report: &Report) -> Option<Vec<String>> {
    let improvements = report.improvements.as_ref()?;
    Some(improvements.iter().map(|i| i.genome.to_string()).collect())
}

/// The board's places drawn over it (compiled once, not once per puzzle).
#[inline(never)]
fn places_layer(places: Vec<Place>, press: &Callback<Pressed>, drags: bool, press_on_focus: bool) -> Html {
    html! { <Places {places} on_press={press.clone()} {drags} {press_on_focus} /> }
}

/// The board in words: its places' names, else the page's own description.
#[inline(never)]
fn board_in_words(names: Vec<String>, describe: impl FnOnce() -> Option<String>) -> String {
    match (names.is_empty(), describe()) {
        (false, _) => format!("{}.", names.join("; ")),
        (true, Some(words)) => words,
        (true, None) => "This page has no board to read: its results are under the board.".into(),
    }
}

/// A move by hand said: "Move 3: tile 7 slides left."
#[inline(never)]
fn move_said(count: usize, words: &str) -> String {
    match (count, words.is_empty()) {
        (0, _) => format!("{words}."),
        (n, true) => format!("Move {n}."),
        (n, false) => format!("Move {n}: {words}."),
    }
}

/// `report` with other moves to play back (compiled once, not once per puzzle).
#[inline(never)]
fn with_moves(report: &Report, moves: Vec<String>) -> Report {
    Report { length: moves.len(), moves, ..report.clone() }
}

/// The `PuzzlePage` items of a puzzle that is not played move by move (genetic runs,
/// counts): no position, no moves.
#[macro_export]
macro_rules! without_moves {
    () => {
        type State = ();
        type Move = ();

        fn position(&self) {}

        fn parse_move(&self, text: &str) -> Result<(), String> {
            Err(format!("'{text}': this puzzle has no moves to play"))
        }

        fn apply(&self, _: &(), _: &()) -> Result<(), String> {
            Ok(())
        }
    };
}

/// A puzzle page's own value (a position, a move, an action) with its type erased: the
/// shell handles them without knowing their types, so it is compiled once for every puzzle.
pub type Erased = Box<dyn Any>;

/// Makes the page's puzzle from a link: the puzzle and the problems found reading the link.
pub type MakePuzzle = fn(&Link) -> (Box<dyn AnyPuzzle>, Vec<LinkError>, Vec<String>);

#[derive(Properties)]
pub struct PageProps {
    pub link: Link,
    /// The puzzle of the page ([`erase`] of its [`PuzzlePage`]).
    pub puzzle: MakePuzzle,
    /// Where the solver worker's script is (tests serve it from elsewhere).
    #[prop_or_else(this_release_worker)]
    pub worker_url: AttrValue,
}

fn this_release_worker() -> AttrValue {
    AttrValue::from(release::worker_url())
}

impl PartialEq for PageProps {
    fn eq(&self, other: &Self) -> bool {
        self.link == other.link
            && self.worker_url == other.worker_url
            && std::ptr::fn_addr_eq(self.puzzle, other.puzzle)
    }
}

/// What the shell does the same way for every puzzle (not generic, so the shell's layout is
/// compiled once, not once per puzzle).
pub enum Shell {
    Solve,
    Cancel,
    Compare,
    CopyLink,
    /// Shows the page's link as a QR code, or hides it.
    ShowQr,
    /// Copies the QR sheet's embed code.
    CopyEmbedCode,
    DismissAlert,
    Playback(PlaybackAction),
    /// A parameter edited in the page: its link key and the text entered.
    Edit(&'static str, String),
    /// A field being typed in: its link key and the text so far.
    Typing(&'static str, String),
    SetSeed(u64),
    NewSeed,
    UseSeed,
    Undo,
    Restart,
    ExportGif,
    /// Adds the page's link as the last step of the lesson being written.
    AddToLesson,
    ForgetTables,
    /// Opens or closes the Search view.
    ToggleSearch,
    /// Says the whole board, place by place (`b`).
    ReadBoard,
    /// A solved row of the comparison was picked: show that algorithm's solution.
    PickCompared(usize),
}

pub enum Msg {
    Shell(Shell),
    Solver(SolverEvent),
    /// An event from one worker of a solve shared between several.
    Part(usize, SolverEvent),
    Tick,
    Key(KeyboardEvent),
    Puzzle(Erased),
    /// A puzzle's own key (its name) and the action it stands for.
    OwnKey(String, Erased),
    /// A place of the board pressed (by key, tap or click): its index.
    Press(Pressed),
    Search(SearchMsg),
    /// An answer of the worker that makes the page's puzzle.
    Maker(SolverEvent),
    /// An answer of the worker that draws the page's link as a QR code.
    Qr(SolverEvent),
    /// A key or a press with nothing to do now: the sentence saying why.
    Unavailable(String),
    /// The window turned into an upright phone's or out of it: a board drawn for it is redrawn.
    Turned,
}

/// A [`PuzzlePage`] as the shell sees it: the same parts, with the puzzle's own types erased
/// (only the adapter [`Typed`] is compiled once per puzzle; the shell once in all).
pub trait AnyPuzzle {
    fn info(&self) -> &'static PuzzleInfo;
    /// Why its solver records no trace for `link` (a trace the command line gives, if not).
    fn trace_refusal(&self, link: &Link) -> Option<String>;
    fn exports_gif(&self) -> bool;
    fn keeps_tables(&self) -> bool;
    fn compare_columns(&self) -> &'static [Column];
    fn shows_search(&self) -> bool;
    fn solves_on_open(&self) -> bool;
    fn guide(&self) -> &'static Guide;
    /// (link name, label) of each algorithm.
    fn algorithms(&self) -> Vec<(&'static str, &'static str)>;
    fn algorithm(&self) -> (&'static str, &'static str);
    fn link(&self) -> Link;
    fn intro(&self) -> String;
    /// The link of a solve with the algorithm named `algo`, or why it cannot run.
    fn solve_link(&self, algo: &str) -> Result<Link, String>;
    fn compare_runs(&self) -> Vec<(&'static str, Link)>;
    fn played(&self) -> Option<usize>;
    fn not_played_move_by_move(&self) -> &'static str;
    /// The counter beside Undo / Restart, with the solution shown at `solution_step`.
    fn move_counter(&self, solution_step: usize) -> Option<String>;
    fn step_mut(&mut self) -> Option<&mut usize>;
    fn seed(&self) -> Option<SeedUse>;
    fn use_seed(&mut self) -> Effect<Erased>;
    /// The board, its places pressed through `press`.
    fn view_board(&self, session: &SolveSession, act: &Callback<Erased>, press: &Callback<Pressed>) -> Html;
    /// What pressing place `place` of the board shown does.
    fn press(&self, place: usize, session: &SolveSession) -> Option<Erased>;
    /// The names of the board's places.
    fn place_names(&self, session: &SolveSession) -> Vec<String>;

    fn drop_pick(&mut self);
    /// The whole board in words: its places' names, or the page's own description.
    fn read_board(&self, session: &SolveSession) -> String;
    /// The move into the solution's step on the board, in words ("tile 7 slides left").
    fn say_step(&self, session: &SolveSession) -> Option<String>;

    /// A board without places (a result) in words, which its focusable board carries.
    fn board_in_words(&self, session: &SolveSession) -> Option<String>;
    fn result_tapped(&self) -> Option<&'static str>;
    fn restart_action(&self) -> Option<Erased>;
    fn view_params(&self, edit: &Callback<(&'static str, String)>, act: &Callback<Erased>) -> Html;
    fn view_report(&self, act: &Callback<Erased>) -> Html;
    fn chart_labels(&self) -> (&'static str, &'static str);
    fn act(&mut self, action: Erased, session: &SolveSession, notices: &mut Notices) -> Effect<Erased>;
    fn key(&self, key: &str) -> Option<Erased>;
    fn on_genome(&mut self, genome: &serde_json::Value);
    fn clear_results(&mut self);
    fn split(&self, link: &Link, workers: usize) -> Option<Vec<Link>>;
    fn merge(&self, parts: Vec<Report>) -> Report;
    /// Shows a finished solve: its solution replayed through the puzzle's rules, and what the
    /// page takes from the report.
    /// `seek_to` is the step a link asked for; without one a replayed run shows its end.
    fn show(
        &mut self,
        session: &mut SolveSession,
        report: &Report,
        seek_to: Option<usize>,
        notices: &mut Notices,
    );
    /// Applies an edit of `key` through the link codec; `None` when refused (and said why),
    /// else whether the puzzle itself changed (not only a setting such as the seed).
    fn edit(&mut self, key: &str, text: &str, notices: &mut Notices) -> Option<EditOutcome>;
    /// A move by hand on the position shown (a solution shown is taken over to its step).
    /// The move is said in `notices.said`; the place its piece lands on is returned.
    fn play(&mut self, session: &mut SolveSession, mv: Erased, notices: &mut Notices) -> Option<usize>;
    /// Takes back the last move by hand; the move taken back in words.
    fn undo(&mut self, session: &mut SolveSession) -> String;
    fn restart(&mut self);
    /// Takes the parameters of `link` (a comparison's run); false if it cannot be read.
    fn adopt(&mut self, link: &Link) -> bool;
    fn wanted_puzzle(&self) -> Option<Link>;
    fn take_puzzle(&mut self, link: &Link, made: &str, notices: &mut Notices);
}

/// What an accepted edit changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditOutcome {
    Nothing,
    /// Only the seed (the puzzle shown is the same).
    Seed,
    /// A setting of the same puzzle (the solution shown no longer applies).
    Setting,
    /// A different puzzle.
    Puzzle,
}

/// The adapter from a puzzle's [`PuzzlePage`] to [`AnyPuzzle`].
pub struct Typed<P>(P);

fn typed<T: 'static>(value: Erased) -> T {
    *value.downcast::<T>().expect("a page receives only its own values")
}

fn erase_effect<M: 'static>(effect: Effect<M>) -> Effect<Erased> {
    match effect {
        Effect::Redraw => Effect::Redraw,
        Effect::Play(mv) => Effect::Play(Box::new(mv)),
        Effect::NewPuzzle(said) => Effect::NewPuzzle(said),
        Effect::Solve => Effect::Solve,
    }
}

impl<P: PuzzlePage> Typed<P> {
    fn shown(&self, session: &SolveSession) -> P::State {
        // The moves played by hand are replayed only when no solution is on the board.
        session.solution_state::<P::State, P::Move>().cloned().unwrap_or_else(|| self.0.position())
    }

    fn algo(name: &str) -> Option<P::Algo> {
        P::Algo::from_name(name)
    }
}

impl<P: PuzzlePage> AnyPuzzle for Typed<P> {
    fn info(&self) -> &'static PuzzleInfo {
        P::INFO
    }

    fn trace_refusal(&self, link: &Link) -> Option<String> {
        // Its puzzle's `work`, found as the program is compiled: a page's bundle carries no other.
        let work = const { crate::puzzles::work_named(P::INFO.name) };
        crate::puzzles::trace_refusal_of(work?(link), link)
    }

    fn exports_gif(&self) -> bool {
        P::EXPORTS_GIF
    }

    fn keeps_tables(&self) -> bool {
        P::KEEPS_TABLES
    }

    fn compare_columns(&self) -> &'static [Column] {
        P::COMPARE_COLUMNS
    }

    fn shows_search(&self) -> bool {
        P::SEARCH_VIEW
    }

    fn solves_on_open(&self) -> bool {
        self.0.solves_on_open()
    }

    fn guide(&self) -> &'static Guide {
        &P::GUIDE
    }

    fn algorithms(&self) -> Vec<(&'static str, &'static str)> {
        P::Algo::ALL.iter().map(|a| (a.name(), a.label())).collect()
    }

    fn algorithm(&self) -> (&'static str, &'static str) {
        let algo = self.0.algorithm();
        (algo.name(), algo.label())
    }

    fn link(&self) -> Link {
        self.0.params().to_link()
    }

    fn intro(&self) -> String {
        let intro = self.0.intro();
        if browser::coarse_pointer() {
            crate::core::format::for_touch(&intro)
        } else {
            intro
        }
    }

    fn solve_link(&self, algo: &str) -> Result<Link, String> {
        let algo = Self::algo(algo).ok_or_else(|| format!("'{algo}' is not an algorithm of this page"))?;
        match self.0.refusal(algo) {
            Some(why) => Err(why),
            None => Ok(self.0.solve_link(algo)),
        }
    }

    fn compare_runs(&self) -> Vec<(&'static str, Link)> {
        self.0.compare_runs()
    }

    fn not_played_move_by_move(&self) -> &'static str {
        self.0.not_played_move_by_move()
    }

    fn played(&self) -> Option<usize> {
        self.0.played().map(<[P::Move]>::len)
    }

    fn move_counter(&self, solution_step: usize) -> Option<String> {
        self.0.move_counter(self.0.played().map_or(0, <[P::Move]>::len) + solution_step)
    }

    fn step_mut(&mut self) -> Option<&mut usize> {
        self.0.step_mut()
    }

    fn seed(&self) -> Option<SeedUse> {
        self.0.seed()
    }

    fn use_seed(&mut self) -> Effect<Erased> {
        erase_effect(self.0.use_seed())
    }

    fn view_board(&self, session: &SolveSession, act: &Callback<Erased>, press: &Callback<Pressed>) -> Html {
        let act = act.reform(|action: P::Action| Box::new(action) as Erased);
        let shown = self.shown(session);
        let places: Vec<Place> = self.0.places(&shown).into_iter().map(|(place, _)| place).collect();
        self.0.view_board(&shown, &act, places_layer(places, press, P::PLACES_DRAG, P::FOCUS_PRESSES))
    }

    fn press(&self, place: usize, session: &SolveSession) -> Option<Erased> {
        let (_, action) = self.0.places(&self.shown(session)).into_iter().nth(place)?;
        Some(Box::new(action))
    }

    fn drop_pick(&mut self) {
        self.0.drop_pick()
    }

    fn place_names(&self, session: &SolveSession) -> Vec<String> {
        self.0.places(&self.shown(session)).into_iter().map(|(place, _)| place.name).collect()
    }

    fn read_board(&self, session: &SolveSession) -> String {
        let shown = self.shown(session);
        let names: Vec<String> = self.0.places(&shown).into_iter().map(|(place, _)| place.name).collect();
        board_in_words(names, || self.0.describe(&shown))
    }

    /// The move into the step shown in words, or, on a page whose steps are not moves said
    /// (a genetic run's improvements, a net's cycles), its board in words.
    fn say_step(&self, session: &SolveSession) -> Option<String> {
        let said =
            session.move_into_step::<P::State, P::Move>().map(|(before, mv)| self.0.say_move(before, mv));
        // A solution's last move reaches the goal: said so, as a last move by hand is.
        let reaches_goal = self.0.played().is_some() && session.step() == session.solution_len();
        let said = said.map(|words| match reaches_goal && !words.is_empty() && !P::LAST_MOVE_SAYS_SOLVED {
            true => format!("{}; solved: the goal is reached", words.trim_end_matches('.')),
            false => words,
        });
        said.filter(|words| !words.is_empty()).or_else(|| self.0.describe(&self.shown(session)))
    }

    fn board_in_words(&self, session: &SolveSession) -> Option<String> {
        let shown = self.shown(session);
        self.0.places(&shown).is_empty().then(|| self.0.describe(&shown)).flatten()
    }

    fn result_tapped(&self) -> Option<&'static str> {
        self.0.result_tapped()
    }

    fn restart_action(&self) -> Option<Erased> {
        self.0.restart_action().map(|action| Box::new(action) as Erased)
    }

    fn view_params(&self, edit: &Callback<(&'static str, String)>, act: &Callback<Erased>) -> Html {
        self.0.view_params(edit, &act.reform(|action: P::Action| Box::new(action) as Erased))
    }

    fn view_report(&self, act: &Callback<Erased>) -> Html {
        self.0.view_report(&act.reform(|action: P::Action| Box::new(action) as Erased))
    }

    fn chart_labels(&self) -> (&'static str, &'static str) {
        self.0.chart_labels()
    }

    fn act(&mut self, action: Erased, session: &SolveSession, notices: &mut Notices) -> Effect<Erased> {
        let shown = self.shown(session);
        erase_effect(self.0.act(typed(action), &shown, notices))
    }

    fn key(&self, key: &str) -> Option<Erased> {
        self.0.key(key).map(|action| Box::new(action) as Erased)
    }

    fn on_genome(&mut self, genome: &serde_json::Value) {
        self.0.on_genome(genome)
    }

    fn clear_results(&mut self) {
        self.0.clear_results()
    }

    fn split(&self, link: &Link, workers: usize) -> Option<Vec<Link>> {
        self.0.split(link, workers)
    }

    fn merge(&self, parts: Vec<Report>) -> Report {
        self.0.merge(parts)
    }

    fn show(
        &mut self,
        session: &mut SolveSession,
        report: &Report,
        seek_to: Option<usize>,
        notices: &mut Notices,
    ) {
        let page = &self.0;
        let replayed = page.replay_moves(report).map(|moves| with_moves(report, moves));
        // A replayed run is shown at its end, as it finished; Play replays it from the start.
        let at_end = replayed.is_some() || page.opens_at_its_end();
        let seek_to = seek_to.unwrap_or(if at_end { usize::MAX } else { 0 });
        session.show_report(
            replayed.as_ref().unwrap_or(report),
            seek_to,
            page.position(),
            |text| page.parse_move(text),
            |state, mv| page.apply(state, mv),
            notices,
        );
        if let Some(genome) = &report.solution {
            self.0.on_genome(genome);
        }
        self.0.on_report(report, notices);
    }

    fn edit(&mut self, key: &str, text: &str, notices: &mut Notices) -> Option<EditOutcome> {
        let link = self.0.edited_link(key, text);
        let params = notices.edit(&link, read_leniently::<P::Params>)?;
        if params == *self.0.params() {
            return Some(EditOutcome::Nothing);
        }
        let algo = self.0.algorithm();
        let same_puzzle = self.0.solve_link(algo) == P::new(params.clone()).solve_link(algo);
        *self.0.params_mut() = params;
        Some(match (same_puzzle, key) {
            (true, "seed") => EditOutcome::Seed,
            (true, _) => EditOutcome::Setting,
            (false, _) => EditOutcome::Puzzle,
        })
    }

    fn play(&mut self, session: &mut SolveSession, mv: Erased, notices: &mut Notices) -> Option<usize> {
        let mv: P::Move = typed(mv);
        let shown = self.shown(session);
        if let Err(why) = self.0.apply(&shown, &mv) {
            notices.alert = Some(format!("That move is not allowed: {why}."));
            // The pick went with the move tried: the status no longer says what was picked.
            notices.status = AnyPuzzle::intro(self);
            return None;
        }
        let words = self.0.say_move(&shown, &mv);
        let landing = self.0.landing(&shown, &mv);
        let taken = session.take_moves::<P::State, P::Move>();
        if let Some(played) = self.0.played_mut() {
            played.extend(taken);
            played.push(mv);
        }
        notices.alert = None;
        notices.status = AnyPuzzle::intro(self);
        notices.said = move_said(self.0.played().map_or(0, <[P::Move]>::len), &words);
        landing
    }

    fn undo(&mut self, session: &mut SolveSession) -> String {
        let taken = session.take_moves::<P::State, P::Move>();
        let undone = self.0.played_mut().and_then(|played| {
            played.extend(taken);
            played.pop()
        });
        // The position shown is now the one the move was made from.
        undone.map(|mv| self.0.say_move(&self.shown(session), &mv)).unwrap_or_default()
    }

    fn restart(&mut self) {
        if let Some(played) = self.0.played_mut() {
            played.clear();
        }
    }

    fn wanted_puzzle(&self) -> Option<Link> {
        self.0.wanted_puzzle()
    }

    fn take_puzzle(&mut self, link: &Link, made: &str, notices: &mut Notices) {
        self.0.take_puzzle(link, made, notices);
    }

    fn adopt(&mut self, link: &Link) -> bool {
        let (params, errors) = P::Params::from_link(link);
        if errors.is_empty() {
            *self.0.params_mut() = params;
        }
        errors.is_empty()
    }
}

/// The page's puzzle `P` behind the shell's [`AnyPuzzle`], read from a link.
pub fn erase<P: PuzzlePage>(link: &Link) -> (Box<dyn AnyPuzzle>, Vec<LinkError>, Vec<String>) {
    let (params, errors, moved) = read_leniently::<P::Params>(link);
    (Box::new(Typed(P::new(params))), errors, moved)
}

const PLAY_BUTTON: &str = ".playback-bar button[aria-label='Play']:not([disabled])";
/// A playback button that can still step.
const PLAYBACK_STEP: &str = ".playback-bar button:not([disabled])";
/// A step button of the Search view (or a race) that can still step.
const SEARCH_STEP: &str = ".search-steps button:not([disabled])";
/// The page's status line, above its board.
const STATUS: &str = "main.puzzle-page p.status";
/// The note under a board on the step shown.
const STEP_NOTE: &str = "main.puzzle-page .step-note";
const COMPARE_TABLE: &str = "table.compare";
const COMPARE_FIRST_ROW: &str = "table.compare tbody tr";

pub struct Page {
    puzzle: Box<dyn AnyPuzzle>,
    session: SolveSession,
    notices: Notices,
    /// Where the keyboard focus goes once the page is drawn: Play when a solution just
    /// arrived (so Space plays it), the table's first row when a comparison finished.
    focus_next: Option<&'static str>,
    /// Whether something had the focus when the last message came: if the page's redraw took
    /// it away (a result replacing the places, Play gone after `r`), the board takes it.
    had_focus: bool,
    /// On a phone, the status (with the answer under it) to bring into view once drawn: the
    /// answer's board or chart may have moved it away from where Solve left it.
    reveal_status: bool,
    /// On a phone, the place just tapped, kept in sight above what the tap opened (a Sudoku
    /// cell's digit pad).
    reveal_tapped: Option<usize>,
    /// The place a piece just moved by hand landed on (`PuzzlePage::landing`).
    follow_piece: Option<usize>,
    /// The puzzle's opening words as last put in the status (`show_intro`).
    intro_shown: String,
    /// What a field holds while it is typed in or after it was refused.
    draft: Option<Draft>,
    /// The Search view, when open.
    search: Option<SearchView>,
    /// A worker of its own that makes the puzzle the page waits for (a generated Sudoku), and
    /// the link it is making; a solve asked for meanwhile (with its step) waits for it.
    maker: Option<SolverClient>,
    making: Option<Link>,
    solve_when_made: Option<Option<usize>>,
    /// The search last closed and the moment it showed, to reopen it there.
    closed_search: Option<(Link, u32)>,
    /// The solution the page showed when the Search view opened, with its status, shown
    /// again when the view closes on the same search.
    shelved: Option<(Shelved, String)>,
    /// The page's link as a QR code, while shown, and the worker that draws it.
    qr: Option<QrView>,
    qr_drawer: Option<SolverClient>,
    /// While the QR code is shown, the keys are its own.
    qr_keys: Option<DialogKeys>,
    /// The QR sheet's embed code was copied (its button says so).
    embed_copied: bool,
    /// A row of the comparison was picked: its solve plays once it arrives.
    play_when_solved: bool,
    /// Busy, holding a solution, showing the search: while these stay, the status (and the
    /// step's note) keeps the room it has taken (`browser::hold_height`), and what lies under
    /// it stays put.
    status_phase: Option<(bool, bool, bool)>,
    /// The address as this page last wrote or found it. Changed by anyone else (a link just
    /// followed, whose `hashchange` has yet to come), it is not this page's to write over.
    address: String,
    /// `embed=1`: the page is inside another one, and the link it writes says so.
    embedded: bool,
    /// Embedded on a race or a Search view: the frame shows that view and keeps it (closing it
    /// would leave the course page's frame with no way back).
    frame_keeps_view: bool,
    _keys: EventListener,
    _turns: Option<EventListener>,
}

/// The QR code of the page's link (`q`): being drawn, drawn, or why it cannot be.
enum QrView {
    Drawing,
    /// The code with its link written under it, as the worker drew them.
    Drawn(String),
    Refused(String),
}

impl Component for Page {
    type Message = Msg;
    type Properties = PageProps;

    fn create(ctx: &Context<Self>) -> Self {
        let (puzzle, errors, moved) = (ctx.props().puzzle)(&ctx.props().link);
        let session = SolveSession::new(
            &ctx.props().worker_url,
            puzzle.keeps_tables(),
            ctx.link().callback(Msg::Solver),
        );
        let mut page = Self {
            session,
            notices: Notices::for_link(&errors, &moved),
            puzzle,
            focus_next: None,
            had_focus: false,
            reveal_status: false,
            reveal_tapped: None,
            follow_piece: None,
            intro_shown: String::new(),
            draft: None,
            search: None,
            maker: None,
            making: None,
            solve_when_made: None,
            closed_search: None,
            shelved: None,
            qr: None,
            qr_drawer: None,
            qr_keys: None,
            embed_copied: false,
            play_when_solved: false,
            status_phase: None,
            address: browser::current_hash(),
            embedded: browser::embedded(),
            frame_keeps_view: browser::embedded() && opens_on_a_view(&ctx.props().link),
            _keys: browser::on_key(ctx.link().callback(Msg::Key)),
            _turns: browser::on_upright_change(ctx.link().callback(|_| Msg::Turned)),
        };
        page.show_intro();
        // The app's files have all arrived (it runs): the solver's may now use the network, and
        // come while the board is drawn and looked at.
        if !browser::saves_data() {
            page.session.load_solver();
        }
        if let Ok(Some(level)) = playback_value(&ctx.props().link, SPEED_KEY) {
            page.session.set_speed_level(level);
        }
        if let Err(why) = page.puzzle.solve_link(page.puzzle.algorithm().0) {
            page.notices.alert.get_or_insert(why);
        }
        // A shared link of a solution (`step`, even 0): solve again and show that step.
        let asked_step = ctx.props().link.get(STEP_KEY).map(|_| match page.puzzle.step_mut() {
            Some(kept) => *kept,
            None => playback_value(&ctx.props().link, STEP_KEY).ok().flatten().unwrap_or(0),
        });
        // The keys' reader of `puzzlelab link` and `solve`; a race's lanes the worker checks
        // before the race runs. A trace is the command line's, refused here as there.
        let link = &ctx.props().link;
        let refusal = |ask: LinkAsk| match ask.trace.then(|| page.puzzle.trace_refusal(link)) {
            Some(Some(why)) => Err(why),
            _ => Ok(ask.view),
        };
        match LinkAsk::read(link).and_then(refusal) {
            Ok(Some(ask)) if page.puzzle.shows_search() || !ask.race.is_empty() => page.open_search(ctx, ask),
            Ok(Some(_)) => page.notices.alert = Some("view: this page has no search to show".into()),
            Ok(None) => {}
            Err(why) => page.notices.alert = Some(why),
        }
        page.make_wanted_puzzle(ctx);
        if page.search.is_none() && (asked_step.is_some() || page.puzzle.solves_on_open()) {
            page.start_solve(ctx, asked_step);
        }
        page.sync_url();
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Self::Message) -> bool {
        self.had_focus = browser::focused().is_some();
        // What an action by hand says is said even when its words repeat.
        if !matches!(
            msg,
            Msg::Shell(_) | Msg::Puzzle(_) | Msg::OwnKey(..) | Msg::Press(_) | Msg::Unavailable(_)
        ) {
            return self.handle(ctx, msg);
        }
        let before = self.notices.begin_action();
        let redraw = self.handle(ctx, msg);
        self.notices.end_action(before);
        redraw
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first_render: bool) {
        keymap::publish(self.key_mode());
        let phase = (self.session.is_busy(), self.session.has_solution(), self.search.is_some());
        let afresh = self.status_phase.replace(phase) != Some(phase);
        browser::hold_height(STATUS, afresh);
        // A step's one-line note after a two-line one leaves its room: the playback under it stays.
        browser::hold_height(STEP_NOTE, afresh);
        if !browser::coarse_pointer() {
            // Keys stepping a solution or playing a board (a page zoomed in): the button or
            // place they focus stays in sight as the board grows (Mastermind's rows) or a
            // refusal's alert comes above it, not below the window.
            browser::reveal(".playback-bar :focus-visible, .board :focus-visible");
        }
        if self.search.as_mut().is_some_and(SearchView::take_focus) {
            browser::focus(".predict-verdict", true);
        }
        if self.search.as_mut().is_some_and(SearchView::take_show_top) {
            browser::scroll_box_to_top(".search-figures");
        } else if self.search.as_mut().is_some_and(SearchView::take_new_frame) {
            // "Watch the frontier": the row taken next is on screen, whatever the box's height.
            browser::reveal_in_box(".search-figures", "tr.next");
        }
        if let Some(selector) = self.focus_next.take() {
            // After a solve the status line above the board stays where it is; a keyboard's
            // focus out of sight (a page zoomed in) is brought in, scrolling as little as shows
            // it (a phone shows the status instead, below).
            browser::focus(selector, selector != PLAY_BUTTON);
            if !browser::coarse_pointer() {
                // The answer's status first, where both fit (the page may have been scrolled
                // down to a Sudoku cell picked before Solve).
                if selector == PLAY_BUTTON {
                    browser::reveal(STATUS);
                }
                browser::reveal(selector);
            }
        }
        // The focus lost (a step button disabled at its end, Mastermind's Probe once used, a
        // place drawn anew): to the steps still possible beside it, or to the board, not to
        // the page.
        if std::mem::take(&mut self.had_focus) && browser::focus_lost(Some("main")) {
            let searching = self.search.is_some()
                && (browser::focused().is_none() || browser::focused_in(".search-steps"));
            let next = if browser::focused_in(".playback-bar") {
                PLAYBACK_STEP
            } else if searching {
                SEARCH_STEP
            } else {
                BOARD
            };
            let _ = browser::focus(next, false) || browser::focus(BOARD, false);
        }
        // A piece moved by a key on its place: the focus goes with it (not on a phone, where
        // the finger stays where it tapped).
        if let Some(place) = self.follow_piece.take().filter(|_| !browser::coarse_pointer()) {
            if browser::focused_in(".board .place") {
                browser::focus(&format!(".board .place[data-place='{place}']"), false);
            }
        }
        if let Some(place) = self.reveal_tapped.take() {
            browser::reveal_if_covered(&format!(".board .place[data-place='{place}']"));
        }
        if std::mem::take(&mut self.reveal_status) {
            browser::reveal(STATUS);
            // A phone held sideways: a long answer's status can push Play just below the screen.
            if self.session.has_solution() {
                browser::reveal(PLAY_BUTTON);
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let shell = ctx.link().callback(Msg::Shell);
        let act = ctx.link().callback(Msg::Puzzle);
        let edit = shell.reform(|(key, text): (&'static str, String)| Shell::Edit(key, text));
        let history = self.session.history();
        let (x_label, y_label) = self.puzzle.chart_labels();
        let info = self.puzzle.info();
        let parts = ShellParts {
            name: info.name,
            title: info.title,
            busy: self.session.is_busy(),
            comparing: self.session.shows_comparison(),
            algorithms: self.puzzle.algorithms(),
            algorithm: self.puzzle.algorithm().0,
            own_settings: self.puzzle.view_params(&edit, &act),
            drafts: Drafts {
                draft: self.draft.clone(),
                typing: shell.reform(|(key, text)| Shell::Typing(key, text)),
            },
            seed: self.puzzle.seed(),
            // While the search is shown the board holds its nodes, not moves played.
            move_counter: self
                .puzzle
                .played()
                .filter(|_| self.search.is_none())
                .and_then(|_| self.puzzle.move_counter(self.session.step())),
            // Not while a solution plays: Undo would take it over mid-animation.
            can_undo: (self.puzzle.played().is_some_and(|n| n > 0) || self.session.step() > 0)
                && !self.session.is_playing(),
            table_bytes: self.session.table_bytes(),
            notices: self.notices.view(shell.reform(|_| Shell::DismissAlert)),
            progress: self.session.view_progress(),
            board_words: self.search.is_none().then(|| self.puzzle.board_in_words(&self.session)).flatten(),
            // A click on the board's own controls (Previous, Next) is theirs.
            result_tapped: self.puzzle.result_tapped().map(|why| {
                let why = for_this_pointer(why);
                ctx.link().batch_callback(move |e: MouseEvent| {
                    (!browser::clicked_a_control(&e)).then(|| Msg::Unavailable(why.clone()))
                })
            }),
            board: match &self.search {
                Some(search) if search.draws_board() => html! {},
                // A view shows the board, it is not played: a press says how to play.
                Some(search) => {
                    let why = shown_not_played(!search.race().is_empty(), self.way_back_to_the_page(true));
                    let refuse = ctx.link().callback(move |_| Msg::Unavailable(why.clone()));
                    self.puzzle.view_board(
                        &self.session,
                        &refuse.reform(|_: Erased| ()),
                        &refuse.reform(|_: Pressed| ()),
                    )
                }
                None => self.puzzle.view_board(&self.session, &act, &ctx.link().callback(Msg::Press)),
            },
            search: self.search.as_ref().map(|search| search.view(&ctx.link().callback(Msg::Search))),
            board_in_view: self.search.as_ref().is_some_and(|s| s.draws_board() || s.predicting()),
            racing: self.racing(),
            embedded: self.embedded,
            closes_view: !self.frame_keeps_view,
            // A frame, with no algorithm menu, offers the Search view only for an algorithm it shows.
            can_search: self.puzzle.shows_search() && !(self.embedded && self.unsearched().is_some()),
            // A line needs two samples: a run over in a blink has no chart.
            chart: (history.len() >= 2).then(|| {
                html! { <Chart series={chart_series(history)} x_label={x_label} y_label={y_label} /> }
            }),
            playback: self.session.view_playback(shell.reform(Shell::Playback)),
            gif: self.puzzle.exports_gif() && self.session.has_solution(),
            report: self.puzzle.view_report(&act),
            guide: self.puzzle.guide(),
            compare: self
                .session
                .view_compare(self.puzzle.compare_columns(), shell.reform(Shell::PickCompared)),
        };
        html! {
            <>
                { shell_view(parts, &shell) }
                if let Some(qr) = &self.qr {
                    { qr_view(qr, &self.embed_code(), self.embed_copied, &shell) }
                }
            </>
        }
    }
}

/// The page's link as a QR code over the page, big enough to scan from the back of a room,
/// with the link written under it and the way back.
/// Under it, the `<iframe>` code that shows the page inside a course page (`embed=1`).
fn qr_view(qr: &QrView, embed_code: &str, copied: bool, shell: &Callback<Shell>) -> Html {
    let shown = match qr {
        QrView::Drawing => html! { <p>{ "Drawing the QR code…" }</p> },
        QrView::Drawn(markup) => Html::from_html_unchecked(AttrValue::from(markup.clone())),
        QrView::Refused(why) => html! { <p role="alert">{ why }</p> },
    };
    html! {
        <div class="qr-overlay" role="dialog" aria-modal="true" aria-label="This page's link as a QR code">
            { shown }
            <button class="qr-close" onclick={shell.reform(|_| Shell::ShowQr)}>{ "Back to the page (q or Esc)" }</button>
            <section class="embed-code" aria-label="Embed this page">
                <h2>{ "Embed this page" }</h2>
                <p>{ "Paste this code into a course page or a slide: it shows this page there, at this step." }</p>
                <textarea readonly=true rows="5" aria-label="The embed code" value={embed_code.to_string()} />
                <button onclick={shell.reform(|_| Shell::CopyEmbedCode)}>
                    { if copied { "Copied: paste it into the course page" } else { "Copy the embed code" } }
                </button>
            </section>
        </div>
    }
}

/// The address as it stands (in a lesson, the lesson's) without `embed=1`: the full page.
fn full_page_address() -> String {
    let address = browser::current_url();
    match Link::parse(&address) {
        Ok(link) => format!("{}{}", crate::core::embed::base_of(&address), link.without(EMBED_KEY).to_hash()),
        Err(_) => address,
    }
}

/// "Open in Puzzle Lab" on an embedded page opens the full page as it stands when clicked (its
/// link changes as the student plays, after the link was drawn), in a new tab.
fn point_at_the_full_page(event: MouseEvent) {
    // Yew listens at the root: the anchor is the event's target or holds it.
    let anchor = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.closest("a").ok().flatten())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(anchor) = anchor {
        anchor.set_href(&full_page_address());
    }
}

/// Everything the shell lays out, gathered by the page from its puzzle and its session.
struct ShellParts {
    name: &'static str,
    title: &'static str,
    busy: bool,
    /// A comparison is shown instead of a solution (presentation mode shows it in the board's place).
    comparing: bool,
    /// (link name, label) of each algorithm.
    algorithms: Vec<(&'static str, &'static str)>,
    algorithm: &'static str,
    own_settings: Html,
    /// The fields' draft, and where their typing goes.
    drafts: Drafts,
    seed: Option<SeedUse>,
    /// Moves played by hand, for puzzles played move by move.
    move_counter: Option<String>,
    can_undo: bool,
    table_bytes: u64,
    notices: Html,
    progress: Html,
    board: Html,
    /// A result's board (no places to tab to) in words: it takes the focus by Tab, named so.
    board_words: Option<String>,
    /// What a tap on that result answers (a page whose board is played otherwise says how).
    result_tapped: Option<Callback<MouseEvent>>,
    /// The Search view, when open (it takes the playback's place).
    search: Option<Html>,
    /// The Search view draws the board itself (constraint solvers).
    board_in_view: bool,
    /// The view shown is a race (its button says so).
    racing: bool,
    /// Inside another page (`embed=1`): a link to the full page.
    embedded: bool,
    /// The view shown may be closed (not in a frame that keeps it).
    closes_view: bool,
    can_search: bool,
    chart: Option<Html>,
    playback: Html,
    gif: bool,
    report: Html,
    compare: Html,
    guide: &'static Guide,
}

/// What a page tells students about its method, under the results: the method in a few lines
/// of plain pseudo-code and what its numbers mean (a panel, collapsed at first), and where it
/// comes from.
pub struct Guide {
    pub steps: &'static str,
    /// (term, meaning) of the numbers the page shows.
    pub terms: &'static [(&'static str, &'static str)],
    pub source: &'static str,
}

impl Guide {
    fn view(&self) -> Html {
        html! {
            <>
                <details class="how-it-works">
                    <summary>{ "How it works" }</summary>
                    <pre class="steps">{ self.steps }</pre>
                    if !self.terms.is_empty() {
                        <dl class="definitions">
                            { for self.terms.iter().map(|(term, meaning)| html! { <><dt>{ *term }</dt><dd>{ *meaning }</dd></> }) }
                        </dl>
                    }
                    <p>
                        { "For teachers: putting this page on the projector, the Search view, races and lessons in the " }
                        <a href={crate::web::release::guide_url()} target="_blank">{ "Teacher's guide" }</a>{ "." }
                    </p>
                </details>
                <p class="source">{ format!("Source: {}", self.source) }</p>
            </>
        }
    }
}

/// A touch on the page puts away a refusal floating over it (on a phone).
fn put_alert_away(shell: &Callback<Shell>) -> Callback<PointerEvent> {
    let shell = shell.clone();
    Callback::from(move |e: PointerEvent| {
        if browser::touched_beside_floating_alert(&e) {
            shell.emit(Shell::DismissAlert);
        }
    })
}

/// The layout every puzzle page shares: settings panel, stage (status, progress, board,
/// chart, playback) and results.
fn shell_view(parts: ShellParts, shell: &Callback<Shell>) -> Html {
    let send = |msg: fn() -> Shell| shell.reform(move |_: MouseEvent| msg());
    let algo_options: Vec<(AttrValue, AttrValue)> = parts
        .algorithms
        .iter()
        .map(|&(name, label)| (AttrValue::from(name), AttrValue::from(label)))
        .collect();
    html! {
        <main class={classes!("puzzle-page", parts.name, parts.comparing.then_some("comparing"),
            parts.search.is_some().then_some("searching"), parts.board_in_view.then_some("board-in-view"),
            (!parts.closes_view).then_some("keeps-view"))} onpointerdown={put_alert_away(shell)}>
            <aside class="panel" aria-label="Settings">
                <h1>{ parts.title }</h1>
                <div class="solve-bar">
                    <SolveBar busy={parts.busy} on_solve={shell.reform(|_| Shell::Solve)}
                        on_cancel={shell.reform(|_| Shell::Cancel)} on_compare={shell.reform(|_| Shell::Compare)}
                        on_copy_link={shell.reform(|_| Shell::CopyLink)}
                        on_show_qr={shell.reform(|_| Shell::ShowQr)} />
                    <button class="add-to-lesson" onclick={send(|| Shell::AddToLesson)}
                        title="Add this page, as it is now, to the lesson you are writing">{ "Add to lesson" }</button>
                    if parts.embedded {
                        <a class="open-full" href={full_page_address()} target="_blank" rel="noopener"
                            onclick={Callback::from(point_at_the_full_page)}>{ "Open in Puzzle Lab ↗" }</a>
                    }
                </div>
                if parts.racing {
                    // The lanes name the algorithms: the menu's single one would not be true.
                    <p class="racing-note">{ "Algorithms: the race's lanes, each named on its lane. \"Close the race\" goes back to one algorithm." }</p>
                } else if algo_options.len() > 1 {
                    <Choice label="Algorithm" options={algo_options} selected={parts.algorithm}
                        on_change={shell.reform(|v: String| Shell::Edit("algo", v))} />
                }
                <ContextProvider<Drafts> context={parts.drafts}>
                    { parts.own_settings }
                    if let Some(seed) = parts.seed {
                        <SeedField seed={seed.seed} on_change={shell.reform(Shell::SetSeed)}
                            on_edit={shell.reform(|(key, text)| Shell::Edit(key, text))}
                            on_new={shell.reform(|_| Shell::NewSeed)} action_label={seed.action}
                            on_action={shell.reform(|_| Shell::UseSeed)} busy={parts.busy} />
                    }
                </ContextProvider<Drafts>>
                if let Some(counter) = parts.move_counter {
                    <div class="play-bar" role="group" aria-label="Your moves">
                        <span class="move-counter">{ counter }</span>
                        <button onclick={send(|| Shell::Undo)} title="Undo (u)" disabled={!parts.can_undo}>{ "Undo" }</button>
                        <button onclick={send(|| Shell::Restart)} title="Restart (r)">{ "Restart" }</button>
                    </div>
                }
                if parts.table_bytes > 0 {
                    <p class="saved-tables">
                        { format!("This browser keeps {} of tables (pattern databases), so solves start at once. ",
                            format_bytes(parts.table_bytes)) }
                        <button onclick={send(|| Shell::ForgetTables)}>{ "Forget saved tables" }</button>
                    </p>
                }
            </aside>
            <section class="stage" aria-label="Board">
                <div class="stage-top">
                    { parts.notices }
                    // Presentation hides the panel's Cancel: a run is stopped from the stage there.
                    if parts.busy {
                        <button class="stage-cancel" onclick={send(|| Shell::Cancel)}>{ "Cancel (Esc)" }</button>
                    }
                    <LeavePresentation />
                </div>
                { parts.progress }
                <div class="board-area">
                    if let Some(words) = parts.board_words {
                        <div class="board" tabindex="0" role="group" aria-label={words} onclick={parts.result_tapped}>
                            { parts.board }
                        </div>
                    } else {
                        // Named, as the focus comes here when a redraw took it (Tab goes on to the places).
                        <div class="board" tabindex="-1" role="group" aria-label="The board">{ parts.board }</div>
                    }
                    if let Some(chart) = parts.chart {
                        <div class="board-chart">{ chart }</div>
                    }
                    if let Some(search) = parts.search.clone() {
                        { search }
                    }
                </div>
                <div class="playback-bar">
                    if parts.search.is_none() {
                        { parts.playback }
                        if parts.gif {
                            <button class="export" onclick={send(|| Shell::ExportGif)}
                                aria-label="Export GIF of the animation">{ "Export GIF" }</button>
                        }
                    }
                    if (parts.can_search || parts.racing) && parts.closes_view {
                        <button class="search-toggle" onclick={send(|| Shell::ToggleSearch)}
                            aria-pressed={parts.search.is_some().to_string()}
                            title="Step through what the algorithm does, node by node (v)">
                            { match (parts.racing, parts.search.is_some()) {
                                (true, _) => "Close the race",
                                (false, true) => "Close the search",
                                (false, false) => "Show the search",
                            } }
                        </button>
                    }
                </div>
            </section>
            <section class="report" aria-label="Results">
                { parts.report }
                { parts.compare }
                { parts.guide.view() }
            </section>
        </main>
    }
}

/// "11.5 MB"
fn format_bytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// A genetic run's best and mean per generation, as chart lines.
fn chart_series(history: &[ChartPoint]) -> Vec<Series> {
    vec![
        Series {
            name: "best".into(),
            class: "best".into(),
            points: history.iter().map(|p| (p.generation as f64, p.best)).collect(),
        },
        Series {
            name: "mean".into(),
            class: "mean".into(),
            points: history.iter().map(|p| (p.generation as f64, p.mean)).collect(),
        },
    ]
}

impl Page {
    fn shell(&mut self, ctx: &Context<Self>, msg: Shell) {
        match msg {
            Shell::Solve => {
                // Solve pressed: a refusal said before (a move not allowed) no longer applies; a
                // link's own alert, from a solve on opening, stays.
                self.notices.alert = None;
                self.start_solve(ctx, None)
            }
            Shell::Cancel => self.session.cancel_into(&mut self.notices),
            Shell::Compare => self.compare(),
            Shell::PickCompared(row) => self.pick_compared(ctx, row),
            Shell::CopyLink => {
                let title = format!("Puzzle Lab: {}", self.puzzle.info().title);
                self.notices.status = if browser::share_or_copy(&browser::current_url(), &title) {
                    "Shared: anyone who opens the link sees this page as it is now.".into()
                } else {
                    "Link copied: anyone who opens it sees this page as it is now.".into()
                };
            }
            Shell::ShowQr => self.toggle_qr(ctx),
            Shell::CopyEmbedCode => {
                browser::copy_text(&self.embed_code());
                self.embed_copied = true;
            }
            Shell::DismissAlert => self.notices.alert = None,
            Shell::Playback(action) => {
                let before = self.session.step();
                self.session.playback_action(action, ctx.link().callback(|_| Msg::Tick));
                self.notices.said = self.said_playback(action, before);
                if action == PlaybackAction::Toggle
                    && self.session.is_playing()
                    && self.notices.status.starts_with(PAUSED)
                {
                    // The pause a move made is over: the status no longer says so.
                    self.notices.status = format!("Playing on from step {}.", self.session.step());
                }
            }
            Shell::Edit(key, text) => self.edit(key, &text),
            Shell::Typing(key, text) => {
                // Typing again in a refused field answers its alert.
                if self.draft.as_ref().is_some_and(|d| d.key == key && !d.why.is_empty()) {
                    self.notices.alert = None;
                }
                self.draft = Some(Draft { key, text, why: String::new() });
            }
            Shell::SetSeed(seed) => self.edit("seed", &seed.to_string()),
            // A seed's run (or position) waits for the running job: its report would be filed
            // as that job's (a comparison's row, say).
            Shell::NewSeed | Shell::UseSeed if self.session.is_busy() => {}
            Shell::NewSeed => {
                let before = self.notices.status.clone();
                self.edit("seed", &browser::random_seed().to_string());
                self.use_seed(ctx);
                // The status, a live region, says the new seed and what it drew; words the same
                // as before (a run not yet started) would not be said again, so they are said.
                if self.notices.status == before {
                    self.notices.said = self.notices.status.clone();
                }
            }
            Shell::UseSeed => self.use_seed(ctx),
            Shell::Undo => match self.puzzle.played().unwrap_or(0) + self.session.step() {
                // Nothing changes: the solution shown stays, with its step.
                0 => {
                    self.notices.alert = Some("No move to undo.".into());
                }
                // A solution's step shown: undo steps back, and the solution stays.
                moves if self.session.has_solution() && self.session.step() > 0 => {
                    let before = self.session.step();
                    self.session.playback_action(PlaybackAction::Back, ctx.link().callback(|_| Msg::Tick));
                    self.notices.said =
                        format!("Move {moves} undone. {}", self.said_playback(PlaybackAction::Back, before));
                }
                moves => {
                    // A solve under way, or a solution from the start of the board, was for the
                    // position the move left: it goes with the move, and is said to go.
                    let (stopped, dropped) = (self.session.is_busy(), self.session.has_solution());
                    let undone = self.puzzle.undo(&mut self.session);
                    self.show_intro();
                    // "Move 4 undone (you entered 4 in row 1, column 3)."
                    let mut said = match undone.trim_end_matches('.') {
                        "" => format!("Move {moves} undone."),
                        words => {
                            format!("Move {moves} undone ({}).", crate::core::format::decapitalise(words))
                        }
                    };
                    if stopped {
                        said.push_str(
                            " The solve under way is stopped: it was for the position after that move.",
                        );
                    } else if dropped {
                        said.push_str(
                            " The solution shown started after that move: it is put away (s solves again).",
                        );
                    }
                    self.notices.said = said;
                }
            },
            Shell::Restart => {
                // A refusal of the position left behind no longer applies.
                self.notices.alert = None;
                self.session.clear();
                self.puzzle.restart();
                self.show_intro();
                self.notices.said = "Back to the start position.".into();
                // Restart sits under the board on a phone: the rules it brings back come into view.
                self.reveal_status = browser::coarse_pointer();
            }
            Shell::ReadBoard => {
                self.notices.said = self.puzzle.read_board(&self.session);
            }
            Shell::ExportGif => self.export_gif(),
            Shell::AddToLesson => {
                lesson_host::add_to_lesson(&self.current_link().to_hash());
                // Said after what the status says of the page (a result stays in view).
                const ADDED: &str =
                    " Added to your lesson as its last step: write what to say at each step under Lesson, at the top.";
                if !self.notices.status.ends_with(ADDED) {
                    self.notices.status.push_str(ADDED);
                }
            }
            Shell::ToggleSearch => match self.search.take() {
                Some(view) => {
                    // The board showed the search's nodes: back to what the page showed.
                    self.session.clear();
                    match self.shelved.take() {
                        Some((solution, status)) => {
                            self.session.restore(solution);
                            self.notices.status = status;
                        }
                        None => self.show_intro(),
                    }
                    self.closed_search = Some((view.link().clone(), view.moment()));
                }
                None => {
                    // Reopened on the same search, it comes back at the moment it was left.
                    let left = self
                        .closed_search
                        .take()
                        .filter(|(link, _)| self.search_link(&[]).as_ref() == Ok(link));
                    let t = left.map_or(0, |(_, t)| t);
                    self.open_search(ctx, SearchAsk { t, ..SearchAsk::default() })
                }
            },
            Shell::ForgetTables => {
                let size = format_bytes(self.session.table_bytes());
                self.session.forget_tables();
                self.notices.status = format!(
                    "Forgot {size} of saved tables: the next solve that needs them builds them again."
                );
            }
        }
    }

    fn sync_url(&mut self) {
        let link = self.current_link();
        let hash = link.to_hash();
        // In a lesson the address is the lesson's: the lesson keeps the step's link instead.
        if lesson_host::is_lesson_address() {
            lesson_host::send(lesson_host::STEP_LINK, &hash);
        } else if browser::current_hash() == self.address {
            browser::replace_hash(&hash);
            self.address = browser::current_hash();
        }
    }

    /// The page's link as it stands: its puzzle, the solution's step, the view.
    fn current_link(&mut self) -> Link {
        let step = self.session.step();
        if let Some(kept) = self.puzzle.step_mut() {
            *kept = step;
        }
        let mut link = self.puzzle.link();
        // Written even at 0: the link then reopens the solution, not the unsolved puzzle; and
        // while the solve a link asked for runs, its step (a lesson left meanwhile keeps it).
        let shown = if self.session.has_solution() { Some(step) } else { self.session.asked_step() };
        if let (Some(step), None) = (shown, &self.search) {
            link = link.set(STEP_KEY, step);
        }
        if self.session.speed_level() != DEFAULT_SPEED_LEVEL {
            link = link.set(SPEED_KEY, self.session.speed_level());
        }
        if let Some(search) = &self.search {
            link = search.link_keys(link);
        }
        // A lesson's address keeps `embed=1` itself; its step's link is the page's alone.
        if self.embedded && !lesson_host::is_lesson_address() {
            link = link.set(EMBED_KEY, 1);
        }
        link
    }

    fn start_solve(&mut self, ctx: &Context<Self>, seek_to: Option<usize>) {
        if self.making.is_some() {
            // The puzzle is still being made (on a slow network, its solver still loading):
            // it is solved once it comes.
            self.solve_when_made = Some(seek_to);
            return;
        }
        // The solution plays its own moves: a place picked by hand is put down.
        self.puzzle.drop_pick();
        let (algo, label) = self.puzzle.algorithm();
        let link = match self.puzzle.solve_link(algo) {
            Ok(link) => link,
            Err(why) => {
                self.notices.alert = Some(why);
                return;
            }
        };
        self.puzzle.clear_results();
        let workers = browser::cores();
        match self.puzzle.split(&link, workers).filter(|parts| parts.len() > 1) {
            Some(parts) => {
                let on_part = ctx.link().callback(|(i, e)| Msg::Part(i, e));
                self.session.solve_split(&ctx.props().worker_url, parts, on_part);
                self.notices.status = format!("{label} with {workers} workers…");
            }
            None => {
                self.session.solve(label, &link, seek_to);
                self.notices.status = format!("{label}…");
            }
        }
        // On a phone Solve is below the board: the status (the solver loading, then the
        // answer) is brought into view.
        if browser::coarse_pointer() {
            browser::reveal(STATUS);
        }
    }

    /// Opens the Search view on the search of the algorithm chosen, at the moment `ask` names.
    fn open_search(&mut self, ctx: &Context<Self>, ask: SearchAsk) {
        let label = match ask.race.first() {
            // The lanes and the winner's sentence name the algorithms.
            Some((_, lanes)) => format!("A race of {} lanes on one clock.", lanes.split(',').count()),
            None => format!(
                "The search of {}, step by step.",
                crate::core::choice::short_label(self.puzzle.algorithm().1)
            ),
        };
        if let Some(why) = self.unsearched().filter(|_| ask.race.is_empty()) {
            self.notices.alert = Some(why);
            return;
        }
        match self.search_link(&ask.race) {
            Ok(link) => {
                let send = ctx.link().callback(Msg::Search);
                self.shelved = self.session.shelve().map(|s| (s, self.notices.status.clone()));
                self.search = Some(SearchView::open(&ctx.props().worker_url, link, ask, send));
                self.notices.status = label;
            }
            Err(why) => self.notices.alert = Some(why),
        }
    }

    /// Why the Search view cannot show the algorithm chosen, in words for students: it
    /// records no steps (the command line's refusal names the link's keys instead).
    fn unsearched(&self) -> Option<String> {
        let chosen = self.puzzle.algorithm();
        let link = self.puzzle.solve_link(chosen.0).ok()?;
        self.puzzle.trace_refusal(&link)?;
        let searched: Vec<&str> = (self.puzzle.algorithms().into_iter())
            .filter(|(algo, _)| {
                self.puzzle.solve_link(algo).is_ok_and(|l| self.puzzle.trace_refusal(&l).is_none())
            })
            .map(|(_, label)| crate::core::choice::short_label(label))
            .collect();
        let label = crate::core::choice::short_label(chosen.1);
        let refused = format!("The Search view cannot show {label}: it does not record its steps.");
        // A frame has no algorithm menu: the full page has.
        let menu = match self.embedded {
            true => "the full page's algorithm menu (\"Open in Puzzle Lab ↗\") offers them",
            false => "pick one in the algorithm menu",
        };
        Some(match searched.as_slice() {
            [] => refused,
            shown => {
                format!("{refused} It can show {}: {menu}.", crate::core::format::list_joined(shown, "or"))
            }
        })
    }

    /// What the Search view shows: the solve of the algorithm chosen, or the race `race` names.
    fn search_link(&self, race: &[(&'static str, String)]) -> Result<Link, String> {
        if race.is_empty() {
            return self.puzzle.solve_link(self.puzzle.algorithm().0);
        }
        let link = self.puzzle.link().without("algo").without(STEP_KEY);
        Ok(race.iter().fold(link, |link, (key, value)| link.set(key, value)))
    }

    /// Puts the node the search is at on the board: its path from the start, played as a
    /// solution at its last step (the shell's playback code, no new code per puzzle).
    fn show_node(&mut self, path: Vec<String>) {
        let algorithm = self.puzzle.algorithm().0;
        let mut node = Report::new(self.puzzle.info().name, algorithm, String::new());
        (node.solved, node.length, node.moves) = (true, path.len(), path);
        let mut unseen = Notices::default();
        self.puzzle.show(&mut self.session, &node, Some(node.length), &mut unseen);
        if let Some(why) = unseen.alert {
            self.notices.alert = Some(format!("This node's board cannot be drawn: {why}"));
        }
    }

    /// Keeps the Search view on the puzzle and algorithm shown.
    fn follow_search(&mut self) {
        let Some(search) = &self.search else { return };
        if let Ok(link) = self.search_link(search.race()) {
            if let Some(search) = self.search.as_mut().filter(|s| *s.link() != link) {
                search.follow(link);
                // The solution put aside was another puzzle's or algorithm's.
                self.shelved = None;
            }
        }
    }

    /// Solves again what a row of the comparison solved, this time for playback.
    fn pick_compared(&mut self, ctx: &Context<Self>, row: usize) {
        if self.session.is_busy() {
            return;
        }
        let Some(link) = self.session.compared_link(row) else { return };
        if self.puzzle.adopt(&link) {
            self.session.clear();
            self.start_solve(ctx, None);
            // The page goes back to its top (status, board and playback in the first screen)
            // and plays the solution once it arrives.
            self.play_when_solved = true;
            browser::scroll_to_top();
        }
    }

    fn compare(&mut self) {
        let runs = self.puzzle.compare_runs();
        if runs.is_empty() {
            self.notices.alert = self.puzzle.solve_link(self.puzzle.algorithm().0).err();
            return;
        }
        self.puzzle.clear_results();
        self.notices.alert = None;
        self.session.compare(runs);
        self.notices.status = "Comparing every algorithm on this position (Cancel stops it)…".into();
    }

    /// Asks the maker worker for the puzzle the page waits for, unless it is making it.
    fn make_wanted_puzzle(&mut self, ctx: &Context<Self>) {
        let Some(wanted) = self.puzzle.wanted_puzzle() else {
            self.making = None;
            return;
        };
        if self.making.as_ref() == Some(&wanted) {
            return;
        }
        let maker = self.maker.get_or_insert_with(|| {
            let on_event = ctx.link().callback(Msg::Maker);
            SolverClient::new(&ctx.props().worker_url, move |e| on_event.emit(e))
        });
        maker.make_puzzle(&wanted.to_hash());
        self.making = Some(wanted);
    }

    /// Shows the page's link as a QR code (drawn by a worker of its own), or hides it.
    /// The `<iframe>` code showing the address as it stands (a lesson's, in a lesson) inside
    /// another page.
    fn embed_code(&self) -> String {
        let address = browser::current_url();
        let link = Link::parse(&address).unwrap_or_else(|_| Link::new(self.puzzle.info().name));
        // In a lesson, the window's title names it: "Search, step by step — Puzzle Lab".
        let shown = match link.puzzle == crate::core::lesson::LESSON_PAGE {
            true => crate::core::embed::lesson_shown(&browser::page_name()),
            false => self.puzzle.info().title.to_string(),
        };
        crate::core::embed::iframe_html(crate::core::embed::base_of(&address), &link, &shown)
    }

    fn toggle_qr(&mut self, ctx: &Context<Self>) {
        self.embed_copied = false;
        if self.qr.take().is_some() {
            self.qr_keys = None;
            return;
        }
        if keymap::dialog_open() {
            // One dialog at a time: the one open keeps the screen.
            return;
        }
        self.qr_keys = Some(DialogKeys::hold(
            Mode::QrCode,
            QR_CLOSE,
            ctx.link().callback(|_| Msg::Shell(Shell::ShowQr)),
        ));
        self.focus_next = Some(QR_CLOSE);
        let drawer = self.qr_drawer.get_or_insert_with(|| {
            let on_event = ctx.link().callback(Msg::Qr);
            SolverClient::new(&ctx.props().worker_url, move |e| on_event.emit(e))
        });
        // A phone opens the full page: a frame's own link would show it bare.
        drawer.qr_code(&if self.embedded { full_page_address() } else { browser::current_url() });
        self.qr = Some(QrView::Drawing);
    }

    /// The maker's answer: the puzzle, drawn (and a solve that waited for it started), or why
    /// it could not be made.
    fn take_made(&mut self, ctx: &Context<Self>, event: SolverEvent) {
        let Some(link) = self.making.clone() else { return };
        match event {
            SolverEvent::Made(made) => {
                self.making = None;
                self.puzzle.take_puzzle(&link, &made, &mut self.notices);
                if let Some(step) = self.solve_when_made.take() {
                    self.start_solve(ctx, step);
                }
            }
            // Not asked again while the page wants the same puzzle.
            SolverEvent::Failed(why) => {
                self.notices.alert = Some(format!("The puzzle could not be made: {why}"))
            }
            _ => {}
        }
    }

    fn follow(&mut self, ctx: &Context<Self>, event: SolverEvent) {
        let outcome = self.session.follow(event, &mut self.notices);
        if !self.session.is_busy()
            && matches!(self.notices.alert.as_deref(), Some(BUSY | STEPS_COME_WITH_THE_ANSWER))
        {
            // The answer came: "busy" (or "still running") is no longer true.
            self.notices.alert = None;
        }
        if let Some(genome) = self.session.take_genome() {
            self.puzzle.on_genome(&genome);
        }
        match outcome {
            Some(Finished::Solved(report, seek_to, algorithm)) => {
                self.puzzle.show(&mut self.session, &report, seek_to, &mut self.notices);
                // What was said before the answer (a board read, a step) is no longer true: it
                // leaves the page's reading order.
                self.notices.said.clear();
                // Presentation mode hides the menu: the status says which algorithm this is, by
                // its name (the label's words after a colon are a promise the result checks).
                let name = crate::core::choice::short_label(algorithm);
                self.notices.status = format!("{name} — {}", self.notices.status);
                if self.session.has_solution() {
                    self.focus_next = Some(PLAY_BUTTON);
                }
                self.reveal_status = browser::coarse_pointer();
                if std::mem::take(&mut self.play_when_solved) && self.session.has_solution() {
                    // A row picked in Compare: its solution plays, as the guide says, and says so.
                    let before = self.session.step();
                    self.session.playback_action(PlaybackAction::Toggle, ctx.link().callback(|_| Msg::Tick));
                    self.notices.said = self.said_playback(PlaybackAction::Toggle, before);
                }
            }
            Some(Finished::Compared) => self.focus_next = Some(COMPARE_FIRST_ROW),
            Some(Finished::File { name, bytes }) => self.save_file(&name, &bytes),
            None => {}
        }
    }

    /// An edit passes through the link codec, so the page accepts exactly what links accept;
    /// a refused edit changes nothing and says why.
    fn edit(&mut self, key: &'static str, text: &str) {
        let outcome = self.puzzle.edit(key, text.trim(), &mut self.notices);
        self.draft = match outcome {
            None => Some(Draft {
                key,
                text: text.to_string(),
                why: self.notices.alert.clone().unwrap_or_default(),
            }),
            Some(_) => None,
        };
        match outcome {
            None | Some(EditOutcome::Nothing | EditOutcome::Seed) => {}
            Some(EditOutcome::Setting) => {
                // What the status said was another run's.
                self.session.clear();
                self.notices.status = format!(
                    "{} with these settings: not run yet. Solve runs it.",
                    crate::core::choice::short_label(self.puzzle.algorithm().1)
                );
            }
            Some(EditOutcome::Puzzle) => {
                self.session.reset();
                self.puzzle.clear_results();
                self.show_intro();
            }
        }
    }

    /// The solution's step in words, after a step by hand from step `before`.
    fn said_step(&self, before: usize) -> String {
        let (step, len) = (self.session.step(), self.session.solution_len());
        match (step == before, step) {
            (true, 0) => format!("Already at the start (step 0 of {len})."),
            (true, _) => format!("Already at the last step ({step} of {len})."),
            (false, _) => self.step_in_words("Step"),
        }
    }

    /// "Step 3 of 18: tile 7 slides left." (`lead` is its first word).
    fn step_in_words(&self, lead: &str) -> String {
        let (step, len) = (self.session.step(), self.session.solution_len());
        match (step, self.puzzle.say_step(&self.session)) {
            (0, _) => format!("{lead} 0 of {len}: the start."),
            (_, Some(words)) => format!("{lead} {step} of {len}: {}.", words.trim_end_matches('.')),
            (_, None) => format!("{lead} {step} of {len}."),
        }
    }

    /// What a playback button or key did, in words: the step reached, play or pause, the speed.
    fn said_playback(&self, action: PlaybackAction, before: usize) -> String {
        let len = self.session.solution_len();
        if !self.session.has_solution() {
            return if self.session.ended_without_steps() { ENDED_WITHOUT_STEPS } else { NO_STEPS_YET }
                .into();
        }
        if len == 0 {
            return WHOLE_ANSWER.into();
        }
        let slow = self.session.speed_level() <= SAID_WHILE_PLAYING_UP_TO;
        match action {
            PlaybackAction::Toggle if self.session.is_playing() => match slow {
                true => format!("Playing from step {} of {len}, each step said.", self.session.step()),
                false => format!(
                    "Playing from step {} of {len}. Each step is said at speed {SAID_WHILE_PLAYING_UP_TO} or slower (−).",
                    self.session.step()
                ),
            },
            PlaybackAction::Toggle => self.step_in_words(PAUSED),
            PlaybackAction::Faster | PlaybackAction::Slower => {
                let steps_said = if slow { "each step said while playing" } else { "steps not said while playing" };
                format!("Speed {} of {}, {steps_said}.", self.session.speed_level(), SPEEDS_MS.len())
            }
            _ => self.said_step(before),
        }
    }

    /// A page's own action (a press on its board, a button or key of its own).
    fn act(&mut self, ctx: &Context<Self>, action: Erased) {
        let effect = self.puzzle.act(action, &self.session, &mut self.notices);
        if browser::coarse_pointer() {
            // A page's own sentence names keys and clicks; a phone has neither.
            self.notices.status = crate::core::format::for_touch(&self.notices.status);
        }
        if matches!(effect, Effect::Play(_)) && self.session.is_playing() {
            // A move while the solution plays would throw it away: pause first.
            self.session.playback_action(PlaybackAction::Toggle, ctx.link().callback(|_| Msg::Tick));
            self.notices.status = format!(
                "{PAUSED} {}. Move again to go on by hand from here (the solution is then put aside), or press Space to play on.",
                self.session.step()
            );
        } else {
            self.apply_effect(ctx, effect);
        }
    }

    fn use_seed(&mut self, ctx: &Context<Self>) {
        let effect = self.puzzle.use_seed();
        self.apply_effect(ctx, effect);
    }

    fn apply_effect(&mut self, ctx: &Context<Self>, effect: Effect<Erased>) {
        match effect {
            Effect::Redraw => {}
            Effect::Play(mv) => {
                self.follow_piece = self.puzzle.play(&mut self.session, mv, &mut self.notices)
            }
            Effect::NewPuzzle(said) => {
                self.session.reset();
                self.puzzle.clear_results();
                self.notices.alert = None;
                self.notices.status = format!("{said} {}", self.puzzle.intro()).trim_start().to_string();
            }
            Effect::Solve => self.start_solve(ctx, None),
        }
    }

    fn export_gif(&mut self) {
        self.session.export_gif(&self.puzzle.link());
        self.notices.status = "Drawing the animation…".into();
    }

    fn save_file(&mut self, name: &str, bytes: &[u8]) {
        match browser::download(bytes, name, "image/gif") {
            Ok(()) => self.notices.status = format!("Saved the animation as {name}."),
            Err(why) => self.notices.alert = Some(format!("No GIF: {why}.")),
        }
    }

    /// What a key does is the table's word for the mode the page is in (`core::keys`); the
    /// app answers its own keys, a lesson its own, a dialog holds them all while open.
    fn key(&mut self, ctx: &Context<Self>, e: KeyboardEvent) -> bool {
        let key = e.key();
        let mode = self.key_mode();
        // In the comparison table the arrows move between its rows, never on the board.
        if mode == Mode::Page && key.starts_with("Arrow") && browser::focused_in(COMPARE_TABLE) {
            e.prevent_default();
            match key.as_str() {
                "ArrowUp" => browser::focus_next_row(COMPARE_TABLE, -1),
                "ArrowDown" => browser::focus_next_row(COMPARE_TABLE, 1),
                _ => {}
            }
            return false;
        }
        let own = self.puzzle.info().keys;
        let Some(command) = keys::command(mode, lesson_host::is_lesson_address(), own, &key) else {
            if !mode.is_dialog() && matches!(key.as_str(), "ArrowUp" | "ArrowDown" | "End") {
                // The board stays where it is (PageDown and the mouse still scroll the page).
                e.prevent_default();
            }
            // A page's key pressed in one of its views: where it works, said.
            if let Some(why) = view_refused(mode, own, &key, self.way_back_to_the_page(false)) {
                ctx.link().send_message(Msg::Unavailable(why));
            }
            return false;
        };
        let refused = match command {
            Command::CloseSearch if self.frame_keeps_view => Some(self.frame_keeps_its_view()),
            _ if self.embedded => keys::refused_in_a_frame(command).map(String::from),
            _ => None,
        };
        let msg = match mode {
            _ if refused.is_some() => refused.map(Msg::Unavailable),
            Mode::Page => self.page_command(command, &key),
            Mode::Search
                if command == Command::Predict && self.search.as_ref().is_some_and(|s| !s.can_predict()) =>
            {
                Some(Msg::Unavailable(NOTHING_TO_PREDICT.into()))
            }
            Mode::Search | Mode::Predict | Mode::Race => search_command(command, &key),
            Mode::Shortcuts | Mode::QrCode | Mode::Presenter => None,
        };
        browser::send_shortcut(ctx.link(), &e, msg)
    }
}

impl Page {
    /// The status says what to do, or how play stands (the puzzle's opening words).
    fn show_intro(&mut self) {
        self.intro_shown = self.puzzle.intro();
        self.notices.status = self.intro_shown.clone();
    }

    /// One message: what `update` does, counted by it when by hand.
    fn handle(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Shell(shell) => self.shell(ctx, shell),
            // A phone turned: the rules' words name the new directions (the marbles' "down").
            Msg::Turned => {
                if self.notices.status == self.intro_shown {
                    self.show_intro();
                }
                return true;
            }
            Msg::Solver(event) => self.follow(ctx, event),
            Msg::Part(index, event) => {
                if let Some((parts, elapsed_ms)) = self.session.follow_part(index, event, &mut self.notices) {
                    let report = Report { elapsed_ms, ..self.puzzle.merge(parts) };
                    self.puzzle.show(&mut self.session, &report, None, &mut self.notices);
                    self.notices.status = format!("{} — {}", self.puzzle.algorithm().1, self.notices.status);
                }
            }
            Msg::Tick => {
                if self.session.tick() {
                    if self.session.speed_level() <= SAID_WHILE_PLAYING_UP_TO {
                        self.notices.said = self.step_in_words("Step");
                    }
                    // The address is updated when playback stops: browsers throttle
                    // frequent history updates.
                    return true;
                }
                // Played to its end: the step reached is said (not the step Play started at).
                self.notices.said = self.said_step(usize::MAX);
            }
            Msg::Key(e) => return self.key(ctx, e),
            Msg::Maker(event) => self.take_made(ctx, event),
            Msg::Qr(event) => {
                self.qr = match event {
                    SolverEvent::Made(markup) => Some(QrView::Drawn(markup)),
                    SolverEvent::Failed(why) => Some(QrView::Refused(why)),
                    _ => return false,
                }
                .filter(|_| self.qr.is_some());
            }
            Msg::Search(msg) => {
                if let Some(search) = &mut self.search {
                    search.update(msg, ctx.link().callback(Msg::Search));
                    let (refused, new_path) = (search.refused(), search.take_new_path());
                    // Refused, the view says why: the status no longer announces what will not come.
                    if refused {
                        self.show_intro();
                    }
                    if let Some(path) = new_path {
                        self.show_node(path);
                    }
                }
            }
            Msg::Press(pressed) => {
                // Each touch on the board is answered anew: a refusal it gives replaces the last.
                self.notices.alert = None;
                let places = match pressed {
                    Pressed::One(place) | Pressed::Reached(place) => vec![place],
                    // A drag moves what it drags, whatever was picked before.
                    Pressed::Drag { from, to } => {
                        self.puzzle.drop_pick();
                        vec![from, to]
                    }
                };
                if let Pressed::One(place) = pressed {
                    self.reveal_tapped = browser::coarse_pointer().then_some(place);
                }
                for place in places {
                    let Some(action) = self.puzzle.press(place, &self.session) else { return false };
                    self.notices.said.clear();
                    self.act(ctx, action);
                    // Not a move (a peg picked, a queen placed, a cell chosen): the place as it
                    // is now, unless something else speaks for it: a refusal's alert, the status
                    // naming it ("Picked peg A: …"), or the screen reader naming the place the
                    // focus reached (`|`, not `||`: the status's mark is taken either way).
                    let spoken = self.notices.alerted()
                        | self.notices.take_status_names_the_place()
                        | matches!(pressed, Pressed::Reached(_));
                    if self.notices.said.is_empty() && !spoken {
                        self.notices.said =
                            self.puzzle.place_names(&self.session).into_iter().nth(place).unwrap_or_default();
                    }
                }
            }
            Msg::Puzzle(action) => self.act(ctx, action),
            Msg::OwnKey(key, action) => {
                let status = self.notices.status.clone();
                self.notices.said.clear();
                self.act(ctx, action);
                // A key whose action says nothing (a switch, a list shown) is answered by its row.
                if self.notices.said.is_empty() && self.notices.status == status && !self.notices.alerted() {
                    self.notices.said = own_key_done(self.puzzle.info().keys, &key);
                }
            }
            // An alert, so that the status keeps the result shown (heard once: an alert is said).
            Msg::Unavailable(why) => self.notices.alert = Some(why),
        }
        self.make_wanted_puzzle(ctx);
        self.follow_search();
        self.sync_url();
        true
    }

    /// Whether the view shown is a race.
    fn racing(&self) -> bool {
        self.search.as_ref().is_some_and(|s| !s.race().is_empty())
    }

    /// How a student in the Search view or a race reaches the page (`to_play`: to play its
    /// board, naming the button).
    fn way_back_to_the_page(&self, to_play: bool) -> &'static str {
        match (self.frame_keeps_view, to_play, self.racing()) {
            (true, ..) => FULL_PAGE_PLAYS,
            (false, false, _) => "Press v to go back to the page.",
            (false, true, true) => "To play, go back to the page with \"Close the race\" (key v).",
            (false, true, false) => "To play, go back to the page with \"Close the search\" (key v).",
        }
    }

    /// v or Esc in a frame that keeps its view.
    fn frame_keeps_its_view(&self) -> String {
        let view = if self.racing() { "race" } else { "search" };
        format!("This frame shows the {view} and keeps it. {FULL_PAGE_PLAYS}")
    }

    /// The mode of the page's keys: its Search view's (a race, predict mode) while open.
    fn key_mode(&self) -> Mode {
        match &self.search {
            Some(search) if !search.race().is_empty() => Mode::Race,
            Some(search) if search.predict_on() => Mode::Predict,
            Some(_) => Mode::Search,
            None => Mode::Page,
        }
    }

    /// A command of the page's own table; one that has nothing to do now says why.
    fn page_command(&mut self, command: Command, key: &str) -> Option<Msg> {
        let busy = self.session.is_busy();
        let shell = match command {
            Command::Board => {
                return match self.puzzle.key(key) {
                    Some(action) => Some(Msg::OwnKey(key.to_string(), action)),
                    None => Some(Msg::Unavailable(own_key_refused(self.puzzle.info().keys, key))),
                }
            }
            Command::Solve | Command::Compare | Command::NewSeed if busy => {
                return Some(Msg::Unavailable(BUSY.into()))
            }
            Command::Solve => Shell::Solve,
            Command::Compare => Shell::Compare,
            Command::Cancel if busy => Shell::Cancel,
            Command::PlayPause | Command::Back | Command::Forward | Command::ToStart | Command::ToEnd
                if busy && !self.session.has_solution() =>
            {
                return Some(Msg::Unavailable(STEPS_COME_WITH_THE_ANSWER.into()))
            }
            Command::PlayPause => Shell::Playback(PlaybackAction::Toggle),
            Command::Back => Shell::Playback(PlaybackAction::Back),
            Command::Forward => Shell::Playback(PlaybackAction::Forward),
            Command::ToStart => Shell::Playback(PlaybackAction::Reset),
            Command::ToEnd => Shell::Playback(PlaybackAction::ToEnd),
            Command::Faster => Shell::Playback(PlaybackAction::Faster),
            Command::Slower => Shell::Playback(PlaybackAction::Slower),
            Command::NewSeed if self.puzzle.seed().is_some() => Shell::NewSeed,
            Command::NewSeed => {
                return Some(Msg::Unavailable("This puzzle has no seed: nothing in it is random.".into()))
            }
            Command::Restart if self.puzzle.played().is_none() => {
                return Some(match self.puzzle.restart_action() {
                    Some(action) => Msg::Puzzle(action),
                    None => Msg::Unavailable(self.puzzle.not_played_move_by_move().into()),
                })
            }
            // A page not played move by move: on a solution's step, back one step, as the
            // key's row says (a genetic run's improvements, a net's cycles).
            Command::Undo if self.puzzle.played().is_none() && self.session.step() > 0 => {
                Shell::Playback(PlaybackAction::Back)
            }
            Command::Undo if self.puzzle.played().is_none() => {
                return Some(Msg::Unavailable(self.puzzle.not_played_move_by_move().into()))
            }
            Command::Undo => Shell::Undo,
            Command::Restart => Shell::Restart,
            Command::OpenSearch if self.puzzle.shows_search() => Shell::ToggleSearch,
            Command::OpenSearch => {
                return Some(Msg::Unavailable(
                    "This page has no Search view: its solvers record no search.".into(),
                ))
            }
            Command::ShowQrCode => Shell::ShowQr,
            Command::ReadBoard => Shell::ReadBoard,
            _ => return None,
        };
        Some(Msg::Shell(shell))
    }
}

/// What a command of the Search view, predict mode or a race asks of the view.
fn search_command(command: Command, key: &str) -> Option<Msg> {
    let step = |seek| Some(Msg::Search(SearchMsg::Step(seek)));
    match command {
        Command::Back => step("event-"),
        Command::Forward => step("event+"),
        Command::BackExpansion => step("expansion-"),
        Command::ForwardExpansion => step("expansion+"),
        Command::BackLayer => step("layer-"),
        Command::ForwardLayer => step("layer+"),
        Command::ToStart => step("start"),
        Command::ToEnd => step("end"),
        Command::PlayPause => Some(Msg::Search(SearchMsg::TogglePlay)),
        Command::Faster => Some(Msg::Search(SearchMsg::Faster)),
        Command::Slower => Some(Msg::Search(SearchMsg::Slower)),
        Command::Predict | Command::LeavePredict => Some(Msg::Search(SearchMsg::TogglePredict)),
        Command::PickCard => key.parse().ok().map(|card| Msg::Search(SearchMsg::PickCard(card))),
        Command::CloseSearch => Some(Msg::Shell(Shell::ToggleSearch)),
        Command::ShowQrCode => Some(Msg::Shell(Shell::ShowQr)),
        Command::ReadBoard => Some(Msg::Shell(Shell::ReadBoard)),
        _ => None,
    }
}

/// A solve, a comparison or a new seed asked for while one runs.
const BUSY: &str = "Busy solving: wait for the answer, or press Esc to cancel.";

/// A playback key pressed while the solver runs and no solution is shown yet.
const STEPS_COME_WITH_THE_ANSWER: &str =
    "The solver is still running: its solution's steps come with its answer (Esc cancels).";

/// `g` where the search has no waiting nodes to choose from.
const NOTHING_TO_PREDICT: &str =
    "Predict mode asks which waiting node a search expands next: this solver gives values, it has no nodes waiting.";

/// How the status starts when a move paused the solution playing.
const PAUSED: &str = "Paused at step";

/// `u` or `r` on a page not played move by move.
const NOT_PLAYED_MOVE_BY_MOVE: &str =
    "This page is not played move by move: there is no move to undo, no start position to go back to (Home goes to a solution's start).";

/// A playback key before any solve.
const NO_STEPS_YET: &str = "No solution to step through yet: solve first (s).";

/// A playback key after a solve that gave no steps: not solved, or too long to animate.
const ENDED_WITHOUT_STEPS: &str = "The last solve gave no steps to play: the status says why.";

/// A playback key on an answer that has no steps (a result shown whole: a set of queens, a sum).
const WHOLE_ANSWER: &str = "This answer is shown whole: it has no steps to play.";

/// While playing, each step is said at this speed level and slower: a screen reader keeps up.
const SAID_WHILE_PLAYING_UP_TO: usize = 2;

/// The way to the board's own page from a frame that keeps its view.
const FULL_PAGE_PLAYS: &str = "\"Open in Puzzle Lab ↗\" opens the full page, where the board is played.";

/// Where a focus the page's redraw took away goes: the board (a result named in words, or the
/// frame of the places, so that the arrows still steer a piece picked; Tab then reaches them).
const BOARD: &str = ".board";

/// The QR code's Close button.
const QR_CLOSE: &str = ".qr-overlay .qr-close";

/// What a press on a board the Search view or a race shows says; `way_back` is how to reach the
/// page that plays it.
fn shown_not_played(racing: bool, way_back: &str) -> String {
    let view = if racing { "race" } else { "search" };
    for_this_pointer(&format!("This board shows the {view}: it is not played here. {way_back}"))
}

/// A sentence answering a click or a tap, in a touch screen's words on one.
fn for_this_pointer(sentence: &str) -> String {
    match browser::coarse_pointer() {
        true => crate::core::format::for_touch(sentence),
        false => sentence.to_string(),
    }
}

/// "s does nothing in the Search view. On the page, s: solve. Press v to go back to the page."
fn view_refused(mode: Mode, own: &'static [keys::Binding], key: &str, way_back: &str) -> Option<String> {
    let view = match mode {
        Mode::Search | Mode::Predict => "the Search view",
        Mode::Race => "the race",
        _ => return None,
    };
    let name = keys::key_name(key);
    if let Some(row) = keys::table(Mode::Page, false, own).into_iter().find(|row| row.keys.contains(&key)) {
        let (shown, does) = (row.shown, row.does);
        return Some(format!(
            "{name} does nothing in {view}. On the page, {shown}: {}. {way_back}",
            does.trim_end_matches('?')
        ));
    }
    // A key of another view (a digit outside predict mode, g in a race).
    let (other, row) = [Mode::Search, Mode::Predict, Mode::Race]
        .into_iter()
        .filter(|&other| other != mode)
        .find_map(|other| {
        Some((other, keys::table(other, false, &[]).into_iter().find(|row| row.keys.contains(&key))?))
    })?;
    Some(format!(
        "{name} does nothing in {view}. {}, {}: {}.",
        other.title(),
        row.shown,
        row.does.trim_end_matches('?')
    ))
}

/// "→ does nothing now. ← ↑ → ↓: slide the piece picked (pick it first)."
fn own_key_refused(own: &[keys::Binding], key: &str) -> String {
    let row = own.iter().find(|row| row.keys.contains(&key));
    let what = row.map(|row| format!(" {}: {}.", row.shown, row.does)).unwrap_or_default();
    format!("{} does nothing now.{what}", keys::key_name(key))
}

/// "a: show the squares each queen attacks." A puzzle's own key that did what its row says.
fn own_key_done(own: &[keys::Binding], key: &str) -> String {
    match own.iter().find(|row| row.keys.contains(&key)) {
        Some(row) => format!("{}: {}.", row.shown, row.does.trim_end_matches('.')),
        None => format!("{} pressed.", keys::key_name(key)),
    }
}

/// Renders the page of puzzle `P` for `link` (the router's entry for it).
pub fn render<P: PuzzlePage>(link: Link, visit: u32) -> Html {
    html! { <Page key={visit} {link} puzzle={erase::<P> as MakePuzzle} /> }
}
