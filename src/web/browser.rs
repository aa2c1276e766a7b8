//! The few browser calls the app makes, behind plain functions (the seeds' "Protocol" idea):
//! pages never touch `web_sys` directly, so their logic stays easy to follow and to test.

use wasm_bindgen::JsCast;
use web_sys::{KeyboardEvent, MouseEvent, Window};

fn window() -> Window {
    web_sys::window().expect("the app runs in a browser window")
}

/// The address's hash part, e.g. `#/hanoi?discs=4`.
pub fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// The full address, for "Copy link".
pub fn current_url() -> String {
    window().location().href().unwrap_or_default()
}

/// Goes to `hash` as a link would (a history entry, `hashchange`).
pub fn go_to(hash: &str) {
    let _ = window().location().set_hash(hash);
}

/// Opens `url` in a second window, named so that asking again reuses it.
pub fn open_window(url: &str, name: &str) {
    let _ = window().open_with_url_and_target_and_features(url, name, "popup,width=960,height=720");
}

/// Asks the user to confirm (the browser's own dialog).
pub fn confirm(question: &str) -> bool {
    window().confirm_with_message(question).unwrap_or(false)
}

/// Puts `hash` in the address bar without adding a history entry or firing `hashchange`
/// (an embedded page tells its parent).
pub fn replace_hash(hash: &str) {
    if current_hash() != hash {
        let _ = window()
            .history()
            .and_then(|h| h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash)));
        tell_parent_the_address();
    }
}

/// Whether the page is shown inside another one (`embed=1`, the root's `data-embed`).
pub fn embedded() -> bool {
    root_attribute("data-embed").as_deref() == Some("on")
}

/// An embedded page no one has clicked into yet: it takes no focus and scrolls nothing, the
/// course page around it keeps both.
fn held_back_in_a_frame() -> bool {
    embedded() && !window().document().is_some_and(|d| d.has_focus().unwrap_or(false))
}

/// Posts `{ puzzlelab: kind, <field>: value }` to the window around an embedded page
/// (docs/links.md#embedding); nothing when the page is not embedded or has no parent.
fn tell_parent(kind: &str, field: &str, value: &wasm_bindgen::JsValue) {
    let Ok(Some(parent)) = window().parent() else { return };
    if !embedded() || parent == window() {
        return;
    }
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"puzzlelab".into(), &kind.into());
    let _ = js_sys::Reflect::set(&message, &field.into(), value);
    // The message holds only the link and a height: any host may read it.
    let _ = parent.post_message(&message, "*");
}

/// Tells an embedded page's parent its whole address (`state`), to keep the student's place.
pub fn tell_parent_the_address() {
    tell_parent("state", "link", &current_url().into());
}

/// While kept, tells an embedded page's parent the content's height (`resize`) whenever it
/// changes: after any change to the page (a step drawn, a panel opened), a resize, and once
/// the style sheet has come.
pub struct HeightReport {
    _observer: web_sys::MutationObserver,
    _on_change: wasm_bindgen::closure::Closure<dyn FnMut()>,
    _on_resize: gloo_events::EventListener,
    _on_load: gloo_events::EventListener,
}

/// How long an embedded page's changes may go on before its height is said (ms).
const HEIGHT_SETTLES_MS: u32 = 300;

