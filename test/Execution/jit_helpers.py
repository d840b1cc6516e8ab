# Calls to helper @jit functions: a helper returning a tile, a helper with a constexpr parameter, nested
# helpers, a helper returning two values, and a helper that stores through a pointer; exact vs numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def _square(x):
    return x * x


@jit
def _affine(x, a, B: tl.constexpr):
    return x * a + B


@jit
def _poly(x, a):
    # Nested helper calls: x^2 * a + 3.
    return _affine(_square(x), a, 3.0)


@jit
def _minmax(x, y):
    return tl.minimum(x, y), tl.maximum(x, y)


@jit
def _store_block(ptr, offs, v, n):
    tl.store(ptr + offs, v, mask=offs < n)


@jit
def helpers_kernel(x_ptr, y_ptr, p_ptr, lo_ptr, hi_ptr, n, a, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, mask=m, other=0.0)
    lo, hi = _minmax(x, y)
    _store_block(p_ptr, offs, _poly(x, a), n)
    _store_block(lo_ptr, offs, lo, n)
    _store_block(hi_ptr, offs, hi, n)


def main():
    rng = np.random.default_rng(4)
    n = 50
    x = rng.integers(-20, 20, n).astype(np.float32)
    y = rng.integers(-20, 20, n).astype(np.float32)
    outs = [np.zeros(n, np.float32) for _ in range(3)]
    got = run(__file__, "helpers_kernel", 2, [x, y] + outs + [n, 0.5], {"BLOCK": 32})
    check("nested helpers", got[2], x * x * np.float32(0.5) + np.float32(3))
    check("two results lo", got[3], np.minimum(x, y))
    check("two results hi", got[4], np.maximum(x, y))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS nested helpers
# CHECK-NEXT: PASS two results lo
# CHECK-NEXT: PASS two results hi
# CHECK-NOT: FAIL
