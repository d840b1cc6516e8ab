"""tl.gather along each axis, tl.histogram (with mask, out-of-range values dropped),
tl.swizzle2d (Triton's formula), tl.cat/interleave/ravel, and tl.reduce/associative_scan with
user combiners (tuples of values, a non-commutative linear recurrence), against numpy."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import empty_arg, from_arg, random_values, to_arg


@tilec.jit
def gather_kernel(src_ptr, idx_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                  K: tl.constexpr, AXIS: tl.constexpr):
    src = tl.load(src_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    if AXIS == 0:
        idx = tl.load(idx_ptr + tl.arange(0, K)[:, None] * N + tl.arange(0, N)[None, :])
        out = tl.gather(src, idx, 0)
        tl.store(out_ptr + tl.arange(0, K)[:, None] * N + tl.arange(0, N)[None, :], out)
    else:
        idx = tl.load(idx_ptr + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :])
        out = tl.gather(src, idx, axis=1)
        tl.store(out_ptr + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :], out)


@pytest.mark.parametrize("dtype", ["int8", "int32", "float16", "bfloat16", "float32", "int64"])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("idx_dtype", ["int32", "int64"])
def test_gather(dtype, axis, idx_dtype):
    M, N, K = 8, 16, 32
    rng = np.random.default_rng(axis)
    src = random_values(dtype, (M, N), rng)
    if axis == 0:
        idx = rng.integers(0, M, (K, N)).astype(idx_dtype)
        ref = np.take_along_axis(src, idx.astype(np.int64), axis=0)
        out = empty_arg(dtype, (K, N))
    else:
        idx = rng.integers(0, N, (M, K)).astype(idx_dtype)
        ref = np.take_along_axis(src, idx.astype(np.int64), axis=1)
        out = empty_arg(dtype, (M, K))
    gather_kernel[(1,)](to_arg(src, dtype), idx, out, M=M, N=N, K=K, AXIS=axis)
    np.testing.assert_array_equal(from_arg(out, dtype), ref)


@tilec.jit
def histogram_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    h = tl.histogram(x, BINS, mask=offs < n)
    tl.store(out_ptr + tl.arange(0, BINS), h)
    tl.store(out_ptr + BINS + tl.arange(0, BINS), x.histogram(BINS))


@pytest.mark.parametrize("dtype", ["int32", "int8", "int64", "uint16"])
@pytest.mark.parametrize("bins", [4, 32])
@pytest.mark.parametrize("n", [100, 128])
def test_histogram(dtype, bins, n):
    rng = np.random.default_rng(bins + n)
    low = 0 if dtype.startswith("u") else -3
    x = rng.integers(low, bins + 3, 128).astype(dtype)
    out = np.zeros(2 * bins, np.int32)
    histogram_kernel[(1,)](x, out, n, BLOCK=128, BINS=bins)

    def counts(values):
        v = values.astype(np.int64)
        v = v[(v >= 0) & (v < bins)]  # out-of-range values are dropped (documented)
        return np.bincount(v, minlength=bins)

    masked = np.where(np.arange(128) < n, x, 0)
    np.testing.assert_array_equal(out[:bins], counts(x[:n]))
    np.testing.assert_array_equal(out[bins:], counts(masked))


@tilec.jit
def swizzle_kernel(out_ptr, size_i, size_j, size_g, BI: tl.constexpr, BJ: tl.constexpr):
    offs = tl.arange(0, BI)[:, None] * BJ + tl.arange(0, BJ)[None, :]
    # stay inside the size_i x size_j grid (outside it the formula may divide by zero)
    i = tl.minimum(tl.arange(0, BI)[:, None], size_i - 1)
    j = tl.minimum(tl.arange(0, BJ)[None, :], size_j - 1)
    new_i, new_j = tl.swizzle2d(i, j, size_i, size_j, size_g)
    tl.store(out_ptr + offs, new_i)
    tl.store(out_ptr + BI * BJ + offs, new_j)
    si, sj = tl.swizzle2d(tl.program_id(0), 3, size_i, size_j, size_g)
    tl.store(out_ptr + 2 * BI * BJ, si)
    tl.store(out_ptr + 2 * BI * BJ + 1, sj)


def swizzle_reference(i, j, size_i, size_j, size_g):
    ij = i * size_j + j
    size_gj = size_g * size_j
    group = ij // size_gj
    off_i = group * size_g
    group_size = np.minimum(size_i - off_i, size_g)
    ij = ij % size_gj
    return off_i + ij % group_size, ij // group_size


# (5, 7, 3): a last group of 2 rows, shorter than size_g, after an odd number of elements
# (the case where `i*size_j+j % rows` and Triton's `(ij % size_gj) % rows` differ).
@pytest.mark.parametrize("size_i,size_j,size_g", [(8, 8, 2), (7, 8, 3), (8, 5, 4), (5, 7, 3)])
def test_swizzle2d(size_i, size_j, size_g):
    out = np.zeros(2 * 64 + 2, np.int32)
    swizzle_kernel[(1,)](out, size_i, size_j, size_g, BI=8, BJ=8)
    i, j = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")
    ref_i, ref_j = swizzle_reference(i[:size_i, :size_j], j[:size_i, :size_j], size_i, size_j,
                                     size_g)
    np.testing.assert_array_equal(out[:64].reshape(8, 8)[:size_i, :size_j], ref_i)
    np.testing.assert_array_equal(out[64:128].reshape(8, 8)[:size_i, :size_j], ref_j)
    assert tuple(out[128:]) == tuple(int(v) for v in swizzle_reference(0, 3, size_i, size_j,
                                                                       size_g))


@tilec.jit
def shape_ops_kernel(a_ptr, b_ptr, cat_ptr, inter_ptr, ravel_ptr, M: tl.constexpr,
                     N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(cat_ptr + tl.arange(0, 2 * M * N), tl.cat(tl.ravel(a), tl.ravel(b), can_reorder=True))
    inter = tl.interleave(a, b)
    tl.store(inter_ptr + tl.arange(0, M)[:, None] * 2 * N + tl.arange(0, 2 * N)[None, :], inter)
    tl.store(ravel_ptr + tl.arange(0, M * N), tl.ravel(a.T * 1))


@pytest.mark.parametrize("dtype", ["int16", "float32", "float16", "int64"])
def test_cat_interleave_ravel(dtype):
    M, N = 4, 8
    rng = np.random.default_rng(7)
    a = random_values(dtype, (M, N), rng)
    b = random_values(dtype, (M, N), rng)
    cat = np.zeros(2 * M * N, dtype)
    inter = np.zeros((M, 2 * N), dtype)
    ravel = np.zeros(M * N, dtype)
    shape_ops_kernel[(1,)](a, b, cat, inter, ravel, M=M, N=N)
    # Triton's cat may reorder elements (can_reorder=True): compare the multiset
    np.testing.assert_array_equal(np.sort(cat), np.sort(np.concatenate([a.ravel(), b.ravel()])))
    ref_inter = np.empty((M, 2 * N), dtype)
    ref_inter[:, 0::2] = a
    ref_inter[:, 1::2] = b
    np.testing.assert_array_equal(inter, ref_inter)
    np.testing.assert_array_equal(ravel, a.T.ravel())


@tilec.jit
def argmax_combine(v1, i1, v2, i2):
    take_first = (v1 > v2) | ((v1 == v2) & (i1 < i2))
    return tl.where(take_first, v1, v2), tl.where(take_first, i1, i2)


@tilec.jit
def affine_combine(a1, b1, a2, b2):
    # composition of x -> a*x + b maps (first, then second): not commutative
    return a1 * a2, b1 * a2 + b2


@tilec.jit
def combiner_kernel(v_ptr, a_ptr, b_ptr, out_ptr, idx_ptr, scan_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(v_ptr + offs)
    best, best_idx = tl.reduce((v, offs), 0, argmax_combine)
    tl.store(out_ptr, best)
    tl.store(idx_ptr, best_idx)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    _, y = tl.associative_scan((a, b), 0, affine_combine)
    tl.store(scan_ptr + offs, y)


@pytest.mark.parametrize("dtype", ["int32", "float32"])
@pytest.mark.parametrize("block", [16, 128])
def test_user_combiners(dtype, block):
    rng = np.random.default_rng(block)
    v = rng.integers(-20, 20, block).astype(dtype)  # ties on purpose: the first index wins
    a = rng.integers(-1, 2, block).astype(dtype)
    b = rng.integers(-3, 4, block).astype(dtype)
    out = np.zeros(1, dtype)
    idx = np.zeros(1, np.int32)
    scan = np.zeros(block, dtype)
    combiner_kernel[(1,)](v, a, b, out, idx, scan, BLOCK=block)
    assert out[0] == v.max() and idx[0] == int(np.argmax(v))
    # y_k = a_k * y_{k-1} + b_k with y_{-1} = 0
    ref = np.zeros(block, np.int64)
    acc = 0
    for k in range(block):
        acc = int(a[k]) * acc + int(b[k])
        ref[k] = acc
    np.testing.assert_array_equal(scan, ref.astype(dtype))
