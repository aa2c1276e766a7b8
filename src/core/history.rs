//! A bounded record of a long run (a genetic run's best and mean per generation, its
//! checkpoints): at most `capacity` samples however long the run, spread evenly over it.
//! When full, every other sample is dropped and only every second offer is kept from then
//! on, so memory stays constant and the record still covers the run from its start.

#[derive(Debug, Clone, PartialEq)]
pub struct History<T> {
    samples: Vec<T>,
    capacity: usize,
    /// Keep one offer in `stride`.
    stride: u64,
    offered: u64,
}

impl<T> History<T> {
    /// An empty history of at most `capacity` (≥ 2) samples.
    pub fn new(capacity: usize) -> Self {
        Self { samples: Vec::new(), capacity: capacity.max(2), stride: 1, offered: 0 }
    }

    /// Records `sample` if it falls on the current stride.
    pub fn offer(&mut self, sample: T) {
        let keep = self.offered.is_multiple_of(self.stride);
        self.offered += 1;
        if !keep {
            return;
        }
        if self.samples.len() == self.capacity {
            let mut index = 0;
            self.samples.retain(|_| {
                index += 1;
                index % 2 == 1
            });
            self.stride *= 2;
            if !(self.offered - 1).is_multiple_of(self.stride) {
                return;
            }
        }
        self.samples.push(sample);
    }

    pub fn samples(&self) -> &[T] {
        &self.samples
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    pub fn clear(&mut self) {
        *self = Self::new(self.capacity);
    }

    pub fn into_samples(self) -> Vec<T> {
        self.samples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_runs_are_kept_whole() {
        let mut history = History::new(8);
        (0..8).for_each(|i| history.offer(i));
        assert_eq!(history.samples(), [0, 1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn long_runs_stay_bounded_and_evenly_spread_from_the_start() {
        let mut history = History::new(8);
        (0..1_000_000u64).for_each(|i| history.offer(i));
        let samples = history.samples();
        assert!(samples.len() <= 8 && samples.len() >= 4, "{samples:?}");
        assert_eq!(samples[0], 0);
        let gaps: Vec<u64> = samples.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.iter().all(|&g| g == gaps[0]), "even spacing: {samples:?}");
        assert!(*samples.last().unwrap() > 500_000, "covers the run: {samples:?}");
    }

    #[test]
    fn thinning_keeps_every_sample_on_the_new_stride() {
        let mut history = History::new(4);
        (0..9).for_each(|i| history.offer(i));
        assert_eq!(history.samples(), [0, 4, 8]);
    }
}
