# Flash-attention forward on sm_90's warpgroup MMA in the SIMT emulator (arch warp32-wgmma):
# both dots of each K/V block on wgmma, at 4 and 8 warps, fp32 (tf32) and fp16 operands, against
# float64 numpy. K and V are pipelined into swizzled buffers (V, a K x N B operand of tf32,
# transposed by 4-byte copies addressed from a few bases plus immediates), q * scale is a loop
# invariant the dots read from shared memory, and p is staged by the second dot; a wrong
# swizzle, base or wait on any of them gives wrong rows.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# CHECK: PASS f32 d64 w4
# CHECK: PASS f32 d64 w8
# CHECK: PASS f16 d64 w4
# CHECK: PASS f16 d64 w8
# CHECK: PASS f32 d32 w4
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def attn(Q, K, V, Out, seq_len, qk_scale, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
         BLOCK_N: tl.constexpr, FP16: tl.constexpr):
    pid_m = tl.program_id(0)
    base = tl.program_id(1) * seq_len * HEAD_DIM
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    q = (q * qk_scale).to(Q.dtype.element_ty)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float('inf')
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    for start_n in range(0, seq_len, BLOCK_N):
        kv = base + (start_n + offs_n)[:, None] * HEAD_DIM + offs_d[None, :]
        k = tl.load(K + kv)
        v = tl.load(V + kv)
        qk = tl.dot(q, tl.trans(k))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        if FP16:
            p = p.to(tl.float16)
        acc = tl.dot(p, v, acc * alpha[:, None])
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(Out + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc)


def run_case(dtype, head_dim, warps, heads=2, seq=192):
    rng = np.random.default_rng(head_dim + warps)
    q, k, v = (rng.standard_normal((heads, seq, head_dim)).astype(dtype) for _ in range(3))
    scale = 1.0 / np.sqrt(head_dim)
    out = run(__file__, "attn", (seq // 64, heads),
              [q, k, v, np.zeros((heads, seq, head_dim), np.float32), seq, float(scale)],
              {"HEAD_DIM": head_dim, "BLOCK_M": 64, "BLOCK_N": 64,
               "FP16": int(dtype == np.float16)},
              flags=["--num-warps", str(warps)])[3]
    q64, k64, v64 = (x.astype(np.float64) for x in (q, k, v))
    s = q64 @ np.transpose(k64, (0, 2, 1)) * scale
    p = np.exp(s - s.max(-1, keepdims=True))
    ref = (p / p.sum(-1, keepdims=True)) @ v64
    # tf32 / fp16 operands: about 1e-3 relative per product; outputs are O(1).
    check("%s d%d w%d" % ("f16" if dtype == np.float16 else "f32", head_dim, warps), out, ref,
          atol=2e-2)


if __name__ == "__main__":
    os.environ.update(TILEC_DEVICE="simt", TILEC_SIMT_WGMMA="1")
    for case in ((np.float32, 64, 4), (np.float32, 64, 8), (np.float16, 64, 4),
                 (np.float16, 64, 8), (np.float32, 32, 4)):
        run_case(*case)
    finish()
