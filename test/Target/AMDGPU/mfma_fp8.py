# fp8 tl.dot on gfx942's fp8 MFMAs: the fnuz formats (fp8e4b8 = fp8, e4m3fnuz; fp8e5b16 = bf8,
# e5m2fnuz) in every pair run on v_mfma_f32_32x32x16_<A>_<B>, 4 for a 64x64x64 dot at 4 warps
# (2 x 2 warps, one 32x32 block each, 4 K steps of 16, as Triton 3.9), and a 16x16x64 dot on 2
# v_mfma_f32_16x16x32 (2 K steps of 32). The OCP formats (fp8e4nv, fp8e5) have no gfx942 MFMA and
# are upcast to the f16 MFMA (8 v_mfma_f32_32x32x8_f16, as Triton), and so are the fnuz formats
# on gfx90a (no fp8 MFMA). The fp8 HSACO links with no spills.
# RUN: tilec compile %s --kernel dot --signature '*fp8e4b8:16,*fp8e4b8:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.ff.s
# RUN: FileCheck %s --check-prefix=FF < %t.ff.s
# RUN: tilec compile %s --kernel dot --signature '*fp8e4b8:16,*fp8e5b16:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.fb.s
# RUN: FileCheck %s --check-prefix=FB < %t.fb.s
# RUN: tilec compile %s --kernel dot --signature '*fp8e5b16:16,*fp8e4b8:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.bf.s
# RUN: FileCheck %s --check-prefix=BF < %t.bf.s
# RUN: tilec compile %s --kernel dot --signature '*fp8e5b16:16,*fp8e5b16:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.bb.s
# RUN: FileCheck %s --check-prefix=BB < %t.bb.s
# RUN: tilec compile %s --kernel dot --signature '*fp8e4b8:16,*fp8e5b16:16,*fp32:16' -DM=16 -DN=16 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.16.s
# RUN: FileCheck %s --check-prefix=FB16 < %t.16.s
# RUN: tilec compile %s --kernel dot --signature '*fp8e4nv:16,*fp8e5:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit asm -o %t.ocp.s
# RUN: FileCheck %s --check-prefix=UPCAST < %t.ocp.s
# RUN: tilec compile %s --kernel dot --signature '*fp8e4b8:16,*fp8e5b16:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx90a --num-warps 4 --emit asm -o %t.90a.s
# RUN: FileCheck %s --check-prefix=UPCAST < %t.90a.s
# RUN: tilec compile %s --kernel dot --signature '*fp8e4b8:16,*fp8e5b16:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target amdgpu --arch gfx942 --num-warps 4 --emit hsaco -o %t.hsaco
# RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=NOTES
# FF-LABEL: dot:
# FF-COUNT-4: v_mfma_f32_32x32x16_fp8_fp8
# FF-NOT: v_mfma
# FB-LABEL: dot:
# FB-COUNT-4: v_mfma_f32_32x32x16_fp8_bf8
# FB-NOT: v_mfma
# BF-LABEL: dot:
# BF-COUNT-4: v_mfma_f32_32x32x16_bf8_fp8
# BF-NOT: v_mfma
# BB-LABEL: dot:
# BB-COUNT-4: v_mfma_f32_32x32x16_bf8_bf8
# BB-NOT: v_mfma
# FB16-LABEL: dot:
# FB16-COUNT-2: v_mfma_f32_16x16x32_fp8_bf8
# FB16-NOT: v_mfma
# UPCAST-LABEL: dot:
# UPCAST-NOT: fp8
# UPCAST-COUNT-8: v_mfma_f32_32x32x8{{_?}}f16
# UPCAST-NOT: v_mfma
# NOTES: .sgpr_spill_count: 0
# NOTES: .vgpr_spill_count: 0
import triton.language as tl
from triton import jit


@jit
def dot(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))
