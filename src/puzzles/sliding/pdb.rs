//! Additive disjoint pattern databases for the 4×4 puzzle (Korf & Felner 2002): the tiles are
//! split into groups of 6, 6 and 3; each table holds, for every placement of its group, the
//! fewest moves of that group's tiles needed to bring them home, where moves of the other
//! tiles are free (the blank travels through cells the group does not occupy at no cost).
//! Each move is counted in one table only, so the three values add up to a lower bound. The
//! bound used is the larger of the sum for the board and for its mirror image in the main
//! diagonal (the goal is symmetric), as Felner, Korf & Hanan (2004) describe.
//!
//! A group's moves are its tiles' Manhattan distance plus an even number of detours (each move
//! changes that distance by one), so a table stores only half the detours, in four bits: half
//! the bytes, and the search's random reads stay in the processor's caches more often.

use super::packed::Packed;

/// The tiles of each group (goal: 1..15 row-major, blank last).
pub const PARTITION: [&[u8]; 3] = [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];

const N: usize = 4;
const CELLS: usize = 16;
/// Largest half-detour count a table holds (four bits); larger ones are stored as this, which
/// only lowers the estimate (none occurs in the 6-6-3 tables).
const MAX_HALF_DETOURS: u8 = 15;
const BLANK_HOME: usize = 15;

/// Cells next to any cell of `cells` (a 16-bit set of cells).
fn neighbours(cells: u16) -> u16 {
    const NOT_LEFT_COLUMN: u16 = 0xEEEE;
    const NOT_RIGHT_COLUMN: u16 = 0x7777;
    (cells << 4) | (cells >> 4) | ((cells << 1) & NOT_LEFT_COLUMN) | ((cells >> 1) & NOT_RIGHT_COLUMN)
}

