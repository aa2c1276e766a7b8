//! A solution as playback and reports see it: a start position and, for each move, the
//! position it leads to (the Swift seed's `Solution` made of steps).

/// One move of a solution and the position after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step<S, M> {
    pub mv: M,
    pub state: S,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<S, M> {
    pub start: S,
    pub steps: Vec<Step<S, M>>,
}

/// A move that the puzzle's rules refused while replaying, with its index (0-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError<E> {
    pub index: usize,
    pub error: E,
}

impl<S: Clone, M: Clone> Solution<S, M> {
    /// Replays `moves` from `start` through the puzzle's own rule `apply`, so that every
    /// solution shown or reported is checked move by move.
    pub fn replay<E>(
        start: S,
        moves: impl IntoIterator<Item = M>,
        apply: impl Fn(&S, &M) -> Result<S, E>,
    ) -> Result<Self, ReplayError<E>> {
        let mut steps: Vec<Step<S, M>> = Vec::new();
        for (index, mv) in moves.into_iter().enumerate() {
            let before = steps.last().map_or(&start, |step| &step.state);
            let state = apply(before, &mv).map_err(|error| ReplayError { index, error })?;
            steps.push(Step { mv, state });
        }
        Ok(Self { start, steps })
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The position after `step` moves (0 = the start); past the end, the final position.
    pub fn state_at(&self, step: usize) -> &S {
        match step.min(self.steps.len()) {
            0 => &self.start,
            n => &self.steps[n - 1].state,
        }
    }

    /// The move that leads into step `step` (1-based), if any.
    pub fn move_into(&self, step: usize) -> Option<&M> {
        step.checked_sub(1).and_then(|i| self.steps.get(i)).map(|s| &s.mv)
    }

    pub fn end(&self) -> &S {
        self.state_at(self.steps.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(n: &i32, m: &i32) -> Result<i32, String> {
        if *m == 0 {
            Err("zero is not a move".into())
        } else {
            Ok(n + m)
        }
    }

    #[test]
    fn replay_records_each_state() {
        let s = Solution::replay(10, [1, 2, -5], add).unwrap();
        assert_eq!(s.len(), 3);
        assert_eq!(*s.state_at(0), 10);
        assert_eq!(*s.state_at(2), 13);
        assert_eq!(*s.end(), 8);
        assert_eq!(*s.state_at(99), 8);
        assert_eq!(s.move_into(3), Some(&-5));
        assert_eq!(s.move_into(0), None);
    }

    #[test]
    fn replay_names_the_refused_move() {
        let err = Solution::replay(0, [1, 0, 2], add).unwrap_err();
        assert_eq!(err.index, 1);
        assert_eq!(err.error, "zero is not a move");
    }
}
