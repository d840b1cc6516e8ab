# Masked loads/stores at ragged edges: 1-D and 2-D tails, `other` fill values, and elements outside the
# mask left untouched (sentinels survive); also a store mask that is not a prefix (even offsets only).
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def tail_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=-5.0)
    tl.store(y_ptr + offs, x + 1.0, mask=offs < n)


@jit
def fill_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # y has BLOCK entries per program: masked-off lanes show the `other` value.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=-5.0)
    tl.store(y_ptr + offs, x)


@jit
def tile2d_kernel(x_ptr, y_ptr, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride + rn[None, :], mask=mask, other=0.0)
    tl.store(y_ptr + rm[:, None] * stride + rn[None, :], x * 2.0, mask=mask)


@jit
def strided_mask_kernel(y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(y_ptr + offs, offs * 10, mask=(offs % 2) == 0)


def main():
    rng = np.random.default_rng(13)
    for n in (1, 63, 64, 65, 200):
        x = rng.standard_normal(n, dtype=np.float32)
        y = np.full(n, 42.0, dtype=np.float32)
        _, got, _ = run(__file__, "tail_kernel", (n + 63) // 64, [x, y, n], {"BLOCK": 64})
        check("1-D tail n=%d" % n, got, x + np.float32(1))

    x = rng.standard_normal(40, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    _, got, _ = run(__file__, "fill_kernel", 2, [x, y, 40], {"BLOCK": 32})
    check("other fill", got, np.concatenate([x, np.full(24, -5.0, np.float32)]))

    m, n, stride = 23, 30, 33
    x = rng.standard_normal((m, stride), dtype=np.float32)
    y = np.full((m, stride), 99.0, dtype=np.float32)
    _, got, _, _, _ = run(__file__, "tile2d_kernel", (3, 4), [x, y, m, n, stride],
                          {"BM": 8, "BN": 8})
    ref = y.copy()
    ref[:, :n] = x[:, :n] * 2
    check("2-D ragged tile, padding untouched", got, ref)

    y = np.full(16, -1, dtype=np.int32)
    (got,) = run(__file__, "strided_mask_kernel", 1, [y], {"N": 16})
    check("even-lane mask", got, np.where(np.arange(16) % 2 == 0, np.arange(16) * 10, -1))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS 1-D tail n=1
# CHECK-NEXT: PASS 1-D tail n=63
# CHECK-NEXT: PASS 1-D tail n=64
# CHECK-NEXT: PASS 1-D tail n=65
# CHECK-NEXT: PASS 1-D tail n=200
# CHECK-NEXT: PASS other fill
# CHECK-NEXT: PASS 2-D ragged tile, padding untouched
# CHECK-NEXT: PASS even-lane mask
# CHECK-NOT: FAIL
