//! IDA* on the 4×4 board with the pattern databases, written for speed. A position carries
//! the Manhattan distance and each group's placement twice (on the board and on its mirror
//! image) with its half-detour count; a move changes one tile, so it re-reads only the two
//! entries that tile belongs to. Nothing is allocated per position: positions are small
//! copies on the call stack, the cells one array changed in place, and the bound is checked
//! before a child is entered.

use super::domain::Dir;
use super::packed::Packed;
use super::pdb::{mirror_cell, PatternDatabase, DISTANCE, PARTITION};
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

/// A position: the blank's cell, the tiles' Manhattan distance, and each entry's placement
/// and half-detour count. Its estimate is the distance plus twice the larger detour sum.
#[derive(Clone, Copy)]
struct Position {
    blank: u8,
    manhattan: u8,
    placements: [u32; ENTRIES],
    half_detours: [u8; ENTRIES],
}

impl Position {
    /// The board's own lower bound.
    fn direct_estimate(&self) -> u32 {
        u32::from(self.manhattan) + 2 * self.half_detours[..GROUPS].iter().map(|&h| u32::from(h)).sum::<u32>()
    }

    /// The lower bound: the larger of the board's and its mirror image's.
    fn estimate(&self) -> u32 {
        let mirror = self.half_detours[GROUPS..].iter().map(|&h| u32::from(h)).sum::<u32>();
        self.direct_estimate().max(u32::from(self.manhattan) + 2 * mirror)
    }
}

struct Search<'d, 'c, 'm> {
    database: &'d PatternDatabase,
    /// The tile in each cell, for the position being expanded.
    board: [u8; CELLS],
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

impl<'d, 'c, 'm> Search<'d, 'c, 'm> {
    fn new(database: &'d PatternDatabase, ctl: &'c mut Control<'m>) -> Self {
        let slots = tile_slots(database);
        Search { database, board: [0; CELLS], slots, moves: Vec::new(), stats: Stats::default(), ctl }
    }

    /// Reads `entry`'s half-detour count for its current placement.
    fn read(&self, position: &mut Position, entry: usize) {
        let table = &self.database.tables()[entry % GROUPS];
        position.half_detours[entry] = table.half_detours(position.placements[entry]);
    }

    /// Sets the board to `start` and returns its position.
    fn start(&mut self, start: Packed) -> Position {
        let mut position =
            Position { blank: 0, manhattan: 0, placements: [0; ENTRIES], half_detours: [0; ENTRIES] };
        for (cell, slot) in self.board.iter_mut().enumerate() {
            let tile = start.tile(cell);
            *slot = tile;
            if tile == 0 {
                position.blank = cell as u8;
            } else {
                position.manhattan += DISTANCE[usize::from(tile)][cell];
            }
        }
        for cell in 0..CELLS {
            let tile = self.board[cell];
            if tile != 0 {
                self.record(&mut position, tile, cell as u8);
            }
        }
        for entry in 0..ENTRIES {
            self.read(&mut position, entry);
        }
        position
    }

    /// Writes `tile`'s new cell into its two entries (their counts are left to the caller).
    fn record(&self, position: &mut Position, tile: u8, cell: u8) {
        for (slot, cell) in self.slots[usize::from(tile)].iter().zip([cell, mirror_cell(cell)]) {
            let placement = &mut position.placements[usize::from(slot.entry)];
            *placement = (*placement & !(15 << slot.shift)) | u32::from(cell) << slot.shift;
        }
    }

