# An error inside LLVM's GPU back ends is a located compile error naming the kernel, never an abort:
# here a gather from a 65,536-element tile, whose stack copy LLVM 22 cannot compile (NVPTX reports
# the fatal error "SmallVector unable to grow", AMDGPU's DAG combiner crashes). tilec collects
# LLVM's error diagnostics, fatal errors and crashes during code generation (lib/Pipeline/Codegen.cpp)
# and reports them at the kernel's `def`.
# RUN: not tilec compile %s --kernel big_stack --signature '*fp32,*i32,*fp32' -D N=65536 --target nvptx --arch sm_80 --emit ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NVPTX
# RUN: not tilec compile %s --kernel big_stack --signature '*fp32,*i32,*fp32' -D N=65536 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=AMDGPU
# NVPTX: gpu_backend_error.py:[[@LINE+11]]:5: error: kernel 'big_stack': {{.+}}
# NVPTX: error: code generation for nvptx64-nvidia-cuda failed
# AMDGPU: gpu_backend_error.py:[[@LINE+9]]:5: error: kernel 'big_stack': {{.+}}
# AMDGPU: error: code generation for amdgcn-amd-amdhsa failed
# NVPTX-NOT: LLVM ERROR
# AMDGPU-NOT: Stack dump
import triton
import triton.language as tl


@triton.jit
def big_stack(x_ptr, i_ptr, out_ptr, N: tl.constexpr):
    src = tl.zeros([N], dtype=tl.float32) + tl.load(x_ptr)
    idx = tl.load(i_ptr + tl.arange(0, 16))
    tl.store(out_ptr + tl.arange(0, 16), tl.gather(src, idx, 0))
