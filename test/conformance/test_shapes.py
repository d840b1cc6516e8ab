"""Tile creation and shape ops: arange, zeros, full, broadcast_to, reshape, expand_dims, trans,
permute, squeeze/unsqueeze, indexing with None, and implicit broadcasting in binary ops."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import bits_of, empty_arg, from_arg
from test_promotion import TL_DTYPES


@tilec.jit
def arange_kernel(out_ptr, START: tl.constexpr, END: tl.constexpr):
    r = tl.arange(START, END)
    tl.static_assert(r.dtype == tl.int32)
    tl.store(out_ptr + tl.arange(0, END - START), r)


@pytest.mark.parametrize("start,end", [(0, 1), (0, 16), (4, 8), (0, 1024), (16, 48)])
def test_arange(start, end):
    out = np.zeros(end - start, np.int32)
    arange_kernel[(1,)](out, START=start, END=end)
    np.testing.assert_array_equal(out, np.arange(start, end))


@tilec.jit
def full_kernel(out_ptr, VALUE: tl.constexpr, DTYPE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    f = tl.full((BLOCK,), VALUE, DTYPE)
    z = tl.zeros([BLOCK], dtype=DTYPE)
    tl.static_assert(f.dtype == DTYPE)
    tl.static_assert(z.dtype == DTYPE)
    tl.store(out_ptr + offs, f)
    tl.store(out_ptr + BLOCK + offs, z)
    tl.store(out_ptr + 2 * BLOCK + offs, tl.zeros_like(f) + f)


FULL_CASES = [("float32", 2.5), ("float16", -1.0), ("bfloat16", 3.0), ("float64", 1e-300),
              ("int8", -3), ("int32", 7), ("int64", 2**40), ("uint8", 255), ("uint32", 4000000000),
              ("uint64", 2**63 - 1), ("int16", -32768), ("bool", True), ("uint16", 65535),
              ("int64", -2**63)]
# Left out: constexpr ints >= 2**63 (uint64 in Triton) are not representable in tilec's
# frontend (read as a string): tl.full((16,), 2**63, tl.uint64) fails to compile.


@pytest.mark.parametrize("dtype,value", FULL_CASES)
def test_full_and_zeros(dtype, value):
    block = 16
    out = empty_arg(dtype, 3 * block)
    full_kernel[(1,)](out, VALUE=value, DTYPE=TL_DTYPES[dtype], BLOCK=block)
    got = from_arg(out, dtype)
    np.testing.assert_array_equal(got[:block], np.full(block, value, got.dtype))
    np.testing.assert_array_equal(got[block:2 * block], np.zeros(block, got.dtype))
    np.testing.assert_array_equal(got[2 * block:], np.full(block, value, got.dtype))


@tilec.jit
def shape_ops_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, OP: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    if OP == "trans":
        y = tl.trans(x)
        tl.store(out_ptr + cols[:, None] * M + rows[None, :], y)
    elif OP == "trans_method":
        y = x.trans()
        tl.store(out_ptr + cols[:, None] * M + rows[None, :], y)
    elif OP == "permute":
        y = tl.permute(x, (1, 0))
        tl.store(out_ptr + cols[:, None] * M + rows[None, :], y)
    elif OP == "T":
        y = x.T
        tl.store(out_ptr + cols[:, None] * M + rows[None, :], y)
    elif OP == "reshape":
        y = tl.reshape(x, (M * N,))
        tl.store(out_ptr + tl.arange(0, M * N), y)
    elif OP == "reshape_2d":
        y = x.reshape(N, M)
        tl.store(out_ptr + cols[:, None] * M + rows[None, :], y)
    elif OP == "view":
        y = tl.view(x, (M * N,))
        tl.store(out_ptr + tl.arange(0, M * N), y)
    elif OP == "expand_dims":
        y = tl.expand_dims(x, 0)
        tl.static_assert(y.shape[0] == 1)
        tl.store(out_ptr + tl.expand_dims(rows[:, None] * N + cols[None, :], 0), y)
    elif OP == "broadcast_to":
        row0 = tl.load(x_ptr + cols)
        y = tl.broadcast_to(row0[None, :], (M, N))
        tl.store(out_ptr + rows[:, None] * N + cols[None, :], y)
    elif OP == "broadcast_binary":
        col0 = tl.load(x_ptr + rows * N)
        y = x + col0[:, None] * 100.0 + tl.load(x_ptr + cols)[None, :]
        tl.store(out_ptr + rows[:, None] * N + cols[None, :], y)
    elif OP == "expand_sum":
        y = tl.sum(tl.expand_dims(x, 2), axis=2)
        tl.store(out_ptr + rows[:, None] * N + cols[None, :], y)


def _shape_reference(op, x):
    if op in ("trans", "trans_method", "permute", "T"):
        return x.T.copy()
    if op in ("reshape", "view", "expand_dims", "expand_sum"):
        return x
    if op == "reshape_2d":
        return x.reshape(x.shape[1], x.shape[0])
    if op == "broadcast_to":
        return np.broadcast_to(x[0], x.shape)
    if op == "broadcast_binary":
        return x + x[:, :1] * 100.0 + x[0][None, :]
    raise AssertionError(op)


SHAPE_OPS = ["trans", "trans_method", "permute", "T", "reshape", "reshape_2d", "view",
             "expand_dims", "broadcast_to", "broadcast_binary", "expand_sum"]


@pytest.mark.parametrize("shape", [(16, 16), (4, 32), (1, 8)])
@pytest.mark.parametrize("op", SHAPE_OPS)
def test_shape_op(op, shape):
    m, n = shape
    x = np.random.default_rng(m * n).standard_normal(shape).astype(np.float32)
    ref = _shape_reference(op, x)
    out = np.zeros(ref.size, np.float32)
    shape_ops_kernel[(1,)](x, out, M=m, N=n, OP=op)
    np.testing.assert_allclose(out, ref.reshape(-1), rtol=1e-6)


@tilec.jit
def permute_3d_kernel(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    a = tl.arange(0, A)[:, None, None]
    b = tl.arange(0, B)[None, :, None]
    c = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + a * B * C + b * C + c)
    y = tl.permute(x, 2, 0, 1)  # shape (C, A, B)
    ca = tl.arange(0, C)[:, None, None]
    aa = tl.arange(0, A)[None, :, None]
    ba = tl.arange(0, B)[None, None, :]
    tl.store(out_ptr + ca * A * B + aa * B + ba, y)


def test_permute_3d():
    x = np.arange(2 * 4 * 8, dtype=np.int32).reshape(2, 4, 8)
    out = np.zeros(x.size, np.int32)
    permute_3d_kernel[(1,)](x, out, A=2, B=4, C=8)
    np.testing.assert_array_equal(out, np.transpose(x, (2, 0, 1)).reshape(-1))


@tilec.jit
def outer_kernel(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M))
    y = tl.load(y_ptr + tl.arange(0, N))
    o = x[:, None] * y[None, :]
    tl.store(out_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], o)


@pytest.mark.parametrize("m,n", [(1, 1), (16, 16), (8, 64), (64, 2)])
def test_outer_product_with_none_indexing(m, n):
    rng = np.random.default_rng(m + n)
    x = rng.integers(-9, 9, m).astype(np.int32)
    y = rng.integers(-9, 9, n).astype(np.int32)
    out = np.zeros(m * n, np.int32)
    outer_kernel[(1,)](x, y, out, M=m, N=n)
    np.testing.assert_array_equal(out, np.outer(x, y).reshape(-1))


def test_reshape_size_mismatch_is_a_compile_error():
    with pytest.raises(tilec.CompilationError, match="reshape"):
        bad_reshape_kernel[(1,)](np.zeros(16, np.float32))


@tilec.jit
def bad_reshape_kernel(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr + tl.arange(0, 8), tl.reshape(x, (8,)))


def test_arange_needs_power_of_two():
    with pytest.raises(tilec.CompilationError):
        arange_kernel[(1,)](np.zeros(12, np.int32), START=0, END=12)


@tilec.jit
def squeeze_kernel(x_ptr, out_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r)
    col = tl.unsqueeze(x, -1)
    tl.static_assert(col.shape == [N, 1])
    row = tl.unsqueeze(x, 0)
    tl.static_assert(row.shape == [1, N])
    cube = tl.unsqueeze(row, 2)
    tl.static_assert(cube.shape == [1, N, 1])
    flat = tl.squeeze(tl.squeeze(cube, -1), 0)
    tl.static_assert(flat.shape == [N])
    tl.store(out_ptr + r[:, None] * N + r[None, :], col * 100 + row)
    tl.store(out_ptr + N * N + r, tl.squeeze(col, 1) - flat)


def test_squeeze_unsqueeze():
    """unsqueeze inserts a length-1 dimension (negative dims count from the new rank), squeeze
    removes one; the values stay in place."""
    x = np.arange(8, dtype=np.int32)
    out = np.zeros(64 + 8, np.int32)
    squeeze_kernel[(1,)](x, out, N=8)
    np.testing.assert_array_equal(out[:64].reshape(8, 8), x[:, None] * 100 + x[None, :])
    np.testing.assert_array_equal(out[64:], np.zeros(8, np.int32))