/// Starts reporting the content's height of an embedded page.
pub fn report_height() -> Option<HeightReport> {
    let document = window().document()?;
    let root = document.document_element()?;
    let body = document.body()?;
    let last = std::rc::Rc::new(std::cell::Cell::new(-1));
    let say = move || {
        // Not before the embedded page's style applies (`--header` set to 0): the page unstyled
        // is taller, and a host that grew its frame to that height would keep it.
        let styled = window()
            .get_computed_style(&root)
            .ok()
            .flatten()
            .and_then(|style| style.get_property_value("--header").ok())
            .is_some_and(|header| header.trim() == "0rem");
        // Nor before the page is drawn: a frame sized to the loading line would shrink, then grow.
        let drawn = body.query_selector("main").ok().flatten().is_some();
        if !(styled && drawn) {
            return;
        }
        let height = natural_height(&root, &body);
        if last.replace(height) != height {
            tell_parent("resize", "height", &height.into());
        }
    };
    say();
    // Changes in a burst (a lesson's step drawn, then solved, then its view opened) are said
    // once, a moment after the first: the host's page jumps once, not at each.
    let waiting = std::rc::Rc::new(std::cell::Cell::new(false));
    let timer = std::rc::Rc::new(std::cell::RefCell::new(None));
    let soon = move || {
        if waiting.replace(true) {
            return;
        }
        let (waiting, say) = (waiting.clone(), say.clone());
        // The timer it replaces has fired (nothing was waiting): dropping it cancels nothing.
        *timer.borrow_mut() = Some(gloo_timers::callback::Timeout::new(HEIGHT_SETTLES_MS, move || {
            waiting.set(false);
            say();
        }));
    };
    let on_change = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(soon.clone());
    let observer = web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref()).ok()?;
    let options = web_sys::MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    options.set_attributes(true);
    options.set_character_data(true);
    let body: web_sys::Node = document.body()?.into();
    observer.observe_with_options(&body, &options).ok()?;
    let on_resize = gloo_events::EventListener::new(&window(), "resize", {
        let soon = soon.clone();
        move |_| soon()
    });
    let on_load = gloo_events::EventListener::new(&window(), "load", move |_| soon());
    Some(HeightReport {
        _observer: observer,
        _on_change: on_change,
        _on_resize: on_resize,
        _on_load: on_load,
    })
}

/// The embedded page's height with its board at its own size, not stretched to the frame's:
/// measured so (`data-measuring`, style.css), the height follows the content down as well as
/// up, whatever height the host has given the frame. A dialog open over the page (the list
/// of keys, the QR code) counts too: the host makes room for it while it is open.
fn natural_height(root: &web_sys::Element, body: &web_sys::HtmlElement) -> i32 {
    let _ = root.set_attribute("data-measuring", "");
    let page = body.get_bounding_client_rect().height().ceil() as i32;
    let _ = root.remove_attribute("data-measuring");
    let dialogs = body.query_selector_all("[role=dialog]").ok();
    let dialog = dialogs.map_or(0, |all| {
        (0..all.length())
            .filter_map(|i| all.get(i)?.dyn_into::<web_sys::Element>().ok())
            .map(|dialog| dialog.scroll_height())
            .max()
            .unwrap_or(0)
    });
    page.max(dialog)
}

/// Copies text to the clipboard (the browser may refuse outside a secure context; the link
/// stays visible in the address bar either way).
pub fn copy_text(text: &str) {
    let _pending = window().navigator().clipboard().write_text(text);
}

/// Hands `url` to the system's share sheet on a touch device that has one (a phone: send it
/// by message, mail, AirDrop…), else copies it; answers whether the sheet was used.
pub fn share_or_copy(url: &str, title: &str) -> bool {
    let navigator = window().navigator();
    let has_sheet = js_sys::Reflect::has(&navigator, &"share".into()).unwrap_or(false);
    if !(has_sheet && coarse_pointer()) {
        copy_text(url);
        return false;
    }
    let data = web_sys::ShareData::new();
    data.set_url(url);
    data.set_title(title);
    let sharing = navigator.share_with_data(&data);
    // Closing the sheet without sharing rejects the promise: that is no error.
    wasm_bindgen_futures::spawn_local(async move {
        let _ = wasm_bindgen_futures::JsFuture::from(sharing).await;
    });
    true
}

/// Offers `bytes` to the user as a downloaded file.
pub fn download(bytes: &[u8], file_name: &str, mime: &str) -> Result<(), String> {
    let describe = |e: wasm_bindgen::JsValue| format!("the browser refused the download: {e:?}");
    let array = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&array, &options).map_err(describe)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(describe)?;
    let document = window().document().ok_or("no document")?;
    let anchor: web_sys::HtmlAnchorElement = document.create_element("a").map_err(describe)?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    web_sys::Url::revoke_object_url(&url).map_err(describe)
}

