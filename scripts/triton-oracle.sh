#!/usr/bin/env bash
# Regenerates test/triton/interpreter-passes.txt: the test_core.py tests Triton's interpreter passes on the CPU.
#
# Needs the real Triton with torch and pytest-xdist in a separate venv (TRITON_PY, default
# /opt/triton-ref/bin/python; never the project's Python). Runs seeded samples of the collected
# tests, TILEC_ORACLE_SAMPLES (default "14:1000 15:2000", as the list records): each SEED:COUNT
# draws COUNT ids with random.Random(SEED) (the first with random.seed) from those no earlier
# sample took. A test runs at most TILEC_ORACLE_TIMEOUT seconds (default 600; with
# pytest-timeout in that venv, else the tests in ORACLE_SLOW are left out: the interpreter runs
# test_load_store_same_ptr's 1000 launches of 65536 programs for hours) and then counts as not passing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TESTS="$(cd "${TILEC_TRITON_TESTS:-$ROOT/../shared/triton-tests}" && pwd)"
PY="${TRITON_PY:-/opt/triton-ref/bin/python}"
SAMPLES="${TILEC_ORACLE_SAMPLES:-14:1000 15:2000}"
ORACLE_SLOW="test_load_store_same_ptr"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$TESTS/python"
export TRITON_INTERPRET=1
"$PY" -m pytest test/unit/language/test_core.py --device cpu --rootdir . -p no:cacheprovider \
  -q --co -W ignore | grep "::" > "$work/ids.txt"
"$PY" -c "
import random, sys
ids = open(sys.argv[1]).read().splitlines()
taken, out = set(), []
for n, spec in enumerate(sys.argv[3].split()):
    seed, count = (int(x) for x in spec.split(':'))
    rest = ids if n == 0 else sorted(i for i in ids if i not in taken)
    if n == 0:
        random.seed(seed)  # the first sample as the list has always been made
        chosen = random.sample(rest, min(count, len(rest)))
    else:
        chosen = random.Random(seed).sample(rest, min(count, len(rest)))
    taken.update(chosen)
open(sys.argv[2], 'w').write('\n'.join(sorted(taken)) + '\n')
" "$work/ids.txt" "$work/sample.txt" "$SAMPLES"
limit=(--timeout "${TILEC_ORACLE_TIMEOUT:-600}")
if ! "$PY" -c "import pytest_timeout" 2>/dev/null; then
  limit=(); grep -v -E "::($ORACLE_SLOW)(\[|\$)" "$work/sample.txt" > "$work/s" && mv "$work/s" "$work/sample.txt"
fi
"$PY" -m pytest --device cpu --rootdir . -p no:cacheprovider -v -W ignore -n "$(nproc)" "${limit[@]}" \
  @"$work/sample.txt" > "$work/run.log" 2>&1 || true
{
  echo "# Triton 3.9's interpreter (TRITON_INTERPRET=1, --device cpu) passes these test_core.py tests, of"
  echo "# seeded samples (SEED:COUNT $SAMPLES, each from the ids no earlier one took) of the"
  echo "# $(wc -l < "$work/ids.txt") ids collected; scripts/triton-oracle.sh remakes it."
  grep " PASSED" "$work/run.log" | sed 's/.*PASSED //; s/ *$//' | sort
} > "$ROOT/test/triton/interpreter-passes.txt"
tail -n 1 "$work/run.log"
