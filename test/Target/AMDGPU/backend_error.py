# A kernel that needs more shared memory than the target has is a located compile error naming the
# kernel and the limit, never an abort: here a gather from a 65,536-element tile, whose source the
# SIMT lowering stages in 256 KiB of shared memory, which gfx942 does not have. tilec checks the
# size after the SIMT lowering (TargetInfo::getSharedMemoryLimit), before LLVM's back end would
# report it; errors of the back ends themselves are collected the same way (lib/Pipeline/Codegen.cpp).
# RUN: not tilec compile %s --kernel big_gather --signature '*fp32,*i32,*fp32' -D N=65536 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco 2>&1 | FileCheck %s
# CHECK: backend_error.py:[[@LINE+8]]:5: error: kernel 'big_gather' needs 262144 bytes of shared memory; target amdgpu allows 65536 per program (use smaller tiles)
# CHECK-NOT: LLVM ERROR
# CHECK-NOT: Stack dump
import triton
import triton.language as tl


@triton.jit
def big_gather(x_ptr, i_ptr, out_ptr, N: tl.constexpr):
    src = tl.zeros([N], dtype=tl.float32) + tl.load(x_ptr)
    idx = tl.load(i_ptr + tl.arange(0, 16))
    tl.store(out_ptr + tl.arange(0, 16), tl.gather(src, idx, 0))
