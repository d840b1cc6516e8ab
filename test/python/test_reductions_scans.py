"""Reductions, scans, sorting and shape ops through the Python API (`@tilec.jit`), vs numpy."""
import numpy as np

import tilec
import tilec.language as tl


@tilec.jit
def _first_max(v1, i1, v2, i2):
    take = (v1 > v2) | ((v1 == v2) & (i1 < i2))
    return tl.where(take, v1, v2), tl.where(take, i1, i2)


@tilec.jit
def rows_kernel(x_ptr, amax_ptr, tmax_ptr, csum_ptr, sorted_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + offs)
    tl.store(amax_ptr + row, x.argmax(0))
    _, first = tl.reduce((x, offs), 0, _first_max)
    tl.store(tmax_ptr + row, first)
    tl.store(csum_ptr + row * N + offs, tl.cumsum(x, 0, reverse=True))
    tl.store(sorted_ptr + row * N + offs, tl.sort(x, descending=True))


@tilec.jit
def pairs_kernel(a_ptr, b_ptr, inter_ptr, hist_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(inter_ptr + tl.arange(0, 2 * N), tl.interleave(a, b))
    tl.store(hist_ptr + offs, tl.histogram(a, N))


def test_row_reductions_scans_and_sort():
    rng = np.random.default_rng(1)
    rows, n = 3, 32
    x = rng.integers(-20, 20, (rows, n)).astype(np.int32)
    amax = np.zeros(rows, np.int32)
    tmax = np.zeros(rows, np.int32)
    csum = np.zeros((rows, n), np.int32)
    srt = np.zeros((rows, n), np.int32)
    rows_kernel[(rows,)](x, amax, tmax, csum, srt, N=n)
    np.testing.assert_array_equal(amax, x.argmax(axis=1))
    np.testing.assert_array_equal(tmax, x.argmax(axis=1))
    np.testing.assert_array_equal(csum, np.flip(np.cumsum(np.flip(x, 1), 1), 1))
    np.testing.assert_array_equal(srt, -np.sort(-x, axis=1))


def test_interleave_and_histogram():
    rng = np.random.default_rng(2)
    n = 16
    a = rng.integers(-2, n + 2, n).astype(np.int32)
    b = rng.integers(0, 100, n).astype(np.int32)
    inter = np.zeros(2 * n, np.int32)
    hist = np.zeros(n, np.int32)
    pairs_kernel[(1,)](a, b, inter, hist, N=n)
    np.testing.assert_array_equal(inter, np.stack([a, b], axis=1).ravel())
    np.testing.assert_array_equal(hist, np.bincount(a[(a >= 0) & (a < n)], minlength=n))