/// Milliseconds from a fixed origin, with sub-millisecond resolution.
pub fn now_ms() -> f64 {
    window().performance().map_or_else(js_sys::Date::now, |p| p.now())
}

/// How many logical processors the browser reports (at least 1).
pub fn cores() -> usize {
    (window().navigator().hardware_concurrency() as usize).max(1)
}

/// A fresh seed for the "New seed" button, from the browser's cryptographic source.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    // The source cannot fail in a browser that runs this app; the time is a last resort.
    let bits = match getrandom::fill(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => now_ms().to_bits(),
    };
    crate::core::seed::seed_from_entropy(bits)
}

/// Whether the user asked the browser to save data (`navigator.connection.saveData`): files
/// that may never be needed then wait until they are.
pub fn saves_data() -> bool {
    let connection = js_sys::Reflect::get(&window().navigator(), &"connection".into()).ok();
    let save_data =
        connection.filter(|c| c.is_object()).and_then(|c| js_sys::Reflect::get(&c, &"saveData".into()).ok());
    save_data.and_then(|flag| flag.as_bool()).unwrap_or(false)
}

/// Whether the main pointer is a finger (a phone, a tablet): instructions then say "tap".
pub fn coarse_pointer() -> bool {
    window().match_media("(pointer: coarse)").ok().flatten().is_some_and(|query| query.matches())
}

/// An upright phone's screen, where a one-row board (the marbles) stands up as a column: its
/// places stay a finger's width (eleven slots of 44 px are wider than the phone).
const UPRIGHT_PHONE: &str = "(max-width: 760px) and (orientation: portrait)";

/// Whether the window is an upright phone's ([`UPRIGHT_PHONE`]).
pub fn upright_phone() -> bool {
    window().match_media(UPRIGHT_PHONE).ok().flatten().is_some_and(|query| query.matches())
}

/// Listens for the window turning into an upright phone's or out of it; dropping the listener
/// stops it.
pub fn on_upright_change(callback: yew::Callback<()>) -> Option<gloo_events::EventListener> {
    let query = window().match_media(UPRIGHT_PHONE).ok().flatten()?;
    Some(gloo_events::EventListener::new(&query, "change", move |_| callback.emit(())))
}

/// Listens to the window's changes of size; dropping the listener stops it.
pub fn on_resize(callback: yew::Callback<()>) -> gloo_events::EventListener {
    gloo_events::EventListener::new(&window(), "resize", move |_| callback.emit(()))
}

/// Listens for the pointer let go (lifted or cancelled) anywhere in the window; dropping the
/// listeners stops them.
pub fn on_pointer_let_go(callback: yew::Callback<()>) -> [gloo_events::EventListener; 2] {
    ["pointerup", "pointercancel"].map(|event| {
        let callback = callback.clone();
        gloo_events::EventListener::new(&window(), event, move |_| callback.emit(()))
    })
}

/// Listens to shortcut keys on the whole window (not while typing in a field or with
/// Ctrl, Alt or Meta held); dropping the listener stops it.
pub fn on_key(callback: yew::Callback<KeyboardEvent>) -> gloo_events::EventListener {
    // Not passive: a shortcut the page handles must keep the browser from also acting on its
    // key (arrows scrolling the page).
    let options = gloo_events::EventListenerOptions::enable_prevent_default();
    gloo_events::EventListener::new_with_options(&window(), "keydown", options, move |e| {
        if let Some(e) = e.dyn_ref::<KeyboardEvent>() {
            if typing_in_field(e) && e.key() == "Escape" {
                // Escape leaves a field (a select included) for the board, so the shortcuts work
                // again and a screen reader says where the focus is: its current place (a peg, a
                // cell, named), else the board; with no board, for none.
                if let Some(field) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
                    focus_board(false);
                    if focused().as_ref() == Some(&field) {
                        let _ = field.blur();
                    }
                }
            } else if is_shortcut(e) && !pressing_button(e) {
                callback.emit(e.clone());
            }
        }
    })
}

/// Whether a key press may be a shortcut: not typed in a field, no Ctrl, Alt or Meta held.
pub fn is_shortcut(event: &KeyboardEvent) -> bool {
    !typing_in_field(event) && !event.ctrl_key() && !event.meta_key() && !event.alt_key()
}

