# A kernel using every memory construct lowered per element: atomic_add/atomic_max (float, via
# integer atomics) under a mask, atomic_cas, tl.gather and a boundary-checked block-pointer store.
import triton.language as tl
from triton import jit


@jit
def memory_kernel(x_ptr, bins_ptr, f_ptr, lock, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.atomic_add(bins_ptr + x, 1, mask=offs < n)
    tl.atomic_max(f_ptr + offs, 1.5, mask=offs < n)
    tl.atomic_cas(lock, 0, 1)
    g = tl.gather(x, (offs + 1) % BLOCK, 0)
    bp = tl.make_block_ptr(bins_ptr, (n,), (1,), (0,), (BLOCK,), (0,))
    tl.store(bp, g, boundary_check=(0,))
