# A kernel whose layout conversions need more shared memory than a program may use (static .shared
# is limited to 48 KiB on NVIDIA) is refused by tilec at the kernel, not by ptxas; 64 KiB fits AMD's LDS.
# RUN: not tilec compile %s --kernel transpose --signature '*fp64:16,*fp64:16' -DBLOCK=128 --target nvptx --arch sm_90 --emit ptx -o %t.ptx 2>&1 | FileCheck %s
# RUN: tilec compile %s --kernel transpose --signature '*fp64:16,*fp64:16' -DBLOCK=64 --target nvptx --arch sm_90 --emit ptx -o %t.small.ptx
# CHECK: shared_memory_limit.py:[[@LINE+6]]:5: error: kernel 'transpose' needs 131072 bytes of shared memory; target nvptx allows 49152 per program (use smaller tiles)
import triton.language as tl
from triton import jit


@jit
def transpose(x_ptr, y_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)[:, None] * BLOCK + tl.arange(0, BLOCK)[None, :]
    tl.store(y_ptr + r, tl.trans(tl.load(x_ptr + r)))
