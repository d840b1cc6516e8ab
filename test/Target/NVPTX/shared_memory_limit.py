# Shared memory on NVIDIA: up to 48 KiB a kernel gets a static .shared array; above, dynamic shared
# memory up to the architecture's maximum per block (sm_90 227 KiB, sm_86 99 KiB): an
# `.extern .shared` array, whose size the PTX states for the launch (and the module image records
# as `shared_mem`). A 128x128 fp64 transpose (128 KiB through shared memory) is refused by tilec at
# the kernel on sm_86, not by ptxas; on sm_90 it compiles with dynamic shared memory, which ptxas
# accepts; at 64x64 (32 KiB) the array stays static.
# RUN: not tilec compile %s --kernel transpose --signature '*fp64:16,*fp64:16' -DBLOCK=128 --target nvptx --arch sm_86 --emit ptx -o %t.ptx 2>&1 | FileCheck %s
# RUN: tilec compile %s --kernel transpose --signature '*fp64:16,*fp64:16' -DBLOCK=128 --target nvptx --arch sm_90 --emit ptx -o %t.dynamic.ptx
# RUN: FileCheck %s --check-prefix=DYNAMIC < %t.dynamic.ptx
# RUN: tilec compile %s --kernel transpose --signature '*fp64:16,*fp64:16' -DBLOCK=64 --target nvptx --arch sm_90 --emit ptx -o %t.small.ptx
# RUN: FileCheck %s --check-prefix=STATIC < %t.small.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.dynamic.ptx -o %t.cubin %}
# CHECK: shared_memory_limit.py:[[@LINE+11]]:5: error: kernel 'transpose' needs 131072 bytes of shared memory; target nvptx allows 101376 per program (use smaller tiles)
# DYNAMIC: .extern .shared .align 1024 .b8 __tilec_smem_transpose[];
# DYNAMIC-NOT: .shared .align 1024 .b8 __tilec_smem_transpose[{{[0-9]+}}]
# DYNAMIC: // tilec.dynamic_shared_memory transpose 131072
# STATIC: .shared .align 1024 .b8 __tilec_smem_transpose[32768];
# STATIC-NOT: tilec.dynamic_shared_memory
import triton.language as tl
from triton import jit


@jit
def transpose(x_ptr, y_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)[:, None] * BLOCK + tl.arange(0, BLOCK)[None, :]
    tl.store(y_ptr + r, tl.trans(tl.load(x_ptr + r)))
