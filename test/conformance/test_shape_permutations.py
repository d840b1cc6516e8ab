"""tl.join, tl.split, tl.interleave, tl.cat and tl.flip on shapes and element types whose GPU
layouts take each lowering path (registers of one thread, XOR shuffles across lanes, shared
memory across warps): 3-D tiles, joins of joined tiles, splits of loaded tiles in a layout that
does not hold pairs in one thread, bf16/int8/int64/bool elements, and joins and splits of
pointers -- against numpy
(np.stack, np.concatenate, np.flip, which are Triton 3.9's semantics)."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import BF16, bf16_bits

DTYPES = ["float32", "bfloat16", "int8", "int64"]


def _data(dtype, shape, seed):
    """Random values of `dtype` (bf16 as uint16 bit patterns) and the kernel argument."""
    rng = np.random.default_rng(seed)
    if dtype == "bfloat16":
        bits = bf16_bits(rng.standard_normal(shape) * 100)
        return bits, BF16(bits)
    if dtype == "bool":
        x = rng.integers(0, 2, shape).astype(np.bool_)
        return x, x
    x = rng.integers(-100, 100, shape).astype(dtype)
    return x, x


def _out(dtype, shape):
    if dtype == "bfloat16":
        bits = np.zeros(shape, np.uint16)
        return bits, BF16(bits)
    x = np.zeros(shape, dtype)
    return x, x


@tilec.jit
def join3d_kernel(a_ptr, b_ptr, j_ptr, jj_ptr, lo_ptr, hi_ptr, A: tl.constexpr,
                  B: tl.constexpr, C: tl.constexpr):
    offs = (tl.arange(0, A)[:, None, None] * (B * C) + tl.arange(0, B)[None, :, None] * C +
            tl.arange(0, C)[None, None, :])
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    j = tl.join(a, b)
    tl.store(j_ptr + offs[:, :, :, None] * 2 + tl.arange(0, 2)[None, None, None, :], j)
    # A join of joined tiles, then split twice back.
    jj = tl.join(j, tl.join(b, a))
    p = tl.arange(0, 2)
    tl.store(jj_ptr + offs[:, :, :, None, None] * 4 + p[None, None, None, :, None] * 2 +
             p[None, None, None, None, :], jj)
    first, second = tl.split(jj)
    lo, _ = tl.split(first)
    _, hi = tl.split(second)
    tl.store(lo_ptr + offs, lo)
    tl.store(hi_ptr + offs, hi)


@pytest.mark.parametrize("dtype", DTYPES + ["bool"])
def test_join_split_3d(dtype):
    shape = (2, 4, 16)
    a, a_arg = _data(dtype, shape, 1)
    b, b_arg = _data(dtype, shape, 2)
    j, j_arg = _out(dtype, shape + (2,))
    jj, jj_arg = _out(dtype, shape + (2, 2))
    lo, lo_arg = _out(dtype, shape)
    hi, hi_arg = _out(dtype, shape)
    join3d_kernel[(1,)](a_arg, b_arg, j_arg, jj_arg, lo_arg, hi_arg, A=2, B=4, C=16)
    np.testing.assert_array_equal(j, np.stack([a, b], axis=-1))
    np.testing.assert_array_equal(jj, np.stack([np.stack([a, b], -1), np.stack([b, a], -1)], -1))
    np.testing.assert_array_equal(lo, a)
    np.testing.assert_array_equal(hi, a)


@tilec.jit
def split_loaded_kernel(big_ptr, x_ptr, lo_ptr, hi_ptr, inter_ptr, N: tl.constexpr):
    # The large contiguous 2-D access sets the default 2-D layout (4 elements per thread along
    # the rows): the [N, 2] tile loaded with it does not hold its pairs in one thread.
    r = tl.arange(0, 64)
    big = tl.load(big_ptr + r[:, None] * 64 + r[None, :])
    tl.store(big_ptr + r[:, None] * 64 + r[None, :], big + 1)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs[:, None] * 2 + tl.arange(0, 2)[None, :])
    lo, hi = tl.split(x)
    tl.store(lo_ptr + offs, lo)
    tl.store(hi_ptr + offs, hi)
    tl.store(inter_ptr + tl.arange(0, 2 * N), tl.interleave(hi, lo))


@pytest.mark.parametrize("n", [16, 256])
def test_split_of_loaded_tile(n):
    big = np.zeros((64, 64), np.float32)
    x, _ = _data("int64", (n, 2), 3)
    x = x.astype(np.float32)
    lo = np.zeros(n, np.float32)
    hi = np.zeros(n, np.float32)
    inter = np.zeros(2 * n, np.float32)
    split_loaded_kernel[(1,)](big, x, lo, hi, inter, N=n)
    np.testing.assert_array_equal(big, np.ones((64, 64), np.float32))
    np.testing.assert_array_equal(lo, x[:, 0])
    np.testing.assert_array_equal(hi, x[:, 1])
    np.testing.assert_array_equal(inter, x[:, ::-1].reshape(-1))


@tilec.jit
def flip3d_kernel(x_ptr, f0_ptr, f1_ptr, f2_ptr, A: tl.constexpr, B: tl.constexpr,
                  C: tl.constexpr):
    offs = (tl.arange(0, A)[:, None, None] * (B * C) + tl.arange(0, B)[None, :, None] * C +
            tl.arange(0, C)[None, None, :])
    x = tl.load(x_ptr + offs)
    tl.store(f0_ptr + offs, tl.flip(x, 0))
    tl.store(f1_ptr + offs, tl.flip(x, dim=-2))
    tl.store(f2_ptr + offs, x.flip())


@pytest.mark.parametrize("shape", [(2, 4, 8), (4, 8, 64), (8, 2, 128)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_flip_3d(shape, dtype):
    x, x_arg = _data(dtype, shape, 4)
    outs = [_out(dtype, shape) for _ in range(3)]
    flip3d_kernel[(1,)](x_arg, *[o[1] for o in outs], A=shape[0], B=shape[1], C=shape[2])
    for axis, (out, _) in enumerate(outs):
        np.testing.assert_array_equal(out, np.flip(x, axis), err_msg="axis %d" % axis)


@tilec.jit
def flip1d_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.where(tl.flip(x > 0), tl.flip(x), -1))


@pytest.mark.parametrize("n", [2, 64, 1024])
def test_flip_1d_with_bools(n):
    x, _ = _data("int64", (n,), 5)
    x = x.astype(np.int32)
    out = np.zeros(n, np.int32)
    flip1d_kernel[(1,)](x, out, N=n)
    f = x[::-1]
    np.testing.assert_array_equal(out, np.where(f > 0, f, -1))


@tilec.jit
def cat_kernel(a_ptr, b_ptr, c0_ptr, c1_ptr, c2_ptr, flat_ptr, A: tl.constexpr, B: tl.constexpr,
               C: tl.constexpr):
    ra = tl.arange(0, A)[:, None, None]
    rb = tl.arange(0, B)[None, :, None]
    rc = tl.arange(0, C)[None, None, :]
    offs = ra * (B * C) + rb * C + rc
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(c0_ptr + tl.arange(0, 2 * A)[:, None, None] * (B * C) + rb * C + rc, tl.cat(a, b))
    tl.store(c1_ptr + ra * (2 * B * C) + tl.arange(0, 2 * B)[None, :, None] * C + rc,
             tl.cat(a, b, dim=1))
    tl.store(c2_ptr + ra * (B * 2 * C) + rb * (2 * C) + tl.arange(0, 2 * C)[None, None, :],
             tl.cat(a, b, dim=-1))
    fa = tl.ravel(a)
    fb = tl.ravel(b)
    tl.store(flat_ptr + tl.arange(0, 2 * A * B * C), tl.cat(fa, fb, can_reorder=True))


@pytest.mark.parametrize("shape", [(2, 2, 4), (2, 8, 32), (4, 16, 16)])
@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "int8"])
def test_cat_along_each_dim(shape, dtype):
    a, a_arg = _data(dtype, shape, 6)
    b, b_arg = _data(dtype, shape, 7)
    c0, c0_arg = _out(dtype, (2 * shape[0],) + shape[1:])
    c1, c1_arg = _out(dtype, (shape[0], 2 * shape[1], shape[2]))
    c2, c2_arg = _out(dtype, shape[:2] + (2 * shape[2],))
    flat, flat_arg = _out(dtype, (2 * a.size,))
    cat_kernel[(1,)](a_arg, b_arg, c0_arg, c1_arg, c2_arg, flat_arg, A=shape[0], B=shape[1],
                     C=shape[2])
    np.testing.assert_array_equal(c0, np.concatenate([a, b], axis=0))
    np.testing.assert_array_equal(c1, np.concatenate([a, b], axis=1))
    np.testing.assert_array_equal(c2, np.concatenate([a, b], axis=2))
    np.testing.assert_array_equal(flat, np.concatenate([a.ravel(), b.ravel()]))


@tilec.jit
def pointer_kernel(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    px = x_ptr + offs
    py = y_ptr + offs
    lo, hi = tl.split(tl.join(px, py))
    tl.store(out_ptr + offs, tl.load(lo))
    tl.store(out_ptr + N + offs, tl.load(hi))


def test_pointer_elements():
    x = np.arange(64, dtype=np.float32)
    y = -np.arange(64, dtype=np.float32)
    out = np.zeros(128, np.float32)
    pointer_kernel[(1,)](x, y, out, N=64)
    np.testing.assert_array_equal(out, np.concatenate([x, y]))
