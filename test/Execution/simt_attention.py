# Flash-attention forward (two chained dots, online softmax, loop-carried row statistics and
# accumulator) run on the SIMT emulator with tensor cores: fp32 (tf32) and fp16 inputs, causal and
# not, a ragged sequence length, BLOCK_M 64 at 4 warps (the chained dots get all warps along M,
# as Triton 3.9 picks) and at 1 and 8 warps, BLOCK_N 32 and 64, against float64 numpy.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
# CHECK: PASS f32 causal=0 64x64 w4
# CHECK: PASS f16 causal=1 64x64 w4
# CHECK: PASS f16 causal=0 64x32 w4
# CHECK: PASS f32 causal=1 64x32 w4
# CHECK: PASS f16 causal=1 64x64 w8
# CHECK: PASS f32 causal=0 64x64 w1
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
import tilec_check as tc  # noqa: E402
from tilec_check import jit, tl  # noqa: E402


@jit
def attention(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, sm_scale, CAUSAL: tl.constexpr,
              BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    start_m = tl.program_id(0)
    base = tl.program_id(1) * seq_len * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
                mask=offs_m[:, None] < seq_len, other=0.0)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    for start_n in range(0, seq_len, BLOCK_N):
        cols = start_n + offs_n
        k = tl.load(k_ptr + base + cols[:, None] * HEAD_DIM + offs_d[None, :],
                    mask=cols[:, None] < seq_len, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * sm_scale
        valid = cols[None, :] < seq_len
        if CAUSAL:
            valid = valid & (offs_m[:, None] >= cols[None, :])
        qk = tl.where(valid, qk, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        alpha = tl.exp(m_i - m_new)
        p = tl.exp(qk - m_new[:, None])
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + base + cols[:, None] * HEAD_DIM + offs_d[None, :],
                    mask=cols[:, None] < seq_len, other=0.0)
        acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :],
             out.to(o_ptr.dtype.element_ty), mask=offs_m[:, None] < seq_len)


def reference(q, k, v, causal, sm_scale):
    q, k, v = (a.astype(np.float64) for a in (q, k, v))
    s = q @ np.swapaxes(k, -1, -2) * sm_scale
    if causal:
        t = s.shape[-1]
        s = np.where(np.tril(np.ones((t, t), bool)), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return (p / p.sum(axis=-1, keepdims=True)) @ v


def run_case(dtype, causal, block_m, block_n, warps, bh=2, seq=150, dim=64):
    rng = np.random.default_rng(seq + block_n + warps)
    np_type = np.float32 if dtype == "f32" else np.float16
    q, k, v = (rng.standard_normal((bh, seq, dim)).astype(np_type) for _ in range(3))
    out = np.zeros((bh, seq, dim), np_type)
    sm_scale = 1.0 / math.sqrt(dim)
    grid = (-(-seq // block_m), bh)
    res = tc.run(__file__, "attention", grid, [q, k, v, out, seq, np.float32(sm_scale)],
                 {"CAUSAL": int(causal), "BLOCK_M": block_m, "BLOCK_N": block_n, "HEAD_DIM": dim},
                 flags=["--num-warps", str(warps)])
    # tf32 products (10-bit mantissas) and fp16 p/v keep about 3 decimal digits.
    tc.check("%s causal=%d %dx%d w%d" % (dtype, causal, block_m, block_n, warps), res[3],
             reference(q, k, v, causal, sm_scale), atol=1e-2, rtol=1e-2)


if __name__ == "__main__":
    os.environ["TILEC_DEVICE"] = "simt"
    for dtype, causal, block_m, block_n, warps in (
            ("f32", False, 64, 64, 4), ("f16", True, 64, 64, 4), ("f16", False, 64, 32, 4),
            ("f32", True, 64, 32, 4), ("f16", True, 64, 64, 8), ("f32", False, 64, 64, 1)):
        run_case(dtype, causal, block_m, block_n, warps)
    tc.finish()
