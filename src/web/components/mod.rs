//! Reusable pieces of puzzle pages.

pub mod chart;
pub mod chessboard;
pub mod choice;
pub mod compare_table;
pub mod field;
pub mod histogram;
pub mod listing;
pub mod messages;
pub mod places;
pub mod playback_controls;
pub mod search_progress;
pub mod seed_field;
pub mod solve_bar;
pub mod square;
pub mod sudoku_grid;
pub mod tally;
pub mod tiles;
pub mod towers;
