//! Numbers and times written for people (status lines, tables, CLI messages).

/// Milliseconds for people: "0.2 ms", "35 ms", "2.4 s".
pub fn format_ms(ms: f64) -> String {
    if ms < 10.0 {
        format!("{ms:.1} ms")
    } else if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.1} s", ms / 1000.0)
    }
}

/// Escapes text for HTML (an element's text or an attribute's value in double quotes).
pub fn html_text(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The sentence with its first letter in capitals ("no solution" → "No solution"). The app's
/// sentences start in ASCII: Unicode's case tables would add 12 KB to the app for nothing.
pub fn capitalise(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// The sentence with its first letter small, to go inside another ("You entered 4" → "you
/// entered 4"); ASCII only, as [`capitalise`].
pub fn decapitalise(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    text
}

/// "1 guess", "2 guesses": a count and its noun, singular or plural.
pub fn count_of(n: u64, singular: &str, plural: &str) -> String {
    format!("{} {}", format_count(n), if n == 1 { singular } else { plural })
}

/// Whole numbers for people: "1,048,575".
pub fn format_count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A page's instructions for a touch screen: "tap" for "click", and the keyboard's hints (a
/// parenthesis naming keys, "or use the arrow keys") left out.
pub fn for_touch(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    // Parentheses that name keys go; others stay.
    while let Some(open) = rest.find(" (") {
        let close = rest[open..].find(')').map(|c| open + c + 1);
        match close {
            Some(close) if rest[open..close].contains("key") => {
                out.push_str(&rest[..open]);
                rest = &rest[close..];
            }
            _ => {
                out.push_str(&rest[..open + 2]);
                rest = &rest[open + 2..];
            }
        }
    }
    out.push_str(rest);
    for hint in [", or use the arrow keys", " or an arrow key"] {
        out = out.replace(hint, "");
    }
    out.replace("click", "tap").replace("Click", "Tap")
}

/// Items joined for a sentence by `word` ("and", "or"): "A", "A or B", "4, 9 and 12".
pub fn list_joined<S: AsRef<str>>(items: &[S], word: &str) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match items.as_slice() {
        [rest @ .., last] if !rest.is_empty() => format!("{} {word} {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_changes_only_its_first_letter() {
        assert_eq!(capitalise("no solution"), "No solution");
        assert_eq!(decapitalise("You entered 4 in row 1"), "you entered 4 in row 1");
        assert_eq!(decapitalise(""), "");
    }

    #[test]
    fn one_is_singular() {
        assert_eq!(count_of(1, "move", "moves"), "1 move");
        assert_eq!(count_of(0, "pair", "pairs"), "0 pairs");
        assert_eq!(count_of(2048, "node expanded", "nodes expanded"), "2,048 nodes expanded");
    }

    #[test]
    fn times_read_well() {
        assert_eq!(format_ms(0.24), "0.2 ms");
        assert_eq!(format_ms(35.4), "35 ms");
        assert_eq!(format_ms(2400.0), "2.4 s");
        assert_eq!(format_count(0), "0");
        assert_eq!(format_count(999), "999");
        assert_eq!(format_count(1_048_575), "1,048,575");
    }

    #[test]
    fn instructions_for_touch_say_tap_and_leave_keys_out() {
        assert_eq!(
            for_touch("Slide the tiles into order: click a tile next to the blank, or use the arrow keys."),
            "Slide the tiles into order: tap a tile next to the blank."
        );
        assert_eq!(
            for_touch("Pour: click the jug to pour from, then the jug to pour into (or keys 1, 2, 3 for A, B, C). A pour stops (when full)."),
            "Pour: tap the jug to pour from, then the jug to pour into. A pour stops (when full)."
        );
        assert_eq!(for_touch("Click a marble to move it."), "Tap a marble to move it.");
        assert_eq!(for_touch("no parenthesis ("), "no parenthesis (");
        assert_eq!(
            for_touch("Type a text and leave the field (or press the Enter key): scores follow it."),
            "Type a text and leave the field: scores follow it."
        );
    }

    #[test]
    fn items_join_with_commas_then_a_word() {
        assert_eq!(list_joined(&["A*"], "or"), "A*");
        assert_eq!(list_joined(&["BFS", "A*"], "or"), "BFS or A*");
        assert_eq!(list_joined(&["BFS", "DFS", "A*"], "or"), "BFS, DFS or A*");
        let numbers = ["4", "9", "12"].map(String::from);
        assert_eq!(list_joined(&numbers[..1], "and"), "4");
        assert_eq!(list_joined(&numbers, "and"), "4, 9 and 12");
        assert_eq!(list_joined::<&str>(&[], "and"), "");
    }
}
