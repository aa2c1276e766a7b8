#!/usr/bin/env bash
# Installs what Puzzle Lab needs, skipping whatever is already there. Sourced by serve.sh and
# test.sh; versions follow ../shared/TOOLCHAIN.md (Trunk 0.21.14: 0.22 needs a newer rustc;
# the wasm-bindgen CLI must equal the wasm-bindgen crate in Cargo.lock or Trunk goes online).

TRUNK_VERSION="0.21.14"
# wasm-opt comes from npm's binaryen (scripts/package.json): Debian's is too old.
export PATH="$PWD/scripts/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

ensure_build_tools() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
  fi
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    echo "== installing trunk $TRUNK_VERSION (takes ~11 minutes once)"
    cargo install --locked "trunk@$TRUNK_VERSION"
  fi
  local bindgen
  bindgen="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen" ]; then
    echo "== installing wasm-bindgen-cli $bindgen (takes ~5 minutes once)"
    # Not --locked: the registry mirror lacks one of its locked dependencies.
    cargo install wasm-bindgen-cli --version "$bindgen"
  fi
  if ! PYTHONPATH=scripts/python python3 -c "import markdown" 2>/dev/null; then
    echo "== installing Python's markdown package (the teacher's guide as a page of the release)"
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check \
      --target scripts/python -r scripts/requirements.txt
  fi
  if ! (cd scripts && npm ls binaryen >/dev/null 2>&1); then
    echo "== installing wasm-opt (npm package binaryen)"
    (cd scripts && npm ci --no-audit --no-fund)
  fi
}

ensure_test_tools() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    echo "== installing chromium and chromedriver"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi
  if ! (cd tests/e2e && npm ls playwright-core axe-core jsqr pngjs >/dev/null 2>&1); then
    echo "== installing the e2e packages: playwright-core, axe-core, jsqr, pngjs (no browser download: Debian's chromium is used)"
    (cd tests/e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
  fi
}

# The release build. When Trunk fails it names only its own step ("bad status returned from
# cargo artifacts request"): the compiler's message is then shown by building the app and its
# workers with cargo alone.
release_build() {
  trunk build --release "$@" && return 0
  echo "== the build failed; the compiler's messages:" >&2
  cargo build --target wasm32-unknown-unknown --bin app --bin worker --bin lessons >&2
  return 1
}
