//! Pure-Rust core: no browser dependency, tested natively.

pub mod axis;
#[cfg(all(target_arch = "wasm32", feature = "simd"))]
mod chacha_simd;
pub mod choice;
pub mod classic;
pub mod colour;
pub mod constraint;
pub mod embed;
pub mod evolve;
pub mod format;
pub mod history;
pub mod job;
pub mod keys;
pub mod lesson;
pub mod link;
pub mod places;
pub mod playback;
pub mod python_random;
pub mod qr;
pub mod race;
pub mod replay;
pub mod search;
pub mod seed;
pub mod solution;
pub mod trace;
