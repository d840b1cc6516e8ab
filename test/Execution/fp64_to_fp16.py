# fp64 -> fp16/bf16 on x86 CPUs: LLVM calls __truncdfhf2/__truncdfbf2, which tilec defines in the
# module; the result must be the correctly rounded (nearest even) value, also on ties, for
# infinities, NaN and overflow (exact vs numpy), and an fp16 dot with out_dtype=fp16 (whose fma
# LLVM promotes to f64) must load and run.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def to_half_kernel(x_ptr, h_ptr, b_ptr, BLOCK: tl.constexpr):
    # One fp64 tile truncated to fp16 and to bf16.
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(h_ptr + offs, x.to(tl.float16))
    tl.store(b_ptr + offs, x.to(tl.bfloat16).to(tl.float32))


@jit
def dot_fp16_out_kernel(a_ptr, b_ptr, c_ptr):
    # A 16x16x16 fp16 dot accumulated in fp16.
    r = tl.arange(0, 16)
    a = tl.load(a_ptr + r[:, None] * 16 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 16 + r[None, :])
    tl.store(c_ptr + r[:, None] * 16 + r[None, :], tl.dot(a, b, out_dtype=tl.float16))


def round_bf16(x):
    """float64 -> bf16 (as float32) rounding to nearest even, via exact integer arithmetic."""
    f = np.asarray(x, np.float64)
    out = np.empty(f.shape, np.float32)
    for i, v in enumerate(f):
        if not np.isfinite(v):
            out[i] = np.float32(v)
            continue
        m, e = np.frexp(v)  # v = m * 2**e, 0.5 <= |m| < 1: keep 8 significant bits
        scaled = m * 256.0
        q = np.round(scaled)  # numpy rounds half to even
        out[i] = np.float32(np.ldexp(q / 256.0, e)) if abs(np.ldexp(q / 256.0, e)) < 3.4e38 \
            else np.float32(np.copysign(np.inf, v))
    return out


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(64) * 1000
    # ties and near-ties of fp16 (11 significant bits) that a double rounding through fp32 breaks
    x[:8] = [1 + 2**-11, 1 + 2**-11 + 2**-40, 1 + 3 * 2**-11, -(1 + 2**-11 - 2**-40),
             65520.0, 1e300, np.inf, np.nan]
    x[8:12] = [1 + 2**-8, 1 + 2**-8 + 2**-40, -(1 + 3 * 2**-8), 3.4e38]
    h = np.zeros(64, np.float16)
    b = np.zeros(64, np.float32)
    got = run(__file__, "to_half_kernel", 1, [x, h, b], {"BLOCK": 64})
    check("fp64 to fp16", got[1], x.astype(np.float16))
    check("fp64 to bf16", got[2], round_bf16(x))

    a = rng.standard_normal((16, 16)).astype(np.float16)
    w = rng.standard_normal((16, 16)).astype(np.float16)
    c = np.zeros((16, 16), np.float16)
    got = run(__file__, "dot_fp16_out_kernel", 1, [a, w, c])
    check("fp16 dot with fp16 out", got[2], a.astype(np.float64) @ w.astype(np.float64),
          atol=0.05, rtol=0.01)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS fp64 to fp16
# CHECK-NEXT: PASS fp64 to bf16
# CHECK-NEXT: PASS fp16 dot with fp16 out
# CHECK-NOT: FAIL
