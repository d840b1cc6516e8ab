#!/usr/bin/env bash
# README command 2: builds (incrementally) and runs every test: lit (FileCheck + execution) and ctest.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh" || exit 1
status=0
echo "== lit =="
/usr/lib/llvm-22/bin/lit -sv --time-tests "$BUILD/test" || status=1
echo "== ctest =="
(cd "$BUILD" && ctest --output-on-failure -E '^lit$') || status=1
exit $status
