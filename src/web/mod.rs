//! Browser layer (wasm32 only).
