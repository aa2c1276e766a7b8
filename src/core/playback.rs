//! Playback of a solution: step, play, pause, speed. Pure state, driven by `tick()`.
//!
//! The only thing playback needs from a clock is "call `tick` every `interval_ms` while
//! playing" — the browser side does that with a timer, tests simply call `tick`.

/// Longest solution a page animates (2^17 − 1: Hanoi up to 17 discs). Longer ones are
/// reported but not played back, and a link's `step` cannot point beyond it.
pub const MAX_PLAYBACK: usize = 131_071;

/// Milliseconds between steps, slowest first.
pub const SPEEDS_MS: [u32; 7] = [1200, 700, 400, 220, 120, 50, 16];
const DEFAULT_SPEED: usize = 2;

/// The speed level a playback starts at (levels count from 1, the slowest).
pub const DEFAULT_SPEED_LEVEL: usize = DEFAULT_SPEED + 1;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playback {
    len: usize,
    step: usize,
    playing: bool,
    speed: usize,
}

impl Playback {
    /// A paused playback of `len` moves, positioned at `step` (clamped to the end).
    pub fn new(len: usize, step: usize) -> Self {
        Self { len, step: step.min(len), playing: false, speed: DEFAULT_SPEED }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn step(&self) -> usize {
        self.step
    }

    pub fn is_playing(&self) -> bool {
        self.playing
    }

    pub fn at_end(&self) -> bool {
        self.step == self.len
    }

    pub fn interval_ms(&self) -> u32 {
        SPEEDS_MS[self.speed]
    }

    /// The same playback at speed `level` (1 = slowest), moved into the levels there are.
    pub fn with_speed_level(mut self, level: usize) -> Self {
        self.speed = level.clamp(1, SPEEDS_MS.len()) - 1;
        self
    }

    /// Speed as a level from 1 (slowest) to the number of speeds.
    pub fn speed_level(&self) -> usize {
        self.speed + 1
    }

    pub fn forward(&mut self) {
        self.step = (self.step + 1).min(self.len);
    }

    pub fn back(&mut self) {
        self.step = self.step.saturating_sub(1);
    }

    pub fn seek(&mut self, step: usize) {
        self.step = step.min(self.len);
    }

    /// Back to the start, paused.
    pub fn reset(&mut self) {
        self.step = 0;
        self.playing = false;
    }

    /// To the last step, paused.
    pub fn to_end(&mut self) {
        self.step = self.len;
        self.playing = false;
    }

    /// Play from where we are; at the end, playing starts over from the beginning.
    pub fn play(&mut self) {
        if self.at_end() {
            self.step = 0;
        }
        self.playing = self.len > 0;
    }

    pub fn pause(&mut self) {
        self.playing = false;
    }

    pub fn toggle(&mut self) {
        if self.playing {
            self.pause()
        } else {
            self.play()
        }
    }

    pub fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS_MS.len() - 1);
    }

    pub fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    /// One clock tick: advance while playing, and stop at the end.
    pub fn tick(&mut self) {
        if self.playing {
            self.forward();
            if self.at_end() {
                self.playing = false;
            }
        }
    }

    /// "step 7 / 15"
    pub fn counter(&self) -> String {
        format!("step {} / {}", self.step, self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_in_bounds() {
        let mut p = Playback::new(3, 9);
        assert_eq!(p.step(), 3);
        p.forward();
        assert_eq!(p.counter(), "step 3 / 3");
        p.reset();
        p.back();
        assert_eq!(p.step(), 0);
        p.seek(2);
        assert_eq!(p.counter(), "step 2 / 3");
        p.play();
        p.to_end();
        assert_eq!((p.step(), p.is_playing()), (3, false));
    }

    #[test]
    fn playing_advances_on_ticks_and_stops_at_the_end() {
        let mut p = Playback::new(2, 0);
        p.tick();
        assert_eq!(p.step(), 0, "paused playback ignores ticks");
        p.toggle();
        assert!(p.is_playing());
        p.tick();
        p.tick();
        assert_eq!(p.step(), 2);
        assert!(!p.is_playing());
        p.play();
        assert_eq!((p.step(), p.is_playing()), (0, true), "play at the end restarts");
    }

    #[test]
    fn nothing_to_play_never_plays() {
        let mut p = Playback::new(0, 0);
        p.play();
        assert!(!p.is_playing());
    }

    #[test]
    fn speed_levels_are_kept_within_limits() {
        assert_eq!(Playback::new(3, 0).speed_level(), DEFAULT_SPEED_LEVEL);
        assert_eq!(Playback::new(3, 0).with_speed_level(5).speed_level(), 5);
        assert_eq!(Playback::new(3, 0).with_speed_level(99).speed_level(), SPEEDS_MS.len());
        assert_eq!(Playback::new(3, 0).with_speed_level(0).speed_level(), 1);
    }

    #[test]
    fn speed_changes_the_interval_within_limits() {
        let mut p = Playback::new(5, 0);
        let start = p.interval_ms();
        p.faster();
        assert!(p.interval_ms() < start);
        for _ in 0..20 {
            p.faster();
        }
        assert_eq!(p.interval_ms(), SPEEDS_MS[SPEEDS_MS.len() - 1]);
        for _ in 0..20 {
            p.slower();
        }
        assert_eq!((p.interval_ms(), p.speed_level()), (SPEEDS_MS[0], 1));
    }
}