thread_local! {
    /// The button a pointer (mouse, finger, pen) pressed last, until the keyboard moves the focus.
    static PRESSED_BY_POINTER: std::cell::RefCell<Option<web_sys::Element>> = const { std::cell::RefCell::new(None) };
}

/// Notes which button a pointer presses: that button keeps the focus, but Space is then the
/// page's shortcut (play / pause), not a second press (a click on a lesson's ‹ must not turn
/// Space into "back a step"). Dropping the listener stops it.
pub fn note_pointer_presses() -> gloo_events::EventListener {
    let options = gloo_events::EventListenerOptions::run_in_capture_phase();
    gloo_events::EventListener::new_with_options(&window(), "pointerdown", options, |e| {
        let button = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("button").ok().flatten());
        PRESSED_BY_POINTER.with(|pressed| *pressed.borrow_mut() = button);
    })
}

/// Whether a click landed on a control (a button, a link, a field), not on what is around it.
pub fn clicked_a_control(event: &MouseEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|target| {
            target.closest("button, a, input, select, textarea, summary, label").ok().flatten()
        })
        .is_some()
}

/// A finger touching the page beside a refusal that floats over it (a phone's, over the
/// header): the touch puts it away, so it is not left over the header as a stuck box.
pub fn touched_beside_floating_alert(event: &web_sys::PointerEvent) -> bool {
    let floating = find(".messages .alert:not(.empty)")
        .and_then(|alert| window().get_computed_style(&alert).ok().flatten())
        .and_then(|style| style.get_property_value("position").ok())
        .is_some_and(|position| position == "fixed");
    let on_alert = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|target| target.closest(".alert").ok().flatten())
        .is_some();
    event.pointer_type() == "touch" && floating && !on_alert
}

/// True when Space or Enter is pressing the focused button, or Enter following the focused
/// link (which is what they do there): Enter always, Space on a button the keyboard focused.
fn pressing_button(event: &KeyboardEvent) -> bool {
    if event.key() == "Tab" {
        PRESSED_BY_POINTER.with(|pressed| pressed.borrow_mut().take());
    }
    let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    match (target.tag_name().as_str(), event.key().as_str()) {
        ("BUTTON" | "A", "Enter") => true,
        ("BUTTON", " ") => PRESSED_BY_POINTER.with(|pressed| pressed.borrow().as_ref() != Some(&target)),
        _ => false,
    }
}

/// The element that has the keyboard focus, if any (other than the page's body).
pub fn focused() -> Option<web_sys::HtmlElement> {
    let document = window().document()?;
    let element = document.active_element()?;
    if document.body().is_some_and(|body| *body == element) {
        return None;
    }
    // A place of a board drawn in SVG is an SVG element: it takes the focus back the same way.
    Some(element.unchecked_into())
}

/// The first element of the document matching `selector`, if any.
fn find(selector: &str) -> Option<web_sys::Element> {
    window().document()?.query_selector(selector).ok().flatten()
}

/// Whether the keyboard focus was lost to the page, or sits on a button just disabled inside
/// the box `within` finds (such a button keeps it until the browser next draws, then loses it).
pub fn focus_lost(within: Option<&str>) -> bool {
    focused().is_none() || within.is_some_and(|within| focused_in(&format!("{within} button[disabled]")))
}

/// Where the focus goes on a board, the first found: its current place (a peg, a cell, named
/// for a screen reader), else any control of it, else the board itself.
pub const BOARD_FOCUS: &[&str] =
    &[".board .place[tabindex='0']", ".board [tabindex='0']", ".board button:not([disabled])", ".board"];

/// Gives the focus to the board (see [`BOARD_FOCUS`]); false if the page has none.
pub fn focus_board(scroll: bool) -> bool {
    BOARD_FOCUS.iter().any(|selector| focus(selector, scroll))
}

