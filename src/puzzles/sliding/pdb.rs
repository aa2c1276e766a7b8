//! Additive disjoint pattern databases (Korf & Felner 2002) for the 4×4 and 5×5 boards: the
//! tiles are split into groups (6-6-3 on 4×4, 5-5-5-5-4 on 5×5); each table holds, for every
//! placement of its group, the fewest moves of that group's tiles needed to bring them home,
//! where moves of the other tiles are free. Each move is counted in one table only, so the
//! values add up to a lower bound. The bound used is the larger of the sum for the board and
//! for its mirror image in the main diagonal (the goal is symmetric), as Felner, Korf &
//! Hanan (2004) describe.
//!
//! A group's moves are its tiles' Manhattan distance plus an even number of detours (each move
//! changes that distance by one), so a table stores only half the detours, in four bits: half
//! the bytes, and the search's random reads stay in the processor's caches more often.

use super::packed::Packed;

/// Cells of the largest board with databases; per-cell arrays have this length on both sizes.
pub(super) const MAX_CELLS: usize = 25;
/// A placement holds each group tile's cell in this many bits, the first tile lowest.
pub(super) const CELL_BITS: u32 = 5;
const CELL_MASK: u32 = (1 << CELL_BITS) - 1;
/// Largest half-detour count a table holds (four bits); larger ones are stored as this, which
/// only lowers the estimate (none occurs in the tables in use).
const MAX_HALF_DETOURS: u8 = 15;

/// The 4×4 groups (goal: 1..15 row-major, blank last).
const PARTITION_4: [&[u8]; 3] = [&[1, 5, 6, 9, 10, 13], &[7, 8, 11, 12, 14, 15], &[2, 3, 4]];
/// The 5×5 groups: four of five tiles and the four around the blank's home corner.
const PARTITION_5: [&[u8]; 5] =
    [&[1, 2, 3, 6, 7], &[4, 5, 8, 9, 10], &[11, 12, 16, 17, 21], &[13, 14, 18, 22, 23], &[15, 19, 20, 24]];

/// What the databases of an `N`×`N` board are made of.
pub(super) struct Layout<const N: usize>;

