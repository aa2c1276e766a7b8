//! A page inside another one (`embed=1`, docs/links.md#embedding): the `<iframe>` code a
//! teacher pastes into a course page, given by the page's share sheet and by `puzzlelab link`.

use crate::core::lesson::LESSON_PAGE;
use crate::core::link::{Link, EMBED_KEY, RACE_KEY, VIEW_KEY};

/// The frame's width and height in CSS pixels for what `link` shows, so that a course page
/// that drops the host's script (docs/links.md) still shows it whole: the heights the pages
/// report at these widths, measured on the release build, rounded up.
pub fn frame_size(link: &Link) -> (u32, u32) {
    // The example lessons' steps report 615 to 963 px; a race 646, 693 at its end; the
    // puzzles' boards with their controls 246 (the phrase) to 622 (the classifier), most
    // near 500.
    if link.puzzle == LESSON_PAGE {
        (720, 970)
    } else if link.get(RACE_KEY).is_some() || link.get(VIEW_KEY).is_some() {
        (720, 700)
    } else {
        (640, 540)
    }
}

/// The frame's title, which a screen reader says on reaching it: what it shows.
pub fn frame_title(shown: &str) -> String {
    format!("Puzzle Lab: {shown}")
}

/// What a lesson's frame shows, for its title: lesson “Search, step by step”.
pub fn lesson_shown(title: &str) -> String {
    format!("lesson “{title}”")
}

/// The `<iframe>` showing `link` embedded, its `src` the app's address `base` (the part of an
/// address before `#`, empty when unknown) followed by the link with `embed=1`.
pub fn iframe_html(base: &str, link: &Link, shown: &str) -> String {
    let src = format!("{base}{}", link.clone().set(EMBED_KEY, 1).to_hash());
    let (width, height) = frame_size(link);
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"{width}\" height=\"{height}\" loading=\"lazy\" \
         allow=\"fullscreen\" style=\"border: 0; max-width: 100%\"></iframe>",
        attribute(&src),
        attribute(&frame_title(shown))
    )
}

/// The part of an address before its `#` (the app's own address), or "" for a link alone.
pub fn base_of(address: &str) -> &str {
    address.find('#').map_or("", |i| &address[..i])
}

/// `text` as an HTML attribute's value between double quotes.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_code_embeds_the_link_with_its_size_and_title() {
        let link = Link::parse("#/sliding?size=3&seed=1").unwrap();
        let html = iframe_html("https://example.org/lab/", &link, "Sliding tiles");
        assert_eq!(
            html,
            "<iframe src=\"https://example.org/lab/#/sliding?size=3&amp;seed=1&amp;embed=1\" \
             title=\"Puzzle Lab: Sliding tiles\" width=\"640\" height=\"540\" loading=\"lazy\" \
             allow=\"fullscreen\" style=\"border: 0; max-width: 100%\"></iframe>"
        );
        // A link already embedded is not embedded twice.
        let again = Link::parse("#/sliding?size=3&embed=1").unwrap();
        assert_eq!(iframe_html("", &again, "x").matches("embed=1").count(), 1);
    }

    #[test]
    fn races_and_lessons_get_larger_frames_and_quotes_are_escaped() {
        let race = Link::parse("#/sliding?race=bfs,astar").unwrap();
        assert_eq!(frame_size(&race), (720, 700));
        assert_eq!(frame_size(&Link::parse("#/lesson?example=search").unwrap()), (720, 970));
        assert!(iframe_html("", &race, "a \"quoted\" <b>")
            .contains("title=\"Puzzle Lab: a &quot;quoted&quot; &lt;b&gt;\""));
        assert_eq!(base_of("http://127.0.0.1:8080/#/hanoi"), "http://127.0.0.1:8080/");
        assert_eq!(base_of("#/hanoi"), "");
    }
}
