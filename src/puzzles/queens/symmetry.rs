//! Counting every N-queens solution by families: the search visits one representative of each
//! family of solutions that are rotations or reflections of one another, and weights it by the
//! family's size (2, 4 or 8), so it does about an eighth of the plain search's work (Takaken's
//! method). Solutions with a queen in a corner are searched with that queen at the top left
//! (their families always have 8 members); the others with the top row's queen in the left
//! part, pruned so that only the representative's orientation survives, and then compared with
//! their quarter, half and three-quarter turns to learn the family's size.

/// What a count found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FamilyCount {
    /// Every solution.
    pub all: u64,
    /// Families: solutions counted once with their rotations and reflections.
    pub families: u64,
    /// Queens placed during the search (its nodes).
    pub nodes: u64,
}

/// Nodes between two progress reports.
const REPORT_EVERY: i64 = 1 << 20;

/// Smallest board this method handles; smaller ones are counted plainly.
pub const MIN_N: usize = 5;

/// Counts the solutions on an `n`×`n` board (`MIN_N..=31`), sharing the work as `share` of
/// `shares` (0-based: share `i` takes the `i`-th, `(i+shares)`-th, … of the search's
/// independent branches). `progress` hears the nodes so far every 2^20 and may answer `false`
/// to cancel: the search then stops at once and the result is `Err` with the nodes visited.
pub fn count_families(
    n: usize,
    share: usize,
    shares: usize,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<FamilyCount, u64> {
    count(n, share, shares, true, progress)
}

/// [`count_families`], using the processor's bit instructions only if `bit_instructions`
/// (tests compare the two builds of the search).
fn count(
    n: usize,
    share: usize,
    shares: usize,
    bit_instructions: bool,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<FamilyCount, u64> {
    assert!((MIN_N..=31).contains(&n) && share < shares);
    let last = n - 1;
    let mut search = Search {
        board: [0; 32],
        last,
        top_bit: 1 << last,
        mask: (1 << n) - 1,
        side_mask: 0,
        last_mask: 0,
        end_bit: 0,
        bound1: 0,
        bound2: 0,
        count2: 0,
        count4: 0,
        count8: 0,
        to_report: REPORT_EVERY,
        next_report: REPORT_EVERY,
        progress,
        cancelled: false,
        bit_instructions,
    };
    let mut branch = 0;
    let mine = |branch: &mut usize| {
        let take = *branch % shares == share;
        *branch += 1;
        take
    };
    // A queen in the top left corner; the second row's queen in column `bound1`.
    search.board[0] = 1;
    for bound1 in 2..last {
        if mine(&mut branch) {
            search.bound1 = bound1;
            let bit = 1 << bound1;
            search.board[1] = bit;
            search.to_report -= 2;
            search.search::<true>(2, (2 | bit) << 1, 1 | bit, bit >> 1);
        }
    }
    // The top row's queen in column `bound1`, away from the corners.
    search.side_mask = search.top_bit | 1;
    search.last_mask = search.side_mask;
    search.end_bit = search.top_bit >> 1;
    let (mut bound1, mut bound2) = (1, n - 2);
    while bound1 < bound2 {
        if mine(&mut branch) {
            search.bound1 = bound1;
            search.bound2 = bound2;
            let bit = 1 << bound1;
            search.board[0] = bit;
            search.to_report -= 1;
            search.search::<false>(1, bit << 1, bit, bit >> 1);
        }
        search.last_mask |= search.last_mask >> 1 | search.last_mask << 1;
        search.end_bit >>= 1;
        bound1 += 1;
        bound2 -= 1;
    }
    if search.cancelled {
        return Err(search.nodes());
    }
    let (c2, c4, c8) = (search.count2, search.count4, search.count8);
    Ok(FamilyCount { all: 2 * c2 + 4 * c4 + 8 * c8, families: c2 + c4 + c8, nodes: search.nodes() })
}

struct Search<'a> {
    /// The queen of each row, as a one-bit mask of its column.
    board: [u32; 32],
    last: usize,
    top_bit: u32,
    mask: u32,
    /// Columns 0 and n−1: where the first rows may not hold a queen (else a turn would be
    /// the representative).
    side_mask: u32,
    /// Columns the last row may not use.
    last_mask: u32,
    /// The last row's queen for a solution that may equal its half turn.
    end_bit: u32,
    bound1: usize,
    bound2: usize,
    count2: u64,
    count4: u64,
    count8: u64,
    /// Nodes left before `progress` is told next, counted down: the subtraction itself says
    /// when the count is through, where counting up needed a comparison too. The nodes so far
    /// are `next_report - to_report`.
    to_report: i64,
    /// The node count at which `progress` is told next: every 2^20 nodes.
    next_report: i64,
    progress: &'a mut dyn FnMut(u64) -> bool,
    cancelled: bool,
    /// Whether the search may use the processor's bit instructions, where it has them (on
    /// x86-64; elsewhere there is one build).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    bit_instructions: bool,
}

impl Search<'_> {
    /// Counts the `placements` about to be tried below a node (one instruction for a whole
    /// row instead of one per queen); false once the search is cancelled.
    #[inline(always)]
    fn visit(&mut self, placements: u32) -> bool {
        self.to_report -= i64::from(placements);
        self.to_report >= 0 || self.report_progress(placements)
    }

    fn nodes(&self) -> u64 {
        (self.next_report - self.to_report) as u64
    }

    /// Every 2^20 nodes: tells `progress`, which may cancel. After a cancel every node comes
    /// here, and nodes the branches still on the stack would try are not counted: they are not
    /// tried.
    #[cold]
    #[inline(never)]
    fn report_progress(&mut self, placements: u32) -> bool {
        if self.cancelled {
            self.to_report += i64::from(placements);
            return false;
        }
        let nodes = self.nodes() as i64;
        if !(self.progress)(nodes as u64) {
            self.cancelled = true;
            // Far below zero, so that no count comes back up to it.
            self.to_report = i64::MIN / 2;
            self.next_report = nodes + self.to_report;
            return false;
        }
        self.next_report = ((nodes >> 20) + 1) << 20;
        self.to_report = self.next_report - nodes;
        true
    }

    /// Searches the rows from `first` down ([`Self::descend`]), built for the processor's bit
    /// instructions where it has them, as a C compiler's `-march=native` would: `andn`,
    /// `blsi` and `lzcnt` each do in one instruction what baseline x86-64 does in two or three.
    fn search<const CORNER: bool>(&mut self, first: usize, left: u32, down: u32, right: u32) {
        #[cfg(target_arch = "x86_64")]
        if self.bit_instructions
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
        {
            // SAFETY: the processor has the instructions the function is compiled with.
            unsafe { self.descend_with_bmi::<CORNER>(first, left, down, right) };
            return;
        }
        self.descend_baseline::<CORNER>(first, left, down, right);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,lzcnt")]
    fn descend_with_bmi<const CORNER: bool>(&mut self, first: usize, left: u32, down: u32, right: u32) {
        self.descend::<CORNER>(first, left, down, right);
    }

    /// Out of line, as the other: inlined into its caller, the search loop loses registers.
    #[inline(never)]
    fn descend_baseline<const CORNER: bool>(&mut self, first: usize, left: u32, down: u32, right: u32) {
        self.descend::<CORNER>(first, left, down, right);
    }

    /// Searches the rows from `first` down, depth first: a loop over a stack of the rows'
    /// states, where a recursive call per node would save and restore six registers.
    /// `CORNER`: below a top-left corner queen, where every solution found is the
    /// representative of a family of 8. Else below a top queen away from the corners, pruned
    /// to the representative's orientation, each complete board sized by [`Self::family_size`].
    #[inline(always)]
    fn descend<const CORNER: bool>(&mut self, first: usize, left: u32, down: u32, right: u32) {
        let (mask, last) = (self.mask, self.last);
        let mut stack = [[0u32; 4]; 32];
        let (mut row, mut left, mut down, mut right) = (first, left, down, right);
        let mut free = self.allowed::<CORNER>(row, down, mask & !(left | down | right));
        if !self.visit(free.count_ones()) {
            return;
        }
        free = leaving_room(mask, free, left, down, right);
        loop {
            if free == 0 {
                if row == first {
                    return;
                }
                row -= 1;
                [free, left, down, right] = stack[row];
                continue;
            }
            let bit = free & free.wrapping_neg();
            free ^= bit;
            if !CORNER {
                self.board[row] = bit;
            }
            let (left_next, down_next, right_next) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            let next =
                self.allowed::<CORNER>(row + 1, down_next, mask & !(left_next | down_next | right_next));
            if !self.visit(next.count_ones()) {
                return;
            }
            if row + 2 == last {
                self.last_two_rows::<CORNER>(next, left_next, down_next, right_next);
            } else {
                stack[row] = [free, left, down, right];
                row += 1;
                (left, down, right) = (left_next, down_next, right_next);
                free = leaving_room(mask, next, left, down, right);
            }
        }
    }

    /// The columns of `free` that row `row` may take in the representative's orientation.
    #[inline(always)]
    fn allowed<const CORNER: bool>(&self, row: usize, down: u32, free: u32) -> u32 {
        if CORNER {
            // A queen at (row, 1) for row < bound1 would make the transposed board smaller.
            return if row < self.bound1 { free & !2 } else { free };
        }
        if row < self.bound1 {
            free & !self.side_mask
        } else if row == self.bound2 {
            match down & self.side_mask {
                0 => 0,
                both if both == self.side_mask => free,
                _ => free & self.side_mask,
            }
        } else {
            free
        }
    }

    /// The last two rows, given the columns `free` the second-to-last row may take. Two
    /// columns are left, one for each row, so there is nothing to search: the board is
    /// complete with the second-to-last row's queen in either column if the last row may take
    /// the other.
    #[inline(always)]
    fn last_two_rows<const CORNER: bool>(&mut self, free: u32, left: u32, down: u32, right: u32) {
        let open = self.mask & !down;
        let low = open & open.wrapping_neg();
        let high = open ^ low;
        // Where the last row's queen is safe from every row above the second-to-last.
        let mut last_free = !((left << 1) | (right >> 1));
        if !CORNER {
            last_free &= !self.last_mask;
        }
        // In neighbouring columns the two queens would share a diagonal.
        let apart = high != low << 1;
        let low_then_high = apart & (free & low != 0) & (last_free & high != 0);
        let high_then_low = apart & (free & high != 0) & (last_free & low != 0);
        if CORNER {
            self.count8 += u64::from(low_then_high) + u64::from(high_then_low);
            return;
        }
        for (complete, before_last_queen, last_queen) in
            [(low_then_high, low, high), (high_then_low, high, low)]
        {
            if complete {
                self.board[self.last - 1] = before_last_queen;
                self.board[self.last] = last_queen;
                match self.family_size() {
                    2 => self.count2 += 1,
                    4 => self.count4 += 1,
                    8 => self.count8 += 1,
                    _ => {}
                }
            }
        }
    }

    /// The size of the complete board's family (2, 4 or 8), or 0 when a turn of it comes
    /// first in the search's order (that turn is the representative, counted elsewhere).
    /// Kept out of line: complete boards are rare, and inlined it would take registers from
    /// the search loop.
    #[inline(never)]
    fn family_size(&self) -> u8 {
        let (board, last, top) = (&self.board, self.last, self.top_bit);
        // A quarter turn: compare row by row with the board turned 90°.
        if board[self.bound2] == 1 {
            match compare(board, last, |own_row| {
                let target = 2u32 << (own_row - 1);
                let mut bit = 1;
                let mut you = last;
                while board[you] != target && board[own_row] >= bit {
                    bit <<= 1;
                    you = you.wrapping_sub(1);
                }
                bit
            }) {
                Order::Later => return 0,
                Order::Equal => return 2,
                Order::Earlier => {}
            }
        }
        // A half turn.
        if board[last] == self.end_bit {
            match compare(board, last, |own_row| {
                let you = last - own_row;
                let mut bit = 1;
                let mut target = top;
                while target != board[you] && board[own_row] >= bit {
                    target >>= 1;
                    bit <<= 1;
                }
                bit
            }) {
                Order::Later => return 0,
                Order::Equal => return 4,
                Order::Earlier => {}
            }
        }
        // A three-quarter turn.
        if board[self.bound1] == top {
            let order = compare(board, last, |own_row| {
                let target = top >> own_row;
                let mut bit = 1;
                let mut you = 0;
                while board[you] != target && board[own_row] >= bit {
                    bit <<= 1;
                    you += 1;
                }
                bit
            });
            if order == Order::Later {
                return 0;
            }
        }
        8
    }
}

/// The columns of `free` where a queen leaves the next row a free column (the others are
/// dead ends, dropped here at once rather than tried one by one). The next row's columns
/// safe from the rows above are `room`; a queen takes those within one column of its own, so
/// it leaves none only when all of `room` lies within one column of it: between the lowest
/// and the highest of `room`, at most two apart.
#[inline(always)]
fn leaving_room(mask: u32, free: u32, left: u32, down: u32, right: u32) -> u32 {
    let room = mask & !((left << 1) | down | (right >> 1));
    let near = |column: u32| column | column << 1 | column >> 1;
    let lowest = room & room.wrapping_neg();
    let highest = (1u64 << 31 >> room.leading_zeros()) as u32;
    let dead_ends = if room == 0 { u32::MAX } else { near(lowest) & near(highest) };
    free & !dead_ends
}

#[derive(PartialEq)]
enum Order {
    /// The board comes before its image: keep looking.
    Earlier,
    Equal,
    /// The image comes first: the board is not its family's representative.
    Later,
}

/// Compares rows 1..=last of `board` with an image whose row `r` is `image_row(r)`.
fn compare(board: &[u32; 32], last: usize, image_row: impl Fn(usize) -> u32) -> Order {
    for (row, &queen) in board.iter().enumerate().take(last + 1).skip(1) {
        let image = image_row(row);
        if queen > image {
            return Order::Later;
        }
        if queen < image {
            return Order::Earlier;
        }
    }
    Order::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A000170 (all solutions) and A002562 (families), from n = 5.
    const ALL: [u64; 12] = [10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512];
    const FAMILIES: [u64; 12] = [2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955];

    #[test]
    fn counts_match_the_known_sequences() {
        for (i, (&all, &families)) in ALL.iter().zip(&FAMILIES).enumerate() {
            let n = MIN_N + i;
            let count = count_families(n, 0, 1, &mut |_| true).unwrap();
            assert_eq!((count.all, count.families), (all, families), "n = {n}");
        }
    }

    /// The baseline build against the known counts, on any processor (on one without the bit
    /// instructions, `counts_match_the_known_sequences` runs this build too; on one with them,
    /// it runs the other, so each build meets the known counts where it can run).
    #[test]
    fn the_baseline_build_counts_the_known_sequences() {
        for (i, (&all, &families)) in ALL.iter().zip(&FAMILIES).enumerate().take(13 - MIN_N + 1) {
            let n = MIN_N + i;
            let baseline = count(n, 0, 1, false, &mut |_| true).unwrap();
            assert_eq!((baseline.all, baseline.families), (all, families), "n = {n}");
        }
    }

    #[test]
    fn dead_ends_are_the_queens_that_leave_the_next_row_no_column() {
        let n = 8;
        let mask = (1u32 << n) - 1;
        let mut draws = crate::core::seed::SeededRng::new(7);
        for _ in 0..20_000 {
            let [left, down, right] = [0; 3].map(|_| (draws.next_u64() & draws.next_u64()) as u32 & mask);
            let free = mask & !(left | down | right);
            let by_trying = (0..n)
                .map(|column| 1u32 << column)
                .filter(|&bit| free & bit != 0)
                .filter(|&bit| mask & !(((left | bit) << 1) | down | bit | ((right | bit) >> 1)) != 0)
                .fold(0, |kept, bit| kept | bit);
            assert_eq!(leaving_room(mask, free, left, down, right), by_trying);
        }
    }

    #[test]
    fn shares_add_up_to_the_whole() {
        for shares in [2, 3, 5] {
            let parts: Vec<FamilyCount> =
                (0..shares).map(|s| count_families(13, s, shares, &mut |_| true).unwrap()).collect();
            assert_eq!(parts.iter().map(|c| c.all).sum::<u64>(), 73_712, "{shares} shares");
            assert_eq!(parts.iter().map(|c| c.families).sum::<u64>(), 9_233, "{shares} shares");
        }
    }

    #[test]
    fn a_cancelled_count_stops_at_once() {
        let mut calls = 0;
        let stopped = count_families(16, 0, 1, &mut |_| {
            calls += 1;
            calls < 3
        });
        assert_eq!(calls, 3);
        // Counted a row at a time: the count may pass the third report's mark by one row.
        let nodes = stopped.unwrap_err();
        assert!((3 << 20..(3 << 20) + 64).contains(&nodes), "{nodes} nodes");
    }
}
