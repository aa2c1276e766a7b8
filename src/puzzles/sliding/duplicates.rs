//! Move sequences a depth-first search of the sliding puzzle never needs to try (Taylor &
//! Korf 1993). Two different sequences of blank moves can reach the same board from the same
//! cell: going one and a half times round a 2×2 square clockwise reaches what going round it
//! anticlockwise reaches, and longer pairs follow. Whenever a sequence has a twin that is
//! shorter, or as long and earlier in [`Dir::ALL`] order, and the twin stays inside the
//! rectangle the sequence covers (so it fits on the board wherever the sequence does), no
//! search needs the sequence: the first shortest solution in that order never contains it
//! (swapping in the twin would give a shorter or an earlier one). Such sequences are found by
//! trying every sequence up to [`LONGEST`] moves on a board too large to have edges, and a
//! small automaton (Aho & Corasick) tells the search, move by move, when a path ends in one.

use super::domain::Dir;
use std::collections::HashMap;

/// The longest sequences examined: 336 of them at most ten moves long have twins, and they cut
/// the positions of Korf's 100 searches by a third (found in 10–15 ms). With twelve moves
/// (2,536 sequences) the searches visit 8 % fewer positions still, but no sooner: the
/// automaton's table is seven times larger, and finding them takes 130 ms.
const LONGEST: usize = 10;

/// An automaton over moves: one state per path end worth telling apart, [`DuplicateFilter::DEAD`]
/// once the path ends in a sequence with a twin.
pub(super) struct DuplicateFilter {
    next: Vec<[u16; 4]>,
}

impl DuplicateFilter {
    /// The state of the empty path.
    pub const START: u16 = 0;
    /// A path no search needs.
    pub const DEAD: u16 = u16::MAX;

    /// The state after one more move `dir` from `state` (not [`DuplicateFilter::DEAD`]).
    #[inline]
    pub fn step(&self, state: u16, dir: Dir) -> u16 {
        self.next[usize::from(state)][dir as usize]
    }

    /// The filter for every sequence of at most [`LONGEST`] moves that has a twin.
    pub fn discover() -> Self {
        Self::from_sequences(&twinned_sequences(LONGEST))
    }

    /// A filter that never stops a path (what the search does without one).
    #[cfg(test)]
    pub fn none() -> Self {
        Self::from_sequences(&[])
    }

    /// The automaton recognising paths that end in any of `sequences`: a trie of them, where
    /// a move that leaves the trie falls back to the longest end of the path still in it.
    fn from_sequences(sequences: &[Vec<Dir>]) -> Self {
        const NONE: u32 = 0;
        let mut children = vec![[NONE; 4]];
        let mut ends = vec![false];
        for sequence in sequences {
            let mut node = 0;
            for &dir in sequence {
                if children[node][dir as usize] == NONE {
                    children.push([NONE; 4]);
                    ends.push(false);
                    children[node][dir as usize] = (children.len() - 1) as u32;
                }
                node = children[node][dir as usize] as usize;
            }
            ends[node] = true;
        }
        // Breadth-first, so a node's fallback is complete before its children need it.
        let mut goto = vec![[0u32; 4]; children.len()];
        let mut fallback = vec![0u32; children.len()];
        let mut queue = std::collections::VecDeque::from([0usize]);
        while let Some(node) = queue.pop_front() {
            for dir in 0..4 {
                let child = children[node][dir];
                let behind = if node == 0 { 0 } else { goto[fallback[node] as usize][dir] };
                if child == NONE {
                    goto[node][dir] = behind;
                } else {
                    goto[node][dir] = child;
                    fallback[child as usize] = behind;
                    ends[child as usize] |= ends[behind as usize];
                    queue.push_back(child as usize);
                }
            }
        }
        assert!(goto.len() < usize::from(Self::DEAD), "the automaton's states fit in 16 bits");
        let next = goto
            .iter()
            .map(|row| row.map(|to| if ends[to as usize] { Self::DEAD } else { to as u16 }))
            .collect();
        Self { next }
    }
}

/// Up to fourteen moves, two bits each, and the count in the top four bits.
type PackedMoves = u32;
const _: () = assert!(LONGEST <= 14, "sequences fit in PackedMoves");

fn pack(moves: &[Dir]) -> PackedMoves {
    let bits = moves.iter().enumerate().fold(0, |bits, (i, &dir)| bits | (dir as u32) << (2 * i));
    bits | (moves.len() as u32) << 28
}

