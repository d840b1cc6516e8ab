# tl.histogram becomes one tile.histogram (no comparison tile): the mask is broadcast to the
# input's shape, int8 and int32 inputs stay as they are, uint8 inputs whose top bit falls within
# the bins (256 bins) and bools are zero-extended to i32 first, the counts are i32[num_bins].
# RUN: tilec compile %s --kernel k --signature '*i32,*i8,*u8,*i32,i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(out, p8, pu8, p32, n):
    r = tl.arange(0, 64)
    x8 = tl.load(p8 + r)
    xu8 = tl.load(pu8 + r)
    x32 = tl.load(p32 + r)
    tl.store(out + tl.arange(0, 16), tl.histogram(x8, 16, mask=r < n))
    tl.store(out + tl.arange(0, 256), tl.histogram(xu8, 256))
    tl.store(out + tl.arange(0, 64), xu8.histogram(64, mask=n > 3))
    tl.store(out + tl.arange(0, 2), tl.histogram(x32 > 0, 2))

# CHECK-LABEL: func.func @k(
# CHECK: %[[X8:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i8>>
# CHECK: %[[XU8:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i8>>
# CHECK: %[[X32:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i32>>
# CHECK: %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64xi32>
# CHECK: tile.histogram %[[X8]], %[[M]] : tensor<64xi8>, tensor<64xi1> -> tensor<16xi32>
# CHECK: %[[WIDE:.*]] = arith.extui %[[XU8]] : tensor<64xi8> to tensor<64xi32>
# CHECK: tile.histogram %[[WIDE]] : tensor<64xi32> -> tensor<256xi32>
# CHECK: %[[C:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
# CHECK: %[[CM:.*]] = tile.splat %[[C]] : i1 -> tensor<64xi1>
# CHECK: tile.histogram %[[XU8]], %[[CM]] : tensor<64xi8>, tensor<64xi1> -> tensor<64xi32>
# CHECK: %[[B:.*]] = arith.cmpi sgt, %[[X32]], %{{.*}} : tensor<64xi32>
# CHECK: %[[BW:.*]] = arith.extui %[[B]] : tensor<64xi1> to tensor<64xi32>
# CHECK: tile.histogram %[[BW]] : tensor<64xi32> -> tensor<2xi32>
