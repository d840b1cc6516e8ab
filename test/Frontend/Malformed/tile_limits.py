# Tiles larger than Triton's 2^20 elements and loads/stores whose value, mask or other has another rank than the pointers are located errors, as in Triton.
# RUN: not tilec compile %s --kernel zeros --signature '*fp32' --emit tile 2>&1 | FileCheck %s --check-prefix=ZEROS
# RUN: not tilec compile %s --kernel arange --signature '*i32' --emit tile 2>&1 | FileCheck %s --check-prefix=ARANGE
# RUN: not tilec compile %s --kernel store_rank --signature '*fp32' --emit tile 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: not tilec compile %s --kernel load_mask_rank --signature '*fp32' --emit tile 2>&1 | FileCheck %s --check-prefix=MASK
# ZEROS: tile_limits.py:16:18: error: shape (32768, 32768) exceeds the maximum tile size (1048576 elements, as in Triton)
# ARANGE: tile_limits.py:22:12: error: arange's range (2097152) exceeds the maximum tile size (1048576 elements, as in Triton)
# STORE: tile_limits.py:30:23: error: cannot broadcast value of shape [4, 4] to shape [4, 4, 4]: rank mismatch (2 vs 3), as in Triton
# MASK: tile_limits.py:36:55: error: cannot broadcast mask of shape [4] to shape [4, 4]: rank mismatch (1 vs 2), as in Triton
import triton
import triton.language as tl


@triton.jit
def zeros(c_ptr):
    z = tl.zeros((32768, 32768), tl.float32)
    tl.store(c_ptr, tl.sum(tl.sum(z, axis=1), axis=0))


@triton.jit
def arange(c_ptr):
    r = tl.arange(0, 2097152)
    tl.store(c_ptr + r, r)


@triton.jit
def store_rank(p):
    i = tl.arange(0, 4)
    ptrs = p + i[:, None, None] * 16 + i[None, :, None] * 4 + i[None, None, :]
    tl.store(ptrs, tl.zeros((4, 4), tl.float32))


@triton.jit
def load_mask_rank(p):
    i = tl.arange(0, 4)
    x = tl.load(p + i[:, None] * 4 + i[None, :], mask=i < 2)
    tl.store(p + i[:, None] * 4 + i[None, :], x)