fn unpack(packed: PackedMoves) -> Vec<Dir> {
    (0..(packed >> 28) as usize).map(|i| Dir::ALL[(packed >> (2 * i)) as usize & 3]).collect()
}

/// A board with no edge within reach: side `2·reach + 1`, the blank in the middle, every cell
/// its own tile.
struct OpenBoard {
    tiles: Vec<u16>,
    side: usize,
    spot: Spot,
}

/// Where an [`OpenBoard`]'s blank is and has been, and a hash of where the tiles are
/// (Zobrist's: one random word per tile and cell, exclusive-ored in and out as tiles move;
/// the blank is where no tile is). Restoring it and the one swapped tile undoes a move.
#[derive(Clone, Copy)]
struct Spot {
    blank: usize,
    /// The rows and columns the blank has visited: (least, greatest) of each.
    rows: (usize, usize),
    cols: (usize, usize),
    hash: u64,
}

impl OpenBoard {
    fn new(reach: usize) -> Self {
        let side = 2 * reach + 1;
        let tiles = (0..side * side).map(|cell| cell as u16).collect();
        let middle = (reach, reach);
        let spot = Spot { blank: reach * side + reach, rows: middle, cols: middle, hash: 0 };
        Self { tiles, side, spot }
    }

    fn zobrist(cell: usize, tile: u16) -> u64 {
        // SplitMix64's finaliser: a well-mixed word for each (cell, tile).
        let mut z = ((cell as u64) << 16 | u64::from(tile)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn apply(&mut self, dir: Dir) {
        let spot = &mut self.spot;
        let to = dir.step(spot.blank, self.side).expect("the open board has no edge within reach");
        let (row, col) = (to / self.side, to % self.side);
        let tile = self.tiles[to];
        spot.hash ^= Self::zobrist(to, tile) ^ Self::zobrist(spot.blank, tile);
        self.tiles.swap(to, spot.blank);
        spot.blank = to;
        spot.rows = (spot.rows.0.min(row), spot.rows.1.max(row));
        spot.cols = (spot.cols.0.min(col), spot.cols.1.max(col));
    }

    /// Takes back the last move, made from `before`.
    fn undo(&mut self, before: Spot) {
        self.tiles.swap(self.spot.blank, before.blank);
        self.spot = before;
    }

    fn after(moves: &[Dir], reach: usize) -> Self {
        let mut board = Self::new(reach);
        moves.iter().for_each(|&dir| board.apply(dir));
        board
    }

    /// The tiles where they are (not where the blank went).
    fn same_tiles(&self, other: &Self) -> bool {
        self.tiles == other.tiles
    }

    /// Whether the blank's rectangle lies within `other`'s.
    fn stays_within(&self, other: &Self) -> bool {
        let inside = |(low, high): (usize, usize), (outer_low, outer_high): (usize, usize)| {
            outer_low <= low && high <= outer_high
        };
        inside(self.spot.rows, other.spot.rows) && inside(self.spot.cols, other.spot.cols)
    }
}

/// Every sequence of at most `longest` moves (no move straight back, none ending in a shorter
/// sequence already found) with a twin: a shorter or earlier sequence reaching the same board
/// from the same cell inside the sequence's rectangle. Sequences of each length are tried in
/// [`Dir::ALL`] order, so the first to reach a board is the shortest and earliest.
fn twinned_sequences(longest: usize) -> Vec<Vec<Dir>> {
    let mut first_to_reach: HashMap<u64, PackedMoves> = HashMap::new();
    first_to_reach.insert(0, pack(&[]));
    let mut twinned = Vec::new();
    for length in 1..=longest {
        let filter = DuplicateFilter::from_sequences(&twinned);
        let mut found = Vec::new();
        let mut path = Vec::with_capacity(length);
        let mut board = OpenBoard::new(longest);
        walk(&mut board, &mut path, DuplicateFilter::START, length, &filter, &mut |path, board| {
            match first_to_reach.get(&board.spot.hash) {
                None => {
                    first_to_reach.insert(board.spot.hash, pack(path));
                }
                Some(&twin) => {
                    let twin = OpenBoard::after(&unpack(twin), longest);
                    // Equal hashes of different boards are possible in principle: check.
                    if twin.same_tiles(board) && twin.stays_within(board) {
                        found.push(path.to_vec());
                    }
                }
            }
        });
        twinned.extend(found);
    }
    twinned
}

/// Visits, in [`Dir::ALL`] order, every path of `length` moves extending `path` that the
/// filter lets through and never moves straight back.
fn walk(
    board: &mut OpenBoard,
    path: &mut Vec<Dir>,
    state: u16,
    length: usize,
    filter: &DuplicateFilter,
    visit: &mut dyn FnMut(&[Dir], &OpenBoard),
) {
    if path.len() == length {
        return visit(path, board);
    }
    for dir in Dir::ALL {
        let next = filter.step(state, dir);
        if next == DuplicateFilter::DEAD || path.last() == Some(&dir.opposite()) {
            continue;
        }
        let before = board.spot;
        board.apply(dir);
        path.push(dir);
        walk(board, path, next, length, filter, visit);
        path.pop();
        board.undo(before);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Dir> {
        text.chars().map(|c| Dir::parse(&c.to_string()).expect("a move letter")).collect()
    }

    fn stopped(filter: &DuplicateFilter, path: &[Dir]) -> bool {
        let mut state = DuplicateFilter::START;
        for &dir in path {
            state = filter.step(state, dir);
            if state == DuplicateFilter::DEAD {
                return true;
            }
        }
        false
    }

    #[test]
    fn the_shortest_twins_are_the_spirals_starting_sideways() {
        let twinned = twinned_sequences(7);
        let six: Vec<&Vec<Dir>> = twinned.iter().filter(|s| s.len() == 6).collect();
        let expected = ["LURDLU", "LDRULD", "RULDRU", "RDLURD"].map(moves);
        assert_eq!(six.len(), 4);
        assert!(expected.iter().all(|e| six.contains(&e)), "{six:?}");
        assert!(twinned.iter().all(|s| s.len() == 6), "nothing shorter, and seven-move twins need a spiral");
    }

    /// The first sequence (by length, then in [`Dir::ALL`] order) that reaches the board
    /// `sequence` reaches, found by trying them all.
    fn first_twin(sequence: &[Dir]) -> Vec<Dir> {
        let reach = sequence.len();
        let target = OpenBoard::after(sequence, reach);
        (sequence.len() % 2..=sequence.len())
            .step_by(2)
            .flat_map(|length| {
                (0..4usize.pow(length as u32)).map(move |number| {
                    (0..length).rev().map(|i| Dir::ALL[number / 4usize.pow(i as u32) % 4]).collect::<Vec<_>>()
                })
            })
            .find(|moves| OpenBoard::after(moves, reach).same_tiles(&target))
            .expect("the sequence itself reaches its board")
    }

    #[test]
    fn every_twinned_sequence_has_an_earlier_twin_on_real_boards() {
        use super::super::domain::Board;
        let twinned = twinned_sequences(8);
        assert_eq!(twinned.len(), 36);
        for sequence in &twinned {
            let twin = first_twin(sequence);
            let order = |moves: &[Dir]| (moves.len(), moves.iter().map(|&d| d as u8).collect::<Vec<_>>());
            assert!(order(&twin) < order(sequence), "{sequence:?}: {twin:?}");
            // From every cell of a 4×4 board where the sequence fits, the twin fits too and
            // reaches the same board.
            let mut fits = 0;
            for start in 0..16 {
                let mut tiles: Vec<u8> = (1..16).collect();
                tiles.insert(start, 0);
                let board = Board::from_tiles(4, tiles).expect("a board");
                let play = |moves: &[Dir]| moves.iter().try_fold(board.clone(), |b, &d| b.apply(d)).ok();
                if let Some(end) = play(sequence) {
                    assert_eq!(play(&twin), Some(end), "{sequence:?} and {twin:?} from {start}");
                    fits += 1;
                }
            }
            assert!(fits > 0, "{sequence:?} fits somewhere on 4×4");
        }
    }

    #[test]
    fn the_automaton_stops_exactly_the_paths_ending_in_a_twinned_sequence() {
        let twinned = twinned_sequences(10);
        assert_eq!(twinned.len(), 336);
        let filter = DuplicateFilter::from_sequences(&twinned);
        let mut seed = 7u64;
        for _ in 0..3000 {
            let path: Vec<Dir> = (0..20)
                .map(|_| {
                    seed =
                        seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    Dir::ALL[(seed >> 62) as usize]
                })
                .collect();
            let contains = twinned.iter().any(|s| path.windows(s.len()).any(|w| w == s.as_slice()));
            assert_eq!(stopped(&filter, &path), contains, "{path:?}");
        }
        assert!(!stopped(&DuplicateFilter::none(), &moves("LURDLULURDLU")));
    }
}
