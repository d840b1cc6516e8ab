# Triton's enable_fp_fusion (on by default, as in Triton 3.9): the program's `x * y + z` is one
# fused multiply-add on every target (PTX `fma.rn.f32`, AMDGPU `v_fma`/`v_fmamk`, x86 `vfmadd`),
# and with `--enable-fp-fusion=false` a rounded multiply and a rounded add (PTX `mul.rn` and
# `add.rn`, which ptxas may not contract either).
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16' -D N=128 --target nvptx --arch sm_80 --emit ptx -o - | FileCheck %s --check-prefix=PTX
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16' -D N=128 --target nvptx --arch sm_80 --enable-fp-fusion=false --emit ptx -o - | FileCheck %s --check-prefix=PTX-OFF
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16' -D N=256 --target amdgpu --arch gfx942 --emit asm -o - | FileCheck %s --check-prefix=AMD
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16' -D N=256 --target amdgpu --arch gfx942 --enable-fp-fusion=false --emit asm -o - | FileCheck %s --check-prefix=AMD-OFF
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16' -D N=128 --target cpu --arch x86-64-v3 --emit asm -o - | FileCheck %s --check-prefix=X86
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16' -D N=128 --target cpu --arch x86-64-v3 --enable-fp-fusion=false --emit asm -o - | FileCheck %s --check-prefix=X86-OFF
import triton.language as tl
from triton import jit


@jit
def k(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x * 1.5 + 1.0)

# PTX-LABEL: .entry k(
# PTX: fma.rn.f32 %{{.*}}, %{{.*}}, 0f3FC00000, 0f3F800000;
# PTX-NOT: mul.rn.f32
# PTX-OFF-LABEL: .entry k(
# PTX-OFF-NOT: fma
# PTX-OFF: mul.rn.f32 [[P:%r[0-9]+]], %{{.*}}, 0f3FC00000;
# PTX-OFF: add.rn.f32 %{{.*}}, [[P]], 0f3F800000;
# AMD-LABEL: k:
# AMD: v_fma{{(c|mk|ak)?}}_f32
# AMD-NOT: v_mul_f32
# AMD-OFF-LABEL: k:
# AMD-OFF-NOT: v_fma
# AMD-OFF: v_mul_f32
# AMD-OFF: v_add_f32
# X86-LABEL: k:
# X86: vfmadd{{[0-9]+}}ps
# X86-OFF-LABEL: k:
# X86-OFF-NOT: vfmadd
# X86-OFF: vmulps
# X86-OFF: vaddps
