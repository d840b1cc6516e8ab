# tl.reduce inlines a @jit combine function (constexpr branch folded, tuple inputs) into the
# combiner region; tl.argmax builds Triton's (value, index) combiner over a broadcast arange;
# tl.max widens fp16 to fp32 first; tl.sum(dtype=) sums in the given dtype; bool sums in uint32.
# RUN: tilec compile %s --kernel red --signature '*fp16,*i8' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def _pick(a, ia, b, ib, LARGER: tl.constexpr = True):
    if LARGER:
        take = a > b
    else:
        take = a < b
    return tl.where(take, a, b), tl.where(take, ia, ib)


@jit
def red(x_ptr, q_ptr):
    r = tl.arange(0, 8)
    tile = tl.load(x_ptr + r[:, None] * 4 + tl.arange(0, 4)[None, :])
    v, i = tl.reduce((tile, tl.broadcast_to(r[:, None], (8, 4))), 0, _pick)
    a = tl.argmax(tile, axis=1)
    m = tl.max(tile)
    q = tl.load(q_ptr + r)
    s = tl.sum(q, dtype=tl.int8)
    c = tl.sum(q > 0)

# The user combine function is inlined on scalar block arguments; LARGER's branch folds away.
# CHECK-LABEL: func.func @red(
# CHECK: %[[TILE:.*]] = tile.load %{{.*}} : tensor<8x4x!tile.ptr<f16>>
# CHECK: %[[ROWS:.*]] = tile.broadcast %{{.*}} : tensor<8x1xi32> -> tensor<8x4xi32>
# CHECK: %{{.*}}:2 = tile.reduce(%[[TILE]], %[[ROWS]]) axis = 0 : (tensor<8x4xf16>, tensor<8x4xi32>) -> (tensor<4xf16>, tensor<4xi32>) {
# CHECK-NEXT: ^bb0(%[[A:.*]]: f16, %[[IA:.*]]: i32, %[[B:.*]]: f16, %[[IB:.*]]: i32):
# CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f16
# CHECK-NEXT: %[[V:.*]] = arith.select %[[GT]], %[[A]], %[[B]] : f16
# CHECK-NEXT: %[[I:.*]] = arith.select %[[GT]], %[[IA]], %[[IB]] : i32
# CHECK-NEXT: tile.yield %[[V]], %[[I]] : f16, i32
# argmax: the index tile is arange along axis 1 broadcast over the rows; Triton's combiner.
# CHECK: %[[R4:.*]] = tile.make_range 0, 4 : tensor<4xi32>
# CHECK: %[[R4E:.*]] = tile.expand_dims %[[R4]] {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
# CHECK: %[[IDX:.*]] = tile.broadcast %[[R4E]] : tensor<1x4xi32> -> tensor<8x4xi32>
# CHECK: tile.reduce(%[[TILE]], %[[IDX]]) axis = 1 : (tensor<8x4xf16>, tensor<8x4xi32>) -> (tensor<8xf16>, tensor<8xi32>) {
# CHECK-NEXT: ^bb0(%[[A:.*]]: f16, %[[IA:.*]]: i32, %[[B:.*]]: f16, %[[IB:.*]]: i32):
# CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f16
# CHECK-NEXT: %[[EQ:.*]] = arith.cmpf oeq, %[[A]], %[[B]] : f16
# CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[IA]], %[[IB]] : i32
# CHECK-NEXT: %[[TIE:.*]] = arith.andi %[[EQ]], %[[LT]] : i1
# CHECK-NEXT: %[[WIN:.*]] = arith.ori %[[GT]], %[[TIE]] : i1
# CHECK-NEXT: %[[V:.*]] = arith.select %[[WIN]], %[[A]], %[[B]] : f16
# CHECK-NEXT: %[[I:.*]] = arith.select %[[WIN]], %[[IA]], %[[IB]] : i32
# CHECK-NEXT: tile.yield %[[V]], %[[I]] : f16, i32
# tl.max of fp16 without indices widens to fp32 first (Triton's rule); axis=None reduces the
# dimensions innermost first.
# CHECK: %[[W:.*]] = arith.extf %[[TILE]] : tensor<8x4xf16> to tensor<8x4xf32>
# CHECK: %[[ROWS:.*]] = tile.reduce(%[[W]]) axis = 1 : (tensor<8x4xf32>) -> tensor<8xf32> {
# CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
# CHECK: tile.reduce(%[[ROWS]]) axis = 0 : (tensor<8xf32>) -> f32 {
# CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
# sum(dtype=tl.int8) sums in int8, without widening.
# CHECK: %[[Q:.*]] = tile.load %{{.*}} : tensor<8x!tile.ptr<i8>>
# CHECK: tile.reduce(%[[Q]]) axis = 0 : (tensor<8xi8>) -> i8 {
# CHECK: arith.addi %{{.*}}, %{{.*}} : i8
# A bool sum widens to uint32 (Triton counts int1 as unsigned): zero extension.
# CHECK: %[[POS:.*]] = arith.cmpi sgt, %[[Q]], %{{.*}} : tensor<8xi8>
# CHECK: %[[CNT:.*]] = arith.extui %[[POS]] : tensor<8xi1> to tensor<8xi32>
# CHECK: tile.reduce(%[[CNT]]) axis = 0 : (tensor<8xi32>) -> i32 {
