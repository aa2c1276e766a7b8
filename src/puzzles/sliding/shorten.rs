//! Shortening a solution found by weighted search. Its path wanders, but any stretch of it
//! that ends with the blank in a corner is a puzzle the pattern databases solve optimally:
//! mirror the board so that corner is the goal's blank cell, rename the tiles so the
//! stretch's last board reads as the goal, and search. A shorter answer replaces the stretch.

use super::domain::{Board, Dir};
use super::packed::Packed;
use super::pdb::PatternDatabase;
use super::pdb_search::{self, Weights};
use crate::core::search::{Control, Outcome, Stats, StopReason};

/// Longest stretch re-solved, in moves.
const STRETCH: usize = 60;
/// Positions one stretch may expand before it is left as it is.
const STRETCH_BUDGET: u64 = 500_000;
/// How far the next stretch starts after the last one.
const STRIDE: usize = STRETCH / 4;

/// `moves` from `start` with stretches re-solved optimally until none gets shorter, and the
/// work done; stops only when the user cancels.
pub fn shorten<const N: usize>(
    database: &PatternDatabase<N>,
    start: &Board,
    moves: &[Dir],
    ctl: &mut Control,
) -> Result<(Vec<Dir>, Stats), StopReason> {
    let mut boards = vec![start.clone()];
    for &dir in moves {
        let next = boards.last().and_then(|board| board.apply(dir).ok()).expect("moves are legal");
        boards.push(next);
    }
    let limits = ctl.limits;
    let mut work = Stats::default();
    let mut shortened = true;
    while shortened {
        shortened = false;
        let mut from = 0;
        while from + 2 < boards.len() {
            let last = (from + STRETCH).min(boards.len() - 1);
            let Some(to) = (from + 2..=last).rev().find(|&to| blank_in_corner(&boards[to])) else {
                from += 1;
                continue;
            };
            ctl.limits.max_expanded = STRETCH_BUDGET.min(limits.max_expanded.saturating_sub(work.expanded));
            ctl.limits.max_depth = Some((to - from - 1) as u32);
            let stretch = solve_stretch(database, &boards[from], &boards[to], ctl);
            ctl.limits = limits;
            let (after, stats) = stretch?;
            work.expanded += stats.expanded;
            work.generated += stats.generated;
            if let Some(after) = after {
                boards.splice(from + 1..=to, after);
                shortened = true;
            }
            from += STRIDE;
        }
    }
    let moves = boards.windows(2).map(|pair| pair[0].move_for_cell(pair[1].blank()).expect("neighbours"));
    Ok((moves.collect(), work))
}

fn blank_in_corner(board: &Board) -> bool {
    let (n, blank) = (board.n(), board.blank());
    (blank / n == 0 || blank / n == n - 1) && (blank.is_multiple_of(n) || blank % n == n - 1)
}

/// The boards after `from` up to `to` on a path shorter than `ctl.limits.max_depth + 1` moves
/// (none if the weighted path came back to `from`), if the search finds one within its budget.
fn solve_stretch<const N: usize>(
    database: &PatternDatabase<N>,
    from: &Board,
    to: &Board,
    ctl: &mut Control,
) -> Result<(Option<Vec<Board>>, Stats), StopReason> {
    let corner = to.blank();
    let mirror = |cell: usize| mirror_to_last_corner(corner, cell, N);
    let mut renamed = vec![0u8; N * N];
    for (cell, &tile) in to.tiles().iter().enumerate() {
        renamed[usize::from(tile)] = if tile == 0 { 0 } else { mirror(cell) as u8 + 1 };
    }
    let mut tiles = vec![0u8; N * N];
    for (cell, &tile) in from.tiles().iter().enumerate() {
        tiles[mirror(cell)] = renamed[usize::from(tile)];
    }
    let puzzle = Board::from_tiles(N as u8, tiles).expect("a renamed board is a board");
    let result = pdb_search::idastar(database, Weights::OPTIMAL, Packed::from_board(&puzzle), ctl);
    let after = match result.outcome {
        Outcome::Found(moves) => {
            let mut blank = puzzle.blank();
            let mut boards = vec![from.clone()];
            for dir in moves {
                blank = dir.step(blank, N).expect("the search's moves are legal");
                let board = boards.last().expect("starts with from");
                let step = board.move_for_cell(mirror(blank)).expect("mirroring keeps neighbours");
                boards.push(board.apply(step).expect("a legal move"));
            }
            debug_assert!(boards.last() == Some(to), "the stretch ends where it should");
            Some(boards.split_off(1))
        }
        Outcome::Stopped(StopReason::Cancelled) => return Err(StopReason::Cancelled),
        Outcome::Stopped(_) | Outcome::Unreachable => None,
    };
    Ok((after, result.stats))
}

