# fp8 tl.dot on tensor cores: from sm_89 mma.sync.aligned.m16n8k32 with fp8 operands (.e4m3,
# .e5m2, mixed pairs) and f32 accumulators, PTX ISA 8.4; a 64x64x64 dot at 4 warps ([2, 2] warps,
# 2 x 4 blocks of 16x8 each, 2 K steps of 32) is 16 of them, and ptxas (-arch as the .target)
# accepts them with no spills. sm_90a takes the same mma.sync for this N-contiguous B (a
# transposed B takes wgmma: wgmma_fp8.py). sm_80 has no
# fp8 mma: the operands are decoded to f16 and the dot runs on m16n8k16 (4 K steps: 32). Formats
# without an mma.sync type (e4b15, the fnuz ones) and K below 32 are upcast on sm_89 too.
# RUN: tilec compile %s --kernel dot --signature '*fp8e4nv:16,*fp8e5:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target nvptx --arch sm_89 --num-warps 4 --emit ptx -o %t.89.ptx
# RUN: FileCheck %s --check-prefix=SM89 < %t.89.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp8e5:16,*fp8e5:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target nvptx --arch sm_89 --num-warps 4 --emit ptx -o %t.e5.ptx
# RUN: FileCheck %s --check-prefix=E5 < %t.e5.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp8e4nv:16,*fp8e4nv:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target nvptx --arch sm_90a --num-warps 4 --emit ptx -o %t.90a.ptx
# RUN: FileCheck %s --check-prefix=SM90A < %t.90a.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp8e4nv:16,*fp8e5:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.80.ptx
# RUN: FileCheck %s --check-prefix=SM80 < %t.80.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp8e4b15:16,*fp8e5:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target nvptx --arch sm_89 --num-warps 4 --emit ptx -o %t.b15.ptx
# RUN: FileCheck %s --check-prefix=SM80 < %t.b15.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp8e4nv:16,*fp8e5:16,*fp32:16' -DM=64 -DN=64 -DK=16 --target nvptx --arch sm_89 --num-warps 4 --emit ptx -o %t.k16.ptx
# RUN: FileCheck %s --check-prefix=K16 < %t.k16.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_89 %t.89.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_89 %t.e5.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90a %t.90a.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.80.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# SM89: .version 8.4
# SM89: .target sm_89
# SM89-LABEL: .entry dot
# SM89-COUNT-16: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32
# SM89-NOT: mma.sync
# E5-LABEL: .entry dot
# E5-COUNT-16: mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32
# E5-NOT: mma.sync
# SM90A: .target sm_90a
# SM90A-LABEL: .entry dot
# SM90A-NOT: wgmma
# SM90A-COUNT-16: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
# SM90A-NOT: mma.sync
# SM80-LABEL: .entry dot
# SM80-NOT: e4m3
# SM80-COUNT-32: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# SM80-NOT: mma.sync
# K16-LABEL: .entry dot
# K16-NOT: e4m3
# K16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
import triton.language as tl
from triton import jit


@jit
def dot(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)
