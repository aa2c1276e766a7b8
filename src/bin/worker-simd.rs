//! The solver worker built with WebAssembly SIMD instructions (Trunk builds it with feature
//! `simd`; static/solver_worker.js loads it where the browser validates SIMD).

include!("worker.rs");
