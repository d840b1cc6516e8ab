# int8 tl.dot with an int32 accumulator on sm_90a's warpgroup MMA: m64nNk32.s32.s8.s8 with
# integer accumulator registers, both operands K-major (B's pipeline buffer holds it transposed,
# so its cp.async copies are single bytes done synchronously, while A's are 16-byte cp.async), no
# operand scales or transposes, and sums that wrap (no .satfinite). The 16-byte copies address
# 32-bit shared pointers from one swizzled base with immediate offsets. ptxas accepts it without
# spills.
# RUN: tilec compile %s --kernel mm_i8 --signature '*i8:16,*i8:16,*i32:16,i32' --target nvptx --arch sm_90a --num-warps 4 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# CHECK-LABEL: .entry mm_i8
# CHECK: cp.async.cg.shared.global [[[BASE:%r[0-9]+]]], [{{%rd[0-9]+}}], 16
# CHECK: cp.async.cg.shared.global [[[BASE]]+2048], [{{%rd[0-9]+}}], 16
# CHECK: wgmma.fence.sync.aligned;
# CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {{{(%r[0-9]+, ){63}%r[0-9]+}}}, {{%rd[0-9]+}}, {{%rd[0-9]+}}, p;
# CHECK: wgmma.commit_group.sync.aligned;
# CHECK-NOT: mma.sync
# CHECK-NOT: satfinite
# PTXAS: 0 bytes spill stores, 0 bytes spill loads
import triton.language as tl
from triton import jit


@jit
def mm_i8(a_ptr, b_ptr, c_ptr, steps):
    rm = tl.arange(0, 128)
    rn = tl.arange(0, 128)
    rk = tl.arange(0, 64)
    acc = tl.zeros((128, 128), dtype=tl.int32)
    for s in range(0, steps):
        a = tl.load(a_ptr + s * 128 * 64 + rm[:, None] * 64 + rk[None, :])
        b = tl.load(b_ptr + s * 64 * 128 + rk[:, None] * 128 + rn[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * 128 + rn[None, :], acc)
