"""Realistic kernels written the way Triton users write them, each checked end to end against
numpy: RMSNorm forward, SwiGLU, cross-entropy with an online logsumexp, rotary embedding,
int8 row-wise quantization, flash-attention forward (causal and not; 32- and 64-row blocks),
layer-norm backward."""
import math

import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import fp32_dot_tol


@tilec.jit
def rmsnorm_fwd_kernel(x_ptr, w_ptr, y_ptr, rstd_ptr, row_stride, n_cols, eps,
                       BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean_square = tl.sum(x * x, axis=0) / n_cols
    rstd = tl.rsqrt(mean_square + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    y = x * rstd * w
    tl.store(y_ptr + row * row_stride + cols, y.to(y_ptr.dtype.element_ty), mask=mask)
    tl.store(rstd_ptr + row, rstd)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("rows,cols", [(1, 17), (16, 256), (37, 1000)])
def test_rmsnorm_forward(dtype, rows, cols):
    rng = np.random.default_rng(rows + cols)
    x = rng.standard_normal((rows, cols)).astype(dtype)
    w = rng.uniform(0.5, 1.5, cols).astype(dtype)
    y = np.zeros_like(x)
    rstd = np.zeros(rows, np.float32)
    eps = 1e-6
    rmsnorm_fwd_kernel[(rows,)](x, w, y, rstd, cols, cols, eps,
                                BLOCK=tilec.next_power_of_2(cols))
    x64 = x.astype(np.float64)
    ref_rstd = 1 / np.sqrt((x64 * x64).mean(axis=1) + eps)
    ref = x64 * ref_rstd[:, None] * w.astype(np.float64)
    tol = 1e-5 if dtype == "float32" else 2e-3
    np.testing.assert_allclose(rstd, ref_rstd, rtol=1e-5)
    np.testing.assert_allclose(y.astype(np.float64), ref, rtol=tol, atol=tol)


@tilec.jit
def swiglu_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    silu = a * tl.sigmoid(a)
    tl.store(out_ptr + offs, (silu * b).to(out_ptr.dtype.element_ty), mask=mask)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("n", [1, 1000, 4099])
def test_swiglu(dtype, n):
    rng = np.random.default_rng(n)
    a = (rng.standard_normal(n) * 4).astype(dtype)
    b = rng.standard_normal(n).astype(dtype)
    out = np.zeros(n, dtype)
    swiglu_kernel[(tilec.cdiv(n, 512),)](a, b, out, n, BLOCK=512)
    a64 = a.astype(np.float64)
    ref = a64 / (1 + np.exp(-a64)) * b.astype(np.float64)
    tol = 2e-6 if dtype == "float32" else 2e-3
    np.testing.assert_allclose(out.astype(np.float64), ref, rtol=tol, atol=tol)


@tilec.jit
def cross_entropy_kernel(logits_ptr, labels_ptr, loss_ptr, row_stride, vocab,
                         BLOCK_V: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    row_ptr = logits_ptr + row * row_stride
    running_max = -float("inf")
    running_sum = 0.0
    for start in range(0, vocab, BLOCK_V):
        cols = start + tl.arange(0, BLOCK_V)
        x = tl.load(row_ptr + cols, mask=cols < vocab, other=-float("inf")).to(tl.float32)
        new_max = tl.maximum(running_max, tl.max(x, axis=0))
        running_sum = running_sum * tl.exp(running_max - new_max) + \
            tl.sum(tl.exp(x - new_max), axis=0)
        running_max = new_max
    label = tl.load(labels_ptr + row)
    target = tl.load(row_ptr + label).to(tl.float32)
    tl.store(loss_ptr + row, running_max + tl.log(running_sum) - target)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("rows,vocab", [(3, 10), (8, 1000), (5, 5003)])
def test_cross_entropy_online_logsumexp(dtype, rows, vocab):
    rng = np.random.default_rng(vocab)
    logits = (rng.standard_normal((rows, vocab)) * 3).astype(dtype)
    labels = rng.integers(0, vocab, rows).astype(np.int64)
    loss = np.zeros(rows, np.float32)
    cross_entropy_kernel[(rows,)](logits, labels, loss, vocab, vocab, BLOCK_V=256)
    l64 = logits.astype(np.float64)
    m = l64.max(axis=1)
    lse = m + np.log(np.exp(l64 - m[:, None]).sum(axis=1))
    np.testing.assert_allclose(loss, lse - l64[np.arange(rows), labels], rtol=2e-5, atol=2e-5)


@tilec.jit
def rope_kernel(x_ptr, cos_ptr, sin_ptr, out_ptr, seq_len, n_heads, HEAD_DIM: tl.constexpr):
    token = tl.program_id(0)
    head = tl.program_id(1)
    half = tl.arange(0, HEAD_DIM // 2)
    base = (token * n_heads + head) * HEAD_DIM
    x1 = tl.load(x_ptr + base + half).to(tl.float32)
    x2 = tl.load(x_ptr + base + HEAD_DIM // 2 + half).to(tl.float32)
    cos = tl.load(cos_ptr + token * (HEAD_DIM // 2) + half)
    sin = tl.load(sin_ptr + token * (HEAD_DIM // 2) + half)
    tl.store(out_ptr + base + half, x1 * cos - x2 * sin)
    tl.store(out_ptr + base + HEAD_DIM // 2 + half, x2 * cos + x1 * sin)


@pytest.mark.parametrize("seq,heads,dim", [(1, 1, 16), (7, 3, 64), (33, 4, 128)])
def test_rotary_embedding(seq, heads, dim):
    rng = np.random.default_rng(seq * heads)
    x = rng.standard_normal((seq, heads, dim)).astype(np.float32)
    inv_freq = 1.0 / (10000 ** (np.arange(0, dim, 2) / dim))
    angles = np.arange(seq)[:, None] * inv_freq[None, :]
    cos = np.cos(angles).astype(np.float32)
    sin = np.sin(angles).astype(np.float32)
    out = np.zeros_like(x)
    rope_kernel[(seq, heads)](x, cos, sin, out, seq, heads, HEAD_DIM=dim)
    x1, x2 = x[..., :dim // 2], x[..., dim // 2:]
    c, s = cos[:, None, :], sin[:, None, :]
    ref = np.concatenate([x1 * c - x2 * s, x2 * c + x1 * s], axis=-1)
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-6)


@tilec.jit
def quantize_int8_kernel(x_ptr, q_ptr, scale_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    absmax = tl.max(tl.abs(x), axis=0)
    scale = tl.maximum(absmax, 1e-8) / 127.0
    scaled = x / scale
    # round half away from zero
    rounded = tl.where(scaled >= 0, tl.floor(scaled + 0.5), tl.ceil(scaled - 0.5))
    q = tl.clamp(rounded, -127.0, 127.0).to(tl.int8)
    tl.store(q_ptr + row * n_cols + cols, q, mask=mask)
    tl.store(scale_ptr + row, scale)


@pytest.mark.parametrize("rows,cols", [(1, 1), (4, 100), (64, 1024)])
def test_int8_rowwise_quantization(rows, cols):
    rng = np.random.default_rng(cols)
    x = (rng.standard_normal((rows, cols)) * rng.uniform(0.1, 10, (rows, 1))).astype(np.float32)
    q = np.zeros((rows, cols), np.int8)
    scale = np.zeros(rows, np.float32)
    quantize_int8_kernel[(rows,)](x, q, scale, cols, BLOCK=tilec.next_power_of_2(cols))
    ref_scale = np.maximum(np.abs(x).max(axis=1), np.float32(1e-8)) / np.float32(127.0)
    np.testing.assert_array_equal(scale, ref_scale.astype(np.float32))
    scaled = x / ref_scale[:, None]
    rounded = np.where(scaled >= 0, np.floor(scaled + 0.5), np.ceil(scaled - 0.5))
    np.testing.assert_array_equal(q, np.clip(rounded, -127, 127).astype(np.int8))


@tilec.jit
def flash_attention_fwd_kernel(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, sm_scale,
                               stride_bh, stride_t, CAUSAL: tl.constexpr, BLOCK_M: tl.constexpr,
                               BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    bh = tl.program_id(1)
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    base = bh * stride_bh
    q = tl.load(q_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :],
                mask=offs_m[:, None] < seq_len, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # log2(e): the softmax runs in base 2
    if CAUSAL:
        hi = tl.minimum((start_m + 1) * BLOCK_M, seq_len)
    else:
        hi = seq_len
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        k = tl.load(k_ptr + base + cols[None, :] * stride_t + offs_d[:, None],
                    mask=cols[None, :] < seq_len, other=0.0)
        qk = tl.dot(q, k) * qk_scale
        valid = cols[None, :] < seq_len
        if CAUSAL:
            valid = valid & (offs_m[:, None] >= cols[None, :])
        qk = tl.where(valid, qk, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        alpha = tl.exp2(m_i - m_new)
        p = tl.exp2(qk - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + base + cols[:, None] * stride_t + offs_d[None, :],
                    mask=cols[:, None] < seq_len, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * stride_t + offs_d[None, :],
             out.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < seq_len)


def _attention_reference(q, k, v, causal, sm_scale):
    q, k, v = (a.astype(np.float64) for a in (q, k, v))
    s = q @ np.swapaxes(k, -1, -2) * sm_scale
    if causal:
        t = s.shape[-1]
        s = np.where(np.tril(np.ones((t, t), bool)), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return (p / p.sum(axis=-1, keepdims=True)) @ v


def _check_flash_attention(dtype, causal, bh, seq, dim, block_m, block_n):
    rng = np.random.default_rng(seq + dim + block_n)
    q, k, v = (rng.standard_normal((bh, seq, dim)).astype(dtype) for _ in range(3))
    out = np.zeros((bh, seq, dim), dtype)
    sm_scale = 1.0 / math.sqrt(dim)
    flash_attention_fwd_kernel[(tilec.cdiv(seq, block_m), bh)](
        q, k, v, out, seq, sm_scale, seq * dim, dim, CAUSAL=causal, BLOCK_M=block_m,
        BLOCK_N=block_n, HEAD_DIM=dim)
    ref = _attention_reference(q, k, v, causal, sm_scale)
    tol = fp32_dot_tol() if dtype == "float32" else 1e-2
    np.testing.assert_allclose(out.astype(np.float64), ref, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("bh,seq,dim", [(1, 16, 16), (2, 100, 32), (3, 257, 64)])
def test_flash_attention_forward(dtype, causal, bh, seq, dim):
    _check_flash_attention(dtype, causal, bh, seq, dim, 32, 32)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("block_n", [32, 64])
def test_flash_attention_forward_64_row_blocks(dtype, causal, block_n):
    """64-row blocks: on GPUs at 4 warps the two chained dots put every warp along M, and the
    loop carries the row statistics and the accumulator in the dots' layouts."""
    _check_flash_attention(dtype, causal, 2, 150, 64, 64, block_n)


@tilec.jit
def layer_norm_bwd_kernel(x_ptr, dy_ptr, w_ptr, mean_ptr, rstd_ptr, dx_ptr, dw_partial_ptr,
                          db_partial_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    n_programs = tl.num_programs(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    dw_acc = tl.zeros([BLOCK], dtype=tl.float32)
    db_acc = tl.zeros([BLOCK], dtype=tl.float32)
    for row in range(pid, n_rows, n_programs):
        x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(dy_ptr + row * n_cols + cols, mask=mask, other=0.0).to(tl.float32)
        mean = tl.load(mean_ptr + row)
        rstd = tl.load(rstd_ptr + row)
        xhat = tl.where(mask, (x - mean) * rstd, 0.0)
        wdy = w * dy
        c1 = tl.sum(xhat * wdy, axis=0) / n_cols
        c2 = tl.sum(wdy, axis=0) / n_cols
        dx = (wdy - (xhat * c1 + c2)) * rstd
        tl.store(dx_ptr + row * n_cols + cols, dx, mask=mask)
        dw_acc += dy * xhat
        db_acc += dy
    tl.store(dw_partial_ptr + pid * n_cols + cols, dw_acc, mask=mask)
    tl.store(db_partial_ptr + pid * n_cols + cols, db_acc, mask=mask)


@pytest.mark.parametrize("rows,cols,programs", [(1, 8, 1), (37, 100, 4), (128, 512, 16)])
def test_layer_norm_backward(rows, cols, programs):
    rng = np.random.default_rng(rows)
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    dy = rng.standard_normal((rows, cols)).astype(np.float32)
    w = rng.uniform(0.5, 1.5, cols).astype(np.float32)
    eps = 1e-5
    mean = x.astype(np.float64).mean(axis=1)
    rstd = 1 / np.sqrt(x.astype(np.float64).var(axis=1) + eps)
    dx = np.zeros_like(x)
    dw_partial = np.zeros((programs, cols), np.float32)
    db_partial = np.zeros((programs, cols), np.float32)
    layer_norm_bwd_kernel[(programs,)](x, dy, w, mean.astype(np.float32),
                                       rstd.astype(np.float32), dx, dw_partial, db_partial,
                                       rows, cols, BLOCK=tilec.next_power_of_2(cols))
    # reference: autograd-free derivation of y = (x - mean) * rstd * w + b
    xhat = (x - mean[:, None]) * rstd[:, None]
    wdy = w * dy.astype(np.float64)
    ref_dx = (wdy - (xhat * (xhat * wdy).mean(axis=1, keepdims=True)
                     + wdy.mean(axis=1, keepdims=True))) * rstd[:, None]
    np.testing.assert_allclose(dx, ref_dx, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(dw_partial.sum(axis=0), (dy * xhat).sum(axis=0), rtol=1e-4,
                               atol=1e-4)
    np.testing.assert_allclose(db_partial.sum(axis=0), dy.sum(axis=0), rtol=1e-4, atol=1e-4)
