"""tl.load / tl.store: masks, `other`, 2-D ragged tiles, strides, scalar loads and stores."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import SIZES_1D, SHAPES_2D, bits_of, empty_arg, from_arg, random_values, to_arg

MEM_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "float16", "bfloat16", "float32", "float64"]


@tilec.jit
def copy_masked_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


@pytest.mark.parametrize("n", SIZES_1D)
@pytest.mark.parametrize("dtype", MEM_DTYPES)
def test_masked_copy(dtype, n):
    rng = np.random.default_rng(n + bits_of(dtype))
    x = random_values(dtype, n, rng)
    # a sentinel after the end checks that masked lanes are not written
    out = empty_arg(dtype, n + 7)
    copy_masked_kernel[(tilec.cdiv(n, 64),)](to_arg(x, dtype), out, n, BLOCK=64)
    got = from_arg(out, dtype)
    np.testing.assert_array_equal(got[:n], x)
    np.testing.assert_array_equal(got[n:], np.zeros(7, got.dtype))


@tilec.jit
def load_other_kernel(x_ptr, out_ptr, n, OTHER: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n, other=OTHER))


@pytest.mark.parametrize("dtype,other", [("float32", -1.5), ("float32", float("-inf")),
                                         ("int32", -7), ("uint8", 200), ("float16", 3.0),
                                         ("int64", 2**40), ("float64", 0.25)])
def test_load_other_fills_masked_lanes(dtype, other):
    n, block = 10, 32
    x = np.arange(1, n + 1).astype(dtype)
    out = np.zeros(block, dtype)
    load_other_kernel[(1,)](x, out, n, OTHER=other, BLOCK=block)
    np.testing.assert_array_equal(out, np.concatenate([x, np.full(block - n, other, dtype)]))


@tilec.jit
def copy_2d_kernel(x_ptr, out_ptr, M, N, stride_xm, stride_xn, stride_om,
                   BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * stride_xm + cols[None, :] * stride_xn, mask=mask,
                other=0.0)
    tl.store(out_ptr + rows[:, None] * stride_om + cols[None, :], x * 2.0, mask=mask)


@pytest.mark.parametrize("transposed", [False, True])
@pytest.mark.parametrize("shape", SHAPES_2D + [(1, 1), (5, 100)])
def test_2d_ragged_strided(shape, transposed):
    rng = np.random.default_rng(shape[0])
    base = rng.standard_normal(shape[::-1] if transposed else shape).astype(np.float32)
    x = base.T if transposed else base  # a strided (non-contiguous) view when transposed
    out = np.full(shape, 99.0, np.float32)
    sm, sn = (s // 4 for s in x.strides)
    grid = (tilec.cdiv(shape[0], 16), tilec.cdiv(shape[1], 16))
    copy_2d_kernel[grid](base, out, shape[0], shape[1], sm, sn, out.strides[0] // 4, BM=16,
                         BN=16)
    np.testing.assert_array_equal(out, x * 2.0)


@tilec.jit
def gather_kernel(x_ptr, idx_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)
    tl.store(out_ptr + offs, tl.load(x_ptr + idx, mask=mask), mask=mask)


@pytest.mark.parametrize("idx_dtype", ["int32", "int64", "uint16"])
def test_gather_by_index(idx_dtype):
    rng = np.random.default_rng(1)
    x = rng.standard_normal(500).astype(np.float32)
    idx = rng.integers(0, 500, 300).astype(idx_dtype)
    out = np.zeros(300, np.float32)
    gather_kernel[(1,)](x, idx, out, 300, BLOCK=512)
    np.testing.assert_array_equal(out, x[idx])


@tilec.jit
def scatter_kernel(x_ptr, idx_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + tl.load(idx_ptr + offs, mask=mask, other=0), tl.load(x_ptr + offs,
             mask=mask), mask=mask)


def test_scatter_by_permutation():
    rng = np.random.default_rng(2)
    x = rng.standard_normal(100).astype(np.float64)
    perm = rng.permutation(100).astype(np.int32)
    out = np.zeros(100, np.float64)
    scatter_kernel[(1,)](x, perm, out, 100, BLOCK=128)
    ref = np.zeros(100)
    ref[perm] = x
    np.testing.assert_array_equal(out, ref)


@tilec.jit
def scalar_load_store_kernel(x_ptr, out_ptr, i):
    v = tl.load(x_ptr + i)
    w = tl.load(x_ptr)
    tl.store(out_ptr, v * 2 + w)
    tl.store(out_ptr + 1 + i, v)


@pytest.mark.parametrize("dtype", ["int32", "float32", "float64", "int8", "uint64"])
def test_scalar_load_and_store(dtype):
    x = np.arange(10, 20).astype(dtype)
    out = np.zeros(12, dtype)
    scalar_load_store_kernel[(1,)](x, out, 5)
    assert out[0] == x[5] * 2 + x[0]
    assert out[6] == x[5]
    assert np.count_nonzero(out) == 2


@tilec.jit
def rows_per_program_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0)
    tl.store(out_ptr + row, tl.sum(x, axis=0))


@pytest.mark.parametrize("cols", [1, 17, 100])
def test_program_per_row_with_row_stride(cols):
    x = np.random.default_rng(cols).integers(-100, 100, (7, 128)).astype(np.int32)
    out = np.zeros(7, np.int32)
    rows_per_program_kernel[(7,)](x, out, cols, 128, BLOCK=tilec.next_power_of_2(cols))
    np.testing.assert_array_equal(out, x[:, :cols].sum(axis=1))


@tilec.jit
def pointer_arith_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    p = x_ptr + 3
    p += tl.arange(0, BLOCK)
    q = out_ptr + tl.arange(0, BLOCK)
    tl.store(q, tl.load(p - 1))


def test_pointer_arithmetic():
    x = np.arange(40, dtype=np.int16)
    out = np.zeros(16, np.int16)
    pointer_arith_kernel[(1,)](x, out, BLOCK=16)
    np.testing.assert_array_equal(out, x[2:18])


@tilec.jit
def add_large_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


# Launches whose output exceeds 32 MiB stream their stores on CPUs (tilec-streaming-stores):
# the results are the same above and below the threshold, for aligned and misaligned outputs
# and for a ragged last block.
@pytest.mark.parametrize("n,offset", [((32 << 20) // 4, 0), ((32 << 20) // 4 + 1000, 0),
                                      ((32 << 20) // 4, 1), ((32 << 20) // 4 - 4096, 0)])
def test_streaming_large_launch(n, offset):
    rng = np.random.default_rng(n + offset)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    out = np.zeros(n + offset + 1, np.float32)
    view = out[offset:offset + n]
    add_large_kernel[(tilec.cdiv(n, 4096),)](x, y, view, n, BLOCK=4096)
    np.testing.assert_array_equal(view, x + y)
    assert out[n + offset] == 0 and (offset == 0 or out[0] == 0)


@tilec.jit
def scale_rows_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * n_cols + cols, mask=mask)
        tl.store(out_ptr + row * n_cols + cols, x * 2.0, mask=mask)


# A store in a loop streams when programs x iterations write more than 32 MiB (1024 rows of
# 8192 floats, 8 iterations each): the same results as below the threshold (fewer rows) and
# with a ragged last block.
@pytest.mark.parametrize("rows,cols", [(1024, 8192), (1024, 8192 - 100), (1023, 8192 - 1024)])
def test_streaming_store_in_loop(rows, cols):
    x = np.random.default_rng(rows + cols).standard_normal((rows, cols), dtype=np.float32)
    out = np.zeros((rows, cols), np.float32)
    scale_rows_kernel[(rows,)](x, out, cols, BLOCK=1024)
    np.testing.assert_array_equal(out, x * 2.0)
