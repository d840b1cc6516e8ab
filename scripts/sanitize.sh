#!/usr/bin/env bash
# Builds tilec with AddressSanitizer + UndefinedBehaviorSanitizer (-DTILEC_SANITIZE=ON) into
# ${TILEC_SANITIZE_BUILD_DIR:-build-sanitize} and runs the tests that exercise the compiler and
# the runtime without the slow conformance part: lit's frontend, dialect, transform, conversion
# and CLI tests (test/Frontend/Malformed included), and the runtime's C++ ctests.
#
# Only what those tests run is built (tilec, tilec-opt, tilec-runner, the runtime's tests), at
# -O0: instrumented code at -O3 takes about 2.7x as long to compile (TileOps.cpp: 102 s against
# 38 s on 2 cores), and the sanitizers find the same faults at -O0.
#
#   scripts/sanitize.sh [LIT_FILTER_REGEX]     # default: the directories above
#
# Any sanitizer report fails the test that triggered it (UBSan does not recover; ASan reports
# leaks too). JIT-compiled kernels and LLVM/MLIR themselves are not instrumented. Takes as long
# as a clean build (ccache does not share objects with the normal build); TILEC_JOBS (default:
# nproc) caps ninja. Ends with lit's and ctest's pass/fail counts and "sanitize: clean" (exit 0)
# or "sanitize: FAILED" (exit 1).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_SANITIZE_BUILD_DIR:-$ROOT/build-sanitize}"
cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_FLAGS_RELEASE="-O0 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O0 -DNDEBUG" \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld \
  -DTILEC_SANITIZE=ON -DPython3_EXECUTABLE="$(command -v "${PYTHON:-python3}")" >/dev/null || exit 1
start=$(date +%s)
ninja -C "$BUILD" -j"${TILEC_JOBS:-$(nproc)}" tilec tilec-opt tilec-runner tilec_runtime_tests || exit 1
echo "sanitize: build done in $(( $(date +%s) - start )) s"
# abort_on_error: a report ends the process with SIGABRT, not exit status 1, so the tests that
# expect an error (`not tilec ...`) fail on it too instead of taking it for the expected error.
# allow_user_poisoning=0: LLVM's BumpPtrAllocator (llvm/Support/Allocator.h) poisons its free
# slab space only where LLVM_ADDRESS_SANITIZER_BUILD, i.e. in our instrumented translation units.
# lld (Debian's liblld, not instrumented) shares those inline template instances, so our copy
# poisons memory that lld's copy then uses: a false use-after-poison in lld::elf::LinkerDriver
# whenever tilec links a shared object. Heap, stack and global checks are unaffected.
if [ -z "${ASAN_OPTIONS:-}" ]; then
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1:allow_user_poisoning=0"
  # LeakSanitizer stops the process with a fatal error where it cannot ptrace (some containers):
  # there, leaks go unchecked, said here, rather than every test failing.
  if ASAN_OPTIONS="$ASAN_OPTIONS" "$BUILD/bin/tilec" --version 2>&1 | grep -q "LeakSanitizer"; then
    echo "sanitize: LeakSanitizer cannot run on this machine; leak checks are off"
    ASAN_OPTIONS="${ASAN_OPTIONS/detect_leaks=1/detect_leaks=0}"
  fi
fi
export ASAN_OPTIONS
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1}"
LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
status=0
echo "== lit (sanitized) =="
# The lit tests whose path matches ${1:-the directories above} (a lit --filter regex).
filter="${1:-^tilec :: (Frontend|Dialect|Transforms|Conversion|CLI)/}"
/usr/lib/llvm-22/bin/lit -sv --filter "$filter" "$BUILD/test" 2>&1 | tee "$LOGS/lit.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
echo "== runtime ctests (sanitized) =="
(cd "$BUILD" && ctest --output-on-failure -R '^runtime\.' -E 'simt') 2>&1 | tee "$LOGS/ctest.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
source "$ROOT/scripts/test-counts.sh"
test_counts "$LOGS/lit.log" "$LOGS/ctest.log"
[ "$tests_failed" -eq 0 ] && [ "$tests_passed" -gt 0 ] || status=1
echo "sanitize: $([ $status -eq 0 ] && echo clean || echo FAILED) in $(( $(date +%s) - start )) s"
exit $status
