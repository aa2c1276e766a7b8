//! The share-link codec: `#/<puzzle>?key=value&...` <-> a puzzle name and its parameters.
//!
//! Links are a public format kept in lesson plans for years. Rules (documented in docs/links.md):
//! - keys and values are short ASCII words; values use `,` to separate list items;
//! - `v` is the format version, omitted while it is 1 (the only version so far);
//! - every puzzle reads its own keys through [`ParamReader`], which names the field and the
//!   reason of every problem and falls back to the default, so a bad link never breaks a page;
//! - a link is at most [`MAX_LINK_BYTES`] long with at most [`MAX_PARAMS`] parameters, and a
//!   move list at most [`MAX_LIST_ITEMS`] items: anything larger is refused unread, so parsing
//!   stays linear in the link's length and cheap enough for the page's main thread.

use crate::core::choice::Named;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The link format version this build reads and writes.
pub const LINK_VERSION: u32 = 1;

/// Longest link read (64 KiB): far above any real link, far below what could stall a page.
pub const MAX_LINK_BYTES: usize = 64 * 1024;

/// Most parameters in one link (every puzzle has far fewer).
pub const MAX_PARAMS: usize = 64;

/// Most items in one list parameter such as `moves`.
pub const MAX_LIST_ITEMS: usize = 10_000;

/// A parsed link: which page, and its parameters in link order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub puzzle: String,
    pub params: Vec<(String, String)>,
}

/// One problem with a link, naming the field (or `link`) and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError {
    pub field: String,
    pub reason: String,
    /// For a number out of range: the nearest allowed value, which a page uses instead (the
    /// command line refuses the link).
    pub nearest: Option<String>,
}

impl LinkError {
    pub fn new(field: impl Into<String>, reason: impl Into<String>) -> Self {
        Self { field: field.into(), reason: reason.into(), nearest: None }
    }
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

impl std::error::Error for LinkError {}

/// Joins several problems into one sentence for a status line or a JSON `error`.
pub fn describe_errors(errors: &[LinkError]) -> String {
    errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

impl Link {
    pub fn new(puzzle: impl Into<String>) -> Self {
        Self { puzzle: puzzle.into(), params: Vec::new() }
    }

    /// Appends a parameter (builder style).
    pub fn with(mut self, key: &str, value: impl fmt::Display) -> Self {
        self.params.push((key.to_string(), value.to_string()));
        self
    }

    /// Sets a parameter, replacing its value if present (builder style).
    pub fn set(mut self, key: &str, value: impl fmt::Display) -> Self {
        match self.params.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value.to_string(),
            None => self.params.push((key.to_string(), value.to_string())),
        }
        self
    }

    /// The link without a parameter (builder style).
    pub fn without(mut self, key: &str) -> Self {
        self.params.retain(|(k, _)| k != key);
        self
    }

    /// Appends a comma-separated list, or nothing when it is empty.
    pub fn with_list<T: fmt::Display>(self, key: &str, items: &[T]) -> Self {
        if items.is_empty() {
            return self;
        }
        let words: Vec<String> = items.iter().map(ToString::to_string).collect();
        self.with(key, words.join(","))
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.params.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Parses a full app URL (`https://host/path/#/hanoi?discs=4`) or just its hash part
    /// (`#/hanoi?discs=4`, `/hanoi?discs=4`). The puzzle name of the landing page is "".
    pub fn parse(text: &str) -> Result<Self, LinkError> {
        if text.len() > MAX_LINK_BYTES {
            return Err(LinkError::new(
                "link",
                format!(
                    "is {} bytes long; links are at most {MAX_LINK_BYTES} bytes",
                    crate::core::format::format_count(text.len() as u64)
                ),
            ));
        }
        let text = text.trim();
        let hash = match text.find('#') {
            Some(i) => &text[i + 1..],
            None if text.contains("://") => "/",
            None => text,
        };
        let hash = hash.strip_prefix('/').unwrap_or(hash);
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        let puzzle = path.trim_end_matches('/');
        if !puzzle.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(LinkError::new("link", format!("'{puzzle}' is not a page name")));
        }
        let mut link = Link::new(puzzle.to_ascii_lowercase());
        let mut keys = std::collections::HashSet::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            if link.params.len() == MAX_PARAMS {
                return Err(LinkError::new("link", format!("has more than {MAX_PARAMS} parameters")));
            }
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| LinkError::new(decode(pair), "has no value (expected key=value)"))?;
            let key = decode(key);
            if key.is_empty() {
                return Err(LinkError::new("link", format!("'{pair}' has no parameter name")));
            }
            if !keys.insert(key.clone()) {
                return Err(LinkError::new(key, "is given twice"));
            }
            link.params.push((key, decode(value)));
        }
        match link.get("v") {
            None => {}
            Some(v) if v == LINK_VERSION.to_string() => {}
            Some(v) => {
                return Err(LinkError::new(
                    "v",
                    format!("link format version '{v}' is not known to this app (it reads {LINK_VERSION})"),
                ))
            }
        }
        Ok(link)
    }

    /// The hash form used in the address bar: `#/hanoi?discs=4&pegs=3`.
    pub fn to_hash(&self) -> String {
        let mut out = format!("#/{}", self.puzzle);
        for (i, (key, value)) in self.params.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            out.push_str(&encode(key));
            out.push('=');
            out.push_str(&encode(value));
        }
        out
    }
}

