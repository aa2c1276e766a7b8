//! A list of solutions the user pages through (previous / next, "solution 2 / 144").

use yew::prelude::*;

/// A step through an empty list, in words.
pub const NOTHING_LISTED: &str = "No solutions to page through yet: they come once Solve (s) has finished.";

pub struct Listing<T> {
    items: Vec<T>,
    index: usize,
}

impl<T> Default for Listing<T> {
    fn default() -> Self {
        Self { items: Vec::new(), index: 0 }
    }
}

impl<T> Listing<T> {
    pub fn new(items: Vec<T>) -> Self {
        Self { items, index: 0 }
    }

    /// The same list showing item `index` (the last if there are fewer).
    pub fn at(mut self, index: usize) -> Self {
        self.index = index.min(self.items.len().saturating_sub(1));
        self
    }

    /// The item shown and its place in the list, if the list has any.
    pub fn shown(&self) -> Option<(usize, &T)> {
        self.items.get(self.index).map(|item| (self.index, item))
    }

    /// Moves `delta` places, wrapping around; returns the item now shown.
    pub fn step(&mut self, delta: isize) -> Option<&T> {
        if self.items.is_empty() {
            return None;
        }
        let len = self.items.len() as isize;
        self.index = (self.index as isize + delta).rem_euclid(len) as usize;
        self.items.get(self.index)
    }

    /// Which item is shown and what it holds, in words for a screen reader: "Solution 2 of 4: …"
    pub fn position_said(&self, content: &str) -> String {
        format!("Solution {} of {}: {}.", self.index + 1, self.items.len(), content.trim_end_matches('.'))
    }

    /// Previous / next buttons and the counter (nothing when the list is empty).
    pub fn view(&self, on_browse: Callback<isize>) -> Html {
        if self.items.is_empty() {
            return html! {};
        }
        // One solution: nothing to page to, and the buttons look it.
        let alone = self.items.len() == 1;
        html! {
            <div class="playback" role="group" aria-label="Solutions">
                <button aria-label="Previous solution" disabled={alone} onclick={on_browse.reform(|_| -1)}>{ "◀ Previous" }</button>
                <span class="counter">{ format!("solution {} / {}", self.index + 1, self.items.len()) }</span>
                <button aria-label="Next solution" disabled={alone} onclick={on_browse.reform(|_| 1)}>{ "Next ▶" }</button>
            </div>
        }
    }
}
