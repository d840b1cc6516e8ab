# Sorting and shape ops: tl.sort ascending/descending along the last dim of 1-D and 2-D tiles
# (int32, fp32, fp16, int8, uint8, with duplicates), tl.flip along either dim, tl.join/tl.split
# round trips, tl.interleave, tl.cat, tl.ravel, tl.histogram (masked, values outside the bins
# dropped) and tl.swizzle2d, against numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def sort_kernel(x_ptr, asc_ptr, desc_ptr, rows_ptr, rdesc_ptr, flip0_ptr, flip1_ptr,
                M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    flat = tl.load(x_ptr + tl.arange(0, M * N))
    tl.store(asc_ptr + tl.arange(0, M * N), tl.sort(flat))
    tl.store(desc_ptr + tl.arange(0, M * N), tl.sort(flat, descending=True))
    x = tl.load(x_ptr + offs)
    tl.store(rows_ptr + offs, x.sort())
    tl.store(rdesc_ptr + offs, tl.sort(x, dim=1, descending=1))
    tl.store(flip0_ptr + offs, tl.flip(x, 0))
    tl.store(flip1_ptr + offs, x.flip())


@jit
def join_kernel(a_ptr, b_ptr, joined_ptr, inter_ptr, back_a_ptr, back_b_ptr, cat_ptr, rav_ptr,
                N: tl.constexpr):
    r = tl.arange(0, N)
    a = tl.load(a_ptr + r)
    b = tl.load(b_ptr + r)
    j = tl.join(a, b)
    tl.store(joined_ptr + r[:, None] * 2 + tl.arange(0, 2)[None, :], j)
    tl.store(inter_ptr + tl.arange(0, 2 * N), tl.interleave(a, b))
    x, y = j.split()
    tl.store(back_a_ptr + r, x)
    tl.store(back_b_ptr + r, y)
    tl.store(cat_ptr + tl.arange(0, 2 * N), tl.cat(a, b, can_reorder=True))
    m = tl.reshape(j, (2, N), can_reorder=False)
    tl.store(rav_ptr + tl.arange(0, 2 * N), tl.ravel(m))


@jit
def scalar_join_kernel(out_ptr):
    pair = tl.join(3, 4)
    lo, hi = tl.split(pair * 10)
    tl.store(out_ptr + tl.arange(0, 2), pair)
    tl.store(out_ptr + 2, lo)
    tl.store(out_ptr + 3, hi)


@jit
def hist_kernel(x_ptr, h_ptr, hm_ptr, N: tl.constexpr, BINS: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r)
    tl.store(h_ptr + tl.arange(0, BINS), tl.histogram(x, BINS))
    tl.store(hm_ptr + tl.arange(0, BINS), x.histogram(BINS, mask=r % 2 == 0))


@jit
def swizzle_kernel(i_ptr, j_ptr, SI: tl.constexpr, SJ: tl.constexpr, SG: tl.constexpr):
    ri = tl.arange(0, SI)[:, None]
    rj = tl.arange(0, SJ)[None, :]
    ni, nj = tl.swizzle2d(ri, rj, SI, SJ, SG)
    tl.store(i_ptr + ri * SJ + rj, ni)
    tl.store(j_ptr + ri * SJ + rj, nj)


def swizzle_reference(size_i, size_j, size_g):
    ni = np.zeros((size_i, size_j), np.int32)
    nj = np.zeros((size_i, size_j), np.int32)
    for i in range(size_i):
        for j in range(size_j):
            linear = i * size_j + j
            group = linear // (size_g * size_j)
            first = group * size_g
            rows = min(size_i - first, size_g)
            ni[i, j] = first + linear % rows
            nj[i, j] = (linear % (size_g * size_j)) // rows
    return ni, nj


