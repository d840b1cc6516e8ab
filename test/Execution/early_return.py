# Early `return` inside runtime `if`s: a kernel that leaves when its program id is past the
# rows (ragged grid), returns in nested ifs followed by more code, and @jit helpers returning
# values from `if`/`else` branches (also tuples), checked exactly against numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def ragged_kernel(x_ptr, out_ptr, n_rows, N: tl.constexpr):
    pid = tl.program_id(0)
    if pid >= n_rows:
        return
    offs = pid * N + tl.arange(0, N)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) * 2.0)


@jit
def nested_kernel(x_ptr, out_ptr, mode, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if mode == 0:
        tl.store(out_ptr + offs, x)
        return
    y = x * 3.0
    if mode == 1:
        if pid == 0:
            return
        y = y + 1.0
    else:
        y = y - 1.0
    tl.store(out_ptr + offs, y)


@jit
def twice_or_dec(x, t):
    if t > 0:
        return x * 2.0
    return x - 1.0


@jit
def inc_or_dec(x, t):
    if t > 0:
        return x + 1.0
    else:
        return x - 1.0


@jit
def split(x, t):
    if t == 1:
        return x, x * 0.5
    return x * 0.5, x


@jit
def helpers_kernel(x_ptr, a_ptr, b_ptr, c_ptr, d_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    t = pid % 2
    tl.store(a_ptr + offs, twice_or_dec(x, t))
    tl.store(b_ptr + offs, inc_or_dec(x, t))
    p, q = split(x, t)
    tl.store(c_ptr + offs, p)
    tl.store(d_ptr + offs, q)


def main():
    rng = np.random.default_rng(11)
    n_rows, N = 5, 16
    x = rng.standard_normal(8 * N, dtype=np.float32)
    out = np.full(8 * N, -7.0, dtype=np.float32)
    got = run(__file__, "ragged_kernel", 8, [x, out, n_rows], {"N": N})[1]
    ref = out.copy()
    ref[: n_rows * N] = x[: n_rows * N] * np.float32(2)
    check("ragged grid: programs past n_rows return", got, ref)

    B = 16
    x = rng.standard_normal(4 * B, dtype=np.float32)
    for mode in range(3):
        out = np.full(4 * B, -7.0, dtype=np.float32)
        got = run(__file__, "nested_kernel", 4, [x, out, mode], {"BLOCK": B})[1]
        if mode == 0:
            ref = x.copy()
        elif mode == 1:
            ref = x * np.float32(3) + np.float32(1)
            ref[:B] = -7.0
        else:
            ref = x * np.float32(3) - np.float32(1)
        # The multiply and the add may be one fused multiply-add (enable_fp_fusion, on by
        # default as in Triton) where code generation finds them together: the product is then
        # not rounded (at most half an ulp of it, below 1e-6 here).
        check("nested returns mode=%d" % mode, got, ref, atol=1e-6, rtol=2.0**-23)

    x = rng.standard_normal(4 * B, dtype=np.float32)
    outs = [np.zeros(4 * B, dtype=np.float32) for _ in range(4)]
    got = run(__file__, "helpers_kernel", 4, [x] + outs, {"BLOCK": B})
    odd = (np.arange(4 * B) // B) % 2 == 1
    half = x * np.float32(0.5)
    check("helper: if-return then return", got[1], np.where(odd, x * np.float32(2), x - np.float32(1)))
    check("helper: if/else both return", got[2], np.where(odd, x + np.float32(1), x - np.float32(1)))
    check("helper: tuple returns", got[3], np.where(odd, x, half))
    check("helper: tuple returns second", got[4], np.where(odd, half, x))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS ragged grid: programs past n_rows return
# CHECK-NEXT: PASS nested returns mode=0
# CHECK-NEXT: PASS nested returns mode=1
# CHECK-NEXT: PASS nested returns mode=2
# CHECK-NEXT: PASS helper: if-return then return
# CHECK-NEXT: PASS helper: if/else both return
# CHECK-NEXT: PASS helper: tuple returns
# CHECK-NEXT: PASS helper: tuple returns second
# CHECK-NOT: FAIL
