//! One module per puzzle, and the registry the shell, the worker and the CLI look them up in
//! (the way Tatham's collection lists its games).

pub mod alphametics;
pub mod bayes;
pub mod blocks;
/// The example of docs/architecture.md: compiled and tested, not in the registry.
pub mod doubling;
pub mod golf_tee;
pub mod hanoi;
pub mod jets_sharks;
pub mod jugs;
pub mod marbles;
pub mod mastermind;
pub mod phrase;
pub mod queens;
pub mod sliding;
pub mod sudoku;
pub mod tiles264;

use crate::core::job::{JobContext, Report};
use crate::core::lesson::{self, Lesson};
use crate::core::link::{Link, LinkAsk, LinkError};
use crate::core::race::{self, Work};
use crate::core::replay::{Frame, Pictures, Replay, Seek};
use crate::core::trace::Trace;

/// What the pages need to know about a puzzle.
pub struct PuzzleInfo {
    /// The page name in links: `#/<name>?...`.
    pub name: &'static str,
    pub title: &'static str,
    /// One line for the landing page.
    pub summary: &'static str,
    /// Its own keys on its page (`core::keys`: they take no key every page has).
    pub keys: &'static [crate::core::keys::Binding],
}

/// Each listed puzzle's own keys on its page, by title (those that have any).
pub fn own_keys() -> Vec<(&'static str, &'static [crate::core::keys::Binding])> {
    PUZZLES.iter().filter(|p| !p.keys.is_empty()).map(|p| (p.title, p.keys)).collect()
}

/// Reads a link of a puzzle into its canonical form, naming every problem
/// (`core::link::canonical` over the puzzle's parameters).
pub type LinkReader = fn(&Link) -> (Link, Vec<LinkError>);

/// A puzzle's link keys, each with a few valid and extreme values.
pub type Samples = &'static [(&'static str, &'static [&'static str])];

/// Solves what a link describes; `Err` says what was wrong with the link.
pub type Solver = fn(&Link, &mut JobContext) -> Result<Report, String>;

/// The label of an algorithm a puzzle's links name (`algo=`), as its menu shows it.
pub type AlgorithmLabel = fn(&str) -> Option<&'static str>;

/// What a link's solver does as it works (searches, guesses, evolves, or works it out
/// unrecorded), read from the link alone so that a trace or a race it cannot give is refused
/// before any work.
pub type WorkOf = fn(&Link) -> Work;

/// The registry: one line names every puzzle module, each of which provides `INFO`,
/// `READ_LINK`, `SAMPLES`, `ALGORITHM_LABEL`, `solve_link` and `work`.
macro_rules! registry {
    ($($puzzle:ident),* $(,)?) => {
        /// Every puzzle, in the order the app lists them.
        pub const PUZZLES: &[PuzzleInfo] = &[$($puzzle::INFO),*];

        /// Each puzzle's solver, by page name. Kept apart from [`PUZZLES`] so that the app,
        /// which lists puzzles but never solves, does not carry the solvers in its bundle.
        pub const SOLVERS: &[(&str, Solver)] = &[$(($puzzle::INFO.name, $puzzle::solve_link)),*];

        /// Each puzzle's link reader, by page name (apart from [`PUZZLES`] for the same
        /// reason: a page's bundle reads only its own links).
        pub const READERS: &[(&str, LinkReader)] = &[$(($puzzle::INFO.name, $puzzle::READ_LINK)),*];

        /// Each puzzle's keys with sample values, by page name (for tests that fuzz links).
        const SAMPLES: &[(&str, Samples)] = &[$(($puzzle::INFO.name, $puzzle::SAMPLES)),*];

        /// Each puzzle's algorithms' labels, by page name.
        pub const ALGORITHM_LABELS: &[(&str, AlgorithmLabel)] =
            &[$(($puzzle::INFO.name, $puzzle::ALGORITHM_LABEL)),*];

        /// What each puzzle's solvers do as they work, by page name.
        pub const WORKS: &[(&str, WorkOf)] = &[$(($puzzle::INFO.name, $puzzle::work)),*];
    };
}

registry!(
    hanoi,
    sliding,
    tiles264,
    queens,
    phrase,
    sudoku,
    alphametics,
    mastermind,
    jugs,
    marbles,
    golf_tee,
    blocks,
    jets_sharks,
    bayes,
);

/// The tables a process looks puzzles up in by name: every puzzle's ([`EVERY_PUZZLE`]), or, in
/// a page's own solver worker (`src/bin/worker-page.rs`, feature `one-puzzle`), that page's
/// puzzle's alone ([`one_puzzle_tables!`]), so that its build leaves the others' solvers out.
pub struct Tables {
    pub solvers: &'static [(&'static str, Solver)],
    pub readers: &'static [(&'static str, LinkReader)],
    pub labels: &'static [(&'static str, AlgorithmLabel)],
    pub works: &'static [(&'static str, WorkOf)],
    pub session_data: &'static [(&'static str, &'static [SessionData])],
    pub gif_exports: &'static [(&'static str, GifExport)],
    pub puzzle_makers: &'static [(&'static str, PuzzleMaker)],
    pub pictures: &'static [(&'static str, PictureMaker)],
}