/// Moves the keyboard focus to the first element matching `selector`, if there is one,
/// scrolling it into view or (`scroll` false) leaving the page where it is; false if none.
pub fn focus(selector: &str, scroll: bool) -> bool {
    if held_back_in_a_frame() {
        return false;
    }
    let Some(element) = find(selector) else {
        return false;
    };
    // SVG elements (a board drawn in SVG) take the focus through the same `focus` method.
    let element: web_sys::HtmlElement = element.unchecked_into();
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(!scroll);
    element.focus_with_options(&options).is_ok()
}

/// Moves the focus to the next (or, `backwards`, the previous) control of the dialog holding
/// the element `inside` finds, round from the last to the first: Tab never leaves a dialog.
pub fn cycle_focus_in_dialog(inside: &str, backwards: bool) {
    let Some(dialog) = find(inside).and_then(|e| e.closest("[role=dialog]").ok().flatten()) else { return };
    let Ok(found) = dialog.query_selector_all("button:not([disabled]), a[href], input, select, textarea")
    else {
        return;
    };
    let controls: Vec<web_sys::HtmlElement> =
        (0..found.length()).filter_map(|i| found.item(i)).filter_map(|n| n.dyn_into().ok()).collect();
    if controls.is_empty() {
        return;
    }
    let now = focused().and_then(|f| controls.iter().position(|c| *c == f));
    let next = match (now, backwards) {
        (Some(i), false) => (i + 1) % controls.len(),
        (Some(i), true) => (i + controls.len() - 1) % controls.len(),
        (None, _) => 0,
    };
    let _ = controls[next].focus();
}

/// Keeps the box `selector` finds at least as tall as it has been since the last `afresh` (or
/// since the window's width changed): a shorter sentence in it leaves its room, so what lies
/// under it stays under the finger.
pub fn hold_height(selector: &str, afresh: bool) {
    let Some(element) = find(selector) else {
        return;
    };
    let element: web_sys::HtmlElement = element.unchecked_into();
    let width = window().inner_width().ok().and_then(|w| w.as_f64()).unwrap_or_default().to_string();
    let style = element.style();
    if afresh || element.get_attribute("data-held-at").as_deref() != Some(width.as_str()) {
        let _ = style.remove_property("min-height");
        let _ = element.set_attribute("data-held-at", &width);
    }
    let _ = style.set_property("min-height", &format!("{}px", element.offset_height()));
}

