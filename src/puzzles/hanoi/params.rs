//! Hanoi's link parameters (docs/links.md, "Towers of Hanoi"):
//! `#/hanoi?discs=4&pegs=3&state=AAAA&goal=CCCC&moves=AC,AB&algo=optimal&seed=7&step=3`.
//! `state` and `goal` are omitted from canonical links while they are the defaults (all discs
//! on A; all on the last peg), `moves`, `seed` and `step` while empty.

use super::domain::{Move, Position, Tower, MAX_DISCS, MAX_PEGS, MIN_DISCS, MIN_PEGS};
use super::solvers::{optimal_length, Algo};
use crate::core::choice::Named;
use crate::core::link::{Link, LinkError, LinkParams, ParamReader};
use crate::core::playback::MAX_PLAYBACK;
use crate::core::seed::MAX_SEED;

pub const PUZZLE: &str = "hanoi";

/// Everything a Hanoi page shows, as read from or written to a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HanoiParams {
    pub tower: Tower,
    /// Where play started.
    pub start: Position,
    pub goal: Position,
    /// Moves played by hand from `start` (all legal).
    pub played: Vec<Move>,
    pub algo: Algo,
    /// The seed of the last random position, shown in the seed field.
    pub seed: Option<u64>,
    /// How far into the solution the playback is.
    pub step: usize,
}

impl Default for HanoiParams {
    fn default() -> Self {
        Self::new(Tower::new(4, 3))
    }
}

impl HanoiParams {
    /// The whole tower on A, to be moved to the last peg.
    pub fn new(tower: Tower) -> Self {
        Self {
            tower,
            start: tower.all_on(0),
            goal: tower.all_on(tower.pegs - 1),
            played: Vec::new(),
            algo: Algo::Optimal,
            seed: None,
            step: 0,
        }
    }

    /// The position after the moves played by hand.
    pub fn current(&self) -> Position {
        self.played
            .iter()
            .fold(self.start, |p, &m| self.tower.apply(p, m).expect("played moves are checked when added"))
    }
}

impl LinkParams for HanoiParams {
    /// Reads a link; every bad parameter is reported and replaced by its default.
    fn from_link(link: &Link) -> (Self, Vec<LinkError>) {
        let mut r = ParamReader::new(link);
        let discs = r.number("discs", MIN_DISCS..=MAX_DISCS, 4);
        let pegs = r.number("pegs", MIN_PEGS..=MAX_PEGS, 3);
        let mut params = Self::new(Tower::new(discs, pegs));
        let tower = params.tower;
        if let Some(text) = r.raw("state") {
            match tower.parse_position(text) {
                Ok(p) => params.start = p,
                Err(why) => r.reject("state", why),
            }
        }
        if let Some(text) = r.raw("goal") {
            match tower.parse_position(text) {
                Ok(p) => params.goal = p,
                Err(why) => r.reject("goal", why),
            }
        }
        params.played = r.moves(
            "moves",
            params.start,
            |word| Move::parse(word, pegs),
            |&position, &mv| tower.apply(position, mv).map_err(|e| e.to_string()),
        );
        params.algo = r.named("algo", Algo::Optimal);
        if r.raw("seed").is_some() {
            params.seed = Some(r.number("seed", 0..=MAX_SEED, 0));
        }
        params.step = r.step();
        let shortest = optimal_length(&tower, params.current(), params.goal);
        if params.step > 0 && shortest.is_some_and(|n| n > MAX_PLAYBACK as u64) {
            r.reject(
                "step",
                format!("the solution of {discs} discs is too long to animate, so it has no step"),
            );
            params.step = 0;
        }
        (params, r.finish())
    }

