//! Reusable pieces of puzzle pages.

pub mod choice;
pub mod messages;
pub mod playback_controls;
pub mod seed_field;
pub mod towers;