/// Every puzzle's tables.
pub static EVERY_PUZZLE: Tables = Tables {
    solvers: SOLVERS,
    readers: READERS,
    labels: ALGORITHM_LABELS,
    works: WORKS,
    session_data: SESSION_DATA,
    gif_exports: GIF_EXPORTS,
    puzzle_makers: PUZZLE_MAKERS,
    pictures: PICTURES,
};

/// The tables of the puzzle `$name` alone, built as the program is compiled: a `static`
/// holding them carries no other puzzle's code (`src/bin/worker-page.rs`).
#[macro_export]
macro_rules! one_puzzle_tables {
    ($name:expr) => {{
        use $crate::puzzles::named;
        $crate::puzzles::Tables {
            solvers: &[named($crate::puzzles::SOLVERS, $name)],
            readers: &[named($crate::puzzles::READERS, $name)],
            labels: &[named($crate::puzzles::ALGORITHM_LABELS, $name)],
            works: &[named($crate::puzzles::WORKS, $name)],
            session_data: $crate::one_puzzle_tables!(@optional SESSION_DATA, $name),
            gif_exports: $crate::one_puzzle_tables!(@optional GIF_EXPORTS, $name),
            puzzle_makers: $crate::one_puzzle_tables!(@optional PUZZLE_MAKERS, $name),
            pictures: $crate::one_puzzle_tables!(@optional PICTURES, $name),
        }
    }};
    // A table a puzzle may have no entry in: its entry alone, or none.
    (@optional $table:ident, $name:expr) => {
        match $crate::puzzles::named_or_none($crate::puzzles::$table, $name) {
            Some(entry) => &[entry],
            None => &[],
        }
    };
}