/// `cell` on the board mirrored (top to bottom, left to right, or both) so that the corner
/// cell `corner` lands on the last cell, where the goal keeps its blank. Its own inverse.
fn mirror_to_last_corner(corner: usize, cell: usize, n: usize) -> usize {
    let (mut row, mut col) = (cell / n, cell % n);
    if corner / n == 0 {
        row = n - 1 - row;
    }
    if corner.is_multiple_of(n) {
        col = n - 1 - col;
    }
    row * n + col
}

#[cfg(test)]
mod tests {
    use super::super::solvers::pattern_database;
    use super::*;
    use crate::core::search::Limits;

    #[test]
    fn mirroring_sends_each_corner_to_the_last_cell_and_keeps_neighbours() {
        let n = 5;
        for corner in [0, n - 1, n * (n - 1), n * n - 1] {
            assert_eq!(mirror_to_last_corner(corner, corner, n), n * n - 1);
            for cell in 0..n * n {
                assert_eq!(mirror_to_last_corner(corner, mirror_to_last_corner(corner, cell, n), n), cell);
                for dir in Dir::ALL {
                    let mirrored_step = dir.step(cell, n).map(|next| mirror_to_last_corner(corner, next, n));
                    let neighbours = Dir::ALL.map(|d| d.step(mirror_to_last_corner(corner, cell, n), n));
                    assert!(
                        mirrored_step.is_none() || neighbours.contains(&mirrored_step),
                        "{corner} {cell}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_detour_is_cut_out_down_to_the_optimal_length() {
        let database = pattern_database(&mut |_, _| {});
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let start = Board::shuffled(4, 40, 7);
        let optimal =
            match pdb_search::idastar(database, Weights::OPTIMAL, Packed::from_board(&start), &mut ctl)
                .outcome
            {
                Outcome::Found(moves) => moves,
                other => panic!("{other:?}"),
            };
        // The blank circles a 2×2 block three times (back where it was) before solving.
        let (row, col) = (start.blank() / 4, start.blank() % 4);
        let across = if col < 3 { Dir::Right } else { Dir::Left };
        let down = if row < 3 { Dir::Down } else { Dir::Up };
        let circle = [across, down, across.opposite(), down.opposite()];
        let wandering: Vec<Dir> = circle.iter().cycle().take(12).chain(&optimal).copied().collect();
        let end = wandering.iter().try_fold(start.clone(), |board, &dir| board.apply(dir));
        assert_eq!(end, Ok(Board::goal(4)), "the test's own path is a solution");

        let (shorter, work) = shorten(database, &start, &wandering, &mut ctl).expect("not cancelled");
        assert_eq!(shorter.len(), optimal.len());
        assert!(work.expanded > 0);
        let end = shorter.iter().try_fold(start, |board, &dir| board.apply(dir));
        assert_eq!(end, Ok(Board::goal(4)));
    }

    #[test]
    fn a_path_that_comes_back_to_where_it_was_loses_the_loop() {
        let database = pattern_database(&mut |_, _| {});
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let circle = [Dir::Left, Dir::Up, Dir::Right, Dir::Down];
        let wandering: Vec<Dir> = circle.iter().cycle().take(12).copied().collect();
        let goal = Board::goal(4);
        let end = wandering.iter().try_fold(goal.clone(), |board, &dir| board.apply(dir));
        assert_eq!(end, Ok(goal.clone()), "three times round a 2×2 block is back home");

        let (shorter, _) = shorten(database, &goal, &wandering, &mut ctl).expect("not cancelled");
        assert_eq!(shorter, Vec::new());
    }
}
