//! One page per puzzle, plus the landing page.

pub mod hanoi;
pub mod home;
pub mod phrase;
pub mod queens;
pub mod sliding;
pub mod tiles264;
