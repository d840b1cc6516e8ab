#!/usr/bin/env bash
# Runs tilec end to end on the GPU present (CUDA, else ROCm): the examples and the conformance suite.
# Usage: scripts/gpu-check.sh [--quick]  (--quick: examples and a subset of the suite)
# Meant for a machine with a GPU and the project built (scripts/build.sh); prints what it ran and
# a closing "N passed, N failed" line. It never runs in CI: CI has no GPU.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1
export PYTHONPATH="$BUILD/python${PYTHONPATH:+:$PYTHONPATH}"
PY=${PYTHON:-python3}

device=""
for candidate in cuda hip; do
  if "$BUILD/bin/tilec" devices 2>/dev/null | grep -q "^$candidate:0"; then
    device=$candidate
    break
  fi
done
if [ -z "$device" ]; then
  echo "gpu-check: error: no CUDA or ROCm device found (tilec devices says:)" >&2
  "$BUILD/bin/tilec" devices >&2
  exit 2
fi
export TILEC_DEVICE=$device
echo "== device"
"$BUILD/bin/tilec" devices
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader

passed=0
failed=0
echo "== examples"
for example in vector_add softmax layer_norm matmul; do
  if timeout 120 "$PY" "$ROOT/examples/$example.py"; then
    passed=$((passed + 1))
  else
    echo "FAIL: examples/$example.py"
    failed=$((failed + 1))
  fi
done

echo "== conformance ($TILEC_DEVICE)"
tests=("$ROOT/test/conformance")
if [ "$QUICK" = 1 ]; then
  tests=("$ROOT/test/conformance/test_kernels.py" "$ROOT/test/conformance/test_reductions.py"
         "$ROOT/test/conformance/test_dot.py" "$ROOT/test/conformance/test_memory.py")
fi
log=$(mktemp)
timeout 240 "$PY" -m pytest -q -p no:cacheprovider "${tests[@]}" 2>&1 | tee "$log" | tail -40
summary=$(grep -aE "[0-9]+ (passed|failed)" "$log" | tail -1)
p=$(echo "$summary" | grep -oE "[0-9]+ passed" | grep -oE "[0-9]+" || echo 0)
f=$(echo "$summary" | grep -oE "[0-9]+ failed" | grep -oE "[0-9]+" || echo 0)
rm -f "$log"
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-0}))
echo "gpu-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
