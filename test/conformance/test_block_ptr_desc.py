"""Block pointers (make_block_ptr/advance, boundary_check per dimension, padding_option "zero"/
"nan"/"", boundary-checked stores, int1 viewed as int8) and tensor descriptors (load/store with
negative and out-of-range offsets, padding, casting stores, atomic_add) against numpy windows."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import empty_arg, from_arg, random_values, to_arg

PADDING = {"zero": 0.0, "nan": np.nan, "": 0.0}


def window(src, r0, c0, bm, bn, fill):
    """src[r0:r0+bm, c0:c0+bn] with positions outside src set to `fill`."""
    out = np.full((bm, bn), fill, dtype=src.dtype)  # exact for every dtype
    for i in range(bm):
        for j in range(bn):
            r, c = r0 + i, c0 + j
            if 0 <= r < src.shape[0] and 0 <= c < src.shape[1]:
                out[i, j] = src[r, c]
    return out


@tilec.jit
def block_load_kernel(src_ptr, dst_ptr, M, N, stride_m, stride_n, r0, c0,
                      BM: tl.constexpr, BN: tl.constexpr, PAD: tl.constexpr):
    src = tl.make_block_ptr(src_ptr, shape=(M, N), strides=(stride_m, stride_n),
                            offsets=(r0, c0), block_shape=(BM, BN), order=(1, 0))
    x = tl.load(src, boundary_check=(0, 1), padding_option=PAD)
    dst = tl.make_block_ptr(dst_ptr, shape=(BM, BN), strides=(BN, 1), offsets=(0, 0),
                            block_shape=(BM, BN), order=(1, 0))
    tl.store(dst, x)


@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
@pytest.mark.parametrize("pad", ["zero", "nan", ""])
@pytest.mark.parametrize("r0,c0", [(0, 0), (10, 20), (-3, 5), (13, -7)])
def test_block_load_boundary_padding(dtype, pad, r0, c0):
    rng = np.random.default_rng(abs(r0) * 100 + abs(c0))
    src = random_values(dtype, (17, 29), rng)
    out = np.zeros((8, 16), dtype)
    block_load_kernel[(1,)](src, out, 17, 29, 29, 1, r0, c0, BM=8, BN=16, PAD=pad)
    np.testing.assert_array_equal(out, window(src, r0, c0, 8, 16, PADDING[pad]).astype(dtype))


@tilec.jit
def partial_check_kernel(src_ptr, dst_ptr, M, N, r0, BM: tl.constexpr, BN: tl.constexpr):
    # only rows are checked: the 16 columns are always in bounds
    src = tl.make_block_ptr(src_ptr, (M, N), (N, 1), (r0, 0), (BM, BN), (1, 0))
    x = tl.load(src, boundary_check=(0,))
    tl.store(dst_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :], x)


@pytest.mark.parametrize("dtype", ["int8", "int32", "uint16", "int64", "bfloat16"])
def test_block_load_checks_only_named_dimensions(dtype):
    rng = np.random.default_rng(1)
    src = random_values(dtype, (10, 16), rng)
    out = empty_arg(dtype, (8, 16))
    partial_check_kernel[(1,)](to_arg(src, dtype), out, 10, 16, 5, BM=8, BN=16)
    np.testing.assert_array_equal(from_arg(out, dtype),
                                  window(src, 5, 0, 8, 16, 0).astype(from_arg(out, dtype).dtype))


@tilec.jit
def block_store_kernel(src_ptr, dst_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(src_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    src = tl.advance(src, (pid_m * BM, pid_n * BN))
    dst = tl.make_block_ptr(dst_ptr, (N, M), (1, N), (pid_n * BN, pid_m * BM), (BN, BM), (0, 1))
    x = tl.load(src, boundary_check=(0, 1))
    tl.store(dst, tl.trans(x) * 2, boundary_check=(0, 1))


@pytest.mark.parametrize("dtype", ["float32", "int16", "float16"])
@pytest.mark.parametrize("M,N", [(5, 7), (33, 20), (64, 64)])
def test_block_store_boundary_checked_transpose(dtype, M, N):
    rng = np.random.default_rng(M * N)
    src = random_values(dtype, (M, N), rng, low=-100, high=100)
    dst = np.full((N, M), 99, dtype)
    grid = (tilec.cdiv(M, 16), tilec.cdiv(N, 16))
    block_store_kernel[grid](src, dst, M, N, BM=16, BN=16)
    # dst is read through a transposed view: dst_ptr + n*1 + m*N ... store index (n, m)
    ref = (src * 2).astype(dtype)
    np.testing.assert_array_equal(dst.reshape(-1)[np.arange(N)[:, None] + np.arange(M)[None, :] * N],
                                  ref.T)


@tilec.jit
def advance_loop_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    ptr = tl.make_block_ptr(x_ptr + row * N, (N,), (1,), (0,), (BLOCK,), (0,))
    acc = tl.zeros((BLOCK,), tl.float32)
    for _ in range(0, N, BLOCK):
        acc += tl.load(ptr, boundary_check=(0,), padding_option="zero").to(tl.float32)
        ptr = tl.advance(ptr, (BLOCK,))
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("N", [1, 100, 257])
def test_block_pointer_carried_through_loop(dtype, N):
    rng = np.random.default_rng(N)
    x = rng.standard_normal((4, N)).astype(dtype)
    out = np.zeros(4, np.float32)
    advance_loop_kernel[(4,)](x, out, N, BLOCK=32)
    np.testing.assert_allclose(out, x.astype(np.float64).sum(axis=1), rtol=1e-5, atol=1e-5)


@tilec.jit
def bool_block_kernel(src_ptr, dst_ptr, N, BLOCK: tl.constexpr):
    ptr = tl.make_block_ptr(src_ptr, (N,), (1,), (0,), (BLOCK,), (0,))
    x = tl.load(ptr, boundary_check=(0,))
    tl.static_assert(x.dtype == tl.int8)  # int1 pointers are viewed as int8, as in Triton
    tl.store(dst_ptr + tl.arange(0, BLOCK), x)


def test_bool_block_pointer_loads_int8():
    src = np.array([True, False, True, True, False], np.bool_)
    out = np.full(8, -1, np.int8)
    bool_block_kernel[(1,)](src, out, 5, BLOCK=8)
    np.testing.assert_array_equal(out, [1, 0, 1, 1, 0, 0, 0, 0])


@tilec.jit
def descriptor_copy_kernel(src_ptr, dst_ptr, M, N, r0, c0, BM: tl.constexpr, BN: tl.constexpr,
                           PAD: tl.constexpr):
    src = tl.make_tensor_descriptor(src_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN],
                                    padding_option=PAD)
    dst = tl.make_tensor_descriptor(dst_ptr, shape=[BM, BN], strides=[BN, 1],
                                    block_shape=[BM, BN])
    x = src.load([r0, c0])
    dst.store([0, 0], x)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("pad", ["zero", "nan"])
@pytest.mark.parametrize("r0,c0", [(0, 0), (9, 24), (-5, -3)])
def test_tensor_descriptor_load_padding(dtype, pad, r0, c0):
    rng = np.random.default_rng(abs(r0) + abs(c0))
    src = random_values(dtype, (13, 30), rng)
    out = np.zeros((8, 16), dtype)
    descriptor_copy_kernel[(1,)](src, out, 13, 30, r0, c0, BM=8, BN=16, PAD=pad)
    np.testing.assert_array_equal(out, window(src, r0, c0, 8, 16, PADDING[pad]).astype(dtype))


@tilec.jit
def descriptor_store_kernel(src_ptr, dst_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_tensor_descriptor(src_ptr, [M, N], [N, 1], [BM, BN])
    dst = tl.make_tensor_descriptor(dst_ptr, [M, N], [N, 1], [BM, BN])
    x = tl.load_tensor_descriptor(src, [pid_m * BM, pid_n * BN])
    tl.store_tensor_descriptor(dst, [pid_m * BM, pid_n * BN], x * 3)  # fp32 -> fp16 store
    dst.atomic_add([pid_m * BM, pid_n * BN], tl.full((BM, BN), 1, tl.float16))


@pytest.mark.parametrize("M,N", [(8, 16), (21, 37)])
def test_tensor_descriptor_store_and_atomic(M, N):
    rng = np.random.default_rng(M)
    src = rng.uniform(-4, 4, (M, N)).astype(np.float32)
    dst = np.zeros((M, N), np.float16)
    descriptor_store_kernel[(tilec.cdiv(M, 8), tilec.cdiv(N, 16))](src, dst, M, N, BM=8, BN=16)
    ref = (src * 3).astype(np.float16) + np.float16(1)
    np.testing.assert_array_equal(dst, ref)
