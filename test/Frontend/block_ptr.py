# tl.make_block_ptr/tl.advance/tl.load/tl.store on block pointers: loads become a pointer tile
# base + sum_i (offset_i + arange) * stride_i with a mask only over the boundary_check
# dimensions (padding "nan" fills with NaN), advance adds to the int32 offsets, and a block
# pointer carried by a loop travels as its scalar components.
# RUN: tilec compile %s --kernel k --signature '*fp32,i32,i32,i32' -D BM=4 -D BN=8 --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    bp = tl.make_block_ptr(p, shape=(M, N), strides=(stride, 1), offsets=(0, 8),
                           block_shape=(BM, BN), order=(1, 0))
    x = tl.load(bp, boundary_check=(1,), padding_option="nan")
    for i in range(3):
        bp = tl.advance(bp, (BM, 0))
    tl.store(bp, x)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[P:.*]]: !tile.ptr<f32>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S:.*]]: i32)
# CHECK-DAG: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
# CHECK-DAG: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
# CHECK-DAG: %[[S64:.*]] = arith.extsi %[[S]] : i32 to i64
# Rows: (0 + arange(4)) * stride, unchecked.
# CHECK: %[[R:.*]] = tile.make_range 0, 4 : tensor<4xi32>
# CHECK: %[[ROWS:.*]] = arith.addi %[[R]], %{{.*}} : tensor<4xi32>
# CHECK: %[[ROWS64:.*]] = arith.extsi %[[ROWS]] : tensor<4xi32> to tensor<4xi64>
# CHECK: %[[RS:.*]] = arith.muli %[[ROWS64]], %{{.*}} : tensor<4xi64>
# CHECK: tile.expand_dims %[[RS]] {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
# Columns: (8 + arange(8)) * 1, checked against N.
# CHECK: %[[C:.*]] = tile.make_range 0, 8 : tensor<8xi32>
# CHECK: %[[COLS:.*]] = arith.addi %[[C]], %{{.*}} : tensor<8xi32>
# CHECK: %[[C64:.*]] = arith.extsi %[[COLS]] : tensor<8xi32> to tensor<8xi64>
# CHECK: %[[GE:.*]] = arith.cmpi sge, %[[C64]], %{{.*}} : tensor<8xi64>
# CHECK: %[[NS:.*]] = tile.splat %[[N64]] : i64 -> tensor<8xi64>
# CHECK: %[[LT:.*]] = arith.cmpi slt, %[[C64]], %[[NS]] : tensor<8xi64>
# CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<8xi1>
# CHECK: %[[IN2:.*]] = tile.expand_dims %[[IN]] {axis = 0 : i32} : tensor<8xi1> -> tensor<1x8xi1>
# CHECK: %[[MASK:.*]] = tile.broadcast %[[IN2]] : tensor<1x8xi1> -> tensor<4x8xi1>
# CHECK: %[[BASE:.*]] = tile.splat %[[P]] : !tile.ptr<f32> -> tensor<4x8x!tile.ptr<f32>>
# CHECK: %[[PTRS:.*]] = tile.addptr %[[BASE]], %{{.*}} : tensor<4x8x!tile.ptr<f32>>, tensor<4x8xi64>
# CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<4x8xf32>
# CHECK: %[[X:.*]] = tile.load %[[PTRS]], %[[MASK]], %[[NAN]] : tensor<4x8x!tile.ptr<f32>>
# The loop carries base, shape, strides and offsets.
# CHECK: %[[LOOP:.*]]:7 = scf.for %{{.*}} iter_args(%{{.*}} = %[[P]], %{{.*}} = %[[M64]], %{{.*}} = %[[N64]], %{{.*}} = %[[S64]], %{{.*}}, %[[OFF0:.*]] = %{{.*}}, %{{.*}}) -> (!tile.ptr<f32>, i64, i64, i64, i64, i32, i32)
# CHECK: %[[MOVED:.*]] = arith.addi %[[OFF0]], %{{.*}} : i32
# CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[MOVED]], %{{.*}} : !tile.ptr<f32>, i64, i64, i64, i64, i32, i32
# No boundary_check: an unmasked store through the carried pointer.
# CHECK: %[[SB:.*]] = tile.splat %[[LOOP]]#0 : !tile.ptr<f32> -> tensor<4x8x!tile.ptr<f32>>
# CHECK: %[[SP:.*]] = tile.addptr %[[SB]], %{{.*}} : tensor<4x8x!tile.ptr<f32>>, tensor<4x8xi64>
# CHECK: tile.store %[[SP]], %[[X]] : tensor<4x8x!tile.ptr<f32>>
