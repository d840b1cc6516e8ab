# Reductions: tl.max/tl.sum on a 1-D tile give scalars, axis and keep_dims
# on 2-D tiles, axis=None flattens, int8 sums accumulate in int32.
# RUN: tilec compile %s --kernel red --signature '*fp32,*i8,*fp32,*i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def red(x_ptr, q_ptr, out_ptr, iout_ptr):
    r = tl.arange(0, 8)
    row = tl.load(x_ptr + r)
    m = tl.max(row, axis=0)
    s = tl.sum(row - m, axis=0)
    tile = tl.load(x_ptr + r[:, None] * 4 + tl.arange(0, 4)[None, :])
    rows = tl.min(tile, axis=1, keep_dims=True)
    total = tl.sum(tile)
    q = tl.load(q_ptr + r)
    qs = tl.sum(q, 0)
    tl.store(out_ptr, s + total)
    tl.store(out_ptr + r[:, None] + tl.arange(0, 1)[None, :], rows)
    tl.store(iout_ptr, qs)

# CHECK-LABEL: func.func @red(
# CHECK: %[[ROW:.*]] = tile.load %{{.*}} : tensor<8x!tile.ptr<f32>>
# CHECK: %[[M:.*]] = tile.reduce(%[[ROW]]) axis = 0 : (tensor<8xf32>) -> f32 {
# CHECK: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
# CHECK: %[[MX:.*]] = arith.maxnumf %[[L]], %[[R]] : f32
# CHECK: tile.yield %[[MX]] : f32
# CHECK: }
# CHECK: %[[MS:.*]] = tile.splat %[[M]] : f32 -> tensor<8xf32>
# CHECK: %[[D:.*]] = arith.subf %[[ROW]], %[[MS]] : tensor<8xf32>
# CHECK: tile.reduce(%[[D]]) axis = 0 : (tensor<8xf32>) -> f32
# CHECK: arith.addf
# CHECK: %[[TILE:.*]] = tile.load %{{.*}} : tensor<8x4x!tile.ptr<f32>>
# CHECK: %[[MN:.*]] = tile.reduce(%[[TILE]]) axis = 1 : (tensor<8x4xf32>) -> tensor<8xf32>
# CHECK: arith.minnumf
# CHECK: tile.expand_dims %[[MN]] {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
# axis=None: the innermost dimension, then the next (any order is Triton's; no flattening reshape).
# CHECK: %[[ROWS:.*]] = tile.reduce(%[[TILE]]) axis = 1 : (tensor<8x4xf32>) -> tensor<8xf32>
# CHECK: tile.reduce(%[[ROWS]]) axis = 0 : (tensor<8xf32>) -> f32
# CHECK: %[[Q:.*]] = tile.load %{{.*}} : tensor<8x!tile.ptr<i8>>
# CHECK: %[[QW:.*]] = arith.extsi %[[Q]] : tensor<8xi8> to tensor<8xi32>
# CHECK: tile.reduce(%[[QW]]) axis = 0 : (tensor<8xi32>) -> i32
# CHECK: arith.addi
