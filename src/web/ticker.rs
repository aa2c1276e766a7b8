//! The clock playback needs: call a function every so many milliseconds until dropped.

use gloo_timers::callback::Interval;

pub struct Ticker {
    _interval: Interval,
}

impl Ticker {
    pub fn every(ms: u32, tick: impl FnMut() + 'static) -> Self {
        Self { _interval: Interval::new(ms, tick) }
    }
}
