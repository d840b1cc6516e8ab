"""More realistic kernels written the way Triton users write them, checked end to end against
numpy: dropout with a tl.rand mask (bit-exact against the numpy Philox), fused residual-add
RMSNorm returning early for padded rows, a block-pointer matmul on fp16 inputs, per-row
argmax and top-k, and the softmax backward pass."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from philox_ref import philox_4x32, uniform_from_u32


@tilec.jit
def dropout_kernel(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    random = tl.rand(seed, offsets)
    x_keep = random > p
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(out_ptr + offsets, output.to(out_ptr.dtype.element_ty), mask=mask)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("n,p,seed", [(1000, 0.5, 123), (4099, 0.1, 0x7FFFFFFF),
                                      (777, 0.9, 0x1234567890)])
def test_dropout_matches_philox(dtype, n, p, seed):
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n).astype(dtype)
    out = np.zeros(n, dtype)
    dropout_kernel[(tilec.cdiv(n, 1024),)](x, out, n, p, seed, BLOCK=1024)
    keep = uniform_from_u32(philox_4x32(seed, np.arange(n))[0]) > np.float32(p)
    scaled = (x.astype(np.float32) / (np.float32(1) - np.float32(p))).astype(dtype)
    np.testing.assert_array_equal(out, np.where(keep, scaled, 0).astype(dtype))
    assert abs(keep.mean() - (1 - p)) < 0.06


@tilec.jit
def fused_add_rmsnorm_kernel(x_ptr, residual_ptr, w_ptr, out_ptr, n_rows, n_cols, stride, eps,
                             BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if row >= n_rows:  # the grid is padded to a multiple of 4 programs
        return
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    r = tl.load(residual_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    h = x + r
    tl.store(residual_ptr + row * stride + cols, h.to(residual_ptr.dtype.element_ty), mask=mask)
    rstd = 1 / tl.sqrt(tl.sum(h * h, axis=0) / n_cols + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(out_ptr + row * stride + cols, (h * rstd * w).to(out_ptr.dtype.element_ty),
             mask=mask)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("rows,cols", [(1, 64), (6, 100), (13, 1000)])
def test_fused_add_rmsnorm(dtype, rows, cols):
    rng = np.random.default_rng(rows * cols)
    x = rng.standard_normal((rows, cols)).astype(dtype)
    residual = rng.standard_normal((rows, cols)).astype(dtype)
    w = rng.uniform(0.5, 1.5, cols).astype(dtype)
    out = np.full((rows, cols), 5, dtype)
    new_residual = residual.copy()
    grid = (tilec.cdiv(rows, 4) * 4,)
    fused_add_rmsnorm_kernel[grid](x, new_residual, w, out, rows, cols, cols, 1e-6,
                                   BLOCK=tilec.next_power_of_2(cols))
    h = x.astype(np.float32) + residual.astype(np.float32)
    np.testing.assert_array_equal(new_residual, h.astype(dtype))
    h64 = h.astype(np.float64)
    ref = h64 / np.sqrt((h64 * h64).mean(axis=1, keepdims=True) + 1e-6) * w.astype(np.float64)
    tol = 2e-5 if dtype == "float32" else 2e-3
    np.testing.assert_allclose(out.astype(np.float64), ref, rtol=tol, atol=tol)


@tilec.jit
def block_ptr_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                            stride_bn, stride_cm, stride_cn, BLOCK_M: tl.constexpr,
                            BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_block = tl.make_block_ptr(a_ptr, shape=(M, K), strides=(stride_am, stride_ak),
                                offsets=(pid_m * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_K),
                                order=(1, 0))
    b_block = tl.make_block_ptr(b_ptr, shape=(K, N), strides=(stride_bk, stride_bn),
                                offsets=(0, pid_n * BLOCK_N), block_shape=(BLOCK_K, BLOCK_N),
                                order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_block, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_block, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_block = tl.advance(a_block, (0, BLOCK_K))
        b_block = tl.advance(b_block, (BLOCK_K, 0))
    c_block = tl.make_block_ptr(c_ptr, shape=(M, N), strides=(stride_cm, stride_cn),
                                offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N),
                                block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tl.store(c_block, acc.to(tl.float16), boundary_check=(0, 1))


@pytest.mark.parametrize("M,N,K", [(16, 16, 16), (50, 33, 70), (64, 40, 100)])
@pytest.mark.parametrize("transposed_b", [False, True])
def test_block_ptr_matmul_fp16(M, N, K, transposed_b):
    rng = np.random.default_rng(M + N + K)
    a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
    b_full = rng.uniform(-1, 1, (K, N)).astype(np.float16)
    b = np.ascontiguousarray(b_full.T) if transposed_b else b_full
    stride_bk, stride_bn = (1, K) if transposed_b else (N, 1)
    c = np.zeros((M, N), np.float16)
    grid = (tilec.cdiv(M, 32), tilec.cdiv(N, 32))
    block_ptr_matmul_kernel[grid](a, b, c, M, N, K, K, 1, stride_bk, stride_bn, N, 1,
                                  BLOCK_M=32, BLOCK_N=32, BLOCK_K=32)
    ref = a.astype(np.float64) @ b_full.astype(np.float64)
    np.testing.assert_allclose(c.astype(np.float64), ref, rtol=2e-3, atol=2e-3)


@tilec.jit
def topk_kernel(x_ptr, argmax_ptr, vals_ptr, idx_ptr, n_cols, stride, K: tl.constexpr,
                BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=-float("inf"))
    tl.store(argmax_ptr + row, tl.argmax(x, axis=0))
    for k in tl.static_range(K):
        best = tl.max(x, axis=0)
        best_idx = tl.min(tl.where(x == best, cols, BLOCK), axis=0)  # first of ties
        tl.store(vals_ptr + row * K + k, best)
        tl.store(idx_ptr + row * K + k, best_idx)
        x = tl.where(cols == best_idx, -float("inf"), x)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("rows,cols", [(3, 10), (8, 200)])
def test_argmax_topk(dtype, rows, cols):
    rng = np.random.default_rng(cols)
    x = rng.integers(-50, 50, (rows, cols)).astype(dtype)  # small ints: ties happen
    K = 4
    argmax = np.zeros(rows, np.int32)
    vals = np.zeros((rows, K), dtype)
    idx = np.zeros((rows, K), np.int32)
    topk_kernel[(rows,)](x, argmax, vals, idx, cols, cols, K=K,
                         BLOCK=tilec.next_power_of_2(cols))
    np.testing.assert_array_equal(argmax, np.argmax(x, axis=1))
    order = np.argsort(-x.astype(np.float64), axis=1, kind="stable")[:, :K]
    np.testing.assert_array_equal(idx, order)
    np.testing.assert_array_equal(vals, np.take_along_axis(x, order, axis=1))


@tilec.jit
def softmax_backward_kernel(dy_ptr, y_ptr, dx_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    dy = tl.load(dy_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    y = tl.load(y_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    dot = tl.sum(dy * y, axis=0)
    dx = y * (dy - dot)
    tl.store(dx_ptr + row * stride + cols, dx.to(dx_ptr.dtype.element_ty), mask=mask)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("rows,cols", [(1, 7), (10, 128), (5, 1000)])
def test_softmax_backward(dtype, rows, cols):
    rng = np.random.default_rng(rows + cols)
    logits = rng.standard_normal((rows, cols))
    y = np.exp(logits - logits.max(axis=1, keepdims=True))
    y = (y / y.sum(axis=1, keepdims=True)).astype(dtype)
    dy = rng.standard_normal((rows, cols)).astype(dtype)
    dx = np.zeros((rows, cols), dtype)
    softmax_backward_kernel[(rows,)](dy, y, dx, cols, cols, BLOCK=tilec.next_power_of_2(cols))
    y64, dy64 = y.astype(np.float64), dy.astype(np.float64)
    ref = y64 * (dy64 - (y64 * dy64).sum(axis=1, keepdims=True))
    tol = 1e-5 if dtype == "float32" else 2e-3
    np.testing.assert_allclose(dx.astype(np.float64), ref, rtol=tol, atol=tol)
