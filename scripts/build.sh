#!/usr/bin/env bash
# Configures (once) and builds tilec into ${TILEC_BUILD_DIR:-build} with clang-22, lld, Ninja and ccache.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld \
    -DPython3_EXECUTABLE="$(command -v "${PYTHON:-python3}")"
fi
start=$(date +%s)
ninja -C "$BUILD" -j"$(nproc)"
echo "build: done in $(( $(date +%s) - start )) s"
