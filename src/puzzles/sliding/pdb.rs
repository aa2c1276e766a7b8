//! Additive disjoint pattern databases for the 4×4 puzzle (Korf & Felner 2002): the tiles are
//! split into groups of 6, 6 and 3; each table holds, for every placement of its group, the
//! fewest moves of that group's tiles to bring them home. Moves of other tiles cost nothing,
//! so the three values add up to a lower bound. The tables relax the rules slightly — a group
//! tile may slide into any cell its group does not occupy, wherever the blank is — which
//! keeps them additive and admissible and makes them quick to build in the browser. The
//! bound is the larger of the sum for the board and for its mirror image in the main
//! diagonal (the goal is symmetric), as Felner, Korf & Hanan (2004) suggest.

use super::domain::Dir;
use super::packed::Packed;

/// The tiles of each group (goal: 1..15 row-major, blank last).
pub const PARTITION: [&[u8]; 3] = [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];

const N: usize = 4;
const CELLS: usize = 16;
const UNSEEN: u8 = u8::MAX;

/// One group's table, indexed by the group's cells, four bits each (a sparse index: simple
/// to compute, 16^6 bytes = 16 MiB for a group of six).
pub struct PatternTable {
    tiles: Vec<u8>,
    moves: Vec<u8>,
}

impl PatternTable {
    /// Breadth-first from the goal placement; `progress(done, total)` is called now and then.
    pub fn build(tiles: &[u8], progress: &mut dyn FnMut(u64, u64)) -> Self {
        let k = tiles.len();
        let total_placements: u64 = (0..k as u64).map(|i| CELLS as u64 - i).product();
        let mut moves = vec![UNSEEN; 1 << (4 * k)];
        let goal = tiles.iter().enumerate().fold(0u32, |index, (i, &t)| index | (u32::from(t - 1) << (4 * i)));
        moves[goal as usize] = 0;
        let mut queue = Vec::with_capacity(total_placements as usize);
        queue.push(goal);
        let mut head = 0;
        while head < queue.len() {
            let index = queue[head];
            head += 1;
            if head % (1 << 18) == 0 {
                progress(head as u64, total_placements);
            }
            let next_moves = moves[index as usize] + 1;
            let occupied = (0..k).fold(0u16, |mask, i| mask | 1 << ((index >> (4 * i)) & 15));
            for i in 0..k {
                let cell = ((index >> (4 * i)) & 15) as usize;
                for dir in Dir::ALL {
                    let Some(to) = dir.step(cell, N) else { continue };
                    if occupied & (1 << to) != 0 {
                        continue;
                    }
                    let next = (index & !(15 << (4 * i))) | ((to as u32) << (4 * i));
                    if moves[next as usize] == UNSEEN {
                        moves[next as usize] = next_moves;
                        queue.push(next);
                    }
                }
            }
        }
        progress(total_placements, total_placements);
        Self { tiles: tiles.to_vec(), moves }
    }

    /// The group's moves for a board given as `cell_of[tile]`.
    fn lookup(&self, cell_of: &[u8; CELLS]) -> u32 {
        let index =
            self.tiles.iter().enumerate().fold(0usize, |index, (i, &t)| index | (usize::from(cell_of[usize::from(t)]) << (4 * i)));
        u32::from(self.moves[index])
    }
}

/// The three tables and the mirror map.
pub struct PatternDatabase {
    tables: Vec<PatternTable>,
    /// Tile `t` mirrored in the main diagonal is tile `mirror_tile[t]`.
    mirror_tile: [u8; CELLS],
}

/// Cell `(r, c)` mirrored in the main diagonal is `(c, r)`.
fn mirror_cell(cell: u8) -> u8 {
    (cell % 4) * 4 + cell / 4
}

impl PatternDatabase {
    /// Builds all tables; `progress(done, total)` counts placements over all groups.
    pub fn build(progress: &mut dyn FnMut(u64, u64)) -> Self {
        let sizes: Vec<u64> =
            PARTITION.iter().map(|g| (0..g.len() as u64).map(|i| CELLS as u64 - i).product()).collect();
        let total: u64 = sizes.iter().sum();
        let mut before = 0;
        let mut tables = Vec::new();
        for (group, size) in PARTITION.iter().zip(&sizes) {
            tables.push(PatternTable::build(group, &mut |done, _| progress(before + done, total)));
            before += size;
        }
        let mut mirror_tile = [0u8; CELLS];
        for tile in 1..CELLS as u8 {
            mirror_tile[tile as usize] = mirror_cell(tile - 1) + 1;
        }
        Self { tables, mirror_tile }
    }

    /// The lower bound for a packed 4×4 board.
    pub fn estimate(&self, state: Packed) -> u32 {
        let mut cell_of = [0u8; CELLS];
        let mut mirrored = [0u8; CELLS];
        for cell in 0..CELLS as u8 {
            let tile = state.tile(cell as usize);
            cell_of[tile as usize] = cell;
            mirrored[self.mirror_tile[tile as usize] as usize] = mirror_cell(cell);
        }
        let direct: u32 = self.tables.iter().map(|t| t.lookup(&cell_of)).sum();
        let mirror: u32 = self.tables.iter().map(|t| t.lookup(&mirrored)).sum();
        direct.max(mirror)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_group_table_counts_group_moves() {
        let table = PatternTable::build(&[2, 3, 4], &mut |_, _| {});
        let mut cell_of = [0u8; CELLS];
        for t in 1..16u8 {
            cell_of[t as usize] = t - 1;
        }
        assert_eq!(table.lookup(&cell_of), 0);
        // Tile 4 two cells down, tile 2 one cell left: three moves of the group at least.
        cell_of[4] = 11;
        cell_of[2] = 0;
        assert_eq!(table.lookup(&cell_of), 3);
        // Every placement of 3 tiles on 16 cells is reachable.
        assert_eq!(table.moves.iter().filter(|&&m| m != UNSEEN).count(), 16 * 15 * 14);
    }
}
