#!/usr/bin/env bash
# The quick loop for a page's and its solvers' code (docs/architecture.md, "Adding a puzzle"):
# rebuilds the app and the solver worker alone, unoptimised (seconds, where a release build of
# the app and its workers takes minutes), beside the last release build's style sheet, and
# serves them on http://127.0.0.1:8081 (or the port given: `scripts/quick.sh 8090`) until
# stopped. Run it again after each change, then reload the page. The debug worker solves
# slower than the release's: time solvers with `puzzlelab bench`, not here.
# Needs dist/ from one `./scripts/serve.sh` or `trunk build --release` (the style's and the
# lessons' changes need that build again).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
ensure_build_tools
[ -f dist/index.html ] || { echo "quick.sh: build dist/ once first: trunk build --release" >&2; exit 1; }
port=${1:-8081}
cargo build --target wasm32-unknown-unknown --bin app --bin worker
out=target/quick
rm -rf "$out"
cp -r dist "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name app-quick \
  target/wasm32-unknown-unknown/debug/app.wasm
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" --out-name worker-quick \
  target/wasm32-unknown-unknown/debug/worker.wasm
# The solver's loader takes the debug worker, with and without SIMD, and no page's own worker.
loader="$out/$(sed -n -E 's#.*<meta content=([^ >]+) name=puzzlelab-worker>.*#\1#p; s#.*<meta name="puzzlelab-worker" content="([^"]+)".*#\1#p' "$out/index.html" | head -1)"
[ -f "$loader" ] || { echo "quick.sh: index.html names no solver loader" >&2; exit 1; }
quick_worker='["worker-quick.js", "worker-quick_bg.wasm", 0]'
sed -i -e "s#^const BUILDS = .*#const BUILDS = { \"worker-simd\": $quick_worker, \"worker\": $quick_worker };#" \
  -e 's#^const PAGE_BUILDS = .*#const PAGE_BUILDS = {};#' "$loader"
grep -q '^const PAGE_BUILDS = {};' "$loader" || { echo "quick.sh: $loader has no PAGE_BUILDS line" >&2; exit 1; }
# Every page loads the debug app (the one with every page) instead of the release's bundles
# (their integrity hashes no longer apply), and no service worker is registered, which would
# keep serving the release's files.
sed -i -E -e 's#/app-[0-9a-f]+\.js#/app-quick.js#g' -e 's#/app-[0-9a-f]+_bg\.wasm#/app-quick_bg.wasm#g' \
  -e 's# integrity=("[^"]*"|[^ >]*)##g' "$out/index.html"
sed -i -e 's#^const PAGES = .*#const PAGES = {};#' "$out/index.html"
python3 scripts/inline_starter.py "$out/index.html"
rm "$out/sw.js"
echo "quick.sh: serving $out on http://127.0.0.1:$port (Ctrl-C to stop)"
exec node tests/e2e/serve-folder.mjs "$out" "$port"
