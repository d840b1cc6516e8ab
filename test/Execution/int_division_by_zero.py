# Integer // and % by zero (and INT_MIN // -1) must not kill the process (x86 traps on them):
# Triton leaves those lanes unspecified; the other lanes keep C semantics. Checked vs numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def div_kernel(a_ptr, b_ptr, q_ptr, r_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(q_ptr + offs, a // b)
    tl.store(r_ptr + offs, a % b)


def c_div(a, b):
    q = np.trunc(a.astype(np.float64) / b).astype(a.dtype)
    return q, a - q * b


for dtype in (np.int32, np.uint32, np.int64):
    rng = np.random.default_rng(0)
    a = rng.integers(-1000 if dtype != np.uint32 else 0, 1000, 64).astype(dtype)
    b = rng.integers(1, 50, 64).astype(dtype)
    b[::5] = 0
    if dtype != np.uint32:
        a[1] = np.iinfo(dtype).min
        b[1] = -1
    q = np.zeros_like(a)
    r = np.zeros_like(a)
    out = run(__file__, "div_kernel", 1, [a, b, q, r], {"BLOCK": 64})
    q, r = out[2], out[3]
    ok = (b != 0) & ~((b == dtype(-1) if dtype != np.uint32 else False) & (a == np.iinfo(dtype).min))
    eq, er = c_div(a[ok], b[ok])
    name = np.dtype(dtype).name
    check("div_by_zero_q_" + name, q[ok], eq)
    check("div_by_zero_r_" + name, r[ok], er)
# CHECK: PASS div_by_zero_q_int32
# CHECK: PASS div_by_zero_r_int32
# CHECK: PASS div_by_zero_q_uint32
# CHECK: PASS div_by_zero_r_uint32
# CHECK: PASS div_by_zero_q_int64
# CHECK: PASS div_by_zero_r_int64
finish()
