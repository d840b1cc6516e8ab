# Math accuracy on the CPU vs float64 numpy: exp, exp2, log, log2, sqrt and 1/sqrt over wide ranges
# within rtol 5e-7 (~4 fp32 ulp; log/log2 also atol 2e-6 near 1); sin/cos on [-10, 10] and erf within
# atol 1e-6 and 2e-6; special values (log(0) = -inf, sqrt(-1) = nan, exp overflow = inf) exactly.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def math_kernel(x_ptr, p_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    p = tl.load(p_ptr + offs, mask=m, other=1.0)
    tl.store(out_ptr + 0 * n + offs, tl.exp(x), mask=m)
    tl.store(out_ptr + 1 * n + offs, tl.exp2(x), mask=m)
    tl.store(out_ptr + 2 * n + offs, tl.log(p), mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.log2(p), mask=m)
    tl.store(out_ptr + 4 * n + offs, tl.sqrt(p), mask=m)
    tl.store(out_ptr + 5 * n + offs, 1.0 / tl.sqrt(p), mask=m)
    tl.store(out_ptr + 6 * n + offs, tl.sin(x / 8.0), mask=m)
    tl.store(out_ptr + 7 * n + offs, tl.cos(x / 8.0), mask=m)
    tl.store(out_ptr + 8 * n + offs, tl.erf(x / 10.0), mask=m)


@jit
def special_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.log(x))
    tl.store(out_ptr + N + offs, tl.sqrt(x))
    tl.store(out_ptr + 2 * N + offs, tl.exp(x))


def main():
    rng = np.random.default_rng(17)
    n = 1000
    x = np.concatenate([np.linspace(-80, 80, n // 2), rng.uniform(-10, 10, n // 2)]).astype(np.float32)
    p = np.exp(rng.uniform(-60, 60, n)).astype(np.float32)
    out = np.zeros((9, n), dtype=np.float32)
    got = run(__file__, "math_kernel", (n + 127) // 128, [x, p, out, n], {"BLOCK": 128})[2]
    x64, p64 = x.astype(np.float64), p.astype(np.float64)
    tiny = 1e-37
    check("exp", got[0], np.exp(x64), atol=tiny, rtol=5e-7)
    check("exp2", got[1], np.exp2(x64), atol=tiny, rtol=5e-7)
    check("log", got[2], np.log(p64), atol=2e-6, rtol=5e-7)
    check("log2", got[3], np.log2(p64), atol=2e-6, rtol=5e-7)
    check("sqrt", got[4], np.sqrt(p64), rtol=2e-7)
    check("1/sqrt", got[5], 1 / np.sqrt(p64), rtol=5e-7)
    check("sin", got[6], np.sin(x64 / 8), atol=1e-6)
    check("cos", got[7], np.cos(x64 / 8), atol=1e-6)
    erf = np.vectorize(math.erf)(x64 / 10)
    check("erf", got[8], erf, atol=2e-6)

    x = np.array([0.0, -1.0, np.inf, 1.0, 100.0, -np.inf, 4.0, 1e-30], dtype=np.float32)
    out = np.zeros((3, 8), dtype=np.float32)
    with np.errstate(all="ignore"):
        ref = np.stack([np.log(x), np.sqrt(x), np.exp(x)])
    got = run(__file__, "special_kernel", 1, [x, out], {"N": 8})[1]
    check("special values", got, ref, rtol=5e-7)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS exp
# CHECK-NEXT: PASS exp2
# CHECK-NEXT: PASS log
# CHECK-NEXT: PASS log2
# CHECK-NEXT: PASS sqrt
# CHECK-NEXT: PASS 1/sqrt
# CHECK-NEXT: PASS sin
# CHECK-NEXT: PASS cos
# CHECK-NEXT: PASS erf
# CHECK-NEXT: PASS special values
# CHECK-NOT: FAIL
