//! The slides' `rungame` (probe, score, keep the codes consistent with the score) and
//! tournaments over many secrets.

use super::code::{CodeSpace, Score, SCORES};
use super::strategy::{Algo, Turn};
use crate::core::seed::SeededRng;

/// One probe of a game and what the codebreaker knew when making it.
#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    pub guess: usize,
    pub score: Score,
    /// Codes still possible before the probe, and after its score.
    pub before: usize,
    pub after: usize,
    /// The probe could itself have been the secret.
    pub consistent: bool,
    /// How the probe split the codes possible before it, by score.
    pub parts: [u32; SCORES],
}

/// The random stream of the game against one secret: a game replays the same alone or in a
/// tournament, whichever secrets the tournament plays and in whatever order.
pub fn game_stream(seed: u64, secret: usize) -> SeededRng {
    SeededRng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ secret as u64)
}

/// The codes consistent with every (guess, score) so far.
pub fn possibilities(space: &CodeSpace, history: &[(usize, Score)]) -> Vec<u32> {
    let mut possibles: Vec<u32> = (0..space.len() as u32).collect();
    for &(guess, score) in history {
        space.keep_consistent(&mut possibles, guess, score);
    }
    possibles
}

/// A game played to the end: the strategy's probes after the `played` ones, and the scores
/// computed in choosing them.
pub struct Game {
    pub probes: Vec<Probe>,
    pub scored: u64,
}

/// Plays `algo` against `secret`, after the guesses already `played`; `None` if `keep_going`
/// said stop.
pub fn play(
    space: &CodeSpace,
    algo: Algo,
    secret: usize,
    played: &[usize],
    seed: u64,
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Option<Game> {
    let history: Vec<(usize, Score)> = played.iter().map(|&g| (g, space.score(g, secret))).collect();
    let mut possibles = possibilities(space, &history);
    let mut rng = game_stream(seed, secret);
    let mut game = Game { probes: Vec::new(), scored: 0 };
    if history.last().is_some_and(|&(_, s)| s == space.win()) {
        return Some(game);
    }
    // Every strategy makes progress (a possible code splits off at least itself), so the
    // space's size bounds the game; the bound only guards against a broken strategy.
    for turn in played.len()..played.len() + space.len() {
        let mut chooser = Turn { space, possibles: &possibles, turn, scored: 0 };
        let scored_before = game.scored;
        let guess = chooser.choose(algo, &mut rng, &mut || keep_going(scored_before))?;
        game.scored += chooser.scored;
        let score = space.score(guess, secret);
        let parts = space.partition(guess, &possibles);
        let before = possibles.len();
        let consistent = possibles.binary_search(&(guess as u32)).is_ok();
        space.keep_consistent(&mut possibles, guess, score);
        game.probes.push(Probe { guess, score, before, after: possibles.len(), consistent, parts });
        if score == space.win() {
            return Some(game);
        }
        if !keep_going(game.scored) {
            return None;
        }
    }
    unreachable!("a strategy failed to make progress")
}

/// A tournament's result so far: `histogram[k]` secrets were broken in k + 1 probes, of the
/// `planned` this share plays.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub histogram: Vec<u64>,
    pub scored: u64,
    pub planned: u64,
}

impl Tally {
    fn add(&mut self, probes: usize) {
        if self.histogram.len() < probes {
            self.histogram.resize(probes, 0);
        }
        self.histogram[probes - 1] += 1;
    }

    /// Secrets played.
    pub fn games(&self) -> u64 {
        self.histogram.iter().sum()
    }

    /// Probes over all games.
    pub fn total(&self) -> u64 {
        self.histogram.iter().enumerate().map(|(k, &n)| (k as u64 + 1) * n).sum()
    }

    pub fn worst(&self) -> usize {
        self.histogram.len()
    }
}

/// One share of a tournament split between workers: share `part` (1-based) of `parts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Share {
    pub part: usize,
    pub parts: usize,
}

impl Share {
    pub const WHOLE: Share = Share { part: 1, parts: 1 };
}

/// Plays `algo` against each of `secrets` (this share of them); `None` if `keep_going` said
/// stop (it sees the tally after each game). A whole-space strategy is deterministic, so its
/// games share their first probes: it walks its decision tree once, splitting the
/// possibilities by score, instead of replaying each game; shares split the tree's first
/// branches between them, balanced by size.
pub fn tournament(
    space: &CodeSpace,
    algo: Algo,
    secrets: &[usize],
    seed: u64,
    share: Share,
    keep_going: &mut dyn FnMut(&Tally) -> bool,
) -> Option<Tally> {
    if algo.searches_whole_space() {
        let mut wanted = vec![false; space.len()];
        for &s in secrets {
            wanted[s] = true;
        }
        let tally = Tally { planned: secrets.len() as u64, ..Tally::default() };
        let mut walk = TreeWalk { space, algo, wanted, tally, keep_going };
        walk.root(share)?;
        return Some(walk.tally);
    }
    let mine: Vec<usize> = secrets.iter().copied().skip(share.part - 1).step_by(share.parts).collect();
    let mut tally = Tally { planned: mine.len() as u64, ..Tally::default() };
    for secret in mine {
        let game = play(space, algo, secret, &[], seed, &mut |_| true)?;
        tally.scored += game.scored;
        tally.add(game.probes.len());
        if !keep_going(&tally) {
            return None;
        }
    }
    Some(tally)
}

