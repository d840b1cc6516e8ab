#!/usr/bin/env bash
# README command 1: installs the dependencies, builds tilec, and runs the examples on the best device present.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/install-deps.sh"
"$ROOT/scripts/build.sh"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
# Makes `import tilec` work in this python3 (a .pth file pointing at the build).
"${PYTHON:-python3}" "$ROOT/python/install_dev.py" "$BUILD"
"$BUILD/bin/tilec" devices
TILEC="$BUILD/bin/tilec" "${PYTHON:-python3}" "$ROOT/examples/run_all.py"
