//! Published benchmark boards with their optimal solution lengths, for `puzzlelab bench` and
//! the tests: Korf's 100 random 15-puzzles (1985), Korf & Felner's 50 random 24-puzzles
//! (2002) and the 17 15-puzzles that need 80 moves, the most any needs (Brüngger et al., 1999).

use super::domain::Board;

/// One published board.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Its number in the publication (from 1).
    pub number: u32,
    /// The published optimal number of moves.
    pub optimal: u32,
    pub board: Board,
}

/// Korf's 100, in his layout (blank goal top left); see the file's header.
const KORF_100: &str = include_str!("korf100.txt");

/// Korf & Felner's 50, in the same layout as Korf's 100.
const KORF_FELNER_50: &str = include_str!("korf_felner50.txt");

/// The 17 positions that need 80 moves, in the same layout as Korf's 100.
const EIGHTY_17: &str = include_str!("eighty17.txt");

/// Korf's 100 random 15-puzzles, turned into this app's layout.
pub fn korf_100() -> Vec<Instance> {
    parse(KORF_100, 4).expect("the bundled Korf 100 file is well formed")
}

/// Korf & Felner's 50 random 24-puzzles, turned into this app's layout.
pub fn korf_felner_50() -> Vec<Instance> {
    parse(KORF_FELNER_50, 5).expect("the bundled Korf & Felner 50 file is well formed")
}

/// The 17 15-puzzles that need 80 moves, turned into this app's layout.
pub fn eighty_17() -> Vec<Instance> {
    parse(EIGHTY_17, 4).expect("the bundled 80-move file is well formed")
}

/// Reads lines `number optimal cell…` (cells in the publication's layout, goal `0 1 2 …`,
/// blank first) and turns each board half a turn: cell `c` goes to `n² − 1 − c` and tile `t`
/// becomes `n² − t`, which maps that goal onto this app's (`1 2 … 0`, blank last) and keeps
/// every distance, so the published lengths hold.
fn parse(text: &str, size: u8) -> Result<Vec<Instance>, String> {
    let cells = usize::from(size) * usize::from(size);
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let numbers: Vec<u32> = line
                .split_whitespace()
                .map(|word| word.parse().map_err(|_| format!("'{word}' is not a number in '{line}'")))
                .collect::<Result<_, _>>()?;
            let [number, optimal, published @ ..] = &numbers[..] else {
                return Err(format!("'{line}' is too short"));
            };
            if published.len() != cells {
                return Err(format!("instance {number}: {} cells, expected {cells}", published.len()));
            }
            let mut tiles = vec![0u8; cells];
            for (cell, &tile) in published.iter().enumerate() {
                tiles[cells - 1 - cell] = if tile == 0 { 0 } else { (cells as u32 - tile) as u8 };
            }
            let board = Board::from_tiles(size, tiles).map_err(|e| format!("instance {number}: {e}"))?;
            Ok(Instance { number: *number, optimal: *optimal, board })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn korf_100_reads_as_solvable_boards_with_the_published_total() {
        let instances = korf_100();
        assert_eq!(instances.len(), 100);
        assert!(instances.iter().enumerate().all(|(i, inst)| inst.number == i as u32 + 1));
        assert!(instances.iter().all(|inst| inst.board.check_solvable().is_ok()));
        // Korf's optimal lengths average 53.05 moves.
        assert_eq!(instances.iter().map(|inst| inst.optimal).sum::<u32>(), 5305);
    }

    #[test]
    fn korf_felner_50_reads_as_solvable_boards_with_the_published_total() {
        let instances = korf_felner_50();
        assert_eq!(instances.len(), 50);
        assert!(instances.iter().all(|inst| inst.board.size() == 5 && inst.board.check_solvable().is_ok()));
        // Their optimal lengths average 100.78 moves.
        assert_eq!(instances.iter().map(|inst| inst.optimal).sum::<u32>(), 5039);
    }

    #[test]
    fn the_17_hardest_read_as_solvable_boards_needing_80_moves() {
        let instances = eighty_17();
        assert_eq!(instances.len(), 17);
        assert!(instances.iter().all(|inst| inst.optimal == 80 && inst.board.check_solvable().is_ok()));
        // Each a different position.
        let boards: std::collections::HashSet<_> =
            instances.iter().map(|inst| format!("{:?}", inst.board)).collect();
        assert_eq!(boards.len(), 17);
    }

    #[test]
    fn half_turn_maps_the_publications_goal_onto_ours() {
        let goal = "1 0 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
        let instances = parse(goal, 4).ok().unwrap();
        assert!(instances[0].board.is_goal());
        assert!(parse("1 2 3", 4).err().unwrap().contains("1 cells, expected 16"));
        assert!(parse("1 2 x", 4).err().unwrap().contains("'x'"));
    }
}
