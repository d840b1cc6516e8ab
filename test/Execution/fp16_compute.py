# fp16 loads computed in fp32 via .to(tl.float32), stored back as fp16 with .to(tl.float16) and as fp32;
# also fp16 tile arithmetic promoted by an fp32 scalar, and int32 <-> fp32 casts (tolerances per case).
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def half_kernel(x_ptr, y_ptr, out16_ptr, out32_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    y = tl.load(y_ptr + offs, mask=m, other=0.0).to(tl.float32)
    z = x * alpha + y * y
    tl.store(out32_ptr + offs, z, mask=m)
    tl.store(out16_ptr + offs, z.to(tl.float16), mask=m)


@jit
def cast_kernel(x_ptr, i_ptr, f_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(i_ptr + offs, (x * 10.0).to(tl.int32))
    i = tl.load(i_ptr + offs)
    tl.store(f_ptr + offs, i.to(tl.float32) / 4)


def main():
    rng = np.random.default_rng(3)
    n = 77
    x = rng.standard_normal(n).astype(np.float16)
    y = rng.standard_normal(n).astype(np.float16)
    o16 = np.zeros(n, dtype=np.float16)
    o32 = np.zeros(n, dtype=np.float32)
    alpha = 1.5
    got = run(__file__, "half_kernel", 3, [x, y, o16, o32, n, alpha], {"BLOCK": 32})
    ref = x.astype(np.float32) * np.float32(alpha) + y.astype(np.float32) ** 2
    check("fp16 in fp32 compute", got[3], ref, atol=1e-6, rtol=1e-6)
    # Rounding the fp32 result to fp16 must match numpy's round-to-nearest-even exactly.
    check("fp16 store", got[2].astype(np.float32), ref.astype(np.float16).astype(np.float32),
          atol=0.0, rtol=0.0)
    check("fp16 dtype kept", np.array(got[2].dtype == np.float16), np.array(True))

    x = np.linspace(-3.7, 3.7, 32).astype(np.float32)
    i = np.zeros(32, dtype=np.int32)
    f = np.zeros(32, dtype=np.float32)
    _, got_i, got_f = run(__file__, "cast_kernel", 1, [x, i, f], {"N": 32})
    ref_i = np.trunc(x * np.float32(10)).astype(np.int32)
    check("fptosi truncates", got_i, ref_i)
    check("sitofp", got_f, ref_i.astype(np.float32) / np.float32(4))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS fp16 in fp32 compute
# CHECK-NEXT: PASS fp16 store
# CHECK-NEXT: PASS fp16 dtype kept
# CHECK-NEXT: PASS fptosi truncates
# CHECK-NEXT: PASS sitofp
# CHECK-NOT: FAIL
