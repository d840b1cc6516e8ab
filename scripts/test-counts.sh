# Sourced by scripts/test.sh and scripts/sanitize.sh: pass/fail counts from lit's and ctest's logs.
#
#   test_counts LIT_LOG CTEST_LOG   # prints "lit: N passed, N failed; ctest: N passed, N failed"
#                                   # and sets tests_passed and tests_failed (both runners together)

# lit's count for status $2 in log $1 ("Passed: N", "Failed: N", ...), 0 when absent.
lit_count() {
  local n
  n=$(grep -E "^\s*$2\s*:" "$1" | grep -oE '[0-9]+' | head -1)
  echo "${n:-0}"
}

test_counts() {
  local lit_log=$1 ctest_log=$2 lit_passed lit_failed ctest_total ctest_failed
  lit_passed=$(lit_count "$lit_log" Passed)
  lit_failed=$(( $(lit_count "$lit_log" Failed) + $(lit_count "$lit_log" Unresolved) +
                 $(lit_count "$lit_log" "Timed Out") ))
  ctest_total=$(grep -oE 'failed out of [0-9]+' "$ctest_log" | grep -oE '[0-9]+$' || echo 0)
  ctest_failed=$(grep -oE '[0-9]+ tests failed' "$ctest_log" | grep -oE '^[0-9]+' || echo 0)
  tests_passed=$(( lit_passed + ${ctest_total:-0} - ${ctest_failed:-0} ))
  tests_failed=$(( lit_failed + ${ctest_failed:-0} ))
  echo "lit: $lit_passed passed, $lit_failed failed; ctest: $(( ${ctest_total:-0} - ${ctest_failed:-0} )) passed, ${ctest_failed:-0} failed"
}
