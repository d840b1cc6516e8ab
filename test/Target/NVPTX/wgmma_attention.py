# Flash-attention forward (fp32, tf32 dots) on sm_90a's warpgroup MMA at 4 warps: q * scale, a
# loop invariant the first dot reads as its A operand, is written swizzled to a region of its
# own once, before the loop (fenced for wgmma's async proxy, then shared), and the loop stages
# only p; V's transposed 4-byte copies address from a few swizzled bases plus immediates
# (SwizzledOffsets) instead of one shared offset per copy. ptxas fits it in fewer than 160
# registers without spills (Triton 3.9: 134; 223 before these two changes).
# RUN: tilec compile %s --kernel attn --signature '*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,fp32' --target nvptx --arch sm_90a --num-warps 4 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# CHECK-LABEL: .entry attn
# CHECK-COUNT-8: st.shared.v4.b32
# CHECK: fence.proxy.async.shared::cta;
# CHECK: bar.sync
# CHECK: $L__BB0_[[LOOP:[0-9]+]]:
# CHECK-NOT: st.shared.v4
# CHECK: cp.async.ca.shared.global [[[VB:%r[0-9]+]]+[[IMM:[0-9]+]]], [{{%rd[0-9]+}}], 4
# CHECK-NOT: st.shared.v4
# CHECK: cp.async.ca.shared.global [[[VB]]+{{[0-9]+}}], [{{%rd[0-9]+}}+{{[0-9]+}}], 4
# CHECK-NOT: st.shared.v4
# CHECK-COUNT-16: st.shared.v2.b32
# CHECK-NOT: st.shared.v4
# CHECK: bra {{.*}}$L__BB0_[[LOOP]];
# PTXAS: 0 bytes spill stores, 0 bytes spill loads
# PTXAS: Used {{(1[0-5][0-9]|[0-9][0-9])}} registers
import triton.language as tl
from triton import jit


@jit
def attn(Q, K, V, Out, seq_len, qk_scale):
    offs_m = tl.program_id(0) * 64 + tl.arange(0, 64)
    offs_n = tl.arange(0, 64)
    offs_d = tl.arange(0, 64)
    q = tl.load(Q + offs_m[:, None] * 64 + offs_d[None, :]) * qk_scale
    m_i = tl.zeros([64], dtype=tl.float32) - float('inf')
    l_i = tl.zeros([64], dtype=tl.float32)
    acc = tl.zeros([64, 64], dtype=tl.float32)
    for start_n in range(0, seq_len, 64):
        kv = (start_n + offs_n)[:, None] * 64 + offs_d[None, :]
        k = tl.load(K + kv)
        v = tl.load(V + kv)
        qk = tl.dot(q, tl.trans(k))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = tl.dot(p, v, acc * alpha[:, None])
        m_i = m_new
    tl.store(Out + offs_m[:, None] * 64 + offs_d[None, :], acc / l_i[:, None])
