# tl.debug_barrier() is a tile.barrier op between the accesses it orders, left for each target to
# lower (a block barrier on GPUs, nothing on CPUs); it takes no arguments.
# RUN: tilec compile %s --kernel k --signature '*i32' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel bad --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ARGS
# RUN: tilec compile %s --kernel k --signature '*i32' --target nvptx --emit ptx -o - | FileCheck %s --check-prefix=PTX
import triton.language as tl
from triton import jit


@jit
def k(p):
    offs = tl.arange(0, 128)
    tl.store(p + offs, offs)
    tl.debug_barrier()
    x = tl.load(p + 127 - offs)
    tl.store(p + offs, x + 1)

# CHECK-LABEL: func.func @k(
# CHECK: tile.store
# CHECK-NEXT: tile.barrier
# CHECK: tile.load
# PTX-LABEL: .entry k(
# PTX: st.global
# PTX: bar.sync 0;
# PTX: ld.global


@jit
def bad(p):
    tl.debug_barrier(1)
# ARGS: debug_barrier.py:[[@LINE-1]]:8: error: 'tl.debug_barrier' takes at most 0 arguments (1 given)
