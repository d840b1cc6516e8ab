# fp8 tl.dot on sm_90a's warpgroup MMA: m64nNk32.f32.<A>.<B> with .e4m3 and .e5m2 operands in
# any pair and f32 accumulators, both operands K-major (no transpose operands), the operand
# scales 1, as Triton 3.9 compiles it (4 wgmma for 128x128x64 at 4 warps), for a B that is a
# transposition (an N x K tile as loaded: both operands arrive by 16-byte cp.async). An
# N-contiguous B stays on mma.sync m16n8k32 where each thread holds at most 64 accumulators (it
# would be transposed byte by byte on its way to shared memory: slower on an H200,
# docs/gpu.md): 128x128 at 8 warps. ptxas fits the wgmma kernel in 168 registers or fewer
# (Triton 3.9: 168 for its N-contiguous B) with no spills.
# RUN: tilec compile %s --kernel mm8 --signature '*fp8e4nv:16,*fp8e5:16,*fp32:16,i32' -DTRANS_B=1 --target nvptx --arch sm_90a --num-warps 4 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: tilec compile %s --kernel mm8 --signature '*fp8e5:16,*fp8e4nv:16,*fp32:16,i32' -DTRANS_B=1 --target nvptx --arch sm_90a --num-warps 8 --emit ptx -o %t.w8.ptx
# RUN: FileCheck %s --check-prefix=W8 < %t.w8.ptx
# RUN: tilec compile %s --kernel mm8 --signature '*fp8e4nv:16,*fp8e5:16,*fp32:16,i32' -DTRANS_B=0 --target nvptx --arch sm_90a --num-warps 8 --emit ptx -o %t.nb.ptx
# RUN: FileCheck %s --check-prefix=NMAJOR < %t.nb.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# CHECK-LABEL: .entry mm8
# CHECK-NOT: ld.global
# CHECK: cp.async.cg.shared.global [{{%r[0-9]+}}{{(\+[0-9]+)?}}], [{{%rd[0-9]+}}], 16
# CHECK: wgmma.fence.sync.aligned;
# CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e5m2 {{{(%r[0-9]+, ){63}%r[0-9]+}}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, p, 1, 1;
# CHECK: wgmma.commit_group.sync.aligned;
# CHECK-NOT: mma.sync
# W8-LABEL: .entry mm8
# W8-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k32.f32.e5m2.e4m3
# W8-NOT: mma.sync
# NMAJOR-LABEL: .entry mm8
# NMAJOR-NOT: wgmma.mma_async
# NMAJOR: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32
# PTXAS: 0 bytes spill stores, 0 bytes spill loads
# PTXAS: Used {{(1[0-6][0-9]|[0-9][0-9])}} registers
import triton.language as tl
from triton import jit


@jit
def mm8(a_ptr, b_ptr, c_ptr, steps, TRANS_B: tl.constexpr):
    rm = tl.arange(0, 128)
    rn = tl.arange(0, 128)
    rk = tl.arange(0, 64)
    acc = tl.zeros((128, 128), dtype=tl.float32)
    for s in range(0, steps):
        a = tl.load(a_ptr + s * 128 * 64 + rm[:, None] * 64 + rk[None, :])
        if TRANS_B:  # B stored N x K
            b = tl.trans(tl.load(b_ptr + s * 64 * 128 + rn[:, None] * 64 + rk[None, :]))
        else:
            b = tl.load(b_ptr + s * 64 * 128 + rk[:, None] * 128 + rn[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * 128 + rn[None, :], acc)