    /// A first look at moving the blank to `target`: the moved tile's new board entry and
    /// the board's estimate, enough to cut most children off without building them.
    fn look(&self, position: &Position, dir: Dir, target: u8) -> Child {
        let tile = self.board[usize::from(target)];
        let slot = self.slots[usize::from(tile)][0];
        let entry = usize::from(slot.entry);
        let placement =
            (position.placements[entry] & !(15 << slot.shift)) | u32::from(position.blank) << slot.shift;
        let half_detours = self.database.tables()[entry].half_detours(placement);
        let distance = &DISTANCE[usize::from(tile)];
        let manhattan =
            position.manhattan + distance[usize::from(position.blank)] - distance[usize::from(target)];
        let detours: u32 = position.half_detours[..GROUPS].iter().map(|&h| u32::from(h)).sum::<u32>()
            + u32::from(half_detours)
            - u32::from(position.half_detours[entry]);
        Child {
            dir,
            target,
            tile,
            entry: slot.entry,
            half_detours,
            manhattan,
            estimate: u32::from(manhattan) + 2 * detours,
        }
    }

    /// The child `look` described, complete with its mirror entry.
    fn build(&self, position: &Position, child: &Child) -> Position {
        let mut next = *position;
        next.blank = child.target;
        next.manhattan = child.manhattan;
        self.record(&mut next, child.tile, position.blank);
        next.half_detours[usize::from(child.entry)] = child.half_detours;
        self.read(&mut next, usize::from(self.slots[usize::from(child.tile)][1].entry));
        next
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
        let mut children = [Child::default(); 4];
        let mut count = 0;
        for (&dir, &target) in Dir::ALL.iter().zip(&NEIGHBOURS[usize::from(position.blank)]) {
            if target != NO_CELL && target != came_from {
                children[count] = self.look(position, dir, target);
                count += 1;
            }
        }
        self.stats.generated += count as u64;
        let mut next_bound = u32::MAX;
        for child in &children[..count] {
            // A cut-off child's f (its board estimate alone) may fall short of its full one:
            // the next bound can only come out lower, never skipping a solution.
            if g + 1 + child.estimate > bound {
                next_bound = next_bound.min(g + 1 + child.estimate);
                continue;
            }
            let next = self.build(position, child);
            let h = next.estimate();
            let f = g + 1 + h;
            if f > bound {
                next_bound = next_bound.min(f);
                continue;
            }
            self.moves.push(child.dir);
            if h == 0 {
                return Ok(Step::Found);
            }
            self.board.swap(usize::from(position.blank), usize::from(child.target));
            match self.expand(&next, position.blank, g + 1, bound)? {
                Step::Found => return Ok(Step::Found),
                Step::Next(f) => next_bound = next_bound.min(f),
            }
            self.board.swap(usize::from(position.blank), usize::from(child.target));
            self.moves.pop();
        }
        Ok(Step::Next(next_bound))
    }
}

/// What [`Search::look`] learns about a child.
#[derive(Clone, Copy)]
struct Child {
    dir: Dir,
    target: u8,
    tile: u8,
    /// The moved tile's board entry and its new count.
    entry: u8,
    half_detours: u8,
    manhattan: u8,
    /// The board's estimate (without the mirror).
    estimate: u32,
}

impl Default for Child {
    fn default() -> Self {
        Child { dir: Dir::Up, target: 0, tile: 0, entry: 0, half_detours: 0, manhattan: 0, estimate: 0 }
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
    let mut search = Search::new(database, ctl);
    let root = search.start(start);
    let mut bound = root.estimate();
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
        let mut search = Search::new(database, &mut ctl);
        let mut board = Board::shuffled(4, 0, 1);
        let mut position = search.start(Packed::from_board(&board));
        for step in 0..400u32 {
            let dir = Dir::ALL[(step.wrapping_mul(2_654_435_761) >> 7) as usize % 4];
            let Some(target) = dir.step(usize::from(position.blank), 4) else { continue };
            let child = search.look(&position, dir, target as u8);
            let next = search.build(&position, &child);
            assert_eq!(child.estimate, next.direct_estimate());
            search.board.swap(usize::from(position.blank), target);
            board = board.apply(dir).expect("a move on the board");
            position = next;
            assert_eq!(position.estimate(), database.estimate(Packed::from_board(&board)), "step {step}");
        }
    }
}
