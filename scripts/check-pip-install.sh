#!/usr/bin/env bash
# Checks `pip install .`: installs the tilec package into a fresh virtual environment and runs a
# kernel through `import tilec` and `python -m tilec.triton_compat`, from outside the checkout
# and without PYTHONPATH.
#
#   scripts/check-pip-install.sh            # reuses ${TILEC_BUILD_DIR:-build} (incremental)
#   TILEC_PIP_BUILD_DIR= scripts/check-pip-install.sh   # setup.py's default: build-pip/
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export TILEC_PIP_BUILD_DIR="${TILEC_PIP_BUILD_DIR-${TILEC_BUILD_DIR:-$ROOT/build}}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"${PYTHON:-python3}" -m venv --system-site-packages "$work/venv"   # numpy from the system
"$work/venv/bin/pip" install -q "$ROOT"
cat > "$work/check.py" <<'PY'
import numpy as np
import triton
import triton.language as tl
import tilec

assert "site-packages" in tilec.__file__, tilec.__file__


@triton.jit
def add(x, y, o, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(o + offs, tl.load(x + offs, mask=m) + tl.load(y + offs, mask=m), mask=m)


x = np.arange(100, dtype=np.float32)
o = np.zeros_like(x)
add[(4,)](x, x, o, 100, BLOCK=32)
assert (o == 2 * x).all(), o
print("check-pip-install: ok (%s)" % tilec.__file__)
PY
cd "$work"
env -u PYTHONPATH TILEC_DEVICE=cpu TILEC_CACHE_DIR="$work/cache" \
  "$work/venv/bin/python" -m tilec.triton_compat "$work/check.py"