struct TreeWalk<'a> {
    space: &'a CodeSpace,
    algo: Algo,
    /// The secrets the tournament plays.
    wanted: Vec<bool>,
    tally: Tally,
    keep_going: &'a mut dyn FnMut(&Tally) -> bool,
}

impl TreeWalk<'_> {
    fn wanted_in(&self, group: &[u32]) -> u64 {
        group.iter().filter(|&&p| self.wanted[p as usize]).count() as u64
    }

    /// The first probe, then this share's branches: each goes to the share with the fewest
    /// secrets so far, largest first.
    fn root(&mut self, share: Share) -> Option<()> {
        let (guess, groups) = self.probe((0..self.space.len() as u32).collect(), 0)?;
        let win = self.space.win().index();
        let mut order: Vec<usize> =
            (0..groups.len()).filter(|&s| s != win && !groups[s].is_empty()).collect();
        order.sort_by_key(|&s| std::cmp::Reverse(groups[s].len()));
        let mut load = vec![0usize; share.parts];
        let mut mine = Vec::new();
        for score in order {
            let lightest = (0..share.parts).min_by_key(|&p| load[p]).expect("a share has parts");
            load[lightest] += groups[score].len();
            if lightest == share.part - 1 {
                mine.push(score);
            }
        }
        let won_at_once = share.part == 1 && self.wanted[guess];
        self.tally.planned =
            mine.iter().map(|&s| self.wanted_in(&groups[s])).sum::<u64>() + u64::from(won_at_once);
        if won_at_once {
            self.tally.add(1);
        }
        for score in mine {
            self.node(groups[score].clone(), 1)?;
        }
        Some(())
    }

    /// The probe for the codes `possibles` after `depth` probes, and the groups it splits
    /// them into by score.
    fn probe(&mut self, possibles: Vec<u32>, depth: usize) -> Option<(usize, Vec<Vec<u32>>)> {
        let mut chooser = Turn { space: self.space, possibles: &possibles, turn: depth, scored: 0 };
        let (tally, keep_going) = (&self.tally, &mut self.keep_going);
        let guess = chooser.choose(self.algo, &mut SeededRng::new(0), &mut || keep_going(tally))?;
        self.tally.scored += chooser.scored + possibles.len() as u64;
        let mut groups: Vec<Vec<u32>> = vec![Vec::new(); SCORES];
        for &p in &possibles {
            groups[self.space.score(guess, p as usize).index()].push(p);
        }
        Some((guess, groups))
    }

    /// Probes the codes `possibles` (after `depth` probes), then follows each score that
    /// leaves a wanted secret.
    fn node(&mut self, possibles: Vec<u32>, depth: usize) -> Option<()> {
        let (guess, groups) = self.probe(possibles, depth)?;
        let win = self.space.win().index();
        if !groups[win].is_empty() && self.wanted[guess] {
            self.tally.add(depth + 1);
            if !(self.keep_going)(&self.tally) {
                return None;
            }
        }
        for (score, group) in groups.into_iter().enumerate() {
            if score != win && self.wanted_in(&group) > 0 {
                self.node(group, depth + 1)?;
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::choice::Named;
    use crate::puzzles::mastermind::code::Variant;

    fn all(space: &CodeSpace) -> Vec<usize> {
        (0..space.len()).collect()
    }

    #[test]
    fn knuth_breaks_every_classic_secret_in_5801_probes() {
        let space = CodeSpace::new(Variant::CLASSIC);
        let tally = tournament(&space, Algo::Knuth, &all(&space), 1, Share::WHOLE, &mut |_| true).unwrap();
        assert_eq!(tally.histogram, [1, 6, 62, 533, 694]);
        assert_eq!(tally.total(), 5801);
        assert_eq!(tally.worst(), 5);
    }

    #[test]
    fn knuth_opens_with_1122_and_the_tree_walk_agrees_with_single_games() {
        let space = CodeSpace::new(Variant::CLASSIC);
        let secret = space.index_of(&Variant::CLASSIC.parse("3632").unwrap()).unwrap();
        let game = play(&space, Algo::Knuth, secret, &[], 1, &mut |_| true).unwrap();
        assert_eq!(space.show(game.probes[0].guess), "1122");
        assert_eq!(game.probes.last().unwrap().guess, secret);
        for secrets in [vec![secret], vec![0, 17, 600, 1295]] {
            let tally = tournament(&space, Algo::Knuth, &secrets, 1, Share::WHOLE, &mut |_| true).unwrap();
            let one_by_one: u64 = secrets
                .iter()
                .map(|&s| play(&space, Algo::Knuth, s, &[], 1, &mut |_| true).unwrap().probes.len() as u64)
                .sum();
            assert_eq!((tally.games(), tally.total()), (secrets.len() as u64, one_by_one));
        }
    }

    /// Replays a game through the rules: each score is the probe's score against the secret,
    /// each count of possibilities is recomputed, consistent probes really are, the last wins.
    fn check_game(space: &CodeSpace, algo: Algo, secret: usize, played: &[usize], game: &Game) {
        let mut history: Vec<(usize, Score)> = played.iter().map(|&g| (g, space.score(g, secret))).collect();
        for probe in &game.probes {
            let before = possibilities(space, &history);
            assert_eq!(probe.score, space.score(probe.guess, secret));
            assert_eq!(probe.before, before.len());
            let consistent = before.contains(&(probe.guess as u32));
            assert_eq!(probe.consistent, consistent);
            if algo.stays_consistent() {
                assert!(consistent, "{} probed an impossible code", algo.name());
            }
            history.push((probe.guess, probe.score));
            assert_eq!(probe.after, possibilities(space, &history).len());
        }
        assert_eq!(game.probes.last().map(|p| p.guess), Some(secret), "{} did not win", algo.name());
    }

    #[test]
    fn every_strategy_wins_every_sampled_game_by_the_rules() {
        let space = CodeSpace::new(Variant::CLASSIC);
        for &algo in Algo::ALL {
            for secret in [0, 5, 300, 777, 1295] {
                let game = play(&space, algo, secret, &[], 7, &mut |_| true).unwrap();
                check_game(&space, algo, secret, &[], &game);
            }
            let played = [space.index_of(&Variant::CLASSIC.parse("1234").unwrap()).unwrap()];
            let game = play(&space, algo, 900, &played, 7, &mut |_| true).unwrap();
            check_game(&space, algo, 900, &played, &game);
        }
    }

    #[test]
    fn the_slides_strategies_win_on_hettingers_digits() {
        let space = CodeSpace::new(Variant::DIGITS);
        for algo in [Algo::AllRand, Algo::TryNoDup, Algo::BestInfo, Algo::SampleBest] {
            for secret in [4337, 0, 9999] {
                let game = play(&space, algo, secret, &[], 3, &mut |_| true).unwrap();
                check_game(&space, algo, secret, &[], &game);
            }
        }
    }

    #[test]
    fn a_seed_replays_the_same_game_and_another_seed_may_not() {
        let space = CodeSpace::new(Variant::DIGITS);
        let guesses = |seed| -> Vec<usize> {
            play(&space, Algo::AllRand, 4337, &[], seed, &mut |_| true)
                .unwrap()
                .probes
                .iter()
                .map(|p| p.guess)
                .collect()
        };
        assert_eq!(guesses(5), guesses(5));
        assert!((6..12).any(|seed| guesses(seed) != guesses(5)));
    }

    #[test]
    fn random_tournaments_match_their_single_games() {
        let space = CodeSpace::new(Variant::CLASSIC);
        let secrets = [3, 99, 1000];
        let tally = tournament(&space, Algo::BestInfo, &secrets, 11, Share::WHOLE, &mut |_| true).unwrap();
        let total: usize = secrets
            .iter()
            .map(|&s| play(&space, Algo::BestInfo, s, &[], 11, &mut |_| true).unwrap().probes.len())
            .sum();
        assert_eq!(tally.total(), total as u64);
    }

    #[test]
    fn shares_of_a_tree_walk_add_up_to_the_whole() {
        let space = CodeSpace::new(Variant::CLASSIC);
        let mut histogram = vec![0u64; 5];
        for part in 1..=3 {
            let share = Share { part, parts: 3 };
            let tally = tournament(&space, Algo::Knuth, &all(&space), 1, share, &mut |_| true).unwrap();
            assert_eq!(tally.games(), tally.planned);
            assert!(tally.planned > 300, "unbalanced shares: {}", tally.planned);
            for (k, n) in tally.histogram.iter().enumerate() {
                histogram[k] += n;
            }
        }
        assert_eq!(histogram, [1, 6, 62, 533, 694]);
    }

    #[test]
    fn a_game_or_tournament_stops_when_asked() {
        let space = CodeSpace::new(Variant::DIGITS);
        assert!(play(&space, Algo::Knuth, 4337, &[], 1, &mut |_| false).is_none());
        assert!(tournament(&space, Algo::AllRand, &[1, 2, 3], 1, Share::WHOLE, &mut |_| false).is_none());
    }
}
