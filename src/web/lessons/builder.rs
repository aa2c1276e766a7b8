//! The lesson builder (`#/lesson`): the lesson being written, kept in local storage until it is
//! shared. Steps come from "Add to lesson" on any page (through `lesson_host`'s inbox); here
//! they get their notes, their order (buttons or drag and drop) and a title, and the lesson
//! becomes a link or a `.json` file. The steps are drawn as markup (`core::lesson::markup`)
//! whose clicks and typing the lesson page reads for it.

use super::{step_titles, LessonPage, Msg};
use crate::core::lesson::{self, markup, Lesson, Step, VERSION};
use crate::web::browser;
use crate::web::lesson_host::INBOX_KEY;
use yew::prelude::*;

const DRAFT_KEY: &str = "lesson";
/// Longer links are cut by some chat tools and mail programs.
const LONG_LINK: usize = 8_000;

/// The lesson being written, as local storage keeps it (a new one if none is kept), with the
/// links added on puzzle pages since as its last steps, and the text storage held. A kept
/// draft this app cannot read (one a newer release wrote) is left as it is: the error says why.
fn load_draft() -> (Lesson, Option<String>, Result<(), String>) {
    let kept = browser::load_setting(DRAFT_KEY).filter(|text| !text.is_empty());
    let (mut lesson, read) = match kept.as_deref().map(Lesson::draft_from_json) {
        Some(Ok(lesson)) => (lesson, Ok(())),
        Some(Err(why)) => (new_lesson(), Err(why)),
        None => (new_lesson(), Ok(())),
    };
    let added = browser::load_setting(INBOX_KEY).unwrap_or_default();
    let added = added.lines().filter(|line| !line.is_empty());
    lesson.steps.extend(added.map(|link| Step { link: link.to_string(), note: String::new() }));
    (lesson, kept, read)
}

fn new_lesson() -> Lesson {
    Lesson { v: VERSION, title: "My lesson".into(), steps: Vec::new() }
}

/// A change to the lesson being written.
pub enum Edit {
    Title(String),
    Note(usize, String),
    /// Moves step `from` to place `to`.
    Move(usize, usize),
    Delete(usize),
    Imported(Result<Lesson, String>),
}

pub struct Builder {
    lesson: Lesson,
    /// The step being dragged.
    pub dragged: Option<usize>,
    /// The lesson's link, once written.
    link: Option<String>,
    alert: Option<String>,
    status: String,
    /// The control to give the keyboard focus back to once the steps are drawn again.
    pub focus_next: Option<String>,
    /// The draft's text as this window last read or kept it.
    kept: Option<String>,
    /// Whether this window keeps the lesson in local storage (not when the kept draft could
    /// not be read: it is never written over).
    keeps_draft: bool,
}

impl Builder {
    pub fn new(alert: Option<String>) -> Self {
        let (lesson, kept, read) = load_draft();
        let mut builder = Self {
            lesson,
            dragged: None,
            link: None,
            alert,
            status: String::new(),
            focus_next: None,
            kept,
            keeps_draft: read.is_ok(),
        };
        match read {
            // The steps added on puzzle pages are in the draft now: the inbox is emptied.
            Ok(()) => {
                if !builder.keep_draft() {
                    browser::save_setting(INBOX_KEY, "");
                }
            }
            Err(why) => builder.stop_keeping(&format!("could not be read: {why}")),
        }
        builder
    }

    /// Keeps the lesson as the draft in local storage, unless another window has since kept a
    /// draft this one cannot read: that one stays, this lesson is no longer kept, and the
    /// answer is true (there is an alert to show).
    fn keep_draft(&mut self) -> bool {
        if !self.keeps_draft {
            return false;
        }
        let stored = browser::load_setting(DRAFT_KEY).filter(|text| !text.is_empty());
        if stored != self.kept && stored.as_deref().is_some_and(|text| Lesson::draft_from_json(text).is_err())
        {
            self.stop_keeping("was changed by another window and cannot be read here");
            return true;
        }
        let json = serde_json::to_string(&self.lesson).expect("lessons serialize");
        browser::save_setting(DRAFT_KEY, &json);
        self.kept = Some(json);
        false
    }

    /// Leaves the kept draft as it is, and says so: what is written here is not kept.
    fn stop_keeping(&mut self, what_happened: &str) {
        self.keeps_draft = false;
        let warning = format!(
            "The lesson draft kept in this browser {what_happened}. A newer Puzzle Lab may have written it. \
             It is left as it is, so what you write here is not kept when you leave: copy the lesson link \
             or export the .json to keep it."
        );
        self.alert = Some(match self.alert.take() {
            Some(alert) => format!("{alert} {warning}"),
            None => warning,
        });
    }

