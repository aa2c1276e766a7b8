//! Lessons: a teacher's sequence of share links, each with a note, travelling in one link
//! (`#/lesson?data=…&step=K`). `data` is the lesson's JSON,
//! `{"v": 1, "title": "…", "steps": [{"link": "#/…", "note": "…"}, …]}`, compressed with raw
//! DEFLATE and written in base64url without padding (Python: `zlib.compressobj(9,
//! zlib.DEFLATED, -15)` and `base64.urlsafe_b64encode(…).rstrip(b"=")`).

pub mod markup;

use crate::core::link::{embed_value, is_embedded, Link, EMBED_KEY, MAX_LINK_BYTES};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use miniz_oxide::inflate::TINFLStatus;
use serde::{Deserialize, Serialize};

/// The page of lessons in links.
pub const LESSON_PAGE: &str = "lesson";
pub const DATA_KEY: &str = "data";
pub const VERSION: u32 = 1;
pub const MAX_STEPS: usize = 100;
/// The most bytes of notes a lesson holds, all steps together.
pub const MAX_NOTES: usize = 32 * 1024;
/// The most bytes `data` may inflate to: more than any valid lesson needs, so a small link
/// cannot expand into a large allocation.
const MAX_JSON: usize = 512 * 1024;

/// The example lessons, by the name `#/lesson?example=NAME` gives them, with their titles (the
/// landing page links to each).
pub const EXAMPLES: [(&str, &str); 2] =
    [("search", "Uninformed vs informed search"), ("constraints", "Constraints")];
/// Each example's JSON (`src/core/lesson/examples/NAME.json`), in the order of [`EXAMPLES`].
const EXAMPLE_JSON: [&str; 2] =
    [include_str!("examples/search.json"), include_str!("examples/constraints.json")];
pub const EXAMPLE_KEY: &str = "example";
/// The step a lesson link opens at (1-based).
const STEP_KEY: &str = "step";
/// `presenter=1`: the lesson's presenter window (the teacher's notes, steps and timer).
pub const PRESENTER_KEY: &str = "presenter";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    pub v: u32,
    pub title: String,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// A Puzzle Lab link (`#/puzzle?…`).
    pub link: String,
    /// What to say at this step (plain text).
    #[serde(default)]
    pub note: String,
}

impl Lesson {
    /// Checks the lesson's shape: version, step count, notes' size, each link's form (each
    /// link's own parameters are for its puzzle to check).
    pub fn check(&self) -> Result<(), String> {
        if self.v != VERSION {
            return Err(format!(
                "v: lesson format version {} is not known (this app reads {VERSION})",
                self.v
            ));
        }
        if !(1..=MAX_STEPS).contains(&self.steps.len()) {
            return Err(format!("steps: a lesson has 1 to {MAX_STEPS} steps, this one {}", self.steps.len()));
        }
        let notes: usize = self.steps.iter().map(|s| s.note.len()).sum();
        if notes > MAX_NOTES {
            return Err(format!("notes: {notes} bytes in all, at most {MAX_NOTES}"));
        }
        for (i, step) in self.steps.iter().enumerate() {
            step_link(&step.link).map_err(|e| format!("steps[{}].link: {e}", i + 1))?;
        }
        Ok(())
    }

    /// The lesson checked, each step's link in its `#/page?…` form: all a lesson keeps, shows
    /// or follows, whatever a file or a link held around it.
    pub fn into_checked(mut self) -> Result<Lesson, String> {
        self.check()?;
        for step in &mut self.steps {
            step.link = step_link(&step.link)?.to_hash();
        }
        Ok(self)
    }

