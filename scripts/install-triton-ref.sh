#!/usr/bin/env bash
# Installs Triton 3.9 (else the newest 3.x) into its own venv, as the reference of bench/gpu_codegen.py.
#
# Usage: scripts/install-triton-ref.sh        (venv: $TRITON_REF_VENV, default /opt/triton-ref)
# The project's python is never touched: `import triton` there must stay tilec's compatibility
# layer. Triton compiles for sm_80/sm_90/gfx942 without a GPU, so this works on any machine.
# Prints the venv's python, to pass as `bench/gpu_codegen.py --triton-python PATH`.
set -euo pipefail

VENV="${TRITON_REF_VENV:-/opt/triton-ref}"
PYTHON="${PYTHON:-python3}"
WANTED="triton==3.9.*"

if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --upgrade pip
if ! "$VENV/bin/python" -m pip install --quiet "$WANTED"; then
  echo "install-triton-ref: $WANTED is not served; installing the newest triton 3.x" >&2
  "$VENV/bin/python" -m pip install --quiet "triton>=3,<4"
fi
VERSION="$("$VENV/bin/python" -c 'import triton; print(triton.__version__)')"
echo "install-triton-ref: triton $VERSION in $VENV" >&2
echo "$VENV/bin/python"