impl fmt::Display for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hash())
    }
}

/// Characters that stay readable in links; anything else is percent-encoded.
fn is_plain(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-_.,~:".contains(c)
}

fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_plain(c) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

/// Reads percent-escapes (`%` and two hex digits; anything else is kept as typed). A `+` is
/// a plus sign, not a space: links live in the fragment, where form encoding does not apply.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1..i + 3)) {
            (b'%', Some(&[high, low])) if high.is_ascii_hexdigit() && low.is_ascii_hexdigit() => {
                out.push(hex_value(high) << 4 | hex_value(low));
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_value(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        _ => (digit | 0x20) - b'a' + 10,
    }
}

/// Most significant digits a decimal in a link may have: with at most 15, the digits and the
/// power of ten are exact in an `f64`, so one division rounds the value correctly.
const DECIMAL_DIGITS: usize = 15;

/// A decimal number as links write it (`0.25`, `-1`, `.5`): the same value Rust's own parser
/// gives, without its tables for every exponent and length, which would add 16 KB to the app.
pub fn parse_decimal(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = || whole.bytes().chain(fraction.bytes());
    if whole.len() + fraction.len() == 0 || !digits().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let significant = digits().skip_while(|&b| b == b'0').count();
    if significant > DECIMAL_DIGITS || fraction.len() > DECIMAL_DIGITS {
        return None;
    }
    let mantissa = digits().fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
    let value = mantissa as f64 / 10u64.pow(fraction.len() as u32) as f64;
    Some(if negative { -value } else { value })
}

/// A puzzle's parameters as a link: read (every problem named, defaults used) and written in
/// canonical form. The page, the worker and the CLI all read links through this.
pub trait LinkParams: Sized {
    fn from_link(link: &Link) -> (Self, Vec<LinkError>);
    fn to_link(&self) -> Link;
}

/// Reads a link as a page does: when every problem is a number out of range, each is moved
/// to its nearest allowed value, and the sentences saying so come back with the parameters.
/// Any other problem is returned as it is (the page then refuses the link or the edit).
pub fn read_leniently<P: LinkParams>(link: &Link) -> (P, Vec<LinkError>, Vec<String>) {
    let (params, errors) = P::from_link(link);
    let all_clampable = !errors.is_empty() && errors.iter().all(|e| e.nearest.is_some());
    if !all_clampable {
        return (params, errors, Vec::new());
    }
    let mut moved = link.clone();
    let mut said = Vec::new();
    for error in &errors {
        let nearest = error.nearest.as_deref().unwrap_or_default();
        moved = moved.set(&error.field, nearest);
        said.push(format!("{}: {}; using {nearest}, the nearest allowed", error.field, error.reason));
    }
    match P::from_link(&moved) {
        (params, again) if again.is_empty() => (params, Vec::new(), said),
        _ => (params, errors, Vec::new()),
    }
}

