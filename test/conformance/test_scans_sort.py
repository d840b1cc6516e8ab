"""Index reductions, tl.reduce / tl.associative_scan with @jit combiners, cumsum/cumprod, sort,
flip, join/split/interleave -- checked against numpy with Triton's semantics (ties of argmax and
argmin pick the smallest index; cumsum of int8 accumulates in int32), tl.topk and
tl.bitonic_merge."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import empty_arg, from_arg, to_arg
from test_promotion import TL_DTYPES


@tilec.jit
def argmax_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
                  IS_MAX: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    if IS_MAX:
        r = tl.argmax(x, axis=AXIS)
    else:
        r = tl.argmin(x, AXIS)
    tl.static_assert(r.dtype == tl.int32)
    size: tl.constexpr = N if AXIS == 0 else M
    tl.store(out_ptr + tl.arange(0, size), r)


@pytest.mark.parametrize("is_max", [True, False])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("dtype", ["int32", "float32", "float16", "uint8"])
def test_argmax_argmin_ties_pick_smallest_index(dtype, axis, is_max):
    rng = np.random.default_rng(axis)
    x = rng.integers(0, 5, (16, 32)).astype(dtype)  # many ties
    out = np.zeros(32 if axis == 0 else 16, np.int32)
    argmax_kernel[(1,)](x, out, M=16, N=32, AXIS=axis, IS_MAX=is_max)
    ref = np.argmax(x, axis=axis) if is_max else np.argmin(x, axis=axis)
    np.testing.assert_array_equal(out, ref)


@tilec.jit
def _max_abs(a, b):
    return tl.maximum(tl.abs(a), tl.abs(b))


@tilec.jit
def _value_and_index_max(v1, i1, v2, i2):
    keep_left = (v1 > v2) | ((v1 == v2) & (i1 < i2))
    return tl.where(keep_left, v1, v2), tl.where(keep_left, i1, i2)


@tilec.jit
def custom_reduce_kernel(x_ptr, out_ptr, idx_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    tl.store(out_ptr + tl.arange(0, M), tl.reduce(x, 1, _max_abs))
    v, i = tl.reduce((x, tl.broadcast_to(cols, (M, N))), 1, _value_and_index_max)
    tl.store(idx_ptr + tl.arange(0, M), i)


def test_reduce_with_jit_combiners_and_tuples():
    x = np.random.default_rng(0).integers(-50, 50, (8, 64)).astype(np.float32)
    out = np.zeros(8, np.float32)
    idx = np.zeros(8, np.int32)
    custom_reduce_kernel[(1,)](x, out, idx, M=8, N=64)
    np.testing.assert_array_equal(out, np.abs(x).max(axis=1))
    np.testing.assert_array_equal(idx, np.argmax(x, axis=1))


@tilec.jit
def cumsum_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
                  REVERSE: tl.constexpr, PROD: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    if PROD:
        r = tl.cumprod(x, axis=AXIS, reverse=REVERSE)
    else:
        r = tl.cumsum(x, axis=AXIS, reverse=REVERSE)
    tl.store(out_ptr + offs, r)


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("dtype,out_dtype", [("int32", "int32"), ("int8", "int32"),
                                             ("float32", "float32"), ("int64", "int64")])
def test_cumsum(dtype, out_dtype, axis, reverse):
    x = np.random.default_rng(1).integers(-100, 100, (8, 32)).astype(dtype)
    out = np.zeros((8, 32), out_dtype)
    cumsum_kernel[(1,)](x, out, M=8, N=32, AXIS=axis, REVERSE=reverse, PROD=False)
    wide = x.astype(np.int64 if out_dtype != "float32" else np.float64)
    ref = np.flip(np.cumsum(np.flip(wide, axis), axis), axis) if reverse else np.cumsum(wide, axis)
    np.testing.assert_allclose(out, ref.astype(out_dtype), rtol=1e-6)


def test_cumprod_int32_wraps_like_int32():
    x = np.random.default_rng(2).integers(-3, 4, (4, 16)).astype(np.int32)
    out = np.zeros_like(x)
    cumsum_kernel[(1,)](x, out, M=4, N=16, AXIS=1, REVERSE=False, PROD=True)
    np.testing.assert_array_equal(out, np.cumprod(x, axis=1, dtype=np.int64).astype(np.int32))


@tilec.jit
def _affine_compose(a1, b1, a2, b2):
    # x -> a2 * (a1 * x + b1) + b2: associative, not commutative
    return a1 * a2, b1 * a2 + b2


@tilec.jit
def affine_scan_kernel(a_ptr, b_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a, b = tl.associative_scan((tl.load(a_ptr + offs), tl.load(b_ptr + offs)), 0,
                               _affine_compose)
    tl.store(out_ptr + offs, b)  # the running map applied to x = 0


def test_associative_scan_non_commutative():
    rng = np.random.default_rng(3)
    a = rng.integers(-2, 3, 64).astype(np.int64)
    b = rng.integers(-5, 6, 64).astype(np.int64)
    out = np.zeros(64, np.int64)
    affine_scan_kernel[(1,)](a, b, out, N=64)
    ref, acc = [], 0
    for ai, bi in zip(a, b):
        acc = ai * acc + bi
        ref.append(acc)
    np.testing.assert_array_equal(out, ref)


@tilec.jit
def sort_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DESCENDING: tl.constexpr,
                FLIP: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    if FLIP:
        y = tl.flip(x, 1)
    else:
        y = tl.sort(x, descending=DESCENDING)
    tl.store(out_ptr + offs, y)


@pytest.mark.parametrize("mode", ["ascending", "descending", "flip"])
@pytest.mark.parametrize("dtype", ["int32", "float32", "uint8", "float16", "int64"])
def test_sort_and_flip_last_axis(dtype, mode):
    x = np.random.default_rng(4).integers(0, 200, (4, 64)).astype(dtype)
    out = np.zeros_like(x)
    sort_kernel[(1,)](x, out, M=4, N=64, DESCENDING=mode == "descending", FLIP=mode == "flip")
    ref = {"ascending": np.sort(x, axis=1), "descending": -np.sort(-x.astype(np.int64),
                                                                    axis=1),
           "flip": x[:, ::-1]}[mode]
    np.testing.assert_array_equal(out, ref.astype(dtype))


@tilec.jit
def join_split_kernel(a_ptr, b_ptr, joined_ptr, inter_ptr, back_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    j = tl.join(a, b)  # shape [N, 2]
    tl.store(joined_ptr + offs[:, None] * 2 + tl.arange(0, 2)[None, :], j)
    tl.store(inter_ptr + tl.arange(0, 2 * N), tl.interleave(a, b))
    x, y = tl.split(j)
    tl.store(back_ptr + offs, x - y)


def test_join_split_interleave():
    rng = np.random.default_rng(5)
    a = rng.standard_normal(32).astype(np.float32)
    b = rng.standard_normal(32).astype(np.float32)
    joined = np.zeros((32, 2), np.float32)
    inter = np.zeros(64, np.float32)
    back = np.zeros(32, np.float32)
    join_split_kernel[(1,)](a, b, joined, inter, back, N=32)
    np.testing.assert_array_equal(joined, np.stack([a, b], axis=1))
    np.testing.assert_array_equal(inter, np.stack([a, b], axis=1).reshape(-1))
    np.testing.assert_array_equal(back, a - b)


@tilec.jit
def topk_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
                DESCENDING: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    if DESCENDING is None:
        y = tl.topk(x, K)
    else:
        y = tl.topk(x, K, dim=1, descending=DESCENDING)
    tl.static_assert(y.shape == [M, K])
    tl.store(out_ptr + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :], y)


@pytest.mark.parametrize("descending", [None, True, False])
@pytest.mark.parametrize("k", [1, 2, 8, 64])
@pytest.mark.parametrize("dtype", ["int32", "float32", "float16", "int8", "uint8"])
def test_topk_rows(dtype, k, descending):
    """The k largest (default) or smallest of each row, in order, with duplicates."""
    rng = np.random.default_rng(k)
    x = to_arg(rng.integers(-60, 60, (4, 64)) if dtype != "uint8" else
               rng.integers(0, 200, (4, 64)), dtype)
    if dtype.startswith("float"):
        x = (x * np.asarray(0.25, x.dtype)).astype(x.dtype)
    out = empty_arg(dtype, (4, k))
    topk_kernel[(1,)](x, out, M=4, N=64, K=k, DESCENDING=descending)
    ordered = np.sort(x, axis=1)
    ref = ordered[:, ::-1][:, :k] if descending in (None, True) else ordered[:, :k]
    np.testing.assert_array_equal(out, ref)


@tilec.jit
def bitonic_merge_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                         DESCENDING: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(out_ptr + offs, tl.bitonic_merge(tl.load(x_ptr + offs), descending=DESCENDING))


@pytest.mark.parametrize("descending", [0, 1])
def test_bitonic_merge_sorts_bitonic_rows(descending):
    """Rows that rise then fall (bitonic sequences) come out sorted."""
    rng = np.random.default_rng(3)
    halves = np.sort(rng.standard_normal((8, 2, 16)).astype(np.float32), axis=2)
    x = np.ascontiguousarray(np.concatenate([halves[:, 0], halves[:, 1, ::-1]], axis=1))
    out = np.zeros_like(x)
    bitonic_merge_kernel[(1,)](x, out, M=8, N=32, DESCENDING=descending)
    ref = np.sort(x, axis=1)
    np.testing.assert_array_equal(out, ref[:, ::-1] if descending else ref)


@tilec.jit
def cumprod_int8_kernel(x_ptr, out_ptr, wide_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    y = tl.cumprod(x, 0)
    tl.static_assert(y.dtype == tl.int32)
    tl.store(out_ptr + tl.arange(0, BLOCK), y)
    tl.store(wide_ptr + tl.arange(0, BLOCK), tl.cumprod(x, 0, dtype=tl.int64))


def test_cumprod_widens_narrow_integers():
    """tl.cumprod picks its dtype as tl.cumsum does: int8 products are int32, and `dtype=`
    chooses another."""
    x = np.full(16, 3, np.int8)
    out = np.zeros(16, np.int32)
    wide = np.zeros(16, np.int64)
    cumprod_int8_kernel[(1,)](x, out, wide, BLOCK=16)
    expected = np.cumprod(np.full(16, 3, np.int64))
    np.testing.assert_array_equal(out, expected.astype(np.int32))
    np.testing.assert_array_equal(wide, expected)
