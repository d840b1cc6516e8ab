# Scans: tl.cumsum/tl.cumprod forward and reverse along both axes of a 2-D tile for int32, fp32,
# fp16 and int8 (int8 cumsum accumulates in int32 as Triton does; dtype= overrides it), along the
# middle axis of a 3-D tile, and tl.associative_scan with a user @jit combine function on a tuple, non-commutative (first-order
# linear recurrences), checked against sequential numpy loops in both directions.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def cumulative_kernel(x_ptr, sum0_ptr, sum1_ptr, rsum0_ptr, rsum1_ptr, prod1_ptr, rprod0_ptr,
                      M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(sum0_ptr + offs, tl.cumsum(x, 0))
    tl.store(sum1_ptr + offs, tl.cumsum(x, axis=1))
    tl.store(rsum0_ptr + offs, tl.cumsum(x, axis=0, reverse=True))
    tl.store(rsum1_ptr + offs, x.cumsum(1, reverse=True))
    tl.store(prod1_ptr + offs, tl.cumprod(x, axis=-1))
    tl.store(rprod0_ptr + offs, x.cumprod(0, True))


@jit
def narrow_kernel(x_ptr, wide_ptr, same_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r)
    wide = tl.cumsum(x, 0)
    tl.store(wide_ptr + r, wide)
    tl.store(same_ptr + r, tl.cumsum(x, 0, dtype=tl.int8))


@jit
def _affine(a1, b1, a2, b2):
    # Composition of x -> a1 * x + b1 followed by x -> a2 * x + b2.
    return a1 * a2, b1 * a2 + b2


@jit
def recurrence_kernel(a_ptr, b_ptr, fa_ptr, fb_ptr, ra_ptr, rb_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    a = tl.load(a_ptr + r)
    b = tl.load(b_ptr + r)
    fa, fb = tl.associative_scan((a, b), 0, _affine)
    ra, rb = tl.associative_scan((a, b), axis=0, combine_fn=_affine, reverse=True)
    tl.store(fa_ptr + r, fa)
    tl.store(fb_ptr + r, fb)
    tl.store(ra_ptr + r, ra)
    tl.store(rb_ptr + r, rb)


@jit
def middle_axis_kernel(x_ptr, fwd_ptr, rev_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    ra = tl.arange(0, A)[:, None, None]
    rb = tl.arange(0, B)[None, :, None]
    rc = tl.arange(0, C)[None, None, :]
    offs = ra * B * C + rb * C + rc
    x = tl.load(x_ptr + offs)
    tl.store(fwd_ptr + offs, tl.cumsum(x, 1))
    tl.store(rev_ptr + offs, tl.cumprod(x, axis=1, reverse=True))


def sequential_scan(pairs, reverse):
    """Inclusive scan with the affine combine, left operand = the earlier element in scan
    order (for a reverse scan: the later index)."""
    a, b = pairs
    order = range(len(a) - 1, -1, -1) if reverse else range(len(a))
    out_a, out_b = np.zeros_like(a), np.zeros_like(b)
    acc = None
    for i in order:
        acc = (a[i], b[i]) if acc is None else (acc[0] * a[i], acc[1] * a[i] + b[i])
        out_a[i], out_b[i] = acc
    return out_a, out_b


def main():
    rng = np.random.default_rng(5)
    m, n = 4, 8
    for dtype in (np.int32, np.float32, np.float16, np.int8):
        if dtype == np.int8:
            x = rng.integers(-2, 3, (m, n)).astype(dtype)
        elif np.issubdtype(dtype, np.integer):
            x = rng.integers(-9, 10, (m, n)).astype(dtype)
        else:
            x = rng.uniform(0.5, 1.5, (m, n)).astype(dtype)
        out_type = np.int32 if dtype == np.int8 else dtype
        outs = [np.zeros((m, n), out_type) for _ in range(4)] + [np.zeros((m, n), dtype)] * 2
        got = run(__file__, "cumulative_kernel", 1, [x] + outs, {"M": m, "N": n})
        wide = x.astype(np.float64)
        name = np.dtype(dtype).name
        tol = {"atol": 2e-2, "rtol": 2e-2} if dtype == np.float16 else {"rtol": 1e-5}
        flip0 = np.flip(np.cumsum(np.flip(wide, 0), 0), 0)
        flip1 = np.flip(np.cumsum(np.flip(wide, 1), 1), 1)
        check("cumsum axis 0 " + name, got[1], np.cumsum(wide, 0), **tol)
        check("cumsum axis 1 " + name, got[2], np.cumsum(wide, 1), **tol)
        check("reverse cumsum axis 0 " + name, got[3], flip0, **tol)
        check("reverse cumsum axis 1 " + name, got[4], flip1, **tol)
        prod1 = np.cumprod(wide, 1)
        rprod0 = np.flip(np.cumprod(np.flip(wide, 0), 0), 0)
        if dtype == np.int8:  # cumprod keeps int8 and wraps around
            prod1 = prod1.astype(np.int64).astype(np.int8)
            rprod0 = rprod0.astype(np.int64).astype(np.int8)
        check("cumprod axis 1 " + name, got[5], prod1, **tol)
        check("reverse cumprod axis 0 " + name, got[6], rprod0, **tol)

    n = 16
    x = np.array([100, 27, -128, 1] * 4, np.int8)
    got = run(__file__, "narrow_kernel", 1, [x, np.zeros(n, np.int32), np.zeros(n, np.int8)],
              {"N": n})
    check("int8 cumsum in int32", got[1], np.cumsum(x.astype(np.int64)))
    check("int8 cumsum dtype=int8 wraps", got[2],
          np.cumsum(x.astype(np.int64)).astype(np.int8))

    shape = (2, 8, 4)
    x = rng.integers(-3, 4, shape).astype(np.int32)
    got = run(__file__, "middle_axis_kernel", 1,
              [x, np.zeros(shape, np.int32), np.zeros(shape, np.int32)],
              {"A": shape[0], "B": shape[1], "C": shape[2]})
    check("3-D cumsum middle axis", got[1], np.cumsum(x, axis=1))
    check("3-D reverse cumprod middle axis", got[2],
          np.flip(np.cumprod(np.flip(x.astype(np.int64), 1), 1), 1).astype(np.int32))

    n = 32
    a = rng.uniform(0.8, 1.2, n).astype(np.float32)
    b = rng.uniform(-1, 1, n).astype(np.float32)
    got = run(__file__, "recurrence_kernel", 1, [a, b] + [np.zeros(n, np.float32)] * 4, {"N": n})
    fa, fb = sequential_scan((a.astype(np.float64), b.astype(np.float64)), False)
    ra, rb = sequential_scan((a.astype(np.float64), b.astype(np.float64)), True)
    check("associative_scan tuple forward a", got[2], fa, rtol=1e-5)
    check("associative_scan tuple forward b", got[3], fb, atol=1e-5, rtol=1e-5)
    check("associative_scan tuple reverse a", got[4], ra, rtol=1e-5)
    check("associative_scan tuple reverse b", got[5], rb, atol=1e-5, rtol=1e-5)
    finish()


if __name__ == "__main__":
    main()
# CHECK-NOT: FAIL
# CHECK: PASS cumsum axis 0 int32
# CHECK: PASS reverse cumprod axis 0 int8
# CHECK: PASS int8 cumsum dtype=int8 wraps
# CHECK: PASS 3-D reverse cumprod middle axis
# CHECK: PASS associative_scan tuple reverse b