/// A link's canonical form under `P`, with the problems found reading it.
pub fn canonical<P: LinkParams>(link: &Link) -> (Link, Vec<LinkError>) {
    let (params, errors) = P::from_link(link);
    (params.to_link(), errors)
}

/// The playback speed a page keeps in its link (1 = slowest): every puzzle accepts it, and
/// the solvers ignore it.
pub const SPEED_KEY: &str = "speed";

/// `trace=1` asks the search and constraint solvers for every event of their run (the report's
/// `trace`); every puzzle reads it, those without such a solver refuse it.
pub const TRACE_KEY: &str = "trace";

/// The step of a solution a page shows (`step=0`: solved, at the start): every puzzle accepts
/// it, those that play solutions back read it, and a page reopening it solves again.
pub const STEP_KEY: &str = "step";

/// `view=search` opens a page's Search view, at moment `t` (events done), in predict mode with
/// `predict=1`: every puzzle accepts these keys, and the solvers ignore them.
pub const VIEW_KEY: &str = "view";
pub const MOMENT_KEY: &str = "t";
pub const PREDICT_KEY: &str = "predict";

/// `race=a,b` races algorithms on one clock (`clock=`), seeded lanes with `seeds=`
/// (`core::race`); a page shows the race at tick `t`.
pub const RACE_KEY: &str = "race";
pub const CLOCK_KEY: &str = "clock";
pub const SEEDS_KEY: &str = "seeds";

/// `embed=1` shows the page inside another one (`core::embed`): every puzzle and lessons
/// accept it, the solvers ignore it, and the address a page writes back keeps it.
pub const EMBED_KEY: &str = "embed";

/// Whether `link` asks for the embedded page (`embed=1`); another value is refused by
/// [`embed_value`].
pub fn is_embedded(link: &Link) -> bool {
    link.get(EMBED_KEY) == Some("1")
}

/// Whether `link` opens its page on a race or a Search view (a frame keeps that view).
pub fn opens_on_a_view(link: &Link) -> bool {
    [RACE_KEY, VIEW_KEY].iter().any(|key| link.get(key).is_some())
}

/// `embed`'s value checked: absent, 0 or 1.
pub fn embed_value(link: &Link) -> Result<bool, LinkError> {
    match link.get(EMBED_KEY) {
        None | Some("0") => Ok(false),
        Some("1") => Ok(true),
        Some(other) => Err(LinkError::new(EMBED_KEY, format!("must be 0 or 1, got '{other}'"))),
    }
}

/// What a link asks of the Search view.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchAsk {
    /// The moment shown: the number of events done (a race: the tick of its clock).
    pub t: u32,
    pub predict: bool,
    /// A race's keys as the link gives them (none: a search).
    pub race: Vec<(&'static str, String)>,
}

