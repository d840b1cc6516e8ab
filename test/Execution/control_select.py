# Runtime if/elif/else on scalar arguments and program ids (values merged after the branch),
# and elementwise selection: tl.where, tl.maximum, tl.minimum, a clamp and a ReLU, exact vs numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def branch_kernel(x_ptr, out_ptr, mode, thresh, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if mode == 0:
        y = x * 2.0
    elif mode == 1:
        y = x + thresh
    else:
        y = -x
    if pid % 2 == 1:
        y = y + 100.0
    scale = 1.0
    if thresh > 0.5:
        scale = 3.0
    tl.store(out_ptr + offs, y * scale)


@jit
def select_kernel(x_ptr, y_ptr, w_ptr, mx_ptr, mn_ptr, cl_ptr, relu_ptr, n, lo, hi,
                  BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, mask=m, other=0.0)
    tl.store(w_ptr + offs, tl.where(x > y, x - y, y * 0.5), mask=m)
    tl.store(mx_ptr + offs, tl.maximum(x, y), mask=m)
    tl.store(mn_ptr + offs, tl.minimum(x, y), mask=m)
    tl.store(cl_ptr + offs, tl.minimum(tl.maximum(x, lo), hi), mask=m)
    tl.store(relu_ptr + offs, tl.where(x > 0, x, 0.0), mask=m)


def main():
    rng = np.random.default_rng(5)
    x = rng.standard_normal(64, dtype=np.float32)
    for mode, thresh in [(0, 0.25), (1, 0.75), (2, 0.0)]:
        out = np.zeros(64, dtype=np.float32)
        _, got, _, _ = run(__file__, "branch_kernel", 4, [x, out, mode, thresh], {"BLOCK": 16})
        y = {0: x * np.float32(2), 1: x + np.float32(thresh), 2: -x}[mode]
        y = y + np.repeat(np.array([0, 100, 0, 100], dtype=np.float32), 16)
        y = y * np.float32(3.0 if thresh > 0.5 else 1.0)
        check("if mode=%d thresh=%g" % (mode, thresh), got, y)

    n = 100
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    outs = [np.zeros(n, dtype=np.float32) for _ in range(5)]
    got = run(__file__, "select_kernel", 4, [x, y] + outs + [n, -0.5, 0.5], {"BLOCK": 32})
    check("where", got[2], np.where(x > y, x - y, y * np.float32(0.5)))
    check("maximum", got[3], np.maximum(x, y))
    check("minimum", got[4], np.minimum(x, y))
    check("clamp", got[5], np.clip(x, -0.5, 0.5))
    check("relu", got[6], np.where(x > 0, x, np.float32(0)))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS if mode=0 thresh=0.25
# CHECK-NEXT: PASS if mode=1 thresh=0.75
# CHECK-NEXT: PASS if mode=2 thresh=0
# CHECK-NEXT: PASS where
# CHECK-NEXT: PASS maximum
# CHECK-NEXT: PASS minimum
# CHECK-NEXT: PASS clamp
# CHECK-NEXT: PASS relu
# CHECK-NOT: FAIL
