#!/bin/sh
# Builds one app bundle per page into Trunk's staging folder (scripts/release.sh runs it on a
# release build): the landing page's, with no puzzle's page, and each puzzle's, with its page
# alone (src/bin/page.rs). A first visit downloads only the bundle of the page it opens;
# static/app_start.js picks it from the address. Prints each bundle's entry of the loader's
# list: `"name": ["script", "wasm"], ` (the landing page's name is "").
set -eu
source_dir=${TRUNK_SOURCE_DIR:?run by scripts/release.sh}
staging=${TRUNK_STAGING_DIR:?run by scripts/release.sh}
cd "$source_dir"
wasm=target/wasm32-unknown-unknown/web/page.wasm
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The puzzles' link names, from the registry (the command line's `list`).
pages=$(cargo run --locked --quiet --profile test --bin puzzlelab -- list |
  sed -n 's/.*"puzzle":"\([^"]*\)".*/\1/p')
[ -n "$pages" ] || { echo "page_bundles.sh: the registry lists no puzzle" >&2; exit 1; }

# Optimises and names one bundle by its content while the next one compiles (two cores).
finish() {
  page=$1 dir=$2
  wasm-opt -Oz "$dir/page_bg.wasm" -o "$dir/page_bg.wasm"
  hash=$(cat "$dir/page.js" "$dir/page_bg.wasm" | sha256sum | cut -c1-16)
  name="page-${page:-home}-$hash"
  mv "$dir/page.js" "$staging/$name.js"
  mv "$dir/page_bg.wasm" "$staging/${name}_bg.wasm"
  echo "\"$page\": [\"$name.js\", \"${name}_bg.wasm\"], " > "$dir/entry"
}

optimising=""
for page in "" $pages; do
  PUZZLELAB_PAGE=$page cargo build --locked --quiet --profile web --target wasm32-unknown-unknown --bin page
  dir="$work/${page:-home}"
  wasm-bindgen --target web --no-typescript --out-dir "$dir" --out-name page "$wasm"
  [ -z "$optimising" ] || wait "$optimising"
  finish "$page" "$dir" &
  optimising=$!
done
wait "$optimising"
for page in "" $pages; do cat "$work/${page:-home}/entry"; done
