#!/usr/bin/env bash
# Installs the build tools if missing, then serves Puzzle Lab on http://127.0.0.1:8080
# (an optimised build, so solvers run at full speed; rebuilt on every source change).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
ensure_build_tools
exec trunk serve --release
