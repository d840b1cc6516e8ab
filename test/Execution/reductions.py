# Reductions: tl.sum/max/min along axis 0 and 1 of a 2-D tile, keep_dims=True results broadcast back,
# a whole-tile reduction (axis=None), masked rows with -inf/+inf fill, and an int32 sum; fp32 to 1e-5.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def axes_kernel(x_ptr, s0_ptr, s1_ptr, mx0_ptr, mn1_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(s0_ptr + rn, tl.sum(x, axis=0))
    tl.store(s1_ptr + rm, tl.sum(x, axis=1))
    tl.store(mx0_ptr + rn, tl.max(x, axis=0))
    tl.store(mn1_ptr + rm, tl.min(x, axis=1))


@jit
def keepdims_kernel(x_ptr, c_ptr, r_ptr, total_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    ptrs = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + ptrs)
    col_mean = tl.sum(x, axis=0, keep_dims=True) / M
    row_max = tl.max(x, axis=1, keep_dims=True)
    tl.store(c_ptr + ptrs, x - col_mean)
    tl.store(r_ptr + ptrs, x - row_max)
    tl.store(total_ptr, tl.sum(x))
    tl.store(total_ptr + 1, tl.max(x))


@jit
def masked_kernel(x_ptr, out_ptr, ints_ptr, isum_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    ptrs = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + ptrs, mask=mask, other=-float("inf"))
    tl.store(out_ptr + rm, tl.max(x, axis=1), mask=rm < M)
    y = tl.load(x_ptr + ptrs, mask=mask, other=float("inf"))
    tl.store(out_ptr + BM + rn, tl.min(y, axis=0), mask=rn < N)
    k = tl.load(ints_ptr + ptrs, mask=mask, other=0)
    tl.store(isum_ptr, tl.sum(k))
    tl.store(isum_ptr + 1 + rn, tl.sum(k, axis=0), mask=rn < N)


def main():
    rng = np.random.default_rng(9)
    m, n = 8, 16
    x = rng.standard_normal((m, n), dtype=np.float32)
    outs = [np.zeros(n, np.float32), np.zeros(m, np.float32), np.zeros(n, np.float32),
            np.zeros(m, np.float32)]
    got = run(__file__, "axes_kernel", 1, [x] + outs, {"M": m, "N": n})
    x64 = x.astype(np.float64)
    check("sum axis 0", got[1], x64.sum(axis=0), atol=1e-5)
    check("sum axis 1", got[2], x64.sum(axis=1), atol=1e-5)
    check("max axis 0", got[3], x.max(axis=0))
    check("min axis 1", got[4], x.min(axis=1))

    c = np.zeros_like(x)
    r = np.zeros_like(x)
    total = np.zeros(2, np.float32)
    got = run(__file__, "keepdims_kernel", 1, [x, c, r, total], {"M": m, "N": n})
    check("keep_dims axis 0", got[1], x64 - x64.mean(axis=0, keepdims=True), atol=1e-5)
    check("keep_dims axis 1", got[2], x - x.max(axis=1, keepdims=True))
    check("2-D tile sum and max", got[3], np.array([x64.sum(), x.max()]), atol=1e-4)

    mm, nn = 5, 11
    x = rng.standard_normal((mm, nn), dtype=np.float32)
    ints = rng.integers(-1000, 1000, (mm, nn)).astype(np.int32)
    out = np.zeros(8 + 16, np.float32)
    isum = np.zeros(1 + 16, np.int32)
    got = run(__file__, "masked_kernel", 1, [x, out, ints, isum, mm, nn], {"BM": 8, "BN": 16})
    check("masked row max", got[1][:mm], x.max(axis=1))
    check("masked col min", got[1][8:8 + nn], x.min(axis=0))
    check("int32 tile sum", got[3][0], ints.sum())
    check("int32 col sums", got[3][1:1 + nn], ints.sum(axis=0))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS sum axis 0
# CHECK-NEXT: PASS sum axis 1
# CHECK-NEXT: PASS max axis 0
# CHECK-NEXT: PASS min axis 1
# CHECK-NEXT: PASS keep_dims axis 0
# CHECK-NEXT: PASS keep_dims axis 1
# CHECK-NEXT: PASS 2-D tile sum and max
# CHECK-NEXT: PASS masked row max
# CHECK-NEXT: PASS masked col min
# CHECK-NEXT: PASS int32 tile sum
# CHECK-NEXT: PASS int32 col sums
# CHECK-NOT: FAIL