impl<const N: usize> Layout<N> {
    pub const CELLS: usize = N * N;
    pub const PARTITION: &'static [&'static [u8]] = if N == 4 { &PARTITION_4 } else { &PARTITION_5 };
    pub const GROUPS: usize = Self::PARTITION.len();
    /// Manhattan distance of tile `t` in cell `c` from its home, at `[t][c]`.
    pub const DISTANCE: [[u8; MAX_CELLS]; MAX_CELLS] = distances(N);
    /// Marks the byte form (and its layout: the partition's tables in order, dense ranks).
    const BYTES_MAGIC: &'static [u8] =
        if N == 4 { b"puzzlelab-pdb-663-v2" } else { b"puzzlelab-pdb-55554-v1" };

    const ALL_CELLS: u32 = (1 << Self::CELLS) - 1;
    const LEFT_COLUMN: u32 = left_column(N);
    const RIGHT_COLUMN: u32 = Self::LEFT_COLUMN << (N - 1);

    /// Cells next to any cell of `cells` (a set of cells, one bit each).
    fn neighbours(cells: u32) -> u32 {
        let vertical = (cells << N) | (cells >> N);
        let horizontal = ((cells << 1) & !Self::LEFT_COLUMN) | ((cells >> 1) & !Self::RIGHT_COLUMN);
        (vertical | horizontal) & Self::ALL_CELLS
    }

    /// How many placements `k` tiles have: CELLS·(CELLS−1)·…·(CELLS−k+1).
    fn placements(k: usize) -> usize {
        (0..k).map(|i| Self::CELLS - i).product()
    }

    /// The number of a placement (each group tile's cell in [`CELL_BITS`] bits) among all
    /// placements of `k` tiles: a mixed-radix number whose i-th digit is the tile's cell
    /// counted among the cells still free. Dense numbering keeps tables small (5.8 million
    /// placements for six tiles on 4×4, 2.9 MB at four bits each) and their accesses
    /// cache-friendly.
    pub(super) fn rank(index: u32, k: usize) -> usize {
        // The group sizes in use get their own unrolled copies: the search ranks millions.
        match k {
            6 => Self::rank_of::<6>(index),
            5 => Self::rank_of::<5>(index),
            4 => Self::rank_of::<4>(index),
            3 => Self::rank_of::<3>(index),
            _ => (0..k).fold((0, 0), |(rank, used), i| Self::rank_step(rank, used, index, i)).0,
        }
    }

    fn rank_of<const K: usize>(index: u32) -> usize {
        (0..K).fold((0, 0), |(rank, used), i| Self::rank_step(rank, used, index, i)).0
    }

    /// Adds the `i`-th tile's digit to a rank; `used` holds the cells of the tiles before it.
    #[inline(always)]
    fn rank_step(rank: usize, used: u32, index: u32, i: usize) -> (usize, u32) {
        let cell = (index >> (CELL_BITS as usize * i)) & CELL_MASK;
        let smaller_used = (used & ((1 << cell) - 1)).count_ones();
        (rank * (Self::CELLS - i) + (cell - smaller_used) as usize, used | 1 << cell)
    }

    /// The placement numbered `rank` by [`Layout::rank`].
    fn unrank(mut rank: usize, k: usize) -> u32 {
        let mut digits = [0usize; MAX_CELLS];
        for i in (0..k).rev() {
            digits[i] = rank % (Self::CELLS - i);
            rank /= Self::CELLS - i;
        }
        // The cells taken so far, in increasing order: the digit-th free cell is the digit
        // moved past each taken cell at or below it.
        let mut taken = [0usize; MAX_CELLS];
        let mut index = 0u32;
        for (i, &digit) in digits[..k].iter().enumerate() {
            let mut cell = digit;
            let mut at = 0;
            while at < i && taken[at] <= cell {
                cell += 1;
                at += 1;
            }
            for j in (at..i).rev() {
                taken[j + 1] = taken[j];
            }
            taken[at] = cell;
            index |= (cell as u32) << (CELL_BITS as usize * i);
        }
        index
    }

    /// The cells a placement of `k` tiles occupies.
    fn occupied(index: u32, k: usize) -> u32 {
        (0..k).fold(0, |mask, i| mask | 1 << ((index >> (CELL_BITS as usize * i)) & CELL_MASK))
    }

    /// The Manhattan distance of `tiles` placed at `index`.
    fn manhattan(tiles: &[u8], index: u32) -> u8 {
        (tiles.iter().enumerate())
            .map(|(i, &t)| {
                Self::DISTANCE[usize::from(t)][((index >> (CELL_BITS as usize * i)) & CELL_MASK) as usize]
            })
            .sum()
    }

    /// The placement of `tiles` at home.
    fn goal(tiles: &[u8]) -> u32 {
        tiles
            .iter()
            .enumerate()
            .fold(0, |index, (i, &t)| index | u32::from(t - 1) << (CELL_BITS as usize * i))
    }

    /// Cell `(r, c)` mirrored in the main diagonal is `(c, r)`.
    pub(super) fn mirror_cell(cell: u8) -> u8 {
        (cell % N as u8) * N as u8 + cell / N as u8
    }
}

/// The cells of an `n`×`n` board's first column.
const fn left_column(n: usize) -> u32 {
    let mut mask = 0;
    let mut row = 0;
    while row < n {
        mask |= 1 << (row * n);
        row += 1;
    }
    mask
}

const fn distances(n: usize) -> [[u8; MAX_CELLS]; MAX_CELLS] {
    let mut table = [[0u8; MAX_CELLS]; MAX_CELLS];
    let mut tile = 1;
    while tile < n * n {
        let mut cell = 0;
        while cell < n * n {
            let home = tile - 1;
            table[tile][cell] = ((home / n).abs_diff(cell / n) + (home % n).abs_diff(cell % n)) as u8;
            cell += 1;
        }
        tile += 1;
    }
    table
}