/// The Search view a link opens, if it names one; a bad value is an error naming its key.
pub fn search_view(link: &Link) -> Result<Option<SearchAsk>, LinkError> {
    let race: Vec<(&'static str, String)> = [RACE_KEY, CLOCK_KEY, SEEDS_KEY]
        .into_iter()
        .filter_map(|key| Some((key, link.get(key)?.to_string())))
        .collect();
    match link.get(VIEW_KEY) {
        None if race.is_empty() => {
            // A moment or predict mode without a view to show them in is a mistake, said.
            return match [MOMENT_KEY, PREDICT_KEY].into_iter().find(|&key| link.get(key).is_some()) {
                Some(key) => Err(LinkError::new(
                    key,
                    format!("belongs to the Search view or a race: add view=search, or leave {key} out"),
                )),
                None => Ok(None),
            };
        }
        None | Some("search") => {}
        Some(other) => return Err(LinkError::new(VIEW_KEY, format!("must be 'search', got '{other}'"))),
    }
    let t = match link.get(MOMENT_KEY) {
        None => 0,
        Some(text) => text.parse().map_err(|_| {
            LinkError::new(MOMENT_KEY, format!("must be a whole number of events from 0, got '{text}'"))
        })?,
    };
    let predict = match link.get(PREDICT_KEY) {
        None | Some("0") => false,
        Some("1") => true,
        Some(other) => return Err(LinkError::new(PREDICT_KEY, format!("must be 0 or 1, got '{other}'"))),
    };
    Ok(Some(SearchAsk { t, predict, race }))
}

/// A playback key's value (`step`: a solution's step, `speed`: a speed level), by the one
/// rule every reader of the link uses (`LinkAsk::read`, the puzzles' readers, the page); an
/// error names the key and, for a number out of range, the nearest allowed value.
pub fn playback_value(link: &Link, key: &'static str) -> Result<Option<usize>, LinkError> {
    use crate::core::playback::{MAX_PLAYBACK, SPEEDS_MS};
    let range = if key == STEP_KEY { 0..=MAX_PLAYBACK } else { 1..=SPEEDS_MS.len() };
    let Some(text) = link.get(key) else { return Ok(None) };
    match text.parse::<usize>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        parsed => {
            let (low, high) = (range.start(), range.end());
            let mut error =
                LinkError::new(key, format!("must be a whole number from {low} to {high}, got '{text}'"));
            error.nearest = parsed.ok().map(|n| if n < *low { low } else { high }.to_string());
            Err(error)
        }
    }
}

/// What a link asks beyond its puzzle's position and method, its keys read by one reader
/// (`puzzles::read_ask` adds the checks that need the puzzle: each race lane's link, whether
/// its solver records a trace).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LinkAsk {
    /// `trace=1`: the solve's search recorded, event by event.
    pub trace: bool,
    /// The Search view or race the link opens (`view=search`, `race=`).
    pub view: Option<SearchAsk>,
    /// `embed=1`: the page inside another one.
    pub embed: bool,
}

impl LinkAsk {
    /// The keys of a trace, a Search view and a race; a bad value, or a race's key without a
    /// race, is an error naming its key.
    pub fn read(link: &Link) -> Result<Self, String> {
        let trace = match link.get(TRACE_KEY) {
            None | Some("0") => false,
            Some("1") => true,
            Some(other) => return Err(format!("{TRACE_KEY}: must be 0 or 1, got '{other}'")),
        };
        if link.get(RACE_KEY).is_none() {
            if let Some(key) = [CLOCK_KEY, SEEDS_KEY].into_iter().find(|&key| link.get(key).is_some()) {
                return Err(format!(
                    "{key}: belongs to a race: name the algorithms with race=, or leave {key} out"
                ));
            }
        }
        if trace && link.get(RACE_KEY).is_some() {
            return Err(format!(
                "{TRACE_KEY}: a race is not traced (each lane's counts are in its answer): leave {TRACE_KEY} out"
            ));
        }
        // The page's playback keys, checked here for every puzzle (a page without playback too).
        for key in [STEP_KEY, SPEED_KEY] {
            playback_value(link, key).map_err(|e| e.to_string())?;
        }
        let view = search_view(link).map_err(|e| e.to_string())?;
        let embed = embed_value(link).map_err(|e| e.to_string())?;
        Ok(Self { trace, view, embed })
    }

    /// `canonical`, a puzzle's own link, with what this asks written back (as pages write it).
    pub fn written_on(&self, canonical: Link) -> Link {
        let link = match &self.view {
            Some(view) => with_view(canonical, view),
            None => canonical,
        };
        let link = if self.trace { link.set(TRACE_KEY, 1) } else { link };
        if self.embed {
            link.set(EMBED_KEY, 1)
        } else {
            link
        }
    }
}

