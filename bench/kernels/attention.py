"""Fused attention forward (flash-attention style, online softmax), for bench/run_bench.py."""
from tilec_example import jit, tl  # noqa: F401 (tilec's frontend reads the kernel source)


@jit
def attn_fwd(Q, K, V, Out, seq_len, qk_scale, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
             BLOCK_N: tl.constexpr):
    # Q, K, V, Out: [batch*heads, seq_len, HEAD_DIM] row-major; seq_len % BLOCK_N == 0.
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh * seq_len * HEAD_DIM
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    q = q * qk_scale
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
        acc = tl.dot(p, v, acc * alpha[:, None])
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(Out + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc)
