# fp64 transcendental math (here tl.sin, libdevice.exp) would become a libm call that GPU backends
# lack (LLVM aborted with "Cannot select: fsin"): without libdevice (AMD GPUs; NVPTX when none is
# found, here forced by an empty TILEC_LIBDEVICE) it is refused with an error naming the op and
# target; fp64 sqrt and erf (evaluated in f32) still compile for both GPUs. With libdevice, NVPTX
# compiles every fp64 function (NVPTX/libdevice_math.py).
# RUN: env TILEC_LIBDEVICE= not tilec compile %s --kernel sin_kernel --signature '*fp64,*fp64' -D N=64 --target nvptx --arch sm_80 --emit ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NVPTX
# RUN: not tilec compile %s --kernel exp_kernel --signature '*fp64,*fp64' -D N=64 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=AMDGPU
# RUN: env TILEC_LIBDEVICE= tilec compile %s --kernel sqrt_erf_kernel --signature '*fp64,*fp64' -D N=64 --target nvptx --arch sm_80 --emit ptx -o %t.ok.ptx
# RUN: tilec compile %s --kernel sqrt_erf_kernel --signature '*fp64,*fp64' -D N=64 --target amdgpu --arch gfx942 --emit hsaco -o %t.ok.hsaco
# NVPTX: gpu_fp64_math_refused.py:[[@LINE+13]]:{{[0-9]+}}: error: 'sin' on fp64 is not supported by tilec on target nvptx (fp32 and narrower are; cast to tl.float32 first)
# AMDGPU: gpu_fp64_math_refused.py:[[@LINE+19]]:{{[0-9]+}}: error: 'exp' on fp64 is not supported by tilec on target amdgpu
# NVPTX-NOT: LLVM ERROR
# AMDGPU-NOT: LLVM ERROR
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def sin_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.sin(x))


@triton.jit
def exp_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, libdevice.exp(x))


@triton.jit
def sqrt_erf_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.sqrt(x) + tl.erf(x))
