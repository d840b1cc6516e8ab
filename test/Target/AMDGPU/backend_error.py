# An error of LLVM's GPU back ends is a located compile error naming the kernel, never an abort:
# here a gather from a 65,536-element tile, whose source the SIMT lowering stages in 256 KiB of
# shared memory, which gfx942 does not have. tilec collects LLVM's error diagnostics, fatal errors
# and crashes during code generation (lib/Pipeline/Codegen.cpp) and reports them at the kernel's
# `def`.
# RUN: not tilec compile %s --kernel big_gather --signature '*fp32,*i32,*fp32' -D N=65536 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco 2>&1 | FileCheck %s
# CHECK: backend_error.py:[[@LINE+9]]:5: error: kernel 'big_gather': local memory (262144) exceeds limit (65536) in function 'big_gather'
# CHECK: error: code generation for amdgcn-amd-amdhsa failed
# CHECK-NOT: LLVM ERROR
# CHECK-NOT: Stack dump
import triton
import triton.language as tl


@triton.jit
def big_gather(x_ptr, i_ptr, out_ptr, N: tl.constexpr):
    src = tl.zeros([N], dtype=tl.float32) + tl.load(x_ptr)
    idx = tl.load(i_ptr + tl.arange(0, 16))
    tl.store(out_ptr + tl.arange(0, 16), tl.gather(src, idx, 0))