/// Bytes holding `count` four-bit entries.
fn nibble_bytes(count: usize) -> usize {
    count.div_ceil(2)
}

/// Sets entry `rank` (zero so far) of a four-bit table.
fn set_nibble(nibbles: &mut [u8], rank: usize, value: u8) {
    nibbles[rank / 2] |= value.min(MAX_HALF_DETOURS) << (4 * (rank % 2));
}

/// One group's table: half the detours beyond the Manhattan distance, four bits per placement
/// indexed by rank.
pub struct PatternTable<const N: usize> {
    tiles: Vec<u8>,
    half_detours: Vec<u8>,
}

impl<const N: usize> PatternTable<N> {
    /// Half the group's detours for a placement (each group tile's cell in [`CELL_BITS`]
    /// bits, in group order): its moves are its Manhattan distance plus twice this.
    pub(super) fn half_detours(&self, placement: u32) -> u8 {
        let rank = Layout::<N>::rank(placement, self.tiles.len());
        self.half_detours[rank / 2] >> (4 * (rank % 2)) & 15
    }

    /// The group's moves for a placement.
    fn moves_for(&self, placement: u32) -> u8 {
        Layout::<N>::manhattan(&self.tiles, placement) + 2 * self.half_detours(placement)
    }

    /// The group's moves for a board given as `cell_of[tile]`.
    fn lookup(&self, cell_of: &[u8; MAX_CELLS]) -> u32 {
        let index = (self.tiles.iter().enumerate()).fold(0u32, |index, (i, &t)| {
            index | u32::from(cell_of[usize::from(t)]) << (CELL_BITS as usize * i)
        });
        u32::from(self.moves_for(index))
    }

    /// Builds the table of `tiles` (three to six of them); `progress(done, total)` is called
    /// once per breadth-first level with the placements reached.
    pub fn build(tiles: &[u8], progress: &mut dyn FnMut(u64, u64)) -> Self {
        // Each group size gets its own copy of the build, with ranking unrolled (~9 % faster).
        let half_detours = match tiles.len() {
            3 => Self::build_group::<3>(tiles, progress),
            4 => Self::build_group::<4>(tiles, progress),
            5 => Self::build_group::<5>(tiles, progress),
            6 => Self::build_group::<6>(tiles, progress),
            k => panic!("no pattern tables for groups of {k} tiles"),
        };
        Self { tiles: tiles.to_vec(), half_detours }
    }

    /// In the worker's SIMD build, the sweeps over whole levels run on vector instructions, as
    /// they do natively (the 4×4 tables ~8 % sooner in the worker).
    #[cfg_attr(all(target_arch = "wasm32", feature = "simd"), target_feature(enable = "simd128"))]
    fn build_group<const K: usize>(tiles: &[u8], progress: &mut dyn FnMut(u64, u64)) -> Vec<u8> {
        if N == 4 {
            build_with_blank_regions::<K>(tiles, progress)
        } else {
            build_with_free_blank::<N, K>(tiles, progress)
        }
    }
}

