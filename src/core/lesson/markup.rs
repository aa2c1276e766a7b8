//! A lesson's lists as HTML: the builder's steps and the presenter window's notes. The page
//! shows this markup and reads clicks and typing from its `data-` attributes (one listener for
//! all of them), which keeps the page's bundle small: no view code is compiled per element.
//! Every text a teacher wrote is escaped. `titles[i]` names step i ("Sliding tiles (astar)").

use super::Lesson;
use crate::core::format::html_text as text;
use std::fmt::Write;

/// The builder's steps: each with its page, buttons to move it up or down and to delete it,
/// and its note; rows can also be dragged (`data-step` names the row).
pub fn builder_steps(lesson: &Lesson, titles: &[String]) -> String {
    if lesson.steps.is_empty() {
        return "<p>No steps yet.</p>".into();
    }
    let last = lesson.steps.len() - 1;
    let mut html = String::from("<ol class=\"builder-steps\">");
    for (i, (step, title)) in lesson.steps.iter().zip(titles).enumerate() {
        let k = i + 1;
        let disabled = |off: bool| if off { " disabled" } else { "" };
        let _ = write!(
            html,
            "<li draggable=\"true\" data-step=\"{i}\"><div class=\"builder-step-head\">\
             <span class=\"drag-handle\" aria-hidden=\"true\">⠿</span><a href=\"{}\">{k}. {}</a>\
             <button data-act=\"up\" data-step=\"{i}\" aria-label=\"Move step {k} up\"{}>↑</button>\
             <button data-act=\"down\" data-step=\"{i}\" aria-label=\"Move step {k} down\"{}>↓</button>\
             <button data-act=\"delete\" data-step=\"{i}\" aria-label=\"Delete step {k}\">Delete</button></div>\
             <textarea data-step=\"{i}\" aria-label=\"Note for step {k}\">{}</textarea></li>",
            text(&super::step_link(&step.link).map(|link| link.to_hash()).unwrap_or_default()),
            text(title),
            disabled(i == 0),
            disabled(i == last),
            text(&step.note),
        );
    }
    html.push_str("</ol>");
    html
}

/// The presenter window's text for `step` (0-based): where the lesson is, the note, the next
/// step, and every step as a button (`data-go`) that goes there.
pub fn presenter_notes(lesson: &Lesson, step: usize, titles: &[String]) -> String {
    let mut html = format!(
        "<p class=\"lesson-count\">Step {} / {}: {}</p><p class=\"presenter-note\">{}</p>",
        step + 1,
        lesson.steps.len(),
        text(&titles[step]),
        text(&lesson.steps[step].note)
    );
    match lesson.steps.get(step + 1) {
        Some(next) => {
            let _ = write!(
                html,
                "<p class=\"presenter-next\">Next: {} <code>{}</code></p>",
                text(&titles[step + 1]),
                text(&next.link)
            );
        }
        None => html.push_str("<p class=\"presenter-next\">This is the last step.</p>"),
    }
    html.push_str("<ol class=\"presenter-steps\">");
    for (i, title) in titles.iter().enumerate() {
        let current = if i == step { " aria-current=\"step\"" } else { "" };
        let _ = write!(html, "<li><button data-go=\"{i}\"{current}>{}</button></li>", text(title));
    }
    html.push_str("</ol>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lesson::Step;

    fn lesson() -> (Lesson, Vec<String>) {
        let step = |link: &str, note: &str| Step { link: link.into(), note: note.into() };
        let lesson = Lesson {
            v: 1,
            title: "T".into(),
            steps: vec![step("#/jugs", "<b>first</b> & \"quoted\""), step("#/hanoi?discs=3", "second")],
        };
        (lesson, vec!["Water jugs".into(), "Towers of Hanoi".into()])
    }

    #[test]
    fn the_builder_lists_each_step_with_its_controls_and_escaped_note() {
        let (lesson, titles) = lesson();
        let html = builder_steps(&lesson, &titles);
        assert_eq!(html.matches("<li draggable=\"true\"").count(), 2);
        assert!(html.contains("&lt;b&gt;first&lt;/b&gt; &amp; &quot;quoted&quot;</textarea>"), "{html}");
        assert!(!html.contains("<b>"), "a note cannot inject markup");
        assert!(html.contains("aria-label=\"Move step 1 up\" disabled>"), "the first step cannot go up");
        assert!(html.contains("aria-label=\"Move step 2 down\" disabled>"), "the last step cannot go down");
        assert!(html.contains("aria-label=\"Move step 1 down\">"));
        assert!(html.contains("<a href=\"#/hanoi?discs=3\">2. Towers of Hanoi</a>"));
        let empty = Lesson { steps: Vec::new(), ..lesson };
        assert_eq!(builder_steps(&empty, &[]), "<p>No steps yet.</p>");
    }

    #[test]
    fn the_presenter_shows_the_note_the_next_step_and_where_it_is() {
        let (lesson, titles) = lesson();
        let first = presenter_notes(&lesson, 0, &titles);
        assert!(first.contains("Step 1 / 2: Water jugs"));
        assert!(first.contains("Next: Towers of Hanoi <code>#/hanoi?discs=3</code>"));
        assert!(first.contains("<button data-go=\"0\" aria-current=\"step\">Water jugs</button>"));
        let last = presenter_notes(&lesson, 1, &titles);
        assert!(last.contains("This is the last step."));
        assert!(last.contains("<button data-go=\"1\" aria-current=\"step\">"));
        assert!(last.contains("<p class=\"presenter-note\">second</p>"));
    }
}