    /// The lesson as a link's `data`.
    pub fn encode(&self) -> String {
        let json = serde_json::to_vec(self).expect("lessons serialize");
        URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&json, 9))
    }

    /// Reads and checks a link's `data`; each error says what was wrong with it.
    pub fn decode(data: &str) -> Result<Lesson, String> {
        let bytes = URL_SAFE_NO_PAD
            .decode(data.trim_end_matches('='))
            .map_err(|e| format!("data: not base64url ({e}); was the link cut short?"))?;
        let json =
            miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_JSON).map_err(|e| {
                match e.status {
                    TINFLStatus::HasMoreOutput => format!(
                "data: the lesson is too large: it inflates past {} KiB (a lesson's JSON needs far less)",
                MAX_JSON / 1024
            ),
                    status => format!(
                        "data: not a complete raw DEFLATE stream ({status:?}); was the link cut short?"
                    ),
                }
            })?;
        let json = std::str::from_utf8(&json).map_err(|e| format!("data: not a lesson's JSON ({e})"))?;
        Lesson::from_json(json).map_err(|e| format!("data: {e}"))?.into_checked()
    }

    /// Reads a lesson's JSON, the one shape a link's data, a lesson file and a saved draft
    /// hold (its checks come after: [`Lesson::into_checked`] for a lesson to play).
    pub fn from_json(json: &str) -> Result<Lesson, String> {
        serde_json::from_str(json).map_err(|e| format!("not a lesson's JSON ({e})"))
    }

    /// A draft being written, read from its JSON: a lesson of a version this app reads, with
    /// any number of steps; each step's link in its `#/page?…` form where it is one (a step
    /// that is not is kept as written, and named when the lesson is shared).
    pub fn draft_from_json(json: &str) -> Result<Lesson, String> {
        /// A lesson's version alone, read first: a newer release's draft is named as such.
        #[derive(Deserialize)]
        struct Version {
            v: u32,
        }
        if let Ok(Version { v }) = serde_json::from_str(json) {
            if v != VERSION {
                return Err(format!(
                    "it is in lesson format {v}, and this Puzzle Lab reads format {VERSION}"
                ));
            }
        }
        let mut lesson = Lesson::from_json(json)?;
        for step in &mut lesson.steps {
            if let Ok(link) = step_link(&step.link) {
                step.link = link.to_hash();
            }
        }
        Ok(lesson)
    }
}

/// A step's link read: a Puzzle Lab link, `#/page?…` or an http(s) address ending in one, and
/// not a lesson. Anything else (`javascript:…`, `data:…`) is refused rather than cut down to
/// the part after its `#`.
pub fn step_link(text: &str) -> Result<Link, String> {
    let text = text.trim();
    let web_address = ["http://", "https://"]
        .iter()
        .any(|scheme| text.get(..scheme.len()).is_some_and(|start| start.eq_ignore_ascii_case(scheme)));
    let fragment = text.find("#/");
    if !(text.starts_with("#/") || web_address && fragment.is_some()) {
        let shown: String = text.chars().take(40).collect();
        return Err(format!("must be a Puzzle Lab link (#/page?…), not '{shown}'"));
    }
    let link = Link::parse(text).map_err(|e| e.to_string())?;
    if link.puzzle == LESSON_PAGE {
        return Err("a lesson cannot hold a lesson".into());
    }
    Ok(link)
}

/// The lesson a `#/lesson` link holds, and the step it opens at (1-based, 1 by default).
pub fn from_link(link: &Link) -> Result<(Lesson, usize), String> {
    if link.puzzle != LESSON_PAGE {
        return Err(format!("link: '{}' is not a lesson", link.puzzle));
    }
    let lesson = match (link.get(DATA_KEY), link.get(EXAMPLE_KEY)) {
        (Some(data), _) => Lesson::decode(data)?,
        (None, Some(name)) => example(name)?,
        (None, None) => return Err(
            "data: a lesson link needs data (or an example's name); #/lesson alone opens the lesson builder"
                .into(),
        ),
    };
    let known = [DATA_KEY, EXAMPLE_KEY, STEP_KEY, PRESENTER_KEY, EMBED_KEY];
    if let Some((key, _)) = link.params.iter().find(|(key, _)| !known.contains(&key.as_str())) {
        return Err(format!("{key}: is not a parameter of '{LESSON_PAGE}'"));
    }
    embed_value(link).map_err(|e| e.to_string())?;
    let step = match link.get(STEP_KEY) {
        None => 1,
        Some(text) => {
            text.parse::<usize>().ok().filter(|k| (1..=lesson.steps.len()).contains(k)).ok_or_else(|| {
                format!("step: must be a step of the lesson, 1 to {}, got '{text}'", lesson.steps.len())
            })?
        }
    };
    Ok((lesson, step))
}

/// Whether a `#/lesson` link holds a lesson (its data or an example's name); one that holds
/// none is the lesson builder's.
pub fn holds_a_lesson(link: &Link) -> bool {
    link.get(DATA_KEY).is_some() || link.get(EXAMPLE_KEY).is_some()
}

/// The example lesson called `name`.
pub fn example(name: &str) -> Result<Lesson, String> {
    let names = || EXAMPLES.map(|(name, _)| name).join(", ");
    let index = EXAMPLES
        .iter()
        .position(|(known, _)| *known == name)
        .ok_or_else(|| format!("example: there is no example lesson '{name}' (there are {})", names()))?;
    Ok(serde_json::from_str(EXAMPLE_JSON[index]).expect("the example lessons are lessons"))
}

/// The address of lesson link `link` at `step` (1-based), as the app writes it: the lesson
/// (its data or its example's name) and the step, when past the first.
pub fn address(link: &Link, step: usize) -> Link {
    let lesson = Link::new(LESSON_PAGE);
    let lesson = match (link.get(DATA_KEY), link.get(EXAMPLE_KEY)) {
        (Some(data), _) => lesson.set(DATA_KEY, data),
        (None, Some(name)) => lesson.set(EXAMPLE_KEY, name),
        (None, None) => lesson,
    };
    let lesson = if step > 1 { lesson.set("step", step) } else { lesson };
    if is_embedded(link) {
        lesson.set(EMBED_KEY, 1)
    } else {
        lesson
    }
}