/// The cells the blank can reach from `blank` without moving a tile of the group (4×4).
fn blank_region(blank: usize, free: u32) -> u32 {
    let mut region = 1u32 << blank;
    loop {
        let grown = region | (Layout::<4>::neighbours(region) & free);
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The lowest cell of the blank's region for every set of free cells and start cell on 4×4,
/// which names the region: computed once per build (1 MB), looking it up is much faster than
/// flooding for each of the hundreds of millions of moves a build tries.
struct LowestCells {
    lowest: Vec<u8>,
}

impl LowestCells {
    const CELLS: usize = 16;

    fn new() -> Self {
        let mut lowest = vec![0u8; (1 << Self::CELLS) * Self::CELLS];
        for free in 0..1usize << Self::CELLS {
            for cell in 0..Self::CELLS {
                lowest[free * Self::CELLS + cell] =
                    blank_region(cell, free as u32 | 1 << cell).trailing_zeros() as u8;
            }
        }
        Self { lowest }
    }

    fn lowest(&self, blank: usize, free: u32) -> u32 {
        u32::from(self.lowest[(free & 0xFFFF) as usize * Self::CELLS + blank])
    }
}

/// The 4×4 build, exact about the blank: breadth-first from the goal over (placement of the
/// group, region of the blank); every step moves one group tile into the blank's region.
/// Each level is a set of regions per placement, swept in rank order: a tile's move changes
/// the rank by an amount that depends on little else, so the sweep's reads and writes run in
/// streams the processor's caches follow, where a queue would jump about.
fn build_with_blank_regions<const K: usize>(tiles: &[u8], progress: &mut dyn FnMut(u64, u64)) -> Vec<u8> {
    type L = Layout<4>;
    const BLANK_HOME: usize = 15;
    let size = L::placements(K);
    let mut half_detours = vec![0u8; nibble_bytes(size)];
    // Per placement, the blank regions (by their lowest cell) at the level being expanded;
    // and in one word (one memory access) those reached so far (low half) and those reached
    // for the next level (high half).
    let mut level_regions = vec![0u16; size];
    let mut reached_regions = vec![0u32; size];
    let lowest_cells_of = LowestCells::new();
    let goal = L::goal(tiles);
    let goal_bit = 1 << blank_region(BLANK_HOME, !L::occupied(goal, K)).trailing_zeros();
    reached_regions[L::rank_of::<K>(goal)] = u32::from(goal_bit);
    level_regions[L::rank_of::<K>(goal)] = goal_bit;
    let mut reached = 1u64;
    for level in 0u8.. {
        let mut any_next = false;
        for (placement_rank, level_cells) in level_regions.iter_mut().enumerate() {
            let mut lowest_cells = std::mem::take(level_cells);
            if lowest_cells == 0 {
                continue;
            }
            let index = L::unrank(placement_rank, K);
            let occupied = L::occupied(index, K);
            while lowest_cells != 0 {
                let region = blank_region(lowest_cells.trailing_zeros() as usize, !occupied);
                lowest_cells &= lowest_cells - 1;
                for i in 0..K {
                    let shift = CELL_BITS as usize * i;
                    let cell = ((index >> shift) & CELL_MASK) as usize;
                    // The tile moves into any cell of the region next to it.
                    let mut targets = L::neighbours(1 << cell) & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros();
                        targets &= targets - 1;
                        let next = (index & !(CELL_MASK << shift)) | to << shift;
                        let free = !(occupied & !(1 << cell) | (1 << to));
                        let next_bit = 1u32 << lowest_cells_of.lowest(cell, free);
                        let next_rank = L::rank_of::<K>(next);
                        let seen_regions = &mut reached_regions[next_rank];
                        if *seen_regions & next_bit != 0 {
                            continue;
                        }
                        if *seen_regions == 0 {
                            // Levels only grow: the first region to reach a placement sets its value.
                            let detours = level + 1 - L::manhattan(tiles, next);
                            debug_assert!(detours.is_multiple_of(2), "each move changes the distance by one");
                            set_nibble(&mut half_detours, next_rank, detours / 2);
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
    half_detours
}

/// The 5×5 build, where tracking the blank's regions would cost a flood fill per move:
/// breadth-first over placements alone, a group tile stepping to any neighbouring cell no
/// other group tile holds, as if the blank were always there. That only lowers some counts,
/// so the sum stays a lower bound. Levels are swept in rank order, as in the 4×4 build.
fn build_with_free_blank<const N: usize, const K: usize>(
    tiles: &[u8],
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<u8> {
    type L<const N: usize> = Layout<N>;
    const UNSEEN: u8 = u8::MAX;
    let size = L::<N>::placements(K);
    let mut levels = vec![UNSEEN; size];
    let mut half_detours = vec![0u8; nibble_bytes(size)];
    let goal = L::<N>::goal(tiles);
    levels[L::<N>::rank_of::<K>(goal)] = 0;
    let mut reached = 1u64;
    for level in 0..UNSEEN - 1 {
        let mut any_next = false;
        for placement_rank in 0..size {
            if levels[placement_rank] != level {
                continue;
            }
            let index = L::<N>::unrank(placement_rank, K);
            let occupied = L::<N>::occupied(index, K);
            let manhattan = L::<N>::manhattan(tiles, index);
            for (i, &tile) in tiles.iter().enumerate() {
                let shift = CELL_BITS as usize * i;
                let cell = (index >> shift) & CELL_MASK;
                let distance = &L::<N>::DISTANCE[usize::from(tile)];
                let mut targets = L::<N>::neighbours(1 << cell) & !occupied;
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    let next_rank = L::<N>::rank_of::<K>((index & !(CELL_MASK << shift)) | to << shift);
                    if levels[next_rank] != UNSEEN {
                        continue;
                    }
                    levels[next_rank] = level + 1;
                    let next_manhattan = manhattan + distance[to as usize] - distance[cell as usize];
                    let detours = level + 1 - next_manhattan;
                    debug_assert!(detours.is_multiple_of(2), "each move changes the distance by one");
                    set_nibble(&mut half_detours, next_rank, detours / 2);
                    reached += 1;
                    any_next = true;
                }
            }
        }
        progress(reached, size as u64);
        if !any_next {
            break;
        }
    }
    debug_assert_eq!(reached, size as u64, "every placement is reachable");
    half_detours
}

/// The tables of an `N`×`N` board and its mirror map.
pub struct PatternDatabase<const N: usize> {
    tables: Vec<PatternTable<N>>,
    /// Tile `t` mirrored in the main diagonal is tile `mirror_tile[t]`.
    mirror_tile: [u8; MAX_CELLS],
}

impl<const N: usize> PatternDatabase<N> {
    /// Builds all tables; `progress(done, total)` counts placements over all groups.
    pub fn build(progress: &mut dyn FnMut(u64, u64)) -> Self {
        let all_groups: Vec<usize> = (0..Layout::<N>::GROUPS).collect();
        Self::from_tables(Self::build_groups(&all_groups, progress))
    }

    /// The tables of `groups`, in that order; `progress(done, total)` counts placements over
    /// them all.
    fn build_groups(groups: &[usize], progress: &mut dyn FnMut(u64, u64)) -> Vec<PatternTable<N>> {
        let total = groups.iter().map(|&group| Self::placements_of(group)).sum::<usize>() as u64;
        let mut before = 0;
        let mut tables = Vec::new();
        for &group in groups {
            let tiles = Layout::<N>::PARTITION[group];
            tables.push(PatternTable::build(tiles, &mut |done, _| progress(before + done, total)));
            before += Self::placements_of(group) as u64;
        }
        tables
    }

    /// How many placements group `group` has (its table's entries).
    fn placements_of(group: usize) -> usize {
        Layout::<N>::placements(Layout::<N>::PARTITION[group].len())
    }

    /// Builds all tables, both halves at once on two threads (as two workers do in the
    /// browser); `progress` follows the first half.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn build_on_two_threads(progress: &mut dyn FnMut(u64, u64)) -> Self {
        std::thread::scope(|scope| {
            let second = scope.spawn(|| Self::build_half(1, &mut |_, _| {}));
            let first = Self::build_half(0, progress);
            let second = second.join().expect("building a half does not panic");
            Self::from_halves(&first, &second).expect("halves built together fit together")
        })
    }

    fn from_tables(tables: Vec<PatternTable<N>>) -> Self {
        let mut mirror_tile = [0u8; MAX_CELLS];
        for tile in 1..Layout::<N>::CELLS as u8 {
            mirror_tile[usize::from(tile)] = Layout::<N>::mirror_cell(tile - 1) + 1;
        }
        Self { tables, mirror_tile }
    }

    /// The size of each table in bytes, in partition order.
    fn table_bytes() -> Vec<usize> {
        (0..Layout::<N>::GROUPS).map(|group| nibble_bytes(Self::placements_of(group))).collect()
    }

    /// The tables as bytes, to hand them to another worker instead of building them again.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Layout::<N>::BYTES_MAGIC.to_vec();
        for table in &self.tables {
            bytes.extend_from_slice(&table.half_detours);
        }
        bytes
    }

    /// Reads what [`PatternDatabase::to_bytes`] wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let body =
            bytes.strip_prefix(Layout::<N>::BYTES_MAGIC).ok_or("not pattern databases of this version")?;
        let all_groups: Vec<usize> = (0..Layout::<N>::GROUPS).collect();
        Ok(Self::from_tables(Self::tables_from_bytes(body, &all_groups)?))
    }

    /// The tables of `groups`, in that order, from their entries laid end to end.
    fn tables_from_bytes(body: &[u8], groups: &[usize]) -> Result<Vec<PatternTable<N>>, String> {
        let sizes = Self::table_bytes();
        let expected: usize = groups.iter().map(|&group| sizes[group]).sum();
        if body.len() != expected {
            return Err(format!("pattern databases of {} bytes, expected {expected}", body.len()));
        }
        let mut rest = body;
        let tables = groups
            .iter()
            .map(|&group| {
                let (half_detours, tail) = rest.split_at(sizes[group]);
                rest = tail;
                PatternTable {
                    tiles: Layout::<N>::PARTITION[group].to_vec(),
                    half_detours: half_detours.to_vec(),
                }
            })
            .collect();
        Ok(tables)
    }

    /// The groups whose tables half `half` (0 or 1) of a build in two workers makes: the
    /// largest group first, each to the half with fewer placements so far (4×4: one six-tile
    /// group each), so both halves take about as long.
    fn groups_of_half(half: usize) -> Vec<usize> {
        let mut largest_first: Vec<usize> = (0..Layout::<N>::GROUPS).collect();
        largest_first.sort_by_key(|&group| std::cmp::Reverse(Self::placements_of(group)));
        let (mut halves, mut loads) = ([Vec::new(), Vec::new()], [0, 0]);
        for group in largest_first {
            let lighter = usize::from(loads[1] < loads[0]);
            loads[lighter] += Self::placements_of(group);
            halves[lighter].push(group);
        }
        let mut groups = std::mem::take(&mut halves[half]);
        groups.sort_unstable();
        groups
    }

    /// The tag of a half's bytes: the format's, then which half.
    fn half_magic(half: usize) -> Vec<u8> {
        [Layout::<N>::BYTES_MAGIC, b"-half", &[b'0' + half as u8]].concat()
    }

    /// Builds the tables of half `half` (0 or 1), as bytes for
    /// [`PatternDatabase::from_halves`]: two workers build both halves at once.
    pub fn build_half(half: usize, progress: &mut dyn FnMut(u64, u64)) -> Vec<u8> {
        let tables = Self::build_groups(&Self::groups_of_half(half), progress);
        let mut bytes = Self::half_magic(half);
        for table in &tables {
            bytes.extend_from_slice(&table.half_detours);
        }
        bytes
    }

    /// The databases from the two halves [`PatternDatabase::build_half`] made.
    pub fn from_halves(first: &[u8], second: &[u8]) -> Result<Self, String> {
        let mut tables: Vec<Option<PatternTable<N>>> = (0..Layout::<N>::GROUPS).map(|_| None).collect();
        for (half, bytes) in [first, second].into_iter().enumerate() {
            let body = (bytes.strip_prefix(Self::half_magic(half).as_slice()))
                .ok_or_else(|| format!("not half {half} of pattern databases of this version"))?;
            let groups = Self::groups_of_half(half);
            for (group, table) in groups.iter().zip(Self::tables_from_bytes(body, &groups)?) {
                tables[*group] = Some(table);
            }
        }
        Ok(Self::from_tables(
            tables.into_iter().map(|table| table.expect("the halves hold every group")).collect(),
        ))
    }

    /// The tables, in partition order.
    pub(super) fn tables(&self) -> &[PatternTable<N>] {
        &self.tables
    }

    /// Tile `tile` mirrored in the main diagonal.
    pub(super) fn mirror_tile(&self, tile: u8) -> u8 {
        self.mirror_tile[usize::from(tile)]
    }

    /// The lower bound for a packed `N`×`N` board.
    pub fn estimate(&self, state: Packed) -> u32 {
        let mut cell_of = [0u8; MAX_CELLS];
        let mut mirrored = [0u8; MAX_CELLS];
        for cell in 0..Layout::<N>::CELLS as u8 {
            let tile = state.tile(usize::from(cell));
            cell_of[usize::from(tile)] = cell;
            mirrored[usize::from(self.mirror_tile[usize::from(tile)])] = Layout::<N>::mirror_cell(cell);
        }
        let direct: u32 = self.tables.iter().map(|t| t.lookup(&cell_of)).sum();
        let mirror: u32 = self.tables.iter().map(|t| t.lookup(&mirrored)).sum();
        direct.max(mirror)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn home_cells<const N: usize>() -> [u8; MAX_CELLS] {
        let mut cell_of = [0u8; MAX_CELLS];
        for (tile, cell) in cell_of.iter_mut().enumerate().take(Layout::<N>::CELLS).skip(1) {
            *cell = tile as u8 - 1;
        }
        cell_of
    }

    #[test]
    fn small_group_table_counts_group_moves() {
        let table = PatternTable::<4>::build(&[2, 3, 4], &mut |_, _| {});
        let mut cell_of = home_cells::<4>();
        assert_eq!(table.lookup(&cell_of), 0);
        cell_of[2] = 0;
        assert_eq!(table.lookup(&cell_of), 1, "tile 2 one cell left");
        cell_of[2] = 1;
        // Tile 4 two cells below home: after it moves up once, its home cell is walled in by
        // tiles 3 and 4, so tile 3 must step aside and back: 4 group moves, not 2.
        cell_of[4] = 11;
        assert_eq!(table.lookup(&cell_of), 4);
    }

    #[test]
    fn five_by_five_table_counts_detours_around_group_tiles() {
        let table = PatternTable::<5>::build(&[1, 2, 3], &mut |_, _| {});
        let mut cell_of = home_cells::<5>();
        assert_eq!(table.lookup(&cell_of), 0);
        // Tiles 1 and 2 swapped in the top row: one must step out of the row and back.
        (cell_of[1], cell_of[2]) = (1, 0);
        assert_eq!(table.lookup(&cell_of), 4);
        cell_of = home_cells::<5>();
        cell_of[3] = 24;
        assert_eq!(table.lookup(&cell_of), 6, "tile 3 from the far corner: its Manhattan distance");
    }

    #[test]
    fn ranks_number_placements_densely() {
        assert_eq!(Layout::<4>::rank(2 << 10 | 1 << 5, 3), 0, "cells 0, 1, 2");
        assert!((0..Layout::<4>::placements(3)).all(|r| Layout::<4>::rank(Layout::<4>::unrank(r, 3), 3) == r));
        assert!((0..Layout::<5>::placements(3)).all(|r| Layout::<5>::rank(Layout::<5>::unrank(r, 3), 3) == r));
        let six = (15 << 25) | (3 << 20) | (10 << 15) | (8 << 10) | (1 << 5) | 12;
        assert_eq!(Layout::<4>::unrank(Layout::<4>::rank(six, 6), 6), six);
        assert_eq!(
            Layout::<5>::rank(Layout::<5>::goal(&[25, 24, 23, 22, 21]), 5),
            Layout::<5>::placements(5) - 1
        );
    }

    #[test]
    fn byte_form_round_trips_and_refuses_other_data() {
        let table = PatternTable::<4>::build(&[2, 3, 4], &mut |_, _| {});
        let sizes = PatternDatabase::<4>::table_bytes();
        // Stand-in tables of the right sizes (building the real ones takes seconds).
        let fake = |size: usize, value: u8| PatternTable { tiles: vec![], half_detours: vec![value; size] };
        let db = PatternDatabase::from_tables(vec![fake(sizes[0], 1), fake(sizes[1], 2), table]);
        let bytes = db.to_bytes();
        let back = PatternDatabase::<4>::from_bytes(&bytes).ok().unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.tables[2].tiles, [2, 3, 4]);
        assert!(PatternDatabase::<4>::from_bytes(&bytes[..bytes.len() - 1])
            .err()
            .unwrap()
            .contains("expected"));
        assert!(PatternDatabase::<4>::from_bytes(b"GIF89a").is_err());
        assert!(PatternDatabase::<5>::from_bytes(&bytes).is_err(), "4×4 tables are not 5×5 ones");
    }

    #[test]
    fn the_halves_share_out_every_group_evenly() {
        assert_eq!(PatternDatabase::<4>::groups_of_half(0), [0, 2]);
        assert_eq!(PatternDatabase::<4>::groups_of_half(1), [1]);
        assert_eq!(PatternDatabase::<5>::groups_of_half(0), [0, 2, 4]);
        assert_eq!(PatternDatabase::<5>::groups_of_half(1), [1, 3]);
    }

    #[test]
    fn databases_built_in_halves_equal_those_built_whole() {
        let whole = PatternDatabase::<4>::build(&mut |_, _| {}).to_bytes();
        assert!(super::super::solvers::pattern_database(&mut |_, _| {}).to_bytes() == whole, "two threads");
        let (mut first_progress, mut second_progress) = ((0, 0), (0, 0));
        let first = PatternDatabase::<4>::build_half(0, &mut |done, total| first_progress = (done, total));
        let second = PatternDatabase::<4>::build_half(1, &mut |done, total| second_progress = (done, total));
        let first_total = (Layout::<4>::placements(6) + Layout::<4>::placements(3)) as u64;
        assert_eq!(first_progress, (first_total, first_total), "progress reaches the half's total");
        assert_eq!(second_progress.0, Layout::<4>::placements(6) as u64);
        assert_eq!(PatternDatabase::<4>::from_halves(&first, &second).ok().unwrap().to_bytes(), whole);
        let refused = |a: &[u8], b: &[u8]| PatternDatabase::<4>::from_halves(a, b).err().unwrap();
        assert!(refused(&second, &first).contains("not half 0"), "the halves in the wrong order");
        assert!(refused(&first, &second[..second.len() - 1]).contains("expected"));
        assert!(refused(&first, &whole).contains("not half 1"));
    }

    fn assert_unsaturated<const N: usize>(database: &PatternDatabase<N>) {
        for table in &database.tables {
            let nibbles = table.half_detours.iter().flat_map(|&byte| [byte & 15, byte >> 4]);
            assert!(nibbles.clone().all(|half| half < MAX_HALF_DETOURS), "{:?}", table.tiles);
            assert!(nibbles.clone().any(|half| half > 0), "some placements need detours");
        }
    }

    #[test]
    fn no_table_entry_is_saturated() {
        assert_unsaturated(super::super::solvers::pattern_database(&mut |_, _| {}));
        assert_unsaturated(super::super::solvers::pattern_database_5x5(&mut |_, _| {}));
    }

    #[test]
    fn blank_regions_stop_at_group_tiles() {
        // Group tiles fill the second column: the blank in the first column is walled in.
        let wall = (1 << 1) | (1 << 5) | (1 << 9) | (1 << 13);
        let region = blank_region(0, !wall & 0xFFFF);
        assert_eq!(region, (1 << 0) | (1 << 4) | (1 << 8) | (1 << 12));
        assert_eq!(Layout::<4>::neighbours(1 << 3), (1 << 2) | (1 << 7), "no wrap-around between rows");
        assert_eq!(Layout::<5>::neighbours(1 << 4), (1 << 3) | (1 << 9));
        assert_eq!(Layout::<5>::neighbours(1 << 24), (1 << 23) | (1 << 19), "nothing beyond the board");
    }
}
