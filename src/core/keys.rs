//! Which key does what, mode by mode. One table per mode decides: the pages and the app look a
//! key up here, the `?` list shows the table of the mode it was opened in, `puzzlelab keys`
//! prints every table, and the teacher's guide's Keyboard section is written from them (a test
//! compares it). A key means one thing in a mode; a dialog's keys go to the dialog alone.

use serde::Serialize;

/// Where the keys go: a puzzle page, one of its views, or a dialog over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// A puzzle page: play by hand, solve, play back (with the puzzle's own keys).
    Page,
    /// The Search view of one solve: the board shows the search, it is not played.
    Search,
    /// The Search view asking which waiting node is expanded next.
    Predict,
    /// A race of several algorithms on one clock.
    Race,
    /// The list of keys (`?`).
    Shortcuts,
    /// A QR code over the page or the lesson.
    QrCode,
    /// A lesson's presenter window (the teacher's screen: notes, steps, timer).
    Presenter,
}

impl Mode {
    pub const ALL: [Mode; 7] =
        [Mode::Page, Mode::Search, Mode::Predict, Mode::Race, Mode::Presenter, Mode::Shortcuts, Mode::QrCode];

    /// Its name where the page publishes it (`data-keys` on the root element) and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Page => "page",
            Mode::Search => "search",
            Mode::Predict => "predict",
            Mode::Race => "race",
            Mode::Shortcuts => "shortcuts",
            Mode::QrCode => "qr-code",
            Mode::Presenter => "presenter",
        }
    }

    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|mode| mode.name() == name)
    }

    /// How the `?` list and the guide head its table.
    pub fn title(self) -> &'static str {
        match self {
            Mode::Page => "On a puzzle page",
            Mode::Search => "In the Search view",
            Mode::Predict => "In predict mode (the Search view asks which node is next)",
            Mode::Race => "In a race",
            Mode::Shortcuts => "In this list of keys",
            Mode::QrCode => "Over a QR code",
            Mode::Presenter => "In a lesson's presenter window",
        }
    }

    /// A dialog takes every key: the app's own keys and a lesson's stop while it is open.
    pub fn is_dialog(self) -> bool {
        matches!(self, Mode::Shortcuts | Mode::QrCode)
    }
}

/// What a key does. The app answers the first three, a lesson its two, the page the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Command {
    ShowKeys,
    Present,
    Theme,
    NextLessonStep,
    PreviousLessonStep,
    Solve,
    Compare,
    Cancel,
    PlayPause,
    Back,
    Forward,
    ToStart,
    ToEnd,
    Faster,
    Slower,
    NewSeed,
    Undo,
    Restart,
    OpenSearch,
    CloseSearch,
    ShowQrCode,
    ReadBoard,
    BackExpansion,
    ForwardExpansion,
    BackLayer,
    ForwardLayer,
    Predict,
    LeavePredict,
    /// Predict mode's answer: the card numbered by the key.
    PickCard,
    CloseDialog,
    /// Tab in a dialog: the focus moves among its controls and stays in it.
    KeepFocus,
    /// The puzzle's own (its page turns the key into a move or an action).
    Board,
}

/// One row of a table: the keys (as `KeyboardEvent.key` names them), how the list writes
/// them, what they do in this mode.
#[derive(Debug, Serialize)]
pub struct Binding {
    pub keys: &'static [&'static str],
    pub shown: &'static str,
    pub does: &'static str,
    pub command: Command,
    /// A puzzle's own keys may take this row's keys on its page (← → step where the board
    /// does not use them).
    #[serde(skip)]
    pub yields_to_board: bool,
}

const fn row(
    keys: &'static [&'static str],
    shown: &'static str,
    does: &'static str,
    command: Command,
) -> Binding {
    Binding { keys, shown, does, command, yields_to_board: false }
}

/// A puzzle's own key on its page (its registry entry lists them).
pub const fn own(keys: &'static [&'static str], shown: &'static str, does: &'static str) -> Binding {
    row(keys, shown, does, Command::Board)
}

