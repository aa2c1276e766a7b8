#!/usr/bin/env bash
# Installs the build tools if missing, then serves Puzzle Lab on http://127.0.0.1:8080
# (an optimised build, so solvers run at full speed; rebuilt on every source change). It serves
# the app and the worker with every page for every page: a rebuild skips the pages' own
# bundles (minutes more, scripts/page_bundles.sh), which only a first visit over a slow network
# needs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
ensure_build_tools
export PUZZLELAB_NO_PAGE_BUNDLES=1
exec trunk serve --release
