# tl.make_block_ptr/tl.advance/tl.load/tl.store on block pointers are tile ops on a
# !tile.block_ptr value (sizes and strides as i64, offsets as i32, boundary_check and padding as
# attributes) that a loop carries whole. After tilec-lower-block-pointers (LOWER), loads are a
# pointer tile base + sum_i (offset_i + arange) * stride_i with a mask only over the
# boundary_check dimensions (padding "nan" fills with NaN), advance adds to the int32 offsets, and
# the loop carries the pointer's scalar components.
# RUN: tilec compile %s --kernel k --signature '*fp32,i32,i32,i32' -D BM=4 -D BN=8 --emit tile -o - | FileCheck %s
# RUN: tilec compile %s --kernel k --signature '*fp32,i32,i32,i32' -D BM=4 -D BN=8 --emit tile -o - | tilec-opt --tilec-lower-block-pointers | FileCheck %s --check-prefix=LOWER
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
# CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
# CHECK-DAG: %[[O0:.*]] = arith.constant 0 : i32
# CHECK-DAG: %[[O8:.*]] = arith.constant 8 : i32
# CHECK: %[[BP:.*]] = tile.make_block_ptr %[[P]], [%[[M64]], %[[N64]]], [%[[S64]], %[[ONE]]], [%[[O0]], %[[O8]]] order = [1, 0] : !tile.block_ptr<4x8xf32>
# CHECK: %[[X:.*]] = tile.block_load %[[BP]] boundary_check = [1] padding = nan : !tile.block_ptr<4x8xf32>
# CHECK: %[[LOOP:.*]] = scf.for %{{.*}} iter_args(%[[IT:.*]] = %[[BP]]) -> (!tile.block_ptr<4x8xf32>)
# CHECK: %[[MOVED:.*]] = tile.advance %[[IT]], [%{{.*}}, %{{.*}}] : !tile.block_ptr<4x8xf32>
# CHECK: scf.yield %[[MOVED]] : !tile.block_ptr<4x8xf32>
# CHECK: tile.block_store %[[LOOP]], %[[X]] : !tile.block_ptr<4x8xf32>

# LOWER-LABEL: func.func @k(
# LOWER-SAME: %[[P:.*]]: !tile.ptr<f32>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S:.*]]: i32)
# LOWER-DAG: %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
# LOWER-DAG: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
# LOWER-DAG: %[[S64:.*]] = arith.extsi %[[S]] : i32 to i64
# Rows: (0 + arange(4)) * stride, unchecked.
# LOWER: %[[R:.*]] = tile.make_range 0, 4 : tensor<4xi32>
# LOWER: %[[ROWS:.*]] = arith.addi %[[R]], %{{.*}} : tensor<4xi32>
# LOWER: %[[ROWS64:.*]] = arith.extsi %[[ROWS]] : tensor<4xi32> to tensor<4xi64>
# LOWER: %[[RS:.*]] = arith.muli %[[ROWS64]], %{{.*}} : tensor<4xi64>
# LOWER: tile.expand_dims %[[RS]] {axis = 1 : i32} : tensor<4xi64> -> tensor<4x1xi64>
# Columns: (8 + arange(8)) * 1, checked against N.
# LOWER: %[[C:.*]] = tile.make_range 0, 8 : tensor<8xi32>
# LOWER: %[[COLS:.*]] = arith.addi %[[C]], %{{.*}} : tensor<8xi32>
# LOWER: %[[C64:.*]] = arith.extsi %[[COLS]] : tensor<8xi32> to tensor<8xi64>
# LOWER: %[[GE:.*]] = arith.cmpi sge, %[[C64]], %{{.*}} : tensor<8xi64>
# LOWER: %[[NS:.*]] = tile.splat %[[N64]] : i64 -> tensor<8xi64>
# LOWER: %[[LT:.*]] = arith.cmpi slt, %[[C64]], %[[NS]] : tensor<8xi64>
# LOWER: %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<8xi1>
# LOWER: %[[IN2:.*]] = tile.expand_dims %[[IN]] {axis = 0 : i32} : tensor<8xi1> -> tensor<1x8xi1>
# LOWER: %[[MASK:.*]] = tile.broadcast %[[IN2]] : tensor<1x8xi1> -> tensor<4x8xi1>
# LOWER: %[[BASE:.*]] = tile.splat %[[P]] : !tile.ptr<f32> -> tensor<4x8x!tile.ptr<f32>>
# LOWER: %[[PTRS:.*]] = tile.addptr %[[BASE]], %{{.*}} : tensor<4x8x!tile.ptr<f32>>, tensor<4x8xi64>
# LOWER: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<4x8xf32>
# LOWER: %[[X:.*]] = tile.load %[[PTRS]], %[[MASK]], %[[NAN]] : tensor<4x8x!tile.ptr<f32>>
# The loop carries base, shape, strides and offsets.
# LOWER: %[[LOOP:.*]]:7 = scf.for %{{.*}} iter_args(%{{.*}} = %[[P]], %{{.*}} = %[[M64]], %{{.*}} = %[[N64]], %{{.*}} = %[[S64]], %{{.*}}, %[[OFF0:.*]] = %{{.*}}, %{{.*}}) -> (!tile.ptr<f32>, i64, i64, i64, i64, i32, i32)
# LOWER: %[[MOVED:.*]] = arith.addi %[[OFF0]], %{{.*}} : i32
# LOWER: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[MOVED]], %{{.*}} : !tile.ptr<f32>, i64, i64, i64, i64, i32, i32
# No boundary_check: an unmasked store through the carried pointer.
# LOWER: %[[SB:.*]] = tile.splat %[[LOOP]]#0 : !tile.ptr<f32> -> tensor<4x8x!tile.ptr<f32>>
# LOWER: %[[SP:.*]] = tile.addptr %[[SB]], %{{.*}} : tensor<4x8x!tile.ptr<f32>>, tensor<4x8xi64>
# LOWER: tile.store %[[SP]], %[[X]] : tensor<4x8x!tile.ptr<f32>>
