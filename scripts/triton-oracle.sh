#!/usr/bin/env bash
# Regenerates test/triton/interpreter-passes.txt: the test_core.py tests Triton's interpreter passes on the CPU.
#
# Needs the real Triton with torch and pytest-xdist in a separate venv (TRITON_PY, default
# /opt/triton-ref/bin/python; never the project's Python). Runs a seeded sample of
# TILEC_ORACLE_SAMPLE (default 1000) of the collected tests, seed 14, as the list records.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TESTS="$(cd "${TILEC_TRITON_TESTS:-$ROOT/../shared/triton-tests}" && pwd)"
PY="${TRITON_PY:-/opt/triton-ref/bin/python}"
N="${TILEC_ORACLE_SAMPLE:-1000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$TESTS/python"
export TRITON_INTERPRET=1
"$PY" -m pytest test/unit/language/test_core.py --device cpu --rootdir . -p no:cacheprovider \
  -q --co -W ignore | grep "::" > "$work/ids.txt"
"$PY" -c "
import random, sys
ids = open(sys.argv[1]).read().splitlines()
random.seed(14)
open(sys.argv[2], 'w').write('\n'.join(sorted(random.sample(ids, min(int(sys.argv[3]), len(ids))))) + '\n')
" "$work/ids.txt" "$work/sample.txt" "$N"
"$PY" -m pytest --device cpu --rootdir . -p no:cacheprovider -v -W ignore -n "$(nproc)" \
  @"$work/sample.txt" > "$work/run.log" 2>&1 || true
{
  echo "# Triton 3.9's interpreter (TRITON_INTERPRET=1, --device cpu) passes these test_core.py tests: the"
  echo "# seeded sample of $N of its $(wc -l < "$work/ids.txt") tests (random.Random(14)), as made by scripts/triton-oracle.sh."
  grep " PASSED" "$work/run.log" | sed 's/.*PASSED //; s/ *$//' | sort
} > "$ROOT/test/triton/interpreter-passes.txt"
tail -n 1 "$work/run.log"