pub const DIGITS: &[&str] = &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

/// The app's keys, in every mode but a dialog.
const EVERYWHERE: &[Binding] = &[
    row(&["?"], "?", "show this list of keys", Command::ShowKeys),
    row(&["p"], "p", "presentation mode: only the board, the status and the playback", Command::Present),
    row(&["t"], "t", "switch light / dark theme", Command::Theme),
];

/// A lesson's keys (what presentation clickers send), in every mode but a dialog.
const IN_A_LESSON: &[Binding] = &[
    row(&["PageDown"], "PageDown", "in a lesson: the next step", Command::NextLessonStep),
    row(&["PageUp"], "PageUp", "in a lesson: the previous step", Command::PreviousLessonStep),
];

const PAGE: &[Binding] = &[
    row(&["s"], "s", "solve", Command::Solve),
    row(&["c"], "c", "compare all algorithms", Command::Compare),
    row(&["Escape"], "Esc", "cancel a running solve", Command::Cancel),
    row(
        &[" "],
        "Space",
        "play / pause the solution (a focused button or board place takes Space as a press)",
        Command::PlayPause,
    ),
    row(&[","], ",", "one step back in the solution", Command::Back),
    row(&["."], ".", "one step forward in the solution", Command::Forward),
    Binding {
        yields_to_board: true,
        ..row(&["ArrowLeft"], "←", "one step back (where the board does not use the arrows)", Command::Back)
    },
    Binding {
        yields_to_board: true,
        ..row(
            &["ArrowRight"],
            "→",
            "one step forward (where the board does not use the arrows)",
            Command::Forward,
        )
    },
    row(&["Home"], "Home", "back to the start of the solution", Command::ToStart),
    row(&["End"], "End", "to the end of the solution (its goal)", Command::ToEnd),
    row(&["+", "="], "+", "play faster", Command::Faster),
    row(&["-"], "−", "play slower", Command::Slower),
    row(&["n"], "n", "new seed", Command::NewSeed),
    row(
        &["u"],
        "u",
        "undo your last move (on a step of a solution: back one step, the solution kept)",
        Command::Undo,
    ),
    row(&["r"], "r", "restart from the start position", Command::Restart),
    row(&["v"], "v", "show the search step by step (where the page has one)", Command::OpenSearch),
    row(&["q"], "q", "show this page's link as a QR code, for phones to open", Command::ShowQrCode),
    row(&["b"], "b", "read the whole board aloud (for screen readers), place by place", Command::ReadBoard),
];

/// The Search view's steps; predict mode keeps them.
const SEARCH_STEPS: &[Binding] = &[
    row(&[",", "ArrowLeft"], ", ←", "back one event", Command::Back),
    row(&[".", "ArrowRight"], ". →", "forward one event", Command::Forward),
    row(&["["], "[", "back one expansion (a constraint solver: one value given)", Command::BackExpansion),
    row(
        &["]"],
        "]",
        "forward one expansion (a constraint solver: one value given)",
        Command::ForwardExpansion,
    ),
    row(
        &["{"],
        "{",
        "back one layer (a depth, an f value), iteration, guess or take-back",
        Command::BackLayer,
    ),
    row(
        &["}"],
        "}",
        "forward one layer (a depth, an f value), iteration, guess or take-back",
        Command::ForwardLayer,
    ),
    row(&["Home"], "Home", "to the start of the search", Command::ToStart),
    row(&["End", "f"], "End f", "to the end of the search", Command::ToEnd),
    row(&[" "], "Space", "play / pause the search", Command::PlayPause),
    row(&["+", "="], "+", "play faster", Command::Faster),
    row(&["-"], "−", "play slower", Command::Slower),
    row(&["q"], "q", "show this view's link as a QR code", Command::ShowQrCode),
    row(&["b"], "b", "read the board shown aloud", Command::ReadBoard),
];

const SEARCH: &[Binding] = &[
    row(&["g"], "g", "predict mode: which waiting node is expanded next?", Command::Predict),
    row(&["v", "Escape"], "v Esc", "back to the page, to play the board", Command::CloseSearch),
];

