//! An animated GIF of a solution, for slides and handouts (the notebook in seed 003 saves its
//! shuffles and solutions as GIFs). Drawn with a palette of five colours and a 3×5 pixel font,
//! so no image library or font file is needed.

use super::domain::{Board, Dir};
use super::params::SlidingParams;
use crate::core::link::{describe_errors, Link, LinkParams};
use crate::core::solution::Solution;

/// Longer solutions make unwieldy files.
pub const MAX_GIF_MOVES: usize = 2_000;

const CELL: usize = 72;
const GAP: usize = 3;
const MARGIN: usize = 8;
/// Size of one pixel of the digit font.
const DOT: usize = 6;
const MOVE_DELAY_CS: u16 = 35;
const HOLD_DELAY_CS: u16 = 150;

const FRAME: u8 = 0;
const TILE: u8 = 1;
const HOME: u8 = 2;
const INK: u8 = 3;
const PALETTE: [u8; 12] = [0x5b, 0x46, 0x36, 0xf4, 0xe1, 0xc1, 0x9f, 0xd8, 0xa8, 0x11, 0x11, 0x11];

/// Digits 0–9, five rows of three pixels (bit 2 = left).
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 7, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 1, 1],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

/// The GIF of the solution `moves` played from the position of `link` (its start and the
/// moves played by hand), and a file name for it: `sliding-3x3-31-moves.gif`.
pub fn link_gif(link: &Link, moves: &[String]) -> Result<(String, Vec<u8>), String> {
    let (params, errors) = SlidingParams::from_link(link);
    if !errors.is_empty() {
        return Err(describe_errors(&errors));
    }
    let moves = moves.iter().map(|m| Dir::parse(m)).collect::<Result<Vec<_>, _>>()?;
    let solution = Solution::replay(params.current(), moves, |board, &dir| board.apply(dir))
        .map_err(|e| format!("move {}: {}", e.index + 1, e.error))?;
    let name = format!("sliding-{0}x{0}-{1}-moves.gif", params.size(), solution.len());
    Ok((name, solution_gif(&solution)?))
}

/// The GIF bytes of `solution`: its start, one frame per move, the end held a little longer.
pub fn solution_gif(solution: &Solution<Board, Dir>) -> Result<Vec<u8>, String> {
    if solution.len() > MAX_GIF_MOVES {
        return Err(format!("solutions longer than {MAX_GIF_MOVES} moves are not exported as GIFs"));
    }
    let n = solution.start.n();
    let side = 2 * MARGIN + n * CELL;
    let mut bytes = Vec::new();
    {
        let mut encoder =
            gif::Encoder::new(&mut bytes, side as u16, side as u16, &PALETTE).map_err(|e| e.to_string())?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(|e| e.to_string())?;
        let boards = std::iter::once(&solution.start).chain(solution.steps.iter().map(|s| &s.state));
        for (i, board) in boards.enumerate() {
            let hold = i == 0 || i == solution.len();
            let frame = gif::Frame {
                width: side as u16,
                height: side as u16,
                delay: if hold { HOLD_DELAY_CS } else { MOVE_DELAY_CS },
                buffer: draw(board, side).into(),
                ..gif::Frame::default()
            };
            encoder.write_frame(&frame).map_err(|e| e.to_string())?;
        }
    }
    Ok(bytes)
}

/// One frame: palette indices, row by row.
fn draw(board: &Board, side: usize) -> Vec<u8> {
    let n = board.n();
    let mut pixels = vec![FRAME; side * side];
    for (cell, &tile) in board.tiles().iter().enumerate().filter(|(_, &t)| t != 0) {
        let (x0, y0) = (MARGIN + (cell % n) * CELL + GAP, MARGIN + (cell / n) * CELL + GAP);
        let colour = if usize::from(tile) == cell + 1 { HOME } else { TILE };
        for y in y0..y0 + CELL - 2 * GAP {
            pixels[y * side + x0..y * side + x0 + CELL - 2 * GAP].fill(colour);
        }
        let digits: Vec<usize> = tile.to_string().bytes().map(|b| usize::from(b - b'0')).collect();
        let text_width = digits.len() * 4 * DOT - DOT;
        let (mut x, y) = (x0 + (CELL - 2 * GAP - text_width) / 2, y0 + (CELL - 2 * GAP - 5 * DOT) / 2);
        for digit in digits {
            for (row, bits) in DIGITS[digit].iter().enumerate() {
                for col in 0..3 {
                    if bits & (4 >> col) != 0 {
                        for dy in 0..DOT {
                            let start = (y + row * DOT + dy) * side + x + col * DOT;
                            pixels[start..start + DOT].fill(INK);
                        }
                    }
                }
            }
            x += 4 * DOT;
        }
    }
    pixels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_frame_per_position_with_the_boards_drawn() {
        let start = Board::parse(3, "1,2,3,4,5,6,0,7,8").unwrap();
        let solution = Solution::replay(start, [Dir::Right, Dir::Right], |b, d| b.apply(*d)).unwrap();
        let bytes = solution_gif(&solution).unwrap();
        assert!(bytes.starts_with(b"GIF89a"));
        let mut decoder = gif::DecodeOptions::new();
        decoder.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = decoder.read_info(bytes.as_slice()).unwrap();
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            frames.push((frame.delay, frame.buffer.to_vec()));
        }
        assert_eq!(frames.len(), 3);
        assert_eq!((frames[0].0, frames[1].0, frames[2].0), (HOLD_DELAY_CS, MOVE_DELAY_CS, HOLD_DELAY_CS));
        let side = 2 * MARGIN + 3 * CELL;
        assert_eq!(frames[2].1, draw(&Board::goal(3), side));
        // In the solved frame every tile is in place: no plain tile colour is left.
        assert!(!frames[2].1.contains(&TILE));
        assert!(frames[0].1.contains(&TILE) && frames[0].1.contains(&INK));
    }

    #[test]
    fn very_long_solutions_are_refused() {
        let start = Board::goal(2);
        let moves = (0..MAX_GIF_MOVES + 1).map(|i| if i % 2 == 0 { Dir::Up } else { Dir::Down });
        let solution = Solution::replay(start, moves, |b, d| b.apply(*d)).unwrap();
        assert!(solution_gif(&solution).unwrap_err().contains("not exported"));
    }
}
