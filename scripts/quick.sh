#!/usr/bin/env bash
# The quick loop for a page's code (docs/architecture.md, "Adding a puzzle"): rebuilds the app
# alone, unoptimised (seconds, where a release build of the app and its three workers takes
# minutes), beside the last release build's workers and style sheet, and serves it on
# http://127.0.0.1:8081 until stopped. Run it again after each change, then reload the page.
# Needs dist/ from one `./scripts/serve.sh` or `trunk build --release` (the workers', the
# style's and the lessons' changes need that build again).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
ensure_build_tools
[ -f dist/index.html ] || { echo "quick.sh: build dist/ once first: trunk build --release" >&2; exit 1; }
cargo build --target wasm32-unknown-unknown --bin app
out=target/quick
rm -rf "$out"
cp -r dist "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name app-quick \
  target/wasm32-unknown-unknown/debug/app.wasm
# Every page loads the debug app (the one with every page) instead of the release's bundles
# (their integrity hashes no longer apply), and no service worker is registered, which would
# keep serving the release's files.
sed -i -E -e 's#/app-[0-9a-f]+\.js#/app-quick.js#g' -e 's#/app-[0-9a-f]+_bg\.wasm#/app-quick_bg.wasm#g' \
  -e 's# integrity=("[^"]*"|[^ >]*)##g' "$out/index.html"
sed -i -e 's#^const PAGES = .*#const PAGES = {};#' "$out/index.html"
python3 scripts/inline_starter.py "$out/index.html"
rm "$out/sw.js"
echo "quick.sh: serving $out on http://127.0.0.1:8081 (Ctrl-C to stop)"
exec node tests/e2e/serve-folder.mjs "$out" 8081