const PREDICT: &[Binding] = &[
    row(
        &["1", "2", "3", "4", "5", "6", "7", "8", "9"],
        "1–9",
        "pick the card with that number",
        Command::PickCard,
    ),
    row(&["g", "Escape"], "g Esc", "leave predict mode (the Search view stays)", Command::LeavePredict),
    row(&["v"], "v", "back to the page, to play the board", Command::CloseSearch),
];

const RACE: &[Binding] = &[
    row(&[",", "ArrowLeft"], ", ←", "back one tick of the race's clock", Command::Back),
    row(&[".", "ArrowRight"], ". →", "forward one tick", Command::Forward),
    row(&["["], "[", "back a hundredth of the race", Command::BackExpansion),
    row(&["]"], "]", "forward a hundredth of the race", Command::ForwardExpansion),
    row(&["{"], "{", "back to the last lane's end", Command::BackLayer),
    row(&["}"], "}", "forward to the next lane's end", Command::ForwardLayer),
    row(&["Home"], "Home", "to the start of the race", Command::ToStart),
    row(&["End", "f"], "End f", "to the end of the race", Command::ToEnd),
    row(&[" "], "Space", "play / pause the race", Command::PlayPause),
    row(&["+", "="], "+", "run the race faster", Command::Faster),
    row(&["-"], "−", "run the race slower", Command::Slower),
    row(&["v", "Escape"], "v Esc", "close the race, back to the page", Command::CloseSearch),
    row(&["q"], "q", "show the race's link as a QR code", Command::ShowQrCode),
];

/// The presenter window shows no puzzle; presentation mode is the projector's alone.
const PRESENTER: &[Binding] =
    &[row(&["q"], "q", "show the projector's step as a QR code, on both screens", Command::ShowQrCode)];

const SHORTCUTS: &[Binding] = &[
    row(&["?", "Escape"], "? Esc", "close this list", Command::CloseDialog),
    row(
        &["Tab"],
        "Tab",
        "moves between the list's Close button and its guide link, never out of the list",
        Command::KeepFocus,
    ),
];

const QR_CODE: &[Binding] = &[
    row(&["q", "Escape"], "q Esc", "close the QR code", Command::CloseDialog),
    row(
        &["Tab"],
        "Tab",
        "moves among the QR sheet's controls (a page's: Close, the embed code, Copy), never out of the sheet",
        Command::KeepFocus,
    ),
];

/// Why `command` does nothing inside a course page's frame (`embed=1`), if it does not: the
/// frame shows the board, its status and its playback; presenting and comparing are the full
/// app's, one click away.
pub fn refused_in_a_frame(command: Command) -> Option<&'static str> {
    match command {
        Command::Present => {
            Some("Presentation mode is the full app's: \"Open in Puzzle Lab ↗\" opens this page in it.")
        }
        Command::Compare => Some(
            "Comparing the algorithms is the full app's: \"Open in Puzzle Lab ↗\" opens this page in it.",
        ),
        _ => None,
    }
}

/// Whether the `?` list of a frame shows `command`: not what the frame refuses (a frame that
/// keeps its view has no way back to the page either).
pub fn works_in_a_frame(command: Command, keeps_view: bool) -> bool {
    refused_in_a_frame(command).is_none() && !(keeps_view && command == Command::CloseSearch)
}