/// The entry of `table` named `name`, if any (a `const fn`: [`one_puzzle_tables!`]).
pub const fn named_or_none<T: Copy>(table: &[(&'static str, T)], name: &str) -> Option<(&'static str, T)> {
    let mut i = 0;
    while i < table.len() {
        if same_str(table[i].0, name) {
            return Some(table[i]);
        }
        i += 1;
    }
    None
}

/// The entry of `table` named `name`; a name of no puzzle stops the build.
pub const fn named<T: Copy>(table: &[(&'static str, T)], name: &str) -> (&'static str, T) {
    match named_or_none(table, name) {
        Some(entry) => entry,
        None => panic!("PUZZLELAB_PAGE names no puzzle of the registry"),
    }
}

#[cfg(not(feature = "one-puzzle"))]
fn tables() -> &'static Tables {
    &EVERY_PUZZLE
}

/// The tables a one-puzzle worker installed ([`install`]).
#[cfg(feature = "one-puzzle")]
static INSTALLED: std::sync::OnceLock<&'static Tables> = std::sync::OnceLock::new();

/// Makes `tables` the ones this process looks puzzles up in (a one-puzzle worker, first thing).
#[cfg(feature = "one-puzzle")]
pub fn install(tables: &'static Tables) {
    let _ = INSTALLED.set(tables);
}

#[cfg(feature = "one-puzzle")]
fn tables() -> &'static Tables {
    INSTALLED.get().expect("a one-puzzle worker installs its tables before any job")
}

/// The registry entry of the puzzle a page name names.
pub fn find(name: &str) -> Option<&'static PuzzleInfo> {
    PUZZLES.iter().find(|p| p.name == name)
}

/// An algorithm's name for students: its label up to the first colon ("A* with Manhattan
/// distance" for `astar`), or the link's word for it when the puzzle has no label.
pub fn algorithm_name(puzzle: &str, algo: &str) -> String {
    let label = tables().labels.iter().find(|(name, _)| *name == puzzle).and_then(|(_, label)| label(algo));
    label.map_or(algo, crate::core::choice::short_label).to_string()
}

/// The address `url` as a QR code, as the page shows it: the code, the link it holds written
/// under it (the canonical form, defaults left out, when the address is too long for a code)
/// and what the code is; `Err` says why no QR code can hold the link.
pub fn qr_code(url: &str) -> Result<String, String> {
    use crate::core::qr::link_code;
    let code = match link_code(url) {
        Ok(code) => code,
        Err(too_long) => {
            let (base, hash) = url.split_once('#').unwrap_or((url, ""));
            let shortest =
                canonical_link(&format!("#{hash}")).ok().map(|canonical| format!("{base}{canonical}"));
            match shortest.filter(|shortest| shortest.len() < url.len()) {
                Some(shortest) => link_code(&shortest).map_err(|_| {
                    format!(
                        "{too_long} Its shortest form has {} characters, still too many: share it with Copy link.",
                        shortest.len()
                    )
                })?,
                None => return Err(format!("{too_long} Share it with Copy link.")),
            }
        }
    };
    let note = if code.link == url {
        ""
    } else {
        "The shortest form of this page's link, which opens the same page: "
    };
    Ok(code.markup(note))
}

/// The link reader of the puzzle a page name names.
pub fn read_link(name: &str) -> Option<LinkReader> {
    tables().readers.iter().find(|(n, _)| *n == name).map(|&(_, reader)| reader)
}

/// A link in its canonical form (`#/hanoi?discs=4&pegs=3&algo=optimal`), or what is wrong with it.
pub fn canonical_link(text: &str) -> Result<String, String> {
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    if link.puzzle == lesson::LESSON_PAGE {
        let (_, step) = lesson::from_link(&link)?;
        return Ok(lesson::address(&link, step).to_hash());
    }
    let (canonical, ask) = read_checked(&link)?;
    // What a page's Search view or race shows, and a trace asked for, are part of the address.
    Ok(ask.written_on(canonical).to_hash())
}

/// The `<iframe>` code showing `text`'s canonical link `canonical` inside another page, its
/// `src` starting with the address `text` gives before `#` (docs/links.md#embedding).
pub fn embed_html(text: &str, canonical: &str) -> Result<String, String> {
    let link = Link::parse(canonical).map_err(|e| e.to_string())?;
    let shown = match find(&link.puzzle) {
        Some(puzzle) => puzzle.title.to_string(),
        None => crate::core::embed::lesson_shown(&lesson::from_link(&link)?.0.title),
    };
    Ok(crate::core::embed::iframe_html(crate::core::embed::base_of(text.trim()), &link, &shown))
}

/// A puzzle's link read and checked, as `link` and `solve` both read it (its parameters
/// first, then what it asks beyond them): its canonical form and what it asks.
fn read_checked(link: &Link) -> Result<(Link, LinkAsk), String> {
    let reader = read_link(&link.puzzle).ok_or_else(|| unknown_puzzle(&link.puzzle))?;
    let (canonical, errors) = reader(link);
    if !errors.is_empty() {
        return Err(crate::core::link::describe_errors(&errors));
    }
    // A puzzle made from its seed (a generated Sudoku) is made to check the moves on it.
    if link.get("moves").is_some() {
        if let Some((_, make)) = tables().puzzle_makers.iter().find(|(name, _)| *name == link.puzzle) {
            make(link)?;
        }
    }
    Ok((canonical, read_ask(link)?))
}

/// The refusal of a link naming no puzzle, or one not in the registry.
fn unknown_puzzle(name: &str) -> String {
    let names: Vec<&str> = PUZZLES.iter().map(|p| p.name).collect();
    match name {
        "" => format!("link: names no puzzle (known: {})", names.join(", ")),
        other => format!("link: unknown puzzle '{other}' (known: {})", names.join(", ")),
    }
}

/// What a link asks beyond its puzzle (a trace, the Search view, a race), read and checked in
/// the one place every reader of links goes through: `puzzlelab link` and `solve`, lessons and
/// the app accept and refuse the same links, and a race is refused before any lane runs.
pub fn read_ask(link: &Link) -> Result<LinkAsk, String> {
    let ask = LinkAsk::read(link)?;
    if link.get(race::RACE_KEY).is_some() {
        let reader = read_link(&link.puzzle).ok_or_else(|| unknown_puzzle(&link.puzzle))?;
        let race::Lanes { clock, lanes } = race::lanes(link)?;
        for (i, (name, lane, _)) in lanes.iter().enumerate() {
            let (_, errors) = reader(lane);
            if let Some(error) = errors.first() {
                return Err(format!("race: lane {} ({name}): {error}", i + 1));
            }
            if let Some(work) = work_of(lane) {
                race::check_lane(link, i, name, &work, clock)?;
            }
        }
    }
    if ask.trace {
        if let Some(why) = trace_refusal(link) {
            return Err(why);
        }
    }
    Ok(ask)
}

/// A lesson link read and checked: its lesson with each step's link in canonical form (a step
/// whose link a page would refuse makes the lesson bad), and the step it opens at.
pub fn read_lesson(text: &str) -> Result<(Lesson, usize), String> {
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    let (lesson, step) = lesson::from_link(&link)?;
    Ok((with_canonical_links(lesson)?, step))
}

/// A lesson file's JSON (the shape a lesson link holds) read and checked, each step's link in
/// canonical form.
pub fn lesson_from_json(json: &str) -> Result<Lesson, String> {
    with_canonical_links(Lesson::from_json(json)?.into_checked()?)
}

fn with_canonical_links(mut lesson: Lesson) -> Result<Lesson, String> {
    for (i, step) in lesson.steps.iter_mut().enumerate() {
        step.link = canonical_link(&step.link).map_err(|e| format!("steps[{}].link: {e}", i + 1))?;
    }
    Ok(lesson)
}

/// Whether a link is a lesson's (`#/lesson?…`).
pub fn is_lesson(text: &str) -> bool {
    Link::parse(text).is_ok_and(|link| link.puzzle == lesson::LESSON_PAGE)
}

/// The keys of a puzzle's links with sample values, valid and extreme.
pub fn samples(name: &str) -> Option<Samples> {
    SAMPLES.iter().find(|(n, _)| *n == name).map(|&(_, samples)| samples)
}

/// Builds half `half` (0 or 1) of some session data, reporting `progress(done, total)`.
type HalfBuilder = fn(usize, &mut dyn FnMut(u64, u64)) -> Vec<u8>;

/// A name for each kind of data a solver builds once per session (pattern databases…),
/// with how to export and import it, so a fresh worker can take it over from the old one,
/// and how two helper workers build it at once, in halves, before a job that needs it.
#[derive(Clone, Copy)]
pub struct SessionData {
    name: &'static str,
    /// What it is, for the user ("pattern databases").
    label: &'static str,
    export: fn() -> Option<Vec<u8>>,
    import: fn(&[u8]) -> Result<(), String>,
    /// Whether solving a link would build it first (it needs it and this process lacks it).
    wanted_by: fn(&Link) -> bool,
    build_half: HalfBuilder,
    join_halves: fn(&[u8], &[u8]) -> Result<(), String>,
}

/// Each puzzle's session data, by page name.
pub const SESSION_DATA: &[(&str, &[SessionData])] = &[(
    sliding::INFO.name,
    &[
        SessionData {
            name: "sliding-pdb",
            label: "pattern databases",
            export: || sliding::solvers::built_pattern_database().map(|db| db.to_bytes()),
            import: sliding::solvers::install_pattern_database,
            wanted_by: |link| sliding::databases_wanted(link) == Some(4),
            build_half: sliding::pdb::PatternDatabase::<4>::build_half,
            join_halves: sliding::solvers::install_pattern_database_halves,
        },
        SessionData {
            name: "sliding-pdb-5x5",
            label: "pattern databases",
            export: || sliding::solvers::built_pattern_database_5x5().map(|db| db.to_bytes()),
            import: sliding::solvers::install_pattern_database_5x5,
            wanted_by: |link| sliding::databases_wanted(link) == Some(5),
            build_half: sliding::pdb::PatternDatabase::<5>::build_half,
            join_halves: sliding::solvers::install_pattern_database_5x5_halves,
        },
    ],
)];

/// Every session data of this process's tables.
fn all_session_data() -> impl Iterator<Item = &'static SessionData> {
    tables().session_data.iter().flat_map(|(_, data)| data.iter())
}