def main():
    rng = np.random.default_rng(3)
    m, n = 4, 16
    for dtype in (np.int32, np.float32, np.float16, np.int8, np.uint8):
        name = np.dtype(dtype).name
        if np.issubdtype(dtype, np.integer):
            info = np.iinfo(dtype)
            x = rng.integers(info.min, info.max, (m, n), endpoint=True).astype(dtype)
            x[0, :4] = x[0, 4]  # duplicates
        else:
            x = rng.standard_normal((m, n)).astype(dtype)
            x[1, 3] = x[1, 7] = -np.inf
            x[2, 0] = np.inf
        outs = [np.zeros(m * n, dtype), np.zeros(m * n, dtype)] + \
            [np.zeros((m, n), dtype) for _ in range(4)]
        got = run(__file__, "sort_kernel", 1, [x] + outs, {"M": m, "N": n})
        check("sort 1-D " + name, got[1], np.sort(x.ravel()))
        check("sort 1-D descending " + name, got[2], np.sort(x.ravel())[::-1])
        check("sort rows " + name, got[3], np.sort(x, axis=1))
        check("sort rows descending " + name, got[4], np.flip(np.sort(x, axis=1), 1))
        check("flip dim 0 " + name, got[5], np.flip(x, 0))
        check("flip last dim " + name, got[6], np.flip(x, 1))

    n = 8
    for dtype in (np.float32, np.int16, np.uint8):
        name = np.dtype(dtype).name
        a = rng.integers(0, 100, n).astype(dtype)
        b = rng.integers(0, 100, n).astype(dtype)
        if dtype == np.float32:
            a, b = a + rng.standard_normal(n).astype(dtype), b - 0.5
        outs = [np.zeros((n, 2), dtype), np.zeros(2 * n, dtype), np.zeros(n, dtype),
                np.zeros(n, dtype), np.zeros(2 * n, dtype), np.zeros(2 * n, dtype)]
        got = run(__file__, "join_kernel", 1, [a, b] + outs, {"N": n})
        check("join " + name, got[2], np.stack([a, b], axis=-1))
        check("interleave " + name, got[3], np.stack([a, b], axis=-1).ravel())
        check("split first " + name, got[4], a)
        check("split second " + name, got[5], b)
        check("cat " + name, got[6], np.concatenate([a, b]))
        check("ravel " + name, got[7], np.stack([a, b], axis=-1).ravel())

    got = run(__file__, "scalar_join_kernel", 1, [np.zeros(4, np.int32)])
    check("join and split of scalars", got[0], [3, 4, 30, 40])

    n, bins = 64, 16
    for dtype in (np.int32, np.int8, np.uint8, np.int64):
        name = np.dtype(dtype).name
        lo = 0 if dtype == np.uint8 else -5
        x = rng.integers(lo, bins + 6, n).astype(dtype)  # some values fall outside the bins
        got = run(__file__, "hist_kernel", 1, [x, np.zeros(bins, np.int32),
                                               np.zeros(bins, np.int32)], {"N": n, "BINS": bins})
        in_range = x[(x >= 0) & (x < bins)].astype(np.int64)
        even = x[::2]
        even = even[(even >= 0) & (even < bins)].astype(np.int64)
        check("histogram " + name, got[1], np.bincount(in_range, minlength=bins))
        check("histogram masked " + name, got[2], np.bincount(even, minlength=bins))

    for size_i, size_j, size_g in ((8, 4, 2), (8, 8, 3), (4, 4, 4)):
        got = run(__file__, "swizzle_kernel", 1,
                  [np.zeros((size_i, size_j), np.int32), np.zeros((size_i, size_j), np.int32)],
                  {"SI": size_i, "SJ": size_j, "SG": size_g})
        ni, nj = swizzle_reference(size_i, size_j, size_g)
        check("swizzle2d i %dx%d g%d" % (size_i, size_j, size_g), got[0], ni)
        check("swizzle2d j %dx%d g%d" % (size_i, size_j, size_g), got[1], nj)
    finish()


if __name__ == "__main__":
    main()
# CHECK-NOT: FAIL
# CHECK: PASS sort 1-D int32
# CHECK: PASS sort rows descending uint8
# CHECK: PASS flip last dim uint8
# CHECK: PASS join and split of scalars
# CHECK: PASS histogram masked int64
# CHECK: PASS swizzle2d j 4x4 g4
