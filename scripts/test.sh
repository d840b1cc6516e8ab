#!/usr/bin/env bash
# README command 2: builds (incrementally) and runs every test: lit (FileCheck + execution) and ctest.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh" || exit 1
LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT

echo "== lit =="
/usr/lib/llvm-22/bin/lit -sv --time-tests "$BUILD/test" 2>&1 | tee "$LOGS/lit.log"
lit_status=${PIPESTATUS[0]}
echo "== ctest =="
# Two tests at a time on 2 cores (TILEC_CTEST_JOBS, default nproc): most are one pytest process
# compiling kernels one after another; the longest start first (their COST properties).
(cd "$BUILD" && ctest --output-on-failure -j"${TILEC_CTEST_JOBS:-$(nproc)}" -E '^lit$') 2>&1 | tee "$LOGS/ctest.log"
ctest_status=${PIPESTATUS[0]}

# One closing line over both runners: lit's "Passed/Failed: N" and ctest's "... failed out of N".
source "$ROOT/scripts/test-counts.sh"
test_counts "$LOGS/lit.log" "$LOGS/ctest.log"
echo "tests: $tests_passed passed, $tests_failed failed"
if [ "$lit_status" -ne 0 ] || [ "$ctest_status" -ne 0 ] || [ "$tests_failed" -ne 0 ] || [ "$tests_passed" -eq 0 ]; then
  exit 1
fi