/// A page's link with what its Search view (or race) shows, keys in the order pages write
/// them; no playback step (the board shows the search's node, not a solution's step).
pub fn with_view(link: Link, ask: &SearchAsk) -> Link {
    let link = link.without(STEP_KEY);
    if ask.race.is_empty() {
        let link = link.set(VIEW_KEY, "search").set(MOMENT_KEY, ask.t);
        return if ask.predict { link.set(PREDICT_KEY, 1) } else { link };
    }
    ask.race
        .iter()
        .fold(link.without("algo"), |link, (key, value)| link.set(key, value))
        .set(MOMENT_KEY, ask.t)
}

/// Reads a puzzle's parameters from a link, collecting every problem instead of stopping at
/// the first, and falling back to the given default for each bad value.
pub struct ParamReader<'a> {
    link: &'a Link,
    known: Vec<&'static str>,
    errors: Vec<LinkError>,
    /// Whether the puzzle read `step` itself (`step`): `finish` checks it otherwise.
    step_read: bool,
}

impl<'a> ParamReader<'a> {
    pub fn new(link: &'a Link) -> Self {
        Self {
            link,
            known: vec![
                "v",
                SPEED_KEY,
                STEP_KEY,
                TRACE_KEY,
                VIEW_KEY,
                MOMENT_KEY,
                PREDICT_KEY,
                RACE_KEY,
                CLOCK_KEY,
                SEEDS_KEY,
                EMBED_KEY,
            ],
            errors: Vec::new(),
            step_read: false,
        }
    }