/// A lesson's link, opening at `step` (1-based; the first is left out).
/// Refused when the link would be longer than any reader takes ([`MAX_LINK_BYTES`]), so that
/// no lesson link is made that cannot be opened.
pub fn to_link(lesson: &Lesson, step: usize) -> Result<String, String> {
    let link = Link::new(LESSON_PAGE).set(DATA_KEY, lesson.encode());
    let link = if step > 1 { link.set("step", step) } else { link };
    let link = link.to_hash();
    if link.len() > MAX_LINK_BYTES {
        return Err(format!(
            "link: this lesson's link would be {} bytes, past the {} a link may hold: shorten its notes, \
             split it into two lessons, or share it as a file (.json)",
            link.len(),
            MAX_LINK_BYTES
        ));
    }
    Ok(link)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Lesson {
        Lesson {
            v: 1,
            title: "Uninformed vs informed search".into(),
            steps: vec![
                Step {
                    link: "#/sliding?size=3&seed=3&shuffle=20&algo=bfs&view=search".into(),
                    note: "BFS: a queue.".into(),
                },
                Step {
                    link: "#/sliding?size=3&seed=3&shuffle=20&algo=astar&view=search".into(),
                    note: "A*: by f.".into(),
                },
            ],
        }
    }

    #[test]
    fn a_lesson_survives_its_link() {
        let lesson = sample();
        let (read, step) = from_link(&Link::parse(&to_link(&lesson, 2).unwrap()).unwrap()).unwrap();
        assert_eq!((read, step), (lesson, 2));
    }

    /// Made by Python: `base64.urlsafe_b64encode(zlib.compressobj(9, zlib.DEFLATED, -15)
    /// .compress(json) + … .flush()).rstrip(b"=")`, for `{"v":1,"title":"T","steps":[{"link":"#/jugs","note":"n"}]}`.
    const FROM_PYTHON: &str = "q1YqU7Iy1FEqySzJSVWyUgpR0lEqLkktKFayiq5WysnMywYKKutnlaYXA2Xy8ktAivKUamNrAQ";

    #[test]
    fn a_lesson_made_by_python_reads() {
        let lesson = Lesson::decode(FROM_PYTHON).unwrap();
        assert_eq!(lesson.title, "T");
        assert_eq!(lesson.steps, vec![Step { link: "#/jugs".into(), note: "n".into() }]);
    }

    #[test]
    fn bad_lessons_say_what_is_wrong() {
        let data = sample().encode();
        let cut = &data[..data.len() / 2];
        assert!(Lesson::decode(cut).unwrap_err().contains("cut short"), "a truncated link");
        assert!(Lesson::decode("not*base64").unwrap_err().starts_with("data: not base64url"));
        let mut lesson = sample();
        lesson.v = 2;
        assert!(Lesson::decode(&lesson.encode()).unwrap_err().starts_with("v: lesson format version 2"));
        lesson.v = 1;
        lesson.steps.clear();
        assert!(Lesson::decode(&lesson.encode()).unwrap_err().starts_with("steps: a lesson has 1 to 100"));
        lesson.steps = vec![Step { link: "#/jugs".into(), note: "x".repeat(MAX_NOTES + 1) }];
        assert!(Lesson::decode(&lesson.encode()).unwrap_err().starts_with("notes:"));
        lesson.steps = vec![Step { link: "no hash".into(), note: String::new() }];
        assert!(Lesson::decode(&lesson.encode()).unwrap_err().starts_with("steps[1].link:"));
        let link = Link::parse(&to_link(&sample(), 1).unwrap()).unwrap().set("step", 3);
        assert!(from_link(&link).unwrap_err().starts_with("step: must be a step of the lesson, 1 to 2"));
    }

    #[test]
    fn a_lesson_whose_link_would_be_too_long_is_refused_where_the_link_is_made() {
        // Notes that do not compress: a seeded stream of letters and digits.
        use crate::core::seed::{SeededRng, Stream};
        let mut rng = SeededRng::new(7);
        let mut noise = |length: usize| -> String {
            (0..length).map(|_| char::from_digit(rng.below(36) as u32, 36).unwrap()).collect()
        };
        let mut step = |text: usize, note: usize| Step {
            link: format!("#/bayes?text={}", noise(text)),
            note: noise(note),
        };
        let fits = Lesson { steps: (0..3).map(|_| step(10, 10_000)).collect(), ..sample() };
        assert!(to_link(&fits, 1).is_ok_and(|link| link.len() <= MAX_LINK_BYTES));
        // Texts to classify make long steps (a 30-step Bayes lesson made a 94,530-byte link).
        let too_long = Lesson { steps: (0..90).map(|_| step(1_000, 10)).collect(), ..sample() };
        too_long.check().expect("a lesson within every other limit");
        let error = to_link(&too_long, 1).unwrap_err();
        assert!(error.starts_with("link: this lesson's link would be "), "{error}");
        assert!(error.contains("past the 65536 a link may hold"), "{error}");
    }

    #[test]
    fn a_draft_keeps_every_step_and_refuses_a_version_it_does_not_know() {
        let json = r##"{"v":1,"title":"Draft","steps":[{"link":"https://lab.example/#/jugs?goal=4","note":"a"},{"link":"not yet a link","note":"b"}]}"##;
        let draft = Lesson::draft_from_json(json).unwrap();
        let links: Vec<&str> = draft.steps.iter().map(|s| s.link.as_str()).collect();
        assert_eq!(links, ["#/jugs?goal=4", "not yet a link"], "kept, to be named when shared");
        assert!(draft.check().unwrap_err().starts_with("steps[2].link:"));
        let empty = Lesson::draft_from_json(r#"{"v":1,"title":"New","steps":[]}"#).unwrap();
        assert!(empty.steps.is_empty(), "a draft may have no steps yet");
        let newer = r#"{"v":2,"title":"Next year","steps":[]}"#;
        assert!(Lesson::draft_from_json(newer)
            .unwrap_err()
            .starts_with("it is in lesson format 2, and this Puzzle Lab reads format 1"));
        let unknown_key = r##"{"v":1,"title":"T","steps":[{"link":"#/jugs","note":"","quiz":"?"}]}"##;
        assert!(Lesson::draft_from_json(unknown_key).unwrap_err().starts_with("not a lesson's JSON"));
        let newer_shape = r##"{"v":2,"title":"T","steps":[{"link":"#/jugs","note":"","quiz":"?"}]}"##;
        assert!(Lesson::draft_from_json(newer_shape).unwrap_err().starts_with("it is in lesson format 2"));
    }

    #[test]
    fn a_lesson_that_inflates_past_the_cap_is_called_too_large() {
        // Compresses to a few KB: the link is short, what it holds is not.
        let padding = " ".repeat(MAX_JSON + 1);
        let json = format!("{{\"v\":1,\"title\":\"T\",{padding}\"steps\":[{{\"link\":\"#/jugs\"}}]}}");
        let data = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9));
        assert!(data.len() < 4_000, "{}", data.len());
        let error = Lesson::decode(&data).unwrap_err();
        assert!(error.starts_with("data: the lesson is too large: it inflates past 512 KiB"), "{error}");
        // Just under the cap, the same lesson reads.
        let json = format!(
            "{{\"v\":1,\"title\":\"T\",{}\"steps\":[{{\"link\":\"#/jugs\"}}]}}",
            &padding[..MAX_JSON - 100]
        );
        let data = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9));
        assert_eq!(Lesson::decode(&data).unwrap().steps[0].link, "#/jugs");
    }

    #[test]
    fn step_links_are_kept_in_their_hash_form_and_script_links_are_refused() {
        let step = |link: &str| Lesson {
            v: 1,
            title: "T".into(),
            steps: vec![Step { link: link.into(), note: String::new() }],
        };
        for hostile in [
            "javascript:alert(document.domain)//#/jugs",
            "JavaScript:alert(1)//#/jugs",
            " javascript:alert(1)//#/jugs",
            "data:text/html,<script>alert(1)</script>#/jugs",
            "vbscript:msgbox(1)#/jugs",
            "//evil.example/#/jugs",
            "jugs",
        ] {
            let error = Lesson::decode(&step(hostile).encode()).unwrap_err();
            assert!(
                error.starts_with("steps[1].link: must be a Puzzle Lab link (#/page?…)"),
                "{hostile}: {error}"
            );
            assert!(step(hostile).into_checked().is_err(), "{hostile}");
        }
        for (given, kept) in [
            ("#/jugs?goal=4", "#/jugs?goal=4"),
            ("https://puzzles.example/lab/#/jugs?goal=4", "#/jugs?goal=4"),
            ("HTTP://127.0.0.1:8080/#/hanoi?discs=3", "#/hanoi?discs=3"),
            ("#/jugs?note=%22%3E%3Cimg%20src%3Dx%3E", "#/jugs?note=%22%3E%3Cimg%20src%3Dx%3E"),
        ] {
            assert_eq!(Lesson::decode(&step(given).encode()).unwrap().steps[0].link, kept, "{given}");
        }
    }
}
