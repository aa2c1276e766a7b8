#!/bin/sh
# Builds each page's own files into Trunk's staging folder (scripts/release.sh runs it on a
# release build): the landing page's app bundle, with no puzzle's page, and for each puzzle an
# app bundle with its page alone (src/bin/page.rs) and a solver worker with its solvers alone
# (src/bin/worker-page.rs, WebAssembly SIMD). A first visit downloads only the page it opens;
# static/app_start.js and static/solver_worker.js pick them. Prints the loaders' lists, a line
# each: `app "name": ["script", "wasm"], ` (the landing page's name is "") and
# `worker "name": ["script", "wasm", bytes], `.
set -eu
source_dir=${TRUNK_SOURCE_DIR:?run by scripts/release.sh}
staging=${TRUNK_STAGING_DIR:?run by scripts/release.sh}
cd "$source_dir"
target=target/wasm32-unknown-unknown
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tools scripts/setup.sh installs, not whatever else is on the PATH: the wasm-bindgen CLI
# of the crate's version in Cargo.lock, and npm's wasm-opt.
bindgen_wanted=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ "$(wasm-bindgen --version)" = "wasm-bindgen $bindgen_wanted" ] ||
  { echo "page_bundles.sh: wasm-bindgen $bindgen_wanted is needed (Cargo.lock), found: $(wasm-bindgen --version)" >&2; exit 1; }
wasm_opt="$source_dir/scripts/node_modules/.bin/wasm-opt"
[ -x "$wasm_opt" ] || { echo "page_bundles.sh: $wasm_opt is missing: run ensure_build_tools (scripts/setup.sh)" >&2; exit 1; }

# The puzzles' link names, from the registry (the command line's `list`, one JSON object a line).
pages=$(cargo run --locked --quiet --profile test --bin puzzlelab -- list |
  python3 -c 'import json, sys; print("\n".join(json.loads(line)["puzzle"] for line in sys.stdin if line.strip()))')
[ -n "$pages" ] || { echo "page_bundles.sh: the registry lists no puzzle" >&2; exit 1; }

# Optimises one build (app or worker) of a page and names it by its content, while the next
# one compiles (two cores).
finish() {
  kind=$1 page=$2 dir=$3 level=$4
  "$wasm_opt" "-O$level" "$dir/out_bg.wasm" -o "$dir/out_bg.wasm"
  hash=$(cat "$dir/out.js" "$dir/out_bg.wasm" | sha256sum | cut -c1-16)
  case $kind in
    app) name="page-${page:-home}-$hash" ;;
    worker) name="worker-page-$page-$hash" ;;
  esac
  size=$(wc -c < "$dir/out_bg.wasm")
  mv "$dir/out.js" "$staging/$name.js"
  mv "$dir/out_bg.wasm" "$staging/${name}_bg.wasm"
  case $kind in
    app) echo "app \"$page\": [\"$name.js\", \"${name}_bg.wasm\"], " > "$dir/entry" ;;
    worker) echo "worker \"$page\": [\"$name.js\", \"${name}_bg.wasm\", $size], " > "$dir/entry" ;;
  esac
}

optimising=""
# Builds one of a page's files: its kind (app or worker), the page, cargo's profile and binary,
# wasm-bindgen's target, wasm-opt's level, then cargo's other options.
build() {
  kind=$1 page=$2 profile=$3 bin=$4 bindgen=$5 level=$6
  shift 6
  PUZZLELAB_PAGE=$page cargo build --locked --quiet --profile "$profile" --target wasm32-unknown-unknown --bin "$bin" "$@"
  dir="$work/$kind-${page:-home}"
  wasm-bindgen --target "$bindgen" --no-typescript --out-dir "$dir" --out-name out "$target/$profile/$bin.wasm"
  [ -z "$optimising" ] || wait "$optimising"
  finish "$kind" "$page" "$dir" "$level" &
  optimising=$!
}

for page in "" $pages; do
  build app "$page" web page web z
done
for page in $pages; do
  build worker "$page" worker worker-page no-modules s --features simd,one-puzzle
done
wait "$optimising"
for page in "" $pages; do cat "$work/app-${page:-home}/entry"; done
for page in $pages; do cat "$work/worker-$page/entry"; done
