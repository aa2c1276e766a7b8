#!/usr/bin/env bash
# Installs what the tests need if missing, then runs every test: native unit and CLI tests,
# browser tests (wasm-bindgen-test in headless Chromium) and end-to-end checks (Playwright)
# against the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
# Each stage says when it starts, so a slow one shows in the log.
stage() { echo "== $1 (at $((SECONDS - started)) s)"; }
source scripts/setup.sh
ensure_build_tools
ensure_test_tools

stage "native tests (core, puzzles, CLI)"
cargo test --locked

stage "release build"
release_build

stage "debug build of the worker, where a link can ask for a real panic (crash test)"
cargo build --locked --profile test --target wasm32-unknown-unknown --bin worker-simd --features simd
wasm-bindgen --target no-modules --no-typescript --out-dir target/crash-worker \
  target/wasm32-unknown-unknown/debug/worker-simd.wasm
cp static/solver_worker.js target/crash-worker/

stage "browser tests (wasm-bindgen-test, headless Chromium)"
# The runner allows 20 s for the whole suite by default; it takes about 25 s here.
export WASM_BINDGEN_TEST_TIMEOUT=180
# Compiled with the SIMD build's code (the crash worker shares it); the plain build's worker is
# checked against the SIMD one end to end.
cargo test --locked --target wasm32-unknown-unknown --features simd --test browser

stage "end-to-end tests (Playwright on the release build)"
(cd tests/e2e && npm test)
echo "== every test passed (in $((SECONDS - started)) s)"
