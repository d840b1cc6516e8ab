# fp16 and bf16 tl.dot on AMD matrix cores for gfx942 and gfx90a: the matmul tutorial at
# 128x128x64 runs 32 v_mfma_f32_32x32x8f16 per K step at 4 warps (each wave a 64x64 block: 2 x 2
# instructions' blocks, 8 K steps of 8) and 16 at 8 warps, the bf16 kernel below 4 of the
# bf16_1k form on gfx90a at 4 warps (2 x 2 warps over 64x64: one block each, 4 K steps); the
# HSACO links with no spills.
# A 16x16x16 dot runs one v_mfma_f32_16x16x16; gfx906 (no MFMA) and tiles no MFMA fills
# (16x16x8) stay on FMAs. fp32 operands (IEEE, Triton's AMD default) run on the fp32 MFMA: 64x64x32
# at 4 warps 16 v_mfma_f32_32x32x2f32 (one 32x32 block per wave, 16 K steps of 2), 16x16x16 four
# v_mfma_f32_16x16x4f32; int8 with int32 accumulation on gfx942 4 v_mfma_i32_32x32x16_i8 at
# 64x64x64, and FMAs on gfx90a (whose i8 MFMA holds 4 elements per lane); both link with no
# spills.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.4.s
# RUN: FileCheck %s --check-prefix=W4 < %t.4.s
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target amdgpu --arch gfx942 --num-warps 8 --emit asm -o %t.8.s
# RUN: FileCheck %s --check-prefix=W8 < %t.8.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*bf16:16,*bf16:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target amdgpu --arch gfx90a --num-warps 4 --emit asm -o %t.bf16.s
# RUN: FileCheck %s --check-prefix=BF16 < %t.bf16.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*fp16:16,*fp16:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target amdgpu --arch gfx906 --num-warps 4 --emit asm -o %t.906.s
# RUN: FileCheck %s --check-prefix=NOMFMA < %t.906.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*fp16:16,*fp16:16,*fp32:16' -DM=16 -DN=16 -DK=8 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.small.s
# RUN: FileCheck %s --check-prefix=NOMFMA < %t.small.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*fp16:16,*fp16:16,*fp32:16' -DM=16 -DN=16 -DK=16 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.16.s
# RUN: FileCheck %s --check-prefix=MFMA16 < %t.16.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*fp16:16,*fp16:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target amdgpu --arch gfx942 --num-warps 4 --emit hsaco -o %t.hsaco
# RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=NOTES
# RUN: tilec compile %s --kernel bf16_dot --signature '*fp32:16,*fp32:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.f32.s
# RUN: FileCheck %s --check-prefix=F32 < %t.f32.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*fp32:16,*fp32:16,*fp32:16' -DM=16 -DN=16 -DK=16 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.f32.16.s
# RUN: FileCheck %s --check-prefix=F32-16 < %t.f32.16.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*i8:16,*i8:16,*i32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.i8.s
# RUN: FileCheck %s --check-prefix=I8 < %t.i8.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*i8:16,*i8:16,*i32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx90a --num-warps 4 --emit asm -o %t.i8.90a.s
# RUN: FileCheck %s --check-prefix=NOMFMA < %t.i8.90a.s
# RUN: tilec compile %s --kernel bf16_dot --signature '*fp32:16,*fp32:16,*fp32:16' -DM=64 -DN=64 -DK=32 --target amdgpu --arch gfx942 --num-warps 4 --emit hsaco -o %t.f32.hsaco
# RUN: llvm-readelf --notes %t.f32.hsaco | FileCheck %s --check-prefix=NOTES
# RUN: tilec compile %s --kernel bf16_dot --signature '*i8:16,*i8:16,*i32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit hsaco -o %t.i8.hsaco
# RUN: llvm-readelf --notes %t.i8.hsaco | FileCheck %s --check-prefix=NOTES
# F32-LABEL: bf16_dot:
# F32-COUNT-16: v_mfma_f32_32x32x2{{_?}}f32
# F32-NOT: v_mfma
# F32-16-LABEL: bf16_dot:
# F32-16-COUNT-4: v_mfma_f32_16x16x4{{_?}}f32
# F32-16-NOT: v_mfma
# I8-LABEL: bf16_dot:
# I8-COUNT-4: v_mfma_i32_32x32x16{{_?}}i8
# I8-NOT: v_mfma
# W4-LABEL: matmul_kernel:
# W4-COUNT-32: v_mfma_f32_32x32x8{{_?}}f16
# W4-NOT: v_mfma
# W8-LABEL: matmul_kernel:
# W8-COUNT-16: v_mfma_f32_32x32x8{{_?}}f16
# W8-NOT: v_mfma
# BF16-LABEL: bf16_dot:
# BF16-COUNT-4: v_mfma_f32_32x32x8{{_?}}bf16_1k
# BF16-NOT: v_mfma
# MFMA16-LABEL: bf16_dot:
# MFMA16: v_mfma_f32_16x16x16{{_?}}f16
# MFMA16-NOT: v_mfma
# NOMFMA-LABEL: bf16_dot:
# NOMFMA-NOT: v_mfma
# NOMFMA: s_endpgm
# NOTES: .sgpr_spill_count: 0
# NOTES: .vgpr_spill_count: 0
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
