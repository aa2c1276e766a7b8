//! IDA* on the 4×4 board with the pattern databases, written for speed. A position carries,
//! besides its cells, each group's placement twice (on the board and on its mirror image)
//! and the six table values; a move changes one tile, so it re-reads only the two entries
//! that tile belongs to. Nothing is allocated per position: positions are small copies on the
//! call stack, and the bound is checked before a child is entered.

use super::domain::Dir;
use super::packed::Packed;
use super::pdb::{mirror_cell, PatternDatabase, PARTITION};
use crate::core::search::{Control, Outcome, SearchResult, Stats, StopReason};

const CELLS: usize = 16;
const GROUPS: usize = PARTITION.len();
/// Entries `0..GROUPS` describe the board, `GROUPS..2·GROUPS` its mirror image.
const ENTRIES: usize = 2 * GROUPS;
const NO_CELL: u8 = u8::MAX;

/// Where the blank goes from each cell, in [`Dir::ALL`] order (`NO_CELL` off the board).
const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut table = [[NO_CELL; 4]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (row, col) = (cell / 4, cell % 4);
        if row > 0 {
            table[cell][0] = (cell - 4) as u8;
        }
        if row < 3 {
            table[cell][1] = (cell + 4) as u8;
        }
        if col > 0 {
            table[cell][2] = (cell - 1) as u8;
        }
        if col < 3 {
            table[cell][3] = (cell + 1) as u8;
        }
        cell += 1;
    }
    table
};

/// Where one tile is recorded: an entry and the bit offset of its four-bit cell there.
#[derive(Clone, Copy, Default)]
struct Slot {
    entry: u8,
    shift: u8,
}

/// A position: cells, blank, and the placement and table value of every entry.
#[derive(Clone, Copy)]
struct Position {
    tiles: [u8; CELLS],
    blank: u8,
    placements: [u32; ENTRIES],
    values: [u8; ENTRIES],
}

struct Search<'d, 'c, 'm> {
    database: &'d PatternDatabase,
    /// For each tile, its slot on the board and its slot (as its mirror tile) on the mirror.
    slots: [[Slot; 2]; CELLS],
    moves: Vec<Dir>,
    stats: Stats,
    ctl: &'c mut Control<'m>,
}

enum Step {
    Found,
    /// Not found within the bound; the smallest f beyond it (`u32::MAX`: none).
    Next(u32),
}

impl Search<'_, '_, '_> {
    fn value(&self, entry: usize, placement: u32) -> u8 {
        self.database.tables()[entry % GROUPS].moves_for(placement)
    }

    /// The board's lower bound (the sum over the groups).
    fn direct_estimate(position: &Position) -> u32 {
        position.values[..GROUPS].iter().map(|&v| u32::from(v)).sum()
    }

    /// The mirror image's lower bound.
    fn mirror_estimate(position: &Position) -> u32 {
        position.values[GROUPS..].iter().map(|&v| u32::from(v)).sum()
    }

    /// The lower bound: the larger of the board's and the mirror's.
    fn estimate(position: &Position) -> u32 {
        Self::direct_estimate(position).max(Self::mirror_estimate(position))
    }

    fn position(&self, start: Packed) -> Position {
        let mut position =
            Position { tiles: [0; CELLS], blank: 0, placements: [0; ENTRIES], values: [0; ENTRIES] };
        for cell in 0..CELLS {
            let tile = start.tile(cell);
            position.tiles[cell] = tile;
            if tile == 0 {
                position.blank = cell as u8;
            } else {
                self.record(&mut position, tile, cell as u8);
            }
        }
        for entry in 0..ENTRIES {
            position.values[entry] = self.value(entry, position.placements[entry]);
        }
        position
    }

    /// Writes `tile`'s new cell into its two entries (their values are left to the caller).
    fn record(&self, position: &mut Position, tile: u8, cell: u8) {
        for (slot, cell) in self.slots[usize::from(tile)].iter().zip([cell, mirror_cell(cell)]) {
            let placement = &mut position.placements[usize::from(slot.entry)];
            *placement = (*placement & !(15 << slot.shift)) | u32::from(cell) << slot.shift;
        }
    }

    /// The position after the blank moves to `target`, with the board's values read; the
    /// mirror's value is read by [`Search::read_mirror`] only if the board's does not already
    /// put the position beyond the bound (most children are cut off that way).
    fn slide(&self, position: &Position, target: u8) -> Position {
        let mut next = *position;
        let tile = position.tiles[usize::from(target)];
        next.tiles[usize::from(position.blank)] = tile;
        next.tiles[usize::from(target)] = 0;
        next.blank = target;
        self.record(&mut next, tile, position.blank);
        let entry = usize::from(self.slots[usize::from(tile)][0].entry);
        next.values[entry] = self.value(entry, next.placements[entry]);
        next
    }

    /// Reads the mirror's value that the last move changed (the tile that moved, `moved`).
    fn read_mirror(&self, position: &mut Position, moved: u8) {
        let entry = usize::from(self.slots[usize::from(moved)][1].entry);
        position.values[entry] = self.value(entry, position.placements[entry]);
    }

    /// Searches below `position` (reached in `g` moves, within `bound`), never moving the blank
    /// straight back to `came_from`.
    fn expand(&mut self, position: &Position, came_from: u8, g: u32, bound: u32) -> Result<Step, StopReason> {
        self.ctl.check(&self.stats)?;
        self.stats.expanded += 1;
        self.stats.depth = self.stats.depth.max(g);
        self.stats.stored = self.stats.stored.max(u64::from(g) + 1);
        // All children first: their table reads are independent, so the processor overlaps
        // their cache misses instead of waiting for each in turn.
        let mut children = [(Dir::Up, *position); 4];
        let mut count = 0;
        for (&dir, &target) in Dir::ALL.iter().zip(&NEIGHBOURS[usize::from(position.blank)]) {
            if target != NO_CELL && target != came_from {
                children[count] = (dir, self.slide(position, target));
                count += 1;
            }
        }
        self.stats.generated += count as u64;
        let mut next_bound = u32::MAX;
        for (dir, child) in &mut children[..count] {
            // A cut-off child's f (its board estimate alone) may fall short of its full one:
            // the next bound can only come out lower, never skipping a solution.
            let direct = Self::direct_estimate(child);
            if g + 1 + direct > bound {
                next_bound = next_bound.min(g + 1 + direct);
                continue;
            }
            self.read_mirror(child, position.tiles[usize::from(child.blank)]);
            let h = direct.max(Self::mirror_estimate(child));
            let f = g + 1 + h;
            if f > bound {
                next_bound = next_bound.min(f);
                continue;
            }
            self.moves.push(*dir);
            if h == 0 {
                return Ok(Step::Found);
            }
            match self.expand(child, position.blank, g + 1, bound)? {
                Step::Found => return Ok(Step::Found),
                Step::Next(f) => next_bound = next_bound.min(f),
            }
            self.moves.pop();
        }
        Ok(Step::Next(next_bound))
    }
}