/// The rows of `mode` in the order the list shows them, with `own` (the puzzle's keys, on
/// its page) first and the rows they take left out; a lesson's rows where `in_lesson`.
pub fn table(mode: Mode, in_lesson: bool, own: &'static [Binding]) -> Vec<&'static Binding> {
    let own_keys = |row: &Binding| row.keys.iter().any(|key| own.iter().any(|o| o.keys.contains(key)));
    let (first, rows): (&[Binding], &[&[Binding]]) = match mode {
        Mode::Page => (own, &[PAGE]),
        Mode::Search => (&[], &[SEARCH, SEARCH_STEPS]),
        Mode::Predict => (&[], &[PREDICT, SEARCH_STEPS]),
        Mode::Race => (&[], &[RACE]),
        Mode::Presenter => (&[], &[PRESENTER]),
        Mode::Shortcuts => return SHORTCUTS.iter().collect(),
        Mode::QrCode => return QR_CODE.iter().collect(),
    };
    let lesson: &[Binding] = if in_lesson { IN_A_LESSON } else { &[] };
    first
        .iter()
        .chain(rows.iter().flat_map(|rows| rows.iter()).filter(|row| mode != Mode::Page || !own_keys(row)))
        .chain(lesson)
        .chain(EVERYWHERE.iter().filter(|row| mode != Mode::Presenter || row.command != Command::Present))
        .collect()
}

/// The app's own rows alone, with a lesson's in one: the keys where no puzzle is shown (the
/// landing page, a lesson before its step's page is drawn).
pub fn app_table(in_lesson: bool) -> Vec<&'static Binding> {
    let lesson: &[Binding] = if in_lesson { IN_A_LESSON } else { &[] };
    lesson.iter().chain(EVERYWHERE).collect()
}

/// What `key` does in `mode`, if anything.
pub fn command(mode: Mode, in_lesson: bool, own: &'static [Binding], key: &str) -> Option<Command> {
    table(mode, in_lesson, own).into_iter().find(|row| row.keys.contains(&key)).map(|row| row.command)
}