    /// The canonical link: fixed key order, defaults left out where docs/links.md says so.
    fn to_link(&self) -> Link {
        let tower = self.tower;
        let mut link = Link::new(PUZZLE).with("discs", tower.discs).with("pegs", tower.pegs);
        if self.start != tower.all_on(0) {
            link = link.with("state", tower.format_position(self.start));
        }
        if self.goal != tower.all_on(tower.pegs - 1) {
            link = link.with("goal", tower.format_position(self.goal));
        }
        link = link.with_list("moves", &self.played).with("algo", self.algo.name());
        if let Some(seed) = self.seed {
            link = link.with("seed", seed);
        }
        if self.step > 0 {
            link = link.with("step", self.step);
        }
        link
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::link::LinkParams;

    fn parse(text: &str) -> (HanoiParams, Vec<LinkError>) {
        HanoiParams::from_link(&Link::parse(text).unwrap())
    }

    #[test]
    fn a_page_moves_numbers_out_of_range_to_the_nearest_allowed() {
        use crate::core::link::read_leniently;
        let read = |text: &str| read_leniently::<HanoiParams>(&Link::parse(text).unwrap());
        let (p, errors, said) = read("#/hanoi?discs=99");
        assert!(errors.is_empty());
        assert_eq!(p.tower.discs, 20);
        assert_eq!(
            said,
            ["discs: must be a whole number from 1 to 20, got '99'; using 20, the nearest allowed"]
        );
        assert_eq!(read("#/hanoi?discs=0").0.tower.discs, 1);
        // Anything else wrong: refused as before, nothing moved.
        let (_, errors, said) = read("#/hanoi?discs=99&pegs=x");
        assert_eq!(errors.len(), 2);
        assert!(said.is_empty());
        assert!(read("#/hanoi?discs=abc").1[0].nearest.is_none());
        // The command line still refuses the link.
        assert_eq!(parse("#/hanoi?discs=99").1.len(), 1);
    }

    #[test]
    fn defaults_and_canonical_form() {
        let (p, errors) = parse("#/hanoi");
        assert!(errors.is_empty());
        assert_eq!(p, HanoiParams::default());
        assert_eq!(p.to_link().to_hash(), "#/hanoi?discs=4&pegs=3&algo=optimal");
    }

    #[test]
    fn full_link_round_trips() {
        let text = "#/hanoi?discs=5&pegs=4&state=ABCDA&goal=DDDDC&moves=AB,DA&algo=bfs&seed=12&step=3";
        let (p, errors) = parse(text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(p.to_link().to_hash(), text);
        assert_eq!(p.tower.format_position(p.current()), "BBCAA");
    }

    #[test]
    fn bad_values_are_named_and_fall_back() {
        let (p, errors) = parse("#/hanoi?discs=0&pegs=4&state=AAZ&algo=quick&moves=AB,AB&colour=red");
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["discs", "state", "moves", "algo", "colour"]);
        assert_eq!(p.tower, Tower::new(4, 4));
        assert_eq!(p.algo, Algo::Optimal);
        assert_eq!(p.played, [Move::new(0, 1)], "the legal prefix of the moves is kept");
        assert!(errors[2].reason.contains("move 2 'AB': disc 2 cannot go onto the smaller disc 1"));
    }

    #[test]
    fn step_is_refused_where_the_page_could_not_animate() {
        let (p, errors) = parse("#/hanoi?discs=20&step=1");
        assert_eq!(errors[0].field, "step");
        assert!(errors[0].reason.contains("too long to animate"), "{}", errors[0].reason);
        assert_eq!(p.step, 0);
        let (p, errors) = parse("#/hanoi?discs=17&step=131071");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(p.step, 131_071);
        let (_, errors) = parse("#/hanoi?discs=3&step=131072");
        assert_eq!(errors[0].field, "step");
    }

    #[test]
    fn seed_is_checked() {
        let (_, errors) = parse("#/hanoi?seed=-4");
        assert_eq!(errors[0].field, "seed");
        let (p, errors) = parse("#/hanoi?seed=9007199254740991");
        assert!(errors.is_empty());
        assert_eq!(p.seed, Some(MAX_SEED));
    }
}