    /// The raw text of a parameter, marking the key as known.
    pub fn raw(&mut self, key: &'static str) -> Option<&'a str> {
        self.known.push(key);
        self.link.get(key)
    }

    /// The playback step (`step=`) by `playback_value`'s rule; 0 when absent or bad (with an
    /// error).
    pub fn step(&mut self) -> usize {
        self.step_read = true;
        match playback_value(self.link, STEP_KEY) {
            Ok(step) => step.unwrap_or(0),
            Err(error) => {
                self.errors.push(error);
                0
            }
        }
    }

    /// Records a problem with a parameter the puzzle validated itself.
    pub fn reject(&mut self, key: &str, reason: impl Into<String>) {
        self.errors.push(LinkError::new(key, reason));
    }

    /// Gives the problem just recorded the nearest allowed value.
    fn suggest_nearest(&mut self, nearest: String) {
        if let Some(error) = self.errors.last_mut() {
            error.nearest = Some(nearest);
        }
    }

    /// A whole number within `range`, or `default` (with an error) when missing or bad.
    pub fn number<T>(&mut self, key: &'static str, range: RangeInclusive<T>, default: T) -> T
    where
        T: FromStr + PartialOrd + Copy + fmt::Display,
    {
        let Some(text) = self.raw(key) else {
            return default;
        };
        let parsed = text.parse::<T>();
        match parsed {
            Ok(n) if range.contains(&n) => n,
            _ => {
                let reason =
                    format!("must be a whole number from {} to {}, got '{text}'", range.start(), range.end());
                self.reject(key, reason);
                if let Ok(n) = parsed {
                    let nearest = if n < *range.start() { range.start() } else { range.end() };
                    self.suggest_nearest(nearest.to_string());
                }
                default
            }
        }
    }

    /// A comma-separated list of `lengths` whole numbers, each within `range`, or `default`
    /// (with an error) when missing or bad.
    pub fn numbers(
        &mut self,
        key: &'static str,
        lengths: RangeInclusive<usize>,
        range: RangeInclusive<u32>,
        default: &[u32],
    ) -> Vec<u32> {
        let Some(text) = self.raw(key) else { return default.to_vec() };
        let numbers: Option<Vec<u32>> =
            text.split(',').map(|w| w.parse::<u32>().ok().filter(|n| range.contains(n))).collect();
        match numbers {
            Some(numbers) if lengths.contains(&numbers.len()) => numbers,
            _ => {
                let reason = format!(
                    "must be {} to {} whole numbers from {} to {}, separated by commas; got '{text}'",
                    lengths.start(),
                    lengths.end(),
                    range.start(),
                    range.end()
                );
                self.reject(key, reason);
                default.to_vec()
            }
        }
    }

    /// A decimal number within `range`, or `default` (with an error) when missing or bad.
    pub fn decimal(&mut self, key: &'static str, range: RangeInclusive<f64>, default: f64) -> f64 {
        let Some(text) = self.raw(key) else { return default };
        let parsed = parse_decimal(text).ok_or(());
        match parsed {
            Ok(x) if range.contains(&x) => x,
            _ => {
                let reason =
                    format!("must be a number from {} to {}, got '{text}'", range.start(), range.end());
                self.reject(key, reason);
                if let Some(x) = parsed.ok().filter(|x| !x.is_nan()) {
                    self.suggest_nearest(x.clamp(*range.start(), *range.end()).to_string());
                }
                default
            }
        }
    }

    /// One of a fixed set of words, or `default` (with an error listing the choices).
    pub fn choice<T: Copy>(&mut self, key: &'static str, options: &[(&str, T)], default: T) -> T {
        let Some(text) = self.raw(key) else {
            return default;
        };
        match options.iter().find(|(name, _)| *name == text) {
            Some((_, value)) => *value,
            None => {
                let names: Vec<&str> = options.iter().map(|(name, _)| *name).collect();
                self.reject(key, format!("'{text}' is not one of {}", names.join(", ")));
                default
            }
        }
    }

    /// One value of a [`Named`] set by its link name, or `default` (with an error listing the
    /// names).
    pub fn named<T: Named>(&mut self, key: &'static str, default: T) -> T {
        let options: Vec<(&str, T)> = T::ALL.iter().map(|&v| (v.name(), v)).collect();
        self.choice(key, &options, default)
    }

    /// A comma-separated list of moves played from `start`, each read by `parse` and checked
    /// by `apply`. At a bad move the problem is reported and the legal moves before it are
    /// kept, so a damaged link still shows as much play as it can. Lists longer than
    /// [`MAX_LIST_ITEMS`] are refused whole.
    pub fn moves<S, M>(
        &mut self,
        key: &'static str,
        start: S,
        parse: impl Fn(&str) -> Result<M, String>,
        apply: impl Fn(&S, &M) -> Result<S, String>,
    ) -> Vec<M> {
        let mut moves = Vec::new();
        let Some(text) = self.raw(key) else { return moves };
        if text.split(',').filter(|w| !w.is_empty()).nth(MAX_LIST_ITEMS).is_some() {
            self.reject(key, format!("has more than {MAX_LIST_ITEMS} moves"));
            return moves;
        }
        let mut state = start;
        for (i, word) in text.split(',').filter(|w| !w.is_empty()).enumerate() {
            match parse(word).and_then(|mv| apply(&state, &mv).map(|next| (mv, next))) {
                Ok((mv, next)) => {
                    moves.push(mv);
                    state = next;
                }
                Err(why) => {
                    self.reject(key, format!("move {} '{word}': {why}", i + 1));
                    break;
                }
            }
        }
        moves
    }

    /// Ends reading: every parameter the puzzle did not ask for is reported as unknown.
    pub fn finish(mut self) -> Vec<LinkError> {
        // The playback keys, by their one rule, on a puzzle that does not read them itself.
        for key in [STEP_KEY, SPEED_KEY] {
            if key == SPEED_KEY || !self.step_read {
                if let Err(error) = playback_value(self.link, key) {
                    self.errors.push(error);
                }
            }
        }
        for (key, _) in &self.link.params {
            if !self.known.contains(&key.as_str()) {
                let reason = format!("is not a parameter of '{}'", self.link.puzzle);
                self.errors.push(LinkError::new(key.clone(), reason));
            }
        }
        self.errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_view_keys_are_read_or_refused_by_name() {
        let read = |text: &str| search_view(&Link::parse(text).unwrap());
        assert_eq!(read("#/jugs"), Ok(None));
        let ask = |t, predict| Some(SearchAsk { t, predict, race: Vec::new() });
        assert_eq!(read("#/jugs?view=search"), Ok(ask(0, false)));
        assert_eq!(read("#/jugs?view=search&t=42&predict=1"), Ok(ask(42, true)));
        let race = read("#/jugs?race=bfs,dfs&t=3").unwrap().unwrap();
        assert_eq!((race.t, race.race), (3, vec![(RACE_KEY, "bfs,dfs".to_string())]));
        assert_eq!(read("#/jugs?view=tree").unwrap_err().field, "view");
        assert_eq!(read("#/jugs?view=search&t=-1").unwrap_err().field, "t");
        assert_eq!(read("#/jugs?view=search&predict=yes").unwrap_err().field, "predict");
    }

    #[test]
    fn decimals_with_too_many_digits_or_an_exponent_are_refused() {
        assert_eq!(parse_decimal("0.125"), Some(0.125));
        assert_eq!(parse_decimal("-.5"), Some(-0.5));
        assert_eq!(parse_decimal("000000000000000000001.5"), Some(1.5));
        assert_eq!(parse_decimal("0.1234567890123456"), None, "16 decimals");
        for text in ["", "-", ".", "1e3", "inf", "NaN", "1.2.3", "--1", "0x10", " 1"] {
            assert_eq!(parse_decimal(text), None, "{text}");
        }
    }

    #[test]
    fn parses_hash_and_full_urls() {
        let expected = Link::new("hanoi").with("discs", 4).with("pegs", 3);
        for text in [
            "#/hanoi?discs=4&pegs=3",
            "/hanoi?discs=4&pegs=3",
            "hanoi?discs=4&pegs=3",
            "http://127.0.0.1:8080/#/hanoi?discs=4&pegs=3",
            "https://example.org/lab/index.html#/hanoi?discs=4&pegs=3\n",
        ] {
            assert_eq!(Link::parse(text).unwrap(), expected, "{text}");
        }
        assert_eq!(Link::parse("http://127.0.0.1:8080/").unwrap(), Link::new(""));
        assert_eq!(Link::parse("#/").unwrap(), Link::new(""));
    }

    #[test]
    fn formats_canonical_hash() {
        let link = Link::new("hanoi").with("state", "AAB").with("algo", "bfs");
        assert_eq!(link.to_hash(), "#/hanoi?state=AAB&algo=bfs");
        assert_eq!(Link::new("").to_hash(), "#/");
    }

    #[test]
    fn refuses_malformed_links_naming_the_problem() {
        let err = Link::parse("#/hanoi?discs").unwrap_err();
        assert_eq!(err.field, "discs");
        assert!(err.reason.contains("no value"));
        let err = Link::parse("#/hanoi?discs=3&discs=4").unwrap_err();
        assert_eq!((err.field.as_str(), err.reason.as_str()), ("discs", "is given twice"));
        let err = Link::parse("#/han oi").unwrap_err();
        assert_eq!(err.field, "link");
        let err = Link::parse("#/hanoi?v=2").unwrap_err();
        assert_eq!(err.field, "v");
        assert!(Link::parse("#/hanoi?v=1").is_ok());
    }

    #[test]
    fn oversized_links_are_refused_unread() {
        let long = format!("#/hanoi?moves={}", "AB,".repeat(MAX_LINK_BYTES / 3));
        let err = Link::parse(&long).unwrap_err();
        assert_eq!(err.field, "link");
        assert!(err.reason.contains("at most 65536 bytes"), "{}", err.reason);
        let many: Vec<String> = (0..=MAX_PARAMS).map(|i| format!("k{i}=1")).collect();
        let err = Link::parse(&format!("#/hanoi?{}", many.join("&"))).unwrap_err();
        assert_eq!((err.field.as_str(), err.reason.as_str()), ("link", "has more than 64 parameters"));
        let list = format!("#/count?moves={}", "1,".repeat(MAX_LIST_ITEMS + 1));
        let link = Link::parse(&list).unwrap();
        let mut reader = ParamReader::new(&link);
        let parse = |w: &str| w.parse::<u32>().map_err(|_| "not a number".to_string());
        assert!(reader.moves("moves", 0u32, parse, |total, m| Ok(total + m)).is_empty());
        assert_eq!(reader.finish(), [LinkError::new("moves", "has more than 10000 moves")]);
    }

    #[test]
    fn percent_encoding_round_trips() {
        let link = Link::new("phrase").with("target", "Not all, who wander?");
        let hash = link.to_hash();
        assert_eq!(hash, "#/phrase?target=Not%20all,%20who%20wander%3F");
        assert_eq!(Link::parse(&hash).unwrap(), link);
        assert_eq!(Link::parse("#/x?a=%zz").unwrap().get("a"), Some("%zz"));
    }

    #[test]
    fn plus_is_a_plus_and_escapes_take_two_hex_digits() {
        let link = Link::parse("#/alphametics?equation=SEND+MORE==MONEY").unwrap();
        assert_eq!(link.get("equation"), Some("SEND+MORE==MONEY"));
        assert_eq!(Link::parse("#/x?a=%+A").unwrap().get("a"), Some("%+A"));
        assert_eq!(Link::parse("#/x?a=%-1").unwrap().get("a"), Some("%-1"));
        assert_eq!(Link::parse("#/x?a=%2b%2B%4").unwrap().get("a"), Some("++%4"));
    }

    #[test]
    fn moves_keep_the_legal_prefix() {
        let link = Link::parse("#/count?moves=1,2,x,3").unwrap();
        let mut reader = ParamReader::new(&link);
        let parse = |w: &str| w.parse::<u32>().map_err(|_| "not a number".to_string());
        let moves = reader.moves("moves", 0u32, parse, |total, m| Ok(total + m));
        assert_eq!(moves, [1, 2]);
        assert_eq!(reader.finish(), [LinkError::new("moves", "move 3 'x': not a number")]);
        assert_eq!(Link::new("p").with_list("moves", &moves).to_hash(), "#/p?moves=1,2");
        assert_eq!(Link::new("p").with_list::<u32>("moves", &[]).to_hash(), "#/p");
        assert_eq!(Link::new("p").with("a", 1).set("a", 2).set("b", 3).to_hash(), "#/p?a=2&b=3");
    }

    #[test]
    fn reader_collects_errors_and_falls_back() {
        let link = Link::parse("#/hanoi?discs=99&algo=magic&colour=red&pegs=4").unwrap();
        let mut reader = ParamReader::new(&link);
        assert_eq!(reader.number("discs", 1..=32, 3u32), 3);
        assert_eq!(reader.number("pegs", 3..=4, 3u32), 4);
        assert_eq!(reader.choice("algo", &[("bfs", 1), ("dfs", 2)], 1), 1);
        assert_eq!(reader.decimal("flip", 0.0..=1.0, 0.5), 0.5);
        let errors = reader.finish();
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["discs", "algo", "colour"]);
        assert!(errors[0].reason.contains("from 1 to 32, got '99'"));
        assert!(errors[1].reason.contains("bfs, dfs"));
        assert!(describe_errors(&errors).starts_with("discs: must be"));
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn decimals_read_as_rusts_own_parser_reads_them(text in "[-+]?[0-9]{0,9}([.][0-9]{0,6})?") {
            let ours = parse_decimal(&text);
            match text.parse::<f64>() {
                Ok(std) => prop_assert_eq!(ours.map(f64::to_bits), Some(std.to_bits()), "{}", text),
                Err(_) => prop_assert_eq!(ours, None, "{}", text),
            }
        }

        #[test]
        fn any_link_round_trips(
            puzzle in "[a-z][a-z0-9-]{0,12}",
            params in proptest::collection::btree_map("[a-z]{1,8}", "\\PC{0,16}", 0..6),
        ) {
            let mut link = Link::new(puzzle);
            for (k, v) in params {
                if k != "v" {
                    link = link.with(&k, v);
                }
            }
            prop_assert_eq!(Link::parse(&link.to_hash()).unwrap(), link);
        }

        #[test]
        fn parse_never_panics(text in "\\PC{0,60}") {
            let _ = Link::parse(&text);
        }
    }
}