/// The guide's Keyboard tables (`docs/teaching.md`), written from the tables: the keys of
/// every mode once, each mode's own, then each puzzle's own keys on its page.
pub fn guide_markdown(puzzles: &[(&str, &'static [Binding])]) -> String {
    let mut text = String::new();
    let mut write_table = |title: &str, rows: &mut dyn Iterator<Item = &Binding>| {
        text.push_str(&format!("\n**{title}**\n\n| key | what it does |\n|---|---|\n"));
        for row in rows {
            text.push_str(&format!("| {} | {} |\n", backticked(row.shown), row.does));
        }
    };
    write_table(
        "In every mode but a dialog (the presenter window has no `p`)",
        &mut EVERYWHERE.iter().chain(IN_A_LESSON),
    );
    for mode in Mode::ALL {
        let shared = |row: &&Binding| EVERYWHERE.iter().chain(IN_A_LESSON).any(|r| std::ptr::eq(r, *row));
        write_table(mode.title(), &mut table(mode, true, &[]).into_iter().filter(|row| !shared(row)));
    }
    text.push_str("\n**Each puzzle's own keys, on its page** (← → there, when the puzzle takes them, are no longer steps)\n\n| puzzle | key | what it does |\n|---|---|---|\n");
    for (title, own) in puzzles {
        for row in own.iter() {
            text.push_str(&format!("| {title} | {} | {} |\n", backticked(row.shown), row.does));
        }
    }
    text
}

/// A key as the list writes it: `ArrowLeft` → ←, `" "` → Space.
pub fn key_name(key: &str) -> &str {
    match key {
        "ArrowLeft" => "←",
        "ArrowRight" => "→",
        "ArrowUp" => "↑",
        "ArrowDown" => "↓",
        " " => "Space",
        "Escape" => "Esc",
        "-" => "−",
        // The + key without Shift.
        "=" => "+",
        key => key,
    }
}

/// "v Esc" → "`v` `Esc`" (a range such as "0–9" stays one).
fn backticked(shown: &str) -> String {
    shown.split(' ').map(|key| format!("`{key}`")).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_refuses_only_what_it_cannot_show_and_says_where_it_is() {
        let refused: Vec<Command> = Mode::ALL
            .into_iter()
            .flat_map(|mode| table(mode, true, &[]))
            .map(|row| row.command)
            .filter(|&command| refused_in_a_frame(command).is_some())
            .collect();
        assert!(refused.contains(&Command::Present) && refused.contains(&Command::Compare));
        assert!(refused.iter().all(|&c| refused_in_a_frame(c).unwrap().contains("Open in Puzzle Lab")));
        for kept in [Command::Solve, Command::PlayPause, Command::ShowQrCode, Command::OpenSearch] {
            assert_eq!(refused_in_a_frame(kept), None);
            assert!(works_in_a_frame(kept, true));
        }
        // The `?` list of a frame leaves out what it refuses, and the way out of a view it keeps.
        assert!(!works_in_a_frame(Command::Present, false) && !works_in_a_frame(Command::Compare, false));
        assert!(
            works_in_a_frame(Command::CloseSearch, false) && !works_in_a_frame(Command::CloseSearch, true)
        );
    }

    fn every_table() -> Vec<(Mode, bool, &'static [Binding])> {
        let puzzles = crate::puzzles::PUZZLES.iter().map(|p| p.keys);
        let mut tables = Vec::new();
        for mode in Mode::ALL {
            for in_lesson in [false, true] {
                tables.push((mode, in_lesson, &[][..]));
                tables.extend(puzzles.clone().map(|own| (mode, in_lesson, own)));
            }
        }
        tables
    }

    #[test]
    fn a_key_means_one_thing_in_each_mode() {
        for (mode, in_lesson, own) in every_table() {
            let mut seen: Vec<&str> = Vec::new();
            for row in table(mode, in_lesson, own) {
                for key in row.keys {
                    assert!(!seen.contains(key), "{key:?} twice in {mode:?} (lesson {in_lesson})");
                    seen.push(key);
                }
            }
        }
    }

    #[test]
    fn a_puzzle_takes_only_keys_the_shell_yields() {
        let fixed: Vec<&str> = [PAGE, EVERYWHERE, IN_A_LESSON]
            .iter()
            .flat_map(|rows| rows.iter())
            .filter(|row| !row.yields_to_board)
            .flat_map(|row| row.keys.iter().copied())
            .collect();
        for puzzle in crate::puzzles::PUZZLES {
            for row in puzzle.keys {
                assert_eq!(row.command, Command::Board);
                for key in row.keys {
                    assert!(!fixed.contains(key), "{}'s {key:?} is a key every page has", puzzle.name);
                }
            }
        }
    }

    #[test]
    fn a_board_shown_by_a_view_is_not_played_and_dialogs_take_every_key() {
        for puzzle in crate::puzzles::PUZZLES {
            for mode in [Mode::Search, Mode::Predict, Mode::Race, Mode::Shortcuts, Mode::QrCode] {
                assert!(table(mode, true, puzzle.keys).iter().all(|row| row.command != Command::Board));
            }
        }
        for mode in [Mode::Shortcuts, Mode::QrCode] {
            assert_eq!(command(mode, true, &[], "PageDown"), None);
            assert_eq!(command(mode, false, &[], "s"), None);
            assert_eq!(command(mode, false, &[], "Escape"), Some(Command::CloseDialog));
        }
        assert_eq!(command(Mode::Search, false, &[], "ArrowRight"), Some(Command::Forward));
        assert_eq!(command(Mode::Predict, false, &[], "4"), Some(Command::PickCard));
    }

    #[test]
    fn the_list_names_every_key_it_matches() {
        let name = |key: &str| key_name(key).to_string();
        for (mode, in_lesson, own) in every_table() {
            for row in table(mode, in_lesson, own) {
                let shown: Vec<&str> = row.shown.split([' ', '/', ',']).filter(|s| !s.is_empty()).collect();
                for key in row.keys {
                    let named = name(key);
                    let in_range = |range: &&str| match range.split_once('–') {
                        Some((low, high)) => {
                            (low..=high).contains(&named.as_str()) && named.chars().count() == 1
                        }
                        None => false,
                    };
                    let shows = shown.contains(&named.as_str()) || shown.iter().any(in_range);
                    assert!(
                        shows || (key == &"," && row.shown.starts_with(',')),
                        "{:?} does not show {key:?}",
                        row.shown
                    );
                }
            }
        }
    }

    #[test]
    fn modes_are_named_both_ways() {
        for mode in Mode::ALL {
            assert_eq!(Mode::from_name(mode.name()), Some(mode));
        }
    }
}