/// Scrolls the element `selector` finds into view when it is out of it, the least distance.
pub fn reveal(selector: &str) {
    if held_back_in_a_frame() {
        return;
    }
    if let Some(element) = find(selector) {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        element.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// Scrolls the element `selector` finds into view, the least distance, if something drawn
/// over the page (a phone's digit pad) covers its top or its foot.
pub fn reveal_if_covered(selector: &str) {
    let (Some(element), Some(document)) = (find(selector), window().document()) else { return };
    let rect = element.get_bounding_client_rect();
    let x = (rect.left() + rect.right()) / 2.0;
    let seen_at = |y: f64| {
        document.element_from_point(x as f32, y as f32).is_some_and(|top| element.contains(Some(&top)))
    };
    if !(seen_at(rect.top() + 2.0) && seen_at(rect.bottom() - 2.0)) {
        reveal(selector);
    }
}

/// Sends the message a shortcut key maps to (if any) and keeps the browser from also acting
/// on that key; returns `false` so the page need not re-render for the key itself.
pub fn send_shortcut<C: yew::Component>(
    scope: &yew::html::Scope<C>,
    event: &KeyboardEvent,
    msg: Option<C::Message>,
) -> bool {
    if let Some(msg) = msg {
        event.prevent_default();
        scope.send_message(msg);
    }
    false
}

/// True when a key press belongs to a text field rather than to the page's shortcuts.
fn typing_in_field(event: &KeyboardEvent) -> bool {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    matches!(target.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
}

pub fn load_setting(key: &str) -> Option<String> {
    window().local_storage().ok().flatten()?.get_item(key).ok().flatten()
}

pub fn save_setting(key: &str, value: &str) {
    if let Some(storage) = window().local_storage().ok().flatten() {
        let _ = storage.set_item(key, value);
    }
}

/// A value kept for this tab only (sessionStorage): it outlives a reload, not the tab.
pub fn load_for_tab(key: &str) -> Option<String> {
    window().session_storage().ok().flatten()?.get_item(key).ok().flatten()
}

/// Keeps `value` for this tab (see [`load_for_tab`]); `None` forgets it.
pub fn save_for_tab(key: &str, value: Option<&str>) {
    if let Some(storage) = window().session_storage().ok().flatten() {
        let _ = match value {
            Some(value) => storage.set_item(key, value),
            None => storage.remove_item(key),
        };
    }
}

/// Loads the page again, at the same address.
pub fn reload() {
    let _ = window().location().reload();
}

/// Sets an attribute on the root element (theme, presentation mode), where CSS reads it.
pub fn set_root_attribute(name: &str, value: &str) {
    if let Some(root) = window().document().and_then(|d| d.document_element()) {
        let _ = root.set_attribute(name, value);
    }
}

/// The root element's attribute `name`, if set.
pub fn root_attribute(name: &str) -> Option<String> {
    window().document()?.document_element()?.get_attribute(name)
}

pub fn remove_root_attribute(name: &str) {
    if let Some(root) = window().document().and_then(|d| d.document_element()) {
        let _ = root.remove_attribute(name);
    }
}

/// Removes the element `selector` finds, if any.
pub fn remove_element(selector: &str) {
    if let Some(element) = find(selector) {
        element.remove();
    }
}

/// The window's title after a page's name, and alone on the landing page.
const APP_NAME: &str = "Puzzle Lab";

/// The page's name, as [`name_the_page`] gave it ("" for the landing page).
pub fn page_name() -> String {
    let title = window().document().map(|document| document.title()).unwrap_or_default();
    title.strip_suffix(&format!(" — {APP_NAME}")).unwrap_or_default().to_string()
}

/// Names the page in the tab and the history: "Sliding tiles — Puzzle Lab" (the app's name
/// alone for `None`, the landing page).
pub fn name_the_page(name: Option<&str>) {
    let title = name.map_or_else(|| APP_NAME.to_string(), |name| format!("{name} — {APP_NAME}"));
    if let Some(document) = window().document() {
        document.set_title(&title);
    }
}

/// Scrolls the box `selector` names (a scrolling element inside the page) to its top.
pub fn scroll_box_to_top(selector: &str) {
    if let Some(element) = find(selector) {
        element.set_scroll_top(0);
    }
}

/// Scrolls back to the top (a new page opens at its start).
pub fn scroll_to_top() {
    window().scroll_to_with_x_and_y(0.0, 0.0);
}

/// Scrolls the box `container` finds just enough to show its element `item` whole (or its top,
/// when taller than the box); the page itself does not move.
pub fn reveal_in_box(container: &str, item: &str) {
    let Some(document) = window().document() else { return };
    let Some(boxed) = document.query_selector(container).ok().flatten() else { return };
    let Some(element) = boxed.query_selector(item).ok().flatten() else { return };
    let (shown, wanted) = (boxed.get_bounding_client_rect(), element.get_bounding_client_rect());
    let below = (wanted.bottom() - shown.bottom()).min(wanted.top() - shown.top());
    if below > 0.0 {
        boxed.set_scroll_top(boxed.scroll_top() + below.ceil() as i32);
    } else if wanted.top() < shown.top() {
        boxed.set_scroll_top(boxed.scroll_top() - (shown.top() - wanted.top()).ceil() as i32);
    }
}

/// Whether the keyboard focus is inside the element `selector` finds.
pub fn focused_in(selector: &str) -> bool {
    focused().is_some_and(|f| f.closest(selector).ok().flatten().is_some())
}

/// Moves the focus from the row of the table `table` that has it to the row before (`-1`) or
/// after (`1`), if there is one.
pub fn focus_next_row(table: &str, direction: i32) {
    let rows = format!("{table} tbody tr");
    let Some(row) = focused().and_then(|f| f.closest(&rows).ok().flatten()) else { return };
    let next = match direction {
        -1 => row.previous_element_sibling(),
        _ => row.next_element_sibling(),
    };
    if let Some(next) = next {
        let _ = next.unchecked_into::<web_sys::HtmlElement>().focus();
    }
}