    /// Applies an edit and keeps the lesson; false when nothing needs drawing again (a note
    /// being typed is already on screen).
    pub fn edit(&mut self, edit: Edit) -> bool {
        let steps = &mut self.lesson.steps;
        let redraw = match edit {
            Edit::Title(title) => {
                self.lesson.title = title;
                false
            }
            Edit::Note(i, note) => {
                if let Some(step) = steps.get_mut(i) {
                    step.note = note;
                }
                false
            }
            Edit::Move(from, to) if from < steps.len() && to < steps.len() && from != to => {
                let step = steps.remove(from);
                steps.insert(to, step);
                self.status = format!("Step {} is now step {}.", from + 1, to + 1);
                let act = if to < from { "up" } else { "down" };
                self.focus_next = Some(format!(".builder-steps [data-act='{act}'][data-step='{to}']:not([disabled]), .builder-steps [data-step='{to}'] textarea"));
                true
            }
            Edit::Move(..) => return false,
            Edit::Delete(i) if i < steps.len() => {
                steps.remove(i);
                self.status = format!("Step {} deleted.", i + 1);
                true
            }
            Edit::Delete(_) => return false,
            Edit::Imported(Ok(lesson)) => {
                let replace = self.lesson.steps.is_empty()
                    || browser::confirm("Replace the lesson you are writing with this file's?");
                if !replace {
                    return false;
                }
                self.status =
                    format!("Imported \u{201c}{}\u{201d}: {} steps.", lesson.title, lesson.steps.len());
                self.lesson = lesson;
                self.alert = None;
                true
            }
            Edit::Imported(Err(why)) => {
                self.alert = Some(format!("This file was not imported: {why}."));
                return true;
            }
        };
        self.link = None;
        self.keep_draft() || redraw
    }

    /// Plays the lesson (`play`), or copies its link and shows it, with a warning when long.
    pub fn share(&mut self, play: bool) {
        if let Err(why) = self.lesson.check() {
            self.alert = Some(format!("This lesson cannot be shared yet: {why}."));
            return;
        }
        let hash = match lesson::to_link(&self.lesson, 1) {
            Ok(hash) => hash,
            Err(why) => {
                self.alert = Some(format!(
                    "This lesson cannot be shared as a link: {}.",
                    why.trim_start_matches("link: ")
                ));
                return;
            }
        };
        if play {
            browser::go_to(&hash);
            return;
        }
        let url = format!("{}{hash}", browser::current_url().split('#').next().unwrap_or_default());
        browser::copy_text(&url);
        self.status = format!("Lesson link copied ({} characters).", url.len());
        self.alert = (url.len() > LONG_LINK).then(|| {
            format!(
                "This link is {} characters long: some chat tools and mail programs cut links longer than {LONG_LINK}. \
                 Share the lesson as a file instead (Export .json).",
                url.len()
            )
        });
        self.link = Some(url);
    }

    pub fn export(&mut self) {
        let json = serde_json::to_string_pretty(&self.lesson).expect("lessons serialize");
        if let Err(why) = browser::download(json.as_bytes(), "lesson.json", "application/json") {
            self.alert = Some(why);
        }
    }

    pub fn view(&self, send: &yew::html::Scope<LessonPage>) -> Html {
        let count = self.lesson.steps.len();
        let steps = markup::builder_steps(&self.lesson, &step_titles(&self.lesson));
        html! {
            <main class="builder">
                <h1>{ "Your lesson" }</h1>
                <p class="lead">{ "A lesson is a sequence of live pages, each with what to say. On any puzzle page, set it up as you want to show it and press \u{201c}Add to lesson\u{201d}. Here you write the notes, put the steps in order (drag them, or use the arrows) and share the lesson as one link or as a file. " }
                    <a href={crate::web::release::guide_url()} target="_blank">{ "More in the Teacher's guide." }</a></p>
                if let Some(alert) = &self.alert {
                    <p role="alert" class="alert">{ alert }</p>
                }
                <label class="builder-title">{ "Title" }
                    <input value={self.lesson.title.clone()} oninput={send.callback(|e: InputEvent|
                        Msg::Build(Edit::Title(e.target_unchecked_into::<web_sys::HtmlInputElement>().value())))} />
                </label>
                <div onclick={send.callback(Msg::Click)} oninput={send.callback(Msg::Input)}
                    ondragstart={send.callback(Msg::Drag)} ondragover={Callback::from(|e: DragEvent| e.prevent_default())}
                    ondrop={send.callback(Msg::Drop)}>
                    { Html::from_html_unchecked(AttrValue::from(steps)) }
                </div>
                <div class="builder-actions">
                    <button class="primary" disabled={count == 0} onclick={send.callback(|_| Msg::Share(true))}>{ "Play the lesson" }</button>
                    <button disabled={count == 0} onclick={send.callback(|_| Msg::Share(false))}>{ "Copy lesson link" }</button>
                    <button disabled={count == 0} onclick={send.callback(|_| Msg::Export)}>{ "Export .json" }</button>
                    <label class="import">{ "Import .json " }
                        <input type="file" accept=".json,application/json" onchange={send.batch_callback(|e: Event| {
                            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                            input.files().and_then(|files| files.get(0)).map(Msg::Import)
                        })} />
                    </label>
                </div>
                <p role="status" class="status">{ &self.status }</p>
                if let Some(link) = &self.link {
                    <label class="builder-link">{ "Lesson link" }<input readonly=true value={link.clone()} /></label>
                }
            </main>
        }
    }
}

/// A lesson file's text, read and checked.
pub fn read_lesson_file(text: Option<String>) -> Result<Lesson, String> {
    Lesson::from_json(&text.ok_or("the file could not be read")?)?.into_checked()
}
