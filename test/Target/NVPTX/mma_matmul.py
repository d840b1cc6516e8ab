# fp16 and bf16 tl.dot on tensor cores for sm_80 and sm_90: the matmul tutorial at 128x128x64
# runs 128 mma.sync.m16n8k16 per K step at 4 warps (a 64x64 warp tile: 4 x 8 blocks, 4 K steps)
# and 64 at 8 warps, the bf16 kernel below 16 of the bf16 form. The operand fragments are loaded
# per K step from shared memory with ldmatrix (4 warps, per K step: 4 .x4 for A's four 16x16
# blocks, then 4 .x4.trans for B's eight 16x8 blocks, then the step's 32 mma.sync; 8 warps: a
# 64x32 warp tile, 4 + 2 per step), so ptxas accepts every kernel with no spills and no stack
# frame. The FMA path stays for sm_75.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.4.ptx
# RUN: FileCheck %s --check-prefix=W4 < %t.4.ptx
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target nvptx --arch sm_90 --num-warps 8 --emit ptx -o %t.8.ptx
# RUN: FileCheck %s --check-prefix=W8 < %t.8.ptx
# RUN: tilec compile %s --kernel bf16_dot --signature '*bf16:16,*bf16:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.bf16.ptx
# RUN: FileCheck %s --check-prefix=BF16 < %t.bf16.ptx
# RUN: tilec compile %s --kernel bf16_dot --signature '*fp16:16,*fp16:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_75 --num-warps 4 --emit ptx -o %t.75.ptx
# RUN: FileCheck %s --check-prefix=SM75 < %t.75.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.4.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90 %t.8.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.bf16.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# W4-LABEL: .entry matmul_kernel
# W4: .reqntid 128
# W4-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# W4-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# W4-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# W4-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# W4-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# W4-COUNT-96: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# W4-NOT: mma.sync
# W4-NOT: ldmatrix
# W8-LABEL: .entry matmul_kernel
# W8: .reqntid 256
# W8-COUNT-4: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# W8-COUNT-2: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# W8-COUNT-64: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# W8-NOT: mma.sync
# BF16-LABEL: .entry bf16_dot
# BF16-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
# BF16-NOT: mma.sync
# SM75-LABEL: .entry bf16_dot
# SM75-NOT: mma.sync
# SM75: fma.rn.f32
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
import triton.language as tl
from triton import jit


@jit
def bf16_dot(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))