/// The cells the blank can reach from `blank` without moving a tile of the group.
fn blank_region(blank: usize, free: u16) -> u16 {
    let mut region = 1u16 << blank;
    loop {
        let grown = region | (neighbours(region) & free);
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The lowest cell of the blank's region for every set of free cells and start cell, which
/// names the region: computed once per build (1 MB), looking it up is much faster than
/// flooding for each of the hundreds of millions of moves a build tries.
struct LowestCells {
    lowest: Vec<u8>,
}

impl LowestCells {
    fn new() -> Self {
        let mut lowest = vec![0u8; (1 << CELLS) * CELLS];
        for free in 0..1usize << CELLS {
            for cell in 0..CELLS {
                lowest[free * CELLS + cell] =
                    blank_region(cell, free as u16 | 1 << cell).trailing_zeros() as u8;
            }
        }
        Self { lowest }
    }

    fn lowest(&self, blank: usize, free: u16) -> u32 {
        u32::from(self.lowest[usize::from(free) * CELLS + blank])
    }
}

/// The number of a placement (`index` holds each group tile's cell in four bits) among all
/// 16·15·…·(16−k+1) placements of `k` tiles: a mixed-radix number whose i-th digit is the
/// tile's cell counted among the cells still free. Dense numbering keeps tables small
/// (5.8 million placements for a group of six, 2.9 MB at four bits each) and their accesses
/// cache-friendly.
pub(super) fn rank(index: u32, k: usize) -> usize {
    // The group sizes in use get their own unrolled copies: the search ranks millions.
    match k {
        6 => rank_of::<6>(index),
        3 => rank_of::<3>(index),
        _ => (0..k).fold((0, 0), |(rank, used), i| rank_step(rank, used, index, i)).0,
    }
}

fn rank_of<const K: usize>(index: u32) -> usize {
    (0..K).fold((0, 0), |(rank, used), i| rank_step(rank, used, index, i)).0
}

/// Adds the `i`-th tile's digit to a rank; `used` holds the cells of the tiles before it.
#[inline(always)]
fn rank_step(rank: usize, used: u16, index: u32, i: usize) -> (usize, u16) {
    let cell = (index >> (4 * i)) & 15;
    let smaller_used = (used & ((1 << cell) - 1)).count_ones();
    (rank * (CELLS - i) + (cell - smaller_used) as usize, used | 1 << cell)
}

/// The placement (each tile's cell in four bits) numbered `rank` by [`rank`].
fn unrank(mut rank: usize, k: usize) -> u32 {
    let mut digits = [0usize; CELLS];
    for i in (0..k).rev() {
        digits[i] = rank % (CELLS - i);
        rank /= CELLS - i;
    }
    let mut used = 0u16;
    let mut index = 0u32;
    for (i, &digit) in digits[..k].iter().enumerate() {
        let mut free = !used;
        for _ in 0..digit {
            free &= free - 1;
        }
        let cell = free.trailing_zeros();
        index |= cell << (4 * i);
        used |= 1 << cell;
    }
    index
}

/// How many placements `k` tiles have: 16·15·…·(16−k+1).
fn placements(k: usize) -> usize {
    (0..k).map(|i| CELLS - i).product()
}

/// Manhattan distance of tile `t` in cell `c` from its home, at `[t][c]`.
pub(super) const DISTANCE: [[u8; CELLS]; CELLS] = {
    let mut table = [[0u8; CELLS]; CELLS];
    let mut tile = 1;
    while tile < CELLS {
        let mut cell = 0;
        while cell < CELLS {
            let home = tile - 1;
            table[tile][cell] = ((home / N).abs_diff(cell / N) + (home % N).abs_diff(cell % N)) as u8;
            cell += 1;
        }
        tile += 1;
    }
    table
};

/// Bytes holding `count` four-bit entries.
fn nibble_bytes(count: usize) -> usize {
    count.div_ceil(2)
}

/// One group's table: half the detours beyond the Manhattan distance, four bits per placement
/// indexed by rank.
pub struct PatternTable {
    tiles: Vec<u8>,
    half_detours: Vec<u8>,
}

impl PatternTable {
    /// Half the group's detours for a placement (each group tile's cell in four bits, in group
    /// order): its moves are its Manhattan distance plus twice this.
    pub(super) fn half_detours(&self, placement: u32) -> u8 {
        let rank = rank(placement, self.tiles.len());
        self.half_detours[rank / 2] >> (4 * (rank % 2)) & 15
    }

    /// The group's moves for a placement.
    fn moves_for(&self, placement: u32) -> u8 {
        let manhattan: u8 = (self.tiles.iter().enumerate())
            .map(|(i, &t)| DISTANCE[usize::from(t)][((placement >> (4 * i)) & 15) as usize])
            .sum();
        manhattan + 2 * self.half_detours(placement)
    }
}

impl PatternTable {
    /// Breadth-first from the goal over (placement of the group, region of the blank); every
    /// step moves one group tile into the blank's region. Each level is a set of regions per
    /// placement, swept in rank order: a tile's move changes the rank by an amount that
    /// depends on little else, so the sweep's reads and writes run in streams the processor's
    /// caches follow, where a queue would jump about. `progress(done, total)` is called once
    /// per level with the placements reached.
    pub fn build(tiles: &[u8], progress: &mut dyn FnMut(u64, u64)) -> Self {
        let k = tiles.len();
        let size = placements(k);
        let mut half_detours = vec![0u8; nibble_bytes(size)];
        // Per placement, the blank regions (by their lowest cell) at the level being expanded;
        // and in one word (one memory access) those reached so far (low half) and those
        // reached for the next level (high half).
        let mut level_regions = vec![0u16; size];
        let mut reached_regions = vec![0u32; size];
        let lowest_cells_of = LowestCells::new();
        let placement_cells = |index: u32| (0..k).fold(0u16, |mask, i| mask | 1 << ((index >> (4 * i)) & 15));
        let manhattan = |index: u32| -> u8 {
            tiles
                .iter()
                .enumerate()
                .map(|(i, &t)| DISTANCE[usize::from(t)][((index >> (4 * i)) & 15) as usize])
                .sum()
        };
        let goal =
            tiles.iter().enumerate().fold(0u32, |index, (i, &t)| index | (u32::from(t - 1) << (4 * i)));
        let goal_bit = 1 << blank_region(BLANK_HOME, !placement_cells(goal)).trailing_zeros();
        reached_regions[rank(goal, k)] = u32::from(goal_bit);
        level_regions[rank(goal, k)] = goal_bit;
        let mut reached = 1u64;
        for level in 0u8.. {
            let mut any_next = false;
            for (placement_rank, level_cells) in level_regions.iter_mut().enumerate() {
                let mut lowest_cells = std::mem::take(level_cells);
                if lowest_cells == 0 {
                    continue;
                }
                let index = unrank(placement_rank, k);
                let occupied = placement_cells(index);
                while lowest_cells != 0 {
                    let region = blank_region(lowest_cells.trailing_zeros() as usize, !occupied);
                    lowest_cells &= lowest_cells - 1;
                    for i in 0..k {
                        let cell = ((index >> (4 * i)) & 15) as usize;
                        // The tile moves into any cell of the region next to it.
                        let mut targets = neighbours(1 << cell) & region;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as usize;
                            targets &= targets - 1;
                            let next = (index & !(15 << (4 * i))) | ((to as u32) << (4 * i));
                            let free = !(occupied & !(1 << cell) | (1 << to));
                            let next_bit = 1u32 << lowest_cells_of.lowest(cell, free);
                            let next_rank = rank(next, k);
                            let seen_regions = &mut reached_regions[next_rank];
                            if *seen_regions & next_bit != 0 {
                                continue;
                            }
                            if *seen_regions == 0 {
                                // Levels only grow: the first region to reach a placement sets its value.
                                let detours = level + 1 - manhattan(next);
                                debug_assert!(detours % 2 == 0, "each move changes the distance by one");
                                let half = (detours / 2).min(MAX_HALF_DETOURS);
                                half_detours[next_rank / 2] |= half << (4 * (next_rank % 2));
                                reached += 1;
                            }
                            *seen_regions |= next_bit | next_bit << 16;
                            any_next = true;
                        }
                    }
                }
            }
            progress(reached, size as u64);
            if !any_next {
                break;
            }
            for (level, reached) in level_regions.iter_mut().zip(&mut reached_regions) {
                *level = (*reached >> 16) as u16;
                *reached &= 0xFFFF;
            }
        }
        debug_assert_eq!(reached, size as u64, "every placement is reachable");
        Self { tiles: tiles.to_vec(), half_detours }
    }

    /// The group's moves for a board given as `cell_of[tile]`.
    fn lookup(&self, cell_of: &[u8; CELLS]) -> u32 {
        let index = self
            .tiles
            .iter()
            .enumerate()
            .fold(0u32, |index, (i, &t)| index | (u32::from(cell_of[usize::from(t)]) << (4 * i)));
        u32::from(self.moves_for(index))
    }
}

/// Marks the byte form (and its layout: the partition's tables in order, dense ranks).
const BYTES_MAGIC: &[u8] = b"puzzlelab-pdb-663-v2";

/// The three tables and the mirror map.
pub struct PatternDatabase {
    tables: Vec<PatternTable>,
    /// Tile `t` mirrored in the main diagonal is tile `mirror_tile[t]`.
    mirror_tile: [u8; CELLS],
}

/// Cell `(r, c)` mirrored in the main diagonal is `(c, r)`.
pub(super) fn mirror_cell(cell: u8) -> u8 {
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
        Self::from_tables(tables)
    }

    fn from_tables(tables: Vec<PatternTable>) -> Self {
        let mut mirror_tile = [0u8; CELLS];
        for tile in 1..CELLS as u8 {
            mirror_tile[tile as usize] = mirror_cell(tile - 1) + 1;
        }
        Self { tables, mirror_tile }
    }

    /// The tables as bytes, to hand them to another worker instead of building them again.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = BYTES_MAGIC.to_vec();
        for table in &self.tables {
            bytes.extend_from_slice(&table.half_detours);
        }
        bytes
    }

    /// Reads what [`PatternDatabase::to_bytes`] wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let body = bytes.strip_prefix(BYTES_MAGIC).ok_or("not pattern databases of this version")?;
        let sizes: Vec<usize> =
            PARTITION.iter().map(|g| nibble_bytes((0..g.len()).map(|i| CELLS - i).product())).collect();
        if body.len() != sizes.iter().sum::<usize>() {
            return Err(format!(
                "pattern databases of {} bytes, expected {}",
                body.len(),
                sizes.iter().sum::<usize>()
            ));
        }
        let mut rest = body;
        let tables = PARTITION
            .iter()
            .zip(sizes)
            .map(|(group, size)| {
                let (half_detours, tail) = rest.split_at(size);
                rest = tail;
                PatternTable { tiles: group.to_vec(), half_detours: half_detours.to_vec() }
            })
            .collect();
        Ok(Self::from_tables(tables))
    }

    /// The tables, in [`PARTITION`] order.
    pub(super) fn tables(&self) -> &[PatternTable] {
        &self.tables
    }

    /// Tile `tile` mirrored in the main diagonal.
    pub(super) fn mirror_tile(&self, tile: u8) -> u8 {
        self.mirror_tile[usize::from(tile)]
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
        cell_of[2] = 0;
        assert_eq!(table.lookup(&cell_of), 1, "tile 2 one cell left");
        cell_of[2] = 1;
        // Tile 4 two cells below home: after it moves up once, its home cell is walled in by
        // tiles 3 and 4, so tile 3 must step aside and back: 4 group moves, not 2.
        cell_of[4] = 11;
        assert_eq!(table.lookup(&cell_of), 4);
        // Every placement of 3 tiles on 16 cells is reachable, and ranks number them densely.
        assert_eq!(rank(0x210, 3), 0);
        assert_eq!(rank(0xDEF, 3), 16 * 15 * 14 - 1);
        assert!((0..placements(3)).all(|r| rank(unrank(r, 3), 3) == r));
        assert_eq!(unrank(rank(0xF3A80C, 6), 6), 0xF3A80C);
    }

    #[test]
    fn byte_form_round_trips_and_refuses_other_data() {
        let table = PatternTable::build(&[2, 3, 4], &mut |_, _| {});
        let sizes: Vec<usize> =
            PARTITION.iter().map(|g| nibble_bytes((0..g.len()).map(|i| CELLS - i).product())).collect();
        // Stand-in tables of the right sizes (building the real ones takes seconds).
        let fake = |size: usize, value: u8| PatternTable { tiles: vec![], half_detours: vec![value; size] };
        let db = PatternDatabase::from_tables(vec![fake(sizes[0], 1), fake(sizes[1], 2), table]);
        let bytes = db.to_bytes();
        let back = PatternDatabase::from_bytes(&bytes).ok().unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.tables[2].tiles, [2, 3, 4]);
        assert!(PatternDatabase::from_bytes(&bytes[..bytes.len() - 1]).err().unwrap().contains("expected"));
        assert!(PatternDatabase::from_bytes(b"GIF89a").is_err());
    }

    #[test]
    fn no_table_entry_is_saturated() {
        let database = super::super::solvers::pattern_database(&mut |_, _| {});
        for table in &database.tables {
            let nibbles = table.half_detours.iter().flat_map(|&byte| [byte & 15, byte >> 4]);
            assert!(nibbles.clone().all(|half| half < MAX_HALF_DETOURS), "{:?}", table.tiles);
            assert!(nibbles.clone().any(|half| half > 0), "some placements need detours");
        }
    }

    #[test]
    fn blank_regions_stop_at_group_tiles() {
        // Group tiles fill the second column: the blank in the first column is walled in.
        let wall: u16 = (1 << 1) | (1 << 5) | (1 << 9) | (1 << 13);
        let region = blank_region(0, !wall);
        assert_eq!(region, (1 << 0) | (1 << 4) | (1 << 8) | (1 << 12));
        assert_eq!(neighbours(1 << 3), (1 << 2) | (1 << 7), "no wrap-around between rows");
    }
}
