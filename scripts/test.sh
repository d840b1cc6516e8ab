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
(cd "$BUILD" && ctest --output-on-failure -E '^lit$') 2>&1 | tee "$LOGS/ctest.log"
ctest_status=${PIPESTATUS[0]}

# One closing line over both runners: lit's "Passed/Failed: N" and ctest's "... failed out of N".
count() { # lit's count for status $1, 0 when absent
  local n
  n=$(grep -E "^\s*$1\s*:" "$LOGS/lit.log" | grep -oE '[0-9]+' | head -1)
  echo "${n:-0}"
}
lit_passed=$(count Passed)
lit_failed=$(( $(count Failed) + $(count Unresolved) + $(count "Timed Out") ))
ctest_total=$(grep -oE 'failed out of [0-9]+' "$LOGS/ctest.log" | grep -oE '[0-9]+$' || echo 0)
ctest_failed=$(grep -oE '[0-9]+ tests failed' "$LOGS/ctest.log" | grep -oE '^[0-9]+' || echo 0)
passed=$(( $lit_passed + ${ctest_total:-0} - ${ctest_failed:-0} ))
failed=$(( lit_failed + ${ctest_failed:-0} ))
echo "lit: $lit_passed passed, ${lit_failed} failed; ctest: $(( ${ctest_total:-0} - ${ctest_failed:-0} )) passed, ${ctest_failed:-0} failed"
echo "tests: $passed passed, $failed failed"
if [ "$lit_status" -ne 0 ] || [ "$ctest_status" -ne 0 ] || [ "$failed" -ne 0 ] || [ "$passed" -eq 0 ]; then
  exit 1
fi
