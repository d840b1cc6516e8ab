# tl.multiple_of, tl.max_contiguous and tl.max_constancy reach the tile IR as tile.hint ops, on
# tiles (one value per dimension) and scalars (one value, or a bare int).
# RUN: tilec compile %s --kernel k --signature '*fp16,i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p, n):
    offs = (tl.program_id(0) * 128 + tl.arange(0, 128)) % n
    offs = tl.max_contiguous(tl.multiple_of(offs, 128), 128)
    rows = tl.max_constancy(tl.arange(0, 8)[:, None] + tl.zeros((8, 16), tl.int32), (1, 16))
    m = tl.multiple_of(n, [16])
    tl.store(p + offs, tl.load(p + offs + m))
    tl.store(p + rows, tl.zeros((8, 16), tl.float16))

# CHECK-LABEL: func.func @k(
# CHECK: %[[REM:.*]] = arith.remsi
# CHECK: %[[DIV:.*]] = tile.hint %[[REM]] divisibility [128] : tensor<128xi32>
# CHECK: %[[CONT:.*]] = tile.hint %[[DIV]] contiguity [128] : tensor<128xi32>
# CHECK: tile.hint %{{.*}} constancy [1, 16] : tensor<8x16xi32>
# CHECK: %[[M:.*]] = tile.hint %arg1 divisibility [16] : i32
# CHECK: tile.splat %[[M]]