fn session_data(name: &str) -> Result<&'static SessionData, String> {
    all_session_data().find(|d| d.name == name).ok_or(format!("unknown session data '{name}'"))
}

/// The session data solving `link` would build first, if any, with what it is for the user.
pub fn session_data_wanted(text: &str) -> Option<(&'static str, &'static str)> {
    let link = Link::parse(text).ok()?;
    all_session_data().find(|d| (d.wanted_by)(&link)).map(|d| (d.name, d.label))
}

/// Builds half `half` (0 or 1) of session data `name`, reporting `progress(done, total)`.
pub fn build_session_data_half(
    name: &str,
    half: u8,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Vec<u8>, String> {
    match half {
        0 | 1 => Ok((session_data(name)?.build_half)(usize::from(half), progress)),
        _ => Err(format!("session data comes in halves 0 and 1, not {half}")),
    }
}

/// Takes over session data `name` from its two halves.
pub fn join_session_data_halves(name: &str, first: &[u8], second: &[u8]) -> Result<(), String> {
    (session_data(name)?.join_halves)(first, second)
}

/// Draws a solution (moves played from a link's position) as an animated GIF: file name and
/// bytes.
pub type GifExport = fn(&Link, &[String]) -> Result<(String, Vec<u8>), String>;

/// The puzzles whose solutions export as GIFs (kept out of the app's bundle: the worker draws).
pub const GIF_EXPORTS: &[(&str, GifExport)] = &[(sliding::INFO.name, sliding::gif::link_gif)];

/// The GIF of the solution `moves` of the puzzle `link` names.
pub fn export_gif(text: &str, moves: &[String]) -> Result<(String, Vec<u8>), String> {
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    let (_, export) = tables()
        .gif_exports
        .iter()
        .find(|(name, _)| *name == link.puzzle)
        .ok_or_else(|| format!("'{}' solutions do not export as GIFs", link.puzzle))?;
    export(&link, moves)
}

/// Makes the puzzle a link draws from a seed, written out (a generated Sudoku's clues).
pub type PuzzleMaker = fn(&Link) -> Result<String, String>;

/// The puzzles whose pages get their puzzle made in the worker (too slow for the page).
pub const PUZZLE_MAKERS: &[(&str, PuzzleMaker)] = &[(sudoku::INFO.name, sudoku::made_grid)];

/// The puzzle `text` names, made and written out in the puzzle's own terms.
pub fn make_puzzle(text: &str) -> Result<String, String> {
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    let (_, make) = tables()
        .puzzle_makers
        .iter()
        .find(|(name, _)| *name == link.puzzle)
        .ok_or_else(|| format!("'{}' puzzles are not made in the worker", link.puzzle))?;
    make(&link)
}

/// Makes the Search view's pictures of a link's puzzle.
pub type PictureMaker = fn(&Link) -> Pictures;

/// The puzzles whose Search view draws pictures: each frontier node's board (small enough to
/// list), or the values so far.
pub const PICTURES: &[(&str, PictureMaker)] = &[
    (sliding::INFO.name, sliding::picture::link_pictures),
    (alphametics::INFO.name, alphametics::picture::link_pictures),
];

/// How the Search view draws the puzzle `text` links to, if it draws pictures.
pub fn pictures(text: &str) -> Option<Pictures> {
    let link = Link::parse(text).ok()?;
    let (_, pictures) = tables().pictures.iter().find(|(name, _)| *name == link.puzzle)?;
    Some(pictures(&link))
}

/// The session data this process has built, by name, among those not in `known`.
pub fn export_session_data(known: &[String]) -> Vec<(&'static str, Vec<u8>)> {
    all_session_data()
        .filter(|d| !known.iter().any(|k| k == d.name))
        .filter_map(|d| (d.export)().map(|bytes| (d.name, bytes)))
        .collect()
}

/// Takes over session data exported by another process.
pub fn import_session_data(name: &str, bytes: &[u8]) -> Result<(), String> {
    (session_data(name)?.import)(bytes)
}

/// Solves the puzzle a link names: the one entry point of the CLI and the worker.
pub fn solve_link(text: &str, ctx: &mut JobContext) -> Result<Report, String> {
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    // Debug builds only (the browser tests' crash worker): `panic=1` is a real Rust panic, to
    // test that a crashed worker is reported and replaced. Release builds refuse the key.
    #[cfg(debug_assertions)]
    if link.get("panic") == Some("1") {
        panic!("this debug build was asked to panic by its link");
    }
    let (_, ask) = read_checked(&link)?;
    if link.get(race::RACE_KEY).is_some() {
        return race::run(&link, ctx, solve_parsed);
    }
    if !ask.trace {
        return solve_parsed(&link, ctx);
    }
    let (mut report, trace) = solve_recorded(&link, ctx)?;
    report.trace_cut = Some(trace.cut);
    report.trace_layers = (!trace.layers.is_empty()).then(|| trace.layers.clone());
    report.trace = Some(trace.events);
    Ok(report)
}

/// Solves a link recording its search, event by event (the page's Search view replays it).
pub fn solve_traced(text: &str, ctx: &mut JobContext) -> Result<(Report, Trace), String> {
    solve_recorded(&Link::parse(text).map_err(|e| e.to_string())?, ctx)
}

/// A search (`view=search`) or a race (`race=`) recorded for a page to step through.
pub enum Recorded {
    Search(Box<Replay>),
    Race(race::RaceReplay),
}

impl Recorded {
    /// Runs and records what a link asks to show.
    pub fn record(text: &str, ctx: &mut JobContext) -> Result<Self, String> {
        let link = Link::parse(text).map_err(|e| e.to_string())?;
        read_ask(&link)?;
        // What a view cannot show is not searched: the recording stops at the trace's cut.
        ctx.limits.stop_at_cut = true;
        if link.get(race::RACE_KEY).is_some() {
            let lane_pictures = |lane: &Link| pictures(&lane.to_hash());
            let solvers = (solve_parsed as race::Solve, solve_recorded as race::Record);
            let race = race::RaceReplay::record(&link, ctx, solvers, lane_pictures)?;
            return Ok(Self::Race(race.name_lanes(|algo| algorithm_name(&link.puzzle, algo))));
        }
        let (_, trace) = solve_recorded(&link, ctx)?;
        Ok(Self::Search(Box::new(Replay::new(trace).with_pictures(pictures(text)))))
    }

    /// The moment (a race: the tick) `seek` leads to from `from`.
    pub fn frame(&self, from: u32, seek: Seek, predict: bool) -> Frame {
        match self {
            Self::Search(replay) => replay.frame(replay.seek(from, seek), predict),
            Self::Race(race) => race.frame(race.seek(from, seek)),
        }
    }

    /// A race's counters by tick, as CSV.
    pub fn csv(&self) -> Result<String, String> {
        match self {
            Self::Race(race) => Ok(race.csv()),
            Self::Search(_) => Err("only a race exports its ticks".into()),
        }
    }
}

/// The refusal of a traced solve of `link`, when its solver records nothing: said before any
/// work is done.
pub fn trace_refusal(link: &Link) -> Option<String> {
    // A link with bad parameters is refused for them, by its solver.
    let (_, errors) = read_link(&link.puzzle)?(link);
    errors.is_empty().then(|| solver_records_no_trace(link)).flatten()
}

/// Why the solver a link names records no trace, its parameters read as good.
fn solver_records_no_trace(link: &Link) -> Option<String> {
    trace_refusal_of(work_of(link)?, link)
}

/// Why a solver that does `work` for `link` records no trace (the app asks this of its page's
/// own puzzle: `work_named`).
pub fn trace_refusal_of(work: Work, link: &Link) -> Option<String> {
    match work {
        Work::Search | Work::Constraint | Work::Count => None,
        Work::Genetic => Some(records_no_trace(&link.puzzle, link.get("algo"))),
        Work::Unrecorded(why) => Some(why),
    }
}

/// The `work` of the puzzle named `name`, looked up as the program is compiled (`const`), so
/// that a page's bundle carries its own puzzle's and no other's.
pub const fn work_named(name: &str) -> Option<WorkOf> {
    let mut i = 0;
    while i < WORKS.len() {
        if same_str(WORKS[i].0, name) {
            return Some(WORKS[i].1);
        }
        i += 1;
    }
    None
}

/// `a == b`, in a `const fn` (the lookups made as the program is compiled).
pub const fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// What the solver a link names does as it works (the puzzle's `work`).
fn work_of(link: &Link) -> Option<Work> {
    let (_, work) = tables().works.iter().find(|(name, _)| *name == link.puzzle)?;
    Some(work(link))
}

/// The refusal of a solver that records no trace, naming the link's parameter.
pub(crate) fn records_no_trace(puzzle: &str, algo: Option<&str>) -> String {
    match algo {
        Some(algo) => {
            format!("trace: {puzzle} with algo={algo} records no trace (search and constraint solvers do)")
        }
        None => format!("trace: {puzzle} records no trace (search and constraint solvers do)"),
    }
}

fn solve_recorded(link: &Link, ctx: &mut JobContext) -> Result<(Report, Trace), String> {
    if let Some(refusal) = trace_refusal(link) {
        return Err(refusal);
    }
    ctx.record_trace();
    let report = solve_parsed(link, ctx)?;
    let trace = ctx
        .take_trace()
        .filter(|t| !t.events.is_empty())
        .ok_or_else(|| records_no_trace(&link.puzzle, Some(&report.algorithm)))?;
    Ok((report, *trace))
}

fn solve_parsed(link: &Link, ctx: &mut JobContext) -> Result<Report, String> {
    let (_, solve) = tables()
        .solvers
        .iter()
        .find(|(name, _)| *name == link.puzzle)
        .ok_or_else(|| unknown_puzzle(&link.puzzle))?;
    let mut report = solve(link, ctx)?;
    report.elapsed_ms = ctx.elapsed_ms();
    Ok(report)
}

/// Runs `job` in a context with no clock and no listener (the puzzles' tests).
#[cfg(test)]
pub(crate) fn quietly<R>(job: impl FnOnce(&mut JobContext) -> R) -> R {
    let clock = || 0.0;
    let mut listener = |_: f64, _: &crate::core::job::Progress| true;
    job(&mut JobContext::new(crate::core::search::Limits::default(), &clock, &mut listener))
}

/// Solves a link with no clock and no listener (the puzzles' tests).
#[cfg(test)]
pub(crate) fn solve_quietly(text: &str) -> Result<Report, String> {
    quietly(|ctx| solve_link(text, ctx))
}

/// A page's own worker's tables (`one_puzzle_tables!`) hold its puzzle's entries and no other's.
#[cfg(test)]
mod one_puzzle_tables {
    use super::*;

    static SLIDING: Tables = crate::one_puzzle_tables!("sliding");
    static HANOI: Tables = crate::one_puzzle_tables!("hanoi");

    fn names<T>(table: &[(&'static str, T)]) -> Vec<&'static str> {
        table.iter().map(|(name, _)| *name).collect()
    }

    #[test]
    fn each_table_holds_the_puzzle_named_and_nothing_else() {
        for (tables, name) in [(&SLIDING, "sliding"), (&HANOI, "hanoi")] {
            assert_eq!(names(tables.solvers), [name]);
            assert_eq!(names(tables.readers), [name]);
            assert_eq!(names(tables.labels), [name]);
            assert_eq!(names(tables.works), [name]);
        }
        assert_eq!(names(SLIDING.session_data), ["sliding"], "the pattern databases");
        assert_eq!(names(SLIDING.gif_exports), ["sliding"]);
        assert_eq!(names(SLIDING.pictures), ["sliding"]);
        assert!(SLIDING.puzzle_makers.is_empty());
        assert!(HANOI.session_data.is_empty() && HANOI.gif_exports.is_empty() && HANOI.pictures.is_empty());
        // The entries are the registry's own: the sliding one solves a sliding link.
        let link = Link::parse("#/sliding?size=3&tiles=1,2,3,4,5,6,7,0,8&algo=bfs").unwrap();
        let (_, solve) = SLIDING.solvers[0];
        assert_eq!(quietly(|ctx| solve(&link, ctx)).unwrap().length, 1);
    }
}

/// The example puzzle (`doubling`, not listed) put through the same registry macro as the
/// listed puzzles: it provides everything a registry line needs, and works once registered.
#[cfg(test)]
mod the_example_as_registered {
    use super::*;

    registry!(doubling);

    #[test]
    fn a_registry_line_makes_the_example_solvable_readable_and_fuzzable() {
        assert_eq!(PUZZLES.iter().map(|p| p.name).collect::<Vec<_>>(), ["doubling"]);
        let link = Link::parse("#/doubling?target=10").unwrap();
        let (_, solve) = SOLVERS[0];
        assert_eq!(quietly(|ctx| solve(&link, ctx)).unwrap().length, 4);
        let (_, read) = READERS[0];
        assert_eq!(read(&link).0.to_hash(), "#/doubling?target=10&algo=bfs");
        let (_, label) = ALGORITHM_LABELS[0];
        assert_eq!(label("bfs"), Some("Breadth-first: the fewest moves"));
        let (_, work) = WORKS[0];
        assert_eq!(work(&link), Work::Search);
        // Every sample key is read, as `every_puzzle_lists_its_keys_with_samples` checks.
        let (_, samples) = SAMPLES[0];
        for (key, values) in samples {
            let (_, errors) = read(&Link::new("doubling").with(key, values[0]));
            assert!(errors.is_empty(), "{key}: {errors:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<Report, String> {
        solve_quietly(text)
    }

    #[test]
    fn links_reach_their_puzzle() {
        assert_eq!(run("http://x/#/hanoi?discs=3").unwrap().length, 7);
    }

    #[test]
    fn every_puzzle_reads_step_by_the_links_one_rule() {
        // What `LinkAsk::read` refuses, each puzzle's reader refuses, naming the same key.
        for puzzle in PUZZLES {
            let read = read_link(puzzle.name).unwrap();
            for (key, text) in
                [("step", "abc"), ("step", "-1"), ("step", "131072"), ("speed", "0"), ("speed", "8")]
            {
                let link = Link::new(puzzle.name).with(key, text);
                assert!(LinkAsk::read(&link).is_err(), "{}: {key}={text}", puzzle.name);
                let (_, errors) = read(&link);
                assert_eq!(errors.len(), 1, "{}: {key}={text}: {errors:?}", puzzle.name);
                assert_eq!(errors[0].field, key);
            }
            let (_, errors) = read(&Link::new(puzzle.name).with("step", 1).with("speed", 7));
            assert!(errors.is_empty(), "{}: step=1&speed=7: {errors:?}", puzzle.name);
        }
    }

    #[test]
    fn every_puzzle_and_lessons_keep_embed_and_refuse_a_bad_value() {
        for puzzle in PUZZLES {
            let link = format!("#/{}?embed=1", puzzle.name);
            let canonical = canonical_link(&link).unwrap_or_else(|e| panic!("{link}: {e}"));
            assert!(canonical.ends_with("embed=1"), "{link} → {canonical}");
            let html = embed_html(&format!("https://lab.example/{link}"), &canonical).unwrap();
            assert!(html.starts_with("<iframe src=\"https://lab.example/#/"), "{html}");
            let title = puzzle.title.replace('&', "&amp;");
            assert!(html.contains(&format!("title=\"Puzzle Lab: {title}\"")), "{html}");
            let refused = canonical_link(&format!("#/{}?embed=yes", puzzle.name)).unwrap_err();
            assert!(refused.starts_with("embed: must be 0 or 1"), "{refused}");
        }
        assert_eq!(
            canonical_link("#/lesson?example=search&step=2&embed=1").unwrap(),
            "#/lesson?example=search&step=2&embed=1"
        );
        assert!(canonical_link("#/lesson?example=search&embed=2").is_err());
        // A race keeps its keys and the embed.
        let race = canonical_link("#/sliding?size=3&seed=3&shuffle=20&race=bfs,astar&t=5&embed=1").unwrap();
        assert!(race.contains("race=bfs,astar") && race.ends_with("&embed=1"), "{race}");
    }

    #[test]
    fn every_puzzle_accepts_the_step_of_a_shown_solution() {
        // A page writes `step` once it shows a solution, even at 0 and even on a puzzle that
        // plays nothing back: the link must reopen, not be refused.
        for puzzle in PUZZLES {
            let read = read_link(puzzle.name).unwrap();
            let (_, errors) = read(&Link::new(puzzle.name).with("step", 0));
            assert!(errors.is_empty(), "{}: {errors:?}", puzzle.name);
        }
        assert_eq!(
            canonical_link("#/tiles264?step=1").unwrap(),
            canonical_link("#/tiles264").unwrap() + "&step=1"
        );
        assert_eq!(canonical_link("#/alphametics?step=0").unwrap(), canonical_link("#/alphametics").unwrap());
    }

    #[test]
    fn every_listed_puzzle_has_a_solver() {
        for puzzle in PUZZLES {
            assert!(SOLVERS.iter().any(|(name, _)| *name == puzzle.name), "{}", puzzle.name);
        }
        assert_eq!(SOLVERS.len(), PUZZLES.len());
    }

    #[test]
    fn every_puzzle_lists_its_keys_with_samples() {
        for puzzle in PUZZLES {
            let samples = samples(puzzle.name).expect("registered");
            let read = read_link(puzzle.name).unwrap();
            for (key, values) in samples {
                assert!(!values.is_empty(), "{}: {key}", puzzle.name);
                for value in *values {
                    let (_, errors) = read(&Link::new(puzzle.name).with(key, value));
                    let unknown = format!("is not a parameter of '{}'", puzzle.name);
                    assert!(errors.iter().all(|e| e.reason != unknown), "{}: {key} is not read", puzzle.name);
                }
            }
            // Every key a canonical link writes is listed.
            for (key, values) in samples {
                let (canonical, _) = read(&Link::new(puzzle.name).with(key, values[0]));
                for (written, _) in &canonical.params {
                    assert!(
                        samples.iter().any(|(k, _)| k == written),
                        "{}: {written} not listed",
                        puzzle.name
                    );
                }
            }
        }
    }

    #[test]
    fn pattern_databases_are_wanted_by_the_links_that_build_them() {
        // Other tests of this process may have built the databases already: then none is wanted.
        let wanted = |text: &str| session_data_wanted(text).map(|(name, _)| name);
        let unless_built = |built: bool, name| (!built).then_some(name);
        let four = sliding::solvers::built_pattern_database().is_some();
        assert_eq!(wanted("#/sliding?size=4&algo=pdb"), unless_built(four, "sliding-pdb"));
        assert_eq!(wanted("#/sliding?size=4&algo=auto"), unless_built(four, "sliding-pdb"));
        let five = sliding::solvers::built_pattern_database_5x5().is_some();
        assert_eq!(wanted("#/sliding?size=5&algo=auto"), unless_built(five, "sliding-pdb-5x5"));
        for text in [
            "#/sliding?size=5&algo=idastar",
            "#/sliding?size=3&algo=pdb",
            "#/sliding?size=4&algo=pdb&tiles=1",
            "#/hanoi",
            "nonsense",
        ] {
            assert_eq!(wanted(text), None, "{text}");
        }
        assert!(build_session_data_half("sliding-pdb", 2, &mut |_, _| {}).unwrap_err().contains("not 2"));
        assert!(join_session_data_halves("maps", b"", b"").unwrap_err().contains("unknown"));
    }

    #[test]
    fn sliding_solutions_export_as_gifs_named_for_their_board() {
        let moves: Vec<String> = ["L", "U"].map(String::from).to_vec();
        let (name, bytes) = export_gif("#/sliding?size=3&tiles=1,2,3,4,5,6,7,8,0", &moves).unwrap();
        assert_eq!(name, "sliding-3x3-2-moves.gif");
        assert!(bytes.starts_with(b"GIF89a"));
        let err = export_gif("#/sliding?size=3&tiles=1,2,3,4,5,6,7,8,0", &["D".to_string()]).unwrap_err();
        assert!(err.starts_with("move 1:"), "{err}");
        assert!(export_gif("#/hanoi", &[]).unwrap_err().contains("do not export"));
    }

    /// Solves under a small budget of expansions (guesses, for constraint solvers).
    fn run_within(text: &str, max_expanded: u64) -> Result<Report, String> {
        let clock = || 0.0;
        let mut listener = |_: f64, _: &crate::core::job::Progress| true;
        let limits = crate::core::search::Limits { max_expanded, ..Default::default() };
        solve_link(text, &mut JobContext::new(limits, &clock, &mut listener))
    }

    #[test]
    fn a_stopped_search_keeps_its_trace_and_says_why() {
        let report = run_within("#/sudoku?algo=backtrack&pick=random&seed=1&trace=1", 5_000).unwrap();
        assert!(!report.solved);
        assert_eq!(report.stopped.as_deref(), Some("nodes"));
        let events = report.trace.expect("the trace is kept");
        let guesses = events.iter().filter(|e| matches!(e, crate::core::trace::Event::Guess { .. })).count();
        assert!((5_000..5_000 + 4_096).contains(&guesses), "{guesses} guesses recorded");
        let report = run_within("#/queens?n=16&first=0-0&trace=1", 1_000).unwrap();
        assert_eq!(report.stopped.as_deref(), Some("nodes"));
    }

    #[test]
    fn a_trace_is_refused_from_the_link_alone_and_bad_parameters_first() {
        for (link, refused) in [
            ("#/hanoi?discs=20&algo=optimal", true),
            ("#/hanoi?discs=3&algo=bfs", false),
            ("#/sliding?size=4&algo=pdb", true),
            ("#/sliding?size=3", false),
            ("#/queens?n=11", true),
            ("#/queens?n=10", false),
            ("#/sudoku?algo=fast", true),
            ("#/sudoku?set=top95&algo=propagate", true),
            ("#/sudoku?algo=backtrack", false),
            ("#/alphametics?algo=brute", true),
            ("#/jugs", false),
            ("#/mastermind", true),
        ] {
            let link = Link::parse(link).unwrap();
            assert_eq!(trace_refusal(&link).is_some(), refused, "{link}");
        }
        let bad = run("#/hanoi?discs=3&algo=nope&trace=1").unwrap_err();
        assert!(bad.starts_with("algo:"), "{bad}");
    }

    #[test]
    #[should_panic(expected = "asked to panic")]
    fn debug_builds_panic_on_request() {
        let _ = run("#/hanoi?panic=1");
    }

    #[test]
    fn unknown_or_missing_puzzles_are_named() {
        // The known names come from the registry: a new puzzle is listed without editing this.
        let known: Vec<&str> = PUZZLES.iter().map(|p| p.name).collect();
        assert_eq!(
            run("#/chess").unwrap_err(),
            format!("link: unknown puzzle 'chess' (known: {})", known.join(", "))
        );
        assert!(known.contains(&"hanoi") && known.contains(&"bayes"));
        assert!(run("#/").unwrap_err().contains("names no puzzle"));
        assert!(run("#/hanoi?discs").unwrap_err().starts_with("discs:"));
    }
}
