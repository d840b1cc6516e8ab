# fp32 and int8 tl.dot on tensor cores for sm_80 (kernel `dot`; PREC and ALLOW are its
# input_precision and allow_tf32, None unless given): fp32 operands run as tf32 by default (as
# Triton on NVIDIA) on mma.sync.m16n8k8, each operand rounded by cvt.rna.tf32.f32;
# input_precision="tf32" and allow_tf32=True do the same, "ieee" keeps the FMA path (exact fp32
# products). A 64x64x32 dot at 4 warps ([2, 2] warps, 32x32 each: 2 x 4 blocks of 16x8) runs 4 K
# steps of 8 per warp: 32 mma.sync; "tf32x3" is Triton's split into three tf32 dots: 96; int8 64x64x64 runs m16n8k32.s32.s8.s8.s32 in 2 K steps of 32: 16. ptxas
# accepts them with no spills. sm_75 has neither (FMA, integer multiply-adds).
# RUN: tilec compile %s --kernel dot --signature '*fp32:16,*fp32:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.tf32.ptx
# RUN: FileCheck %s --check-prefix=TF32 < %t.tf32.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp32:16,*fp32:16,*fp32:16' -DPREC=tf32 -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.tf32e.ptx
# RUN: FileCheck %s --check-prefix=TF32E < %t.tf32e.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp32:16,*fp32:16,*fp32:16' -DALLOW=True -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.allow.ptx
# RUN: FileCheck %s --check-prefix=BYFLAG < %t.allow.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp32:16,*fp32:16,*fp32:16' -DPREC=ieee -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.ieee.ptx
# RUN: FileCheck %s --check-prefix=IEEE < %t.ieee.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp32:16,*fp32:16,*fp32:16' -DPREC=tf32x3 -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.x3.ptx
# RUN: FileCheck %s --check-prefix=X3 < %t.x3.ptx
# RUN: tilec compile %s --kernel dot --signature '*i8:16,*i8:16,*i32:16' -DM=64 -DN=64 -DK=64 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.s8.ptx
# RUN: FileCheck %s --check-prefix=S8 < %t.s8.ptx
# RUN: tilec compile %s --kernel dot --signature '*fp32:16,*fp32:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_75 --num-warps 4 --emit ptx -o %t.75.ptx
# RUN: FileCheck %s --check-prefix=SM75 < %t.75.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.tf32.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.s8.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.x3.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# TF32-LABEL: .entry dot
# TF32: cvt.rna.tf32.f32
# TF32-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# TF32-NOT: mma.sync
# TF32E-LABEL: .entry dot
# TF32E-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# TF32E-NOT: mma.sync
# BYFLAG-LABEL: .entry dot
# BYFLAG-COUNT-32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# BYFLAG-NOT: mma.sync
# IEEE-LABEL: .entry dot
# IEEE-NOT: mma.sync
# IEEE-NOT: cvt.rna.tf32
# IEEE: fma.rn.f32
# X3-LABEL: .entry dot
# X3-COUNT-96: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# X3-NOT: mma.sync
# S8-LABEL: .entry dot
# S8-COUNT-16: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
# S8-NOT: mma.sync
# SM75-LABEL: .entry dot
# SM75-NOT: mma.sync
# SM75: fma.rn.f32
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
import triton.language as tl
from triton import jit


@jit
def dot(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
        PREC: tl.constexpr = None, ALLOW: tl.constexpr = None):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot(a, b, input_precision=PREC, allow_tf32=ALLOW)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)
