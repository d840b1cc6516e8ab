#!/usr/bin/env bash
# Installs every Debian and PyPI package tilec needs to build and test (idempotent).
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
PKGS=(cmake ninja-build ccache llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
      lld-22 liblld-22-dev libclang-rt-22-dev zlib1g-dev libzstd-dev libopenblas-dev python3-dev)
# Cross toolchain and emulator for the AArch64 tests: only on non-AArch64 hosts (an arm64 host
# runs AArch64 modules natively).
if [ "$(dpkg --print-architecture)" != arm64 ]; then
  PKGS+=(qemu-user gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross)
fi
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
PY=${PYTHON:-python3}
if ! "$PY" -c "import numpy, pytest, nanobind, xdist, pytest_timeout, tabulate, mpmath" 2>/dev/null; then
  "$PY" -m pip install -q --disable-pip-version-check numpy pytest nanobind pytest-xdist pytest-timeout tabulate mpmath
fi
# torch (from PyPI; pip's cache keeps reruns fast) for Triton's own tests and tutorials
# (scripts/triton-tests.sh). PyPI's torch depends on `triton`: it is uninstalled again, since
# the project's Python must not have a real Triton (tilec.triton_compat serves `import triton`).
if ! "$PY" -c "import torch" 2>/dev/null; then
  "$PY" -m pip install -q --disable-pip-version-check torch
fi
if "$PY" -m pip show -q triton >/dev/null 2>&1; then
  "$PY" -m pip uninstall -q -y triton
fi
