# f32 exp on the CPU, dense sweep of [-88, 89] against float64 numpy: <= 1 ulp where the result
# is normal and x <= 88.37, <= 6 ulp on the last 0.35 below overflow (n = round(x * log2 e) is
# capped at 127 there), denormal results (down to x ~ -103.97, rounded once from 2^(n+64) * 2^-64)
# within one denormal step; exactly: exp(-inf) = 0 (softmax's masked lanes), exp(+inf) = +inf, NaN,
# overflow to +inf, 0 far below.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def exp_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(out_ptr + offs, tl.exp(x), mask=m)


def ulps(got, ref):
    """|got - ref| in units of the float32 spacing at ref (ref float64, normal in float32)."""
    spacing = np.spacing(ref.astype(np.float32)).astype(np.float64)
    return np.abs(got.astype(np.float64) - ref) / spacing


def main():
    x = np.concatenate([np.linspace(-88.0, 89.0, 1 << 20), np.linspace(-105.0, -88.0, 1 << 14)])
    x = x.astype(np.float32)
    special = np.array([-np.inf, np.inf, np.nan, -1e30, 1e30, 3e38, -1000.0, 89.0, 0.0, -0.0],
                       dtype=np.float32)
    x = np.concatenate([x, special])
    n = x.size
    block = 1024
    got = run(__file__, "exp_kernel", (n + block - 1) // block, [x, np.zeros(n, np.float32), n],
              {"BLOCK": block})[1]
    with np.errstate(over="ignore"):
        ref = np.exp(x.astype(np.float64))
    tiny = float(np.finfo(np.float32).tiny)
    normal = (ref >= tiny) & (ref <= float(np.finfo(np.float32).max))
    inner = normal & (x <= 88.37)
    top = normal & (x > 88.37)
    check("exp normal range <= 1 ulp", ulps(got[inner], ref[inner]) <= 1.0, np.ones(inner.sum(), bool))
    check("exp below overflow <= 6 ulp", ulps(got[top], ref[top]) <= 6.0, np.ones(top.sum(), bool))
    low = np.isfinite(x) & (ref < tiny)
    denormal_step = float(np.finfo(np.float32).smallest_subnormal)
    # Below half the smallest denormal (x < -103.973) the result is 0.
    flushed = low & (ref < denormal_step / 2)
    denormal = low & ~flushed
    check("exp denormal results", got[denormal], ref[denormal], atol=denormal_step)
    check("exp far below underflows to 0", got[flushed], np.zeros(flushed.sum(), np.float32))
    check("exp overflows to inf", got[np.isfinite(x) & (x >= 88.73)],
          np.full((np.isfinite(x) & (x >= 88.73)).sum(), np.inf, np.float32))
    with np.errstate(over="ignore"):
        expected = np.exp(special.astype(np.float64)).astype(np.float32)
    check("exp special values", got[-special.size:], expected)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS exp normal range <= 1 ulp
# CHECK-NEXT: PASS exp below overflow <= 6 ulp
# CHECK-NEXT: PASS exp denormal results
# CHECK-NEXT: PASS exp far below underflows to 0
# CHECK-NEXT: PASS exp overflows to inf
# CHECK-NEXT: PASS exp special values
