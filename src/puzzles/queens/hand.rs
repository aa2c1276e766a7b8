//! Queens placed by hand (`placed=`): which attack each other, and whether they solve the
//! board. The page's status line and the command line's answer both read these rules.

/// Whether two queens, as [row, col], share a row, a column or a diagonal.
fn attack([r1, c1]: [u32; 2], [r2, c2]: [u32; 2]) -> bool {
    r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2)
}

/// Whether a queen on (row, col) would be attacked by one of `queens` (itself aside).
pub fn attacked(queens: &[[u32; 2]], row: u32, col: u32) -> bool {
    queens.iter().any(|&queen| queen != [row, col] && attack(queen, [row, col]))
}

/// Pairs of `queens` on one row, column or diagonal.
pub fn attacking_pairs(queens: &[[u32; 2]]) -> usize {
    queens.iter().enumerate().map(|(i, &a)| queens[i + 1..].iter().filter(|&&b| attack(a, b)).count()).sum()
}

/// Whether the queens placed solve an n × n board: n of them, none attacking another.
pub fn solves(queens: &[[u32; 2]], n: usize) -> bool {
    queens.len() == n && attacking_pairs(queens) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_on_a_line_are_counted_once_each() {
        // Row 0 holds two queens, and (0,0) and (2,2) share a diagonal.
        let queens = [[0, 0], [0, 3], [2, 2]];
        assert_eq!(attacking_pairs(&queens), 2);
        assert!(attacked(&queens, 1, 1), "on the diagonal of (0,0) and (2,2)");
        assert!(!attacked(&[[0, 0]], 0, 0), "a queen does not attack itself");
        assert!(!attacked(&queens, 3, 4));
    }

    #[test]
    fn a_solution_of_four_queens_solves_and_three_of_them_do_not() {
        let solution = [[0, 1], [1, 3], [2, 0], [3, 2]];
        assert!(solves(&solution, 4));
        assert!(!solves(&solution[..3], 4), "three of four queens");
        assert!(!solves(&[[0, 0], [1, 2], [2, 1], [3, 3]], 4), "attacking");
    }
}