/// The tile slots of every tile: its group and order in [`PARTITION`], on the board and as
/// the mirror image of `mirror_tile(tile)`.
fn tile_slots(database: &PatternDatabase) -> [[Slot; 2]; CELLS] {
    let mut slots = [[Slot::default(); 2]; CELLS];
    for (group, tiles) in PARTITION.iter().enumerate() {
        for (order, &tile) in tiles.iter().enumerate() {
            let shift = 4 * order as u8;
            slots[usize::from(tile)][0] = Slot { entry: group as u8, shift };
            slots[usize::from(database.mirror_tile(tile))][1] = Slot { entry: (GROUPS + group) as u8, shift };
        }
    }
    slots
}

/// Solves a solvable 4×4 board optimally.
pub fn idastar(database: &PatternDatabase, start: Packed, ctl: &mut Control) -> SearchResult<Dir> {
    let mut search =
        Search { database, slots: tile_slots(database), moves: Vec::new(), stats: Stats::default(), ctl };
    let root = search.position(start);
    let mut bound = Search::estimate(&root);
    let outcome = loop {
        if bound == 0 {
            break Outcome::Found(Vec::new());
        }
        match search.expand(&root, NO_CELL, 0, bound) {
            Ok(Step::Found) => break Outcome::Found(std::mem::take(&mut search.moves)),
            Ok(Step::Next(u32::MAX)) => break Outcome::Unreachable,
            Ok(Step::Next(next)) => bound = next,
            Err(reason) => break Outcome::Stopped(reason),
        }
    };
    if let Outcome::Found(moves) = &outcome {
        search.stats.depth = moves.len() as u32;
    }
    let stats = search.stats;
    search.ctl.finish(outcome, stats)
}

#[cfg(test)]
mod tests {
    use super::super::domain::Board;
    use super::super::solvers::pattern_database;
    use super::*;
    use crate::core::search::Limits;

    #[test]
    fn values_kept_move_by_move_match_a_fresh_lookup() {
        let database = pattern_database(&mut |_, _| {});
        let mut monitor = |_: &Stats| true;
        let mut ctl = Control::new(Limits::default(), &mut monitor);
        let search = Search {
            database,
            slots: tile_slots(database),
            moves: Vec::new(),
            stats: Stats::default(),
            ctl: &mut ctl,
        };
        let mut board = Board::shuffled(4, 0, 1);
        let mut position = search.position(Packed::from_board(&board));
        for step in 0..400u32 {
            let dir = Dir::ALL[(step.wrapping_mul(2_654_435_761) >> 7) as usize % 4];
            let Some(target) = dir.step(usize::from(position.blank), 4) else { continue };
            let moved = position.tiles[target];
            let mut next = search.slide(&position, target as u8);
            search.read_mirror(&mut next, moved);
            board = board.apply(dir).expect("a move on the board");
            position = next;
            assert_eq!(
                Search::estimate(&position),
                database.estimate(Packed::from_board(&board)),
                "step {step}"
            );
        }
    }
}
