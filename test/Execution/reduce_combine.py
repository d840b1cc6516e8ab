# tl.reduce with user @jit combine functions (a tuple (value, index) reduction with tl.where and
# comparisons, a constexpr-branching combine, axis=None, keep_dims), tl.argmax/tl.argmin along both
# axes with ties (leftmost index wins), tl.max/tl.min(return_indices=True), tl.xor_sum, and
# tl.sum's dtype rules (int8 and bool widen, dtype= is honoured), over int32, fp32, fp16, int8 and
# uint8, checked against numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def _max_and_first_index(v1, i1, v2, i2):
    better = (v1 > v2) | ((v1 == v2) & (i1 < i2))
    return tl.where(better, v1, v2), tl.where(better, i1, i2)


@jit
def _span(lo1, hi1, lo2, hi2, WIDE: tl.constexpr = True):
    if WIDE:
        return tl.minimum(lo1, lo2), tl.maximum(hi1, hi2)
    else:
        return lo1, hi1


@jit
def _add(a, b):
    return a + b


@jit
def custom_kernel(x_ptr, val_ptr, idx_ptr, lo_ptr, hi_ptr, tot_ptr, keep_ptr,
                  M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offs)
    cols = tl.broadcast_to(rn[None, :], (M, N))
    v, i = tl.reduce((x, cols), 1, _max_and_first_index)
    tl.store(val_ptr + rm, v)
    tl.store(idx_ptr + rm, i)
    lo, hi = tl.reduce((x, x), axis=0, combine_fn=_span)
    tl.store(lo_ptr + rn, lo)
    tl.store(hi_ptr + rn, hi)
    tl.store(tot_ptr, tl.reduce(x, None, _add))
    tl.store(keep_ptr + offs, x - x.reduce(1, _add, keep_dims=True))


@jit
def arg_kernel(x_ptr, amax0_ptr, amax1_ptr, amin0_ptr, amin1_ptr, mval_ptr, midx_ptr,
               M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(amax0_ptr + rn, tl.argmax(x, 0))
    tl.store(amax1_ptr + rm, x.argmax(axis=1))
    tl.store(amin0_ptr + rn, tl.argmin(x, axis=0, tie_break_left=True))
    tl.store(amin1_ptr + rm, tl.argmin(x, 1))
    mv, mi = tl.min(x, axis=1, return_indices=True, keep_dims=True)
    tl.store(mval_ptr + rm[:, None], mv)
    tl.store(midx_ptr + rm[:, None], mi)


@jit
def fast_tie_kernel(x_ptr, idx_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r)
    tl.store(idx_ptr, tl.argmax(x, 0, tie_break_left=False))
    v, i = tl.max(x, 0, return_indices=True, return_indices_tie_break_left=False)
    tl.store(idx_ptr + 1, i)


@jit
def int_kernel(x_ptr, xor_ptr, xor1_ptr, sum_ptr, sum8_ptr, cnt_ptr, M: tl.constexpr,
               N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(xor_ptr, tl.xor_sum(x))
    tl.store(xor1_ptr + rm, x.xor_sum(axis=1))
    tl.store(sum_ptr + rn, tl.sum(x, axis=0))
    tl.store(sum8_ptr + rn, tl.sum(x, axis=0, dtype=x.dtype))
    tl.store(cnt_ptr, tl.sum(x > 0))


def main():
    rng = np.random.default_rng(11)
    m, n = 4, 16
    for dtype in (np.int32, np.float32, np.float16, np.int8, np.uint8):
        name = np.dtype(dtype).name
        x = rng.integers(0 if dtype == np.uint8 else -6, 7, (m, n)).astype(dtype)  # many ties
        outs = [np.zeros(m, dtype), np.zeros(m, np.int32), np.zeros(n, dtype), np.zeros(n, dtype),
                np.zeros(1, dtype), np.zeros((m, n), dtype)]
        got = run(__file__, "custom_kernel", 1, [x] + outs, {"M": m, "N": n})
        check("tuple reduce value " + name, got[1], x.max(axis=1))
        check("tuple reduce first index " + name, got[2], x.argmax(axis=1))
        check("constexpr combine lo " + name, got[3], x.min(axis=0))
        check("constexpr combine hi " + name, got[4], x.max(axis=0))
        total = x.astype(np.float64).sum()
        keep = x.astype(np.float64) - x.astype(np.float64).sum(axis=1, keepdims=True)
        if dtype in (np.int8, np.uint8):  # user reductions keep the input dtype and wrap
            total = np.array(total).astype(np.int64).astype(dtype)
            keep = keep.astype(np.int64).astype(dtype)
        check("reduce axis=None " + name, got[5], [total], atol=0.5 if dtype == np.float16 else 0)
        check("reduce keep_dims " + name, got[6], keep, atol=0.5 if dtype == np.float16 else 0)

        outs = [np.zeros(n, np.int32), np.zeros(m, np.int32), np.zeros(n, np.int32),
                np.zeros(m, np.int32), np.zeros(m, dtype), np.zeros(m, np.int32)]
        got = run(__file__, "arg_kernel", 1, [x] + outs, {"M": m, "N": n})
        check("argmax axis 0 " + name, got[1], x.argmax(axis=0))
        check("argmax axis 1 " + name, got[2], x.argmax(axis=1))
        check("argmin axis 0 " + name, got[3], x.argmin(axis=0))
        check("argmin axis 1 " + name, got[4], x.argmin(axis=1))
        check("min return_indices value " + name, got[5], x.min(axis=1))
        check("min return_indices index " + name, got[6], x.argmin(axis=1))

    x = np.array([1, 5, 2, 5, 0, 5, 3, 4], np.float32)
    got = run(__file__, "fast_tie_kernel", 1, [x, np.zeros(2, np.int32)], {"N": 8})
    check("tie_break_left=False picks a maximum", x[got[1]], [5, 5])

    for dtype in (np.int32, np.int8, np.uint8):
        name = np.dtype(dtype).name
        x = rng.integers(0 if dtype == np.uint8 else -100, 100, (m, n)).astype(dtype)
        wide = np.int64 if dtype != np.uint8 else np.uint64
        acc = np.uint32 if dtype == np.uint8 else np.int32
        outs = [np.zeros(1, dtype), np.zeros(m, dtype), np.zeros(n, acc), np.zeros(n, dtype),
                np.zeros(1, np.uint32)]
        got = run(__file__, "int_kernel", 1, [x] + outs, {"M": m, "N": n})
        check("xor_sum all " + name, got[1], [np.bitwise_xor.reduce(x.ravel())])
        check("xor_sum axis 1 " + name, got[2], np.bitwise_xor.reduce(x, axis=1))
        check("sum widens " + name, got[3], x.astype(wide).sum(axis=0).astype(acc))
        check("sum dtype= keeps " + name, got[4], x.astype(wide).sum(axis=0).astype(dtype))
        check("bool sum counts " + name, got[5], [(x > 0).sum()])
    finish()


if __name__ == "__main__":
    main()
# CHECK-NOT: FAIL
# CHECK: PASS tuple reduce value int32
# CHECK: PASS argmax axis 0 float16
# CHECK: PASS min return_indices index uint8
# CHECK: PASS tie_break_left=False picks a maximum
# CHECK: PASS bool sum counts uint8
