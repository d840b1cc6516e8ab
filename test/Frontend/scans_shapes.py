# Scans, sorting and shape ops in tile IR: tl.cumsum of int8 widens to int32 and becomes
# tile.scan, a reverse associative_scan carries `reverse`, tl.flip/tl.join/tl.split/tl.cat are
# single tile.shuffle ops, tl.sort is one tile.sort op (unsigned on unsigned integers), which
# tilec-expand-sort expands later (test/Transforms/expand-sort.mlir).
# RUN: tilec compile %s --kernel scans --signature '*i8,*fp32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def _mul(a, b):
    return a * b


@jit
def scans(q_ptr, x_ptr):
    r = tl.arange(0, 4)
    q = tl.load(q_ptr + r)
    c = tl.cumsum(q, 0)
    x = tl.load(x_ptr + r[:, None] * 2 + tl.arange(0, 2)[None, :])
    p = tl.associative_scan(x, 1, _mul, reverse=True)
    f = tl.flip(x, 0)
    j = tl.join(q, q)
    lo, hi = tl.split(j)
    k = tl.cat(lo, hi, can_reorder=True)
    s = tl.sort(q, descending=True)
    u = x.to(tl.uint32, bitcast=True).sort()

# int8 cumsum widens to int32, then scans with the sum combiner.
# CHECK-LABEL: func.func @scans(
# CHECK: %[[Q:.*]] = tile.load %{{.*}} : tensor<4x!tile.ptr<i8>>
# CHECK: %[[QW:.*]] = arith.extsi %[[Q]] : tensor<4xi8> to tensor<4xi32>
# CHECK: tile.scan(%[[QW]]) axis = 0 : (tensor<4xi32>) -> tensor<4xi32> {
# CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
# CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[B]] : i32
# CHECK-NEXT: tile.yield %[[S]] : i32
# A reverse associative_scan inlines the @jit combine function.
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<4x2x!tile.ptr<f32>>
# CHECK: tile.scan(%[[X]]) axis = 1 reverse : (tensor<4x2xf32>) -> tensor<4x2xf32> {
# CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
# CHECK-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
# CHECK-NEXT: tile.yield %[[P]] : f32
# flip(x, 0) reverses the rows.
# CHECK: tile.shuffle %[[X]], %[[X]] [6, 7, 4, 5, 2, 3, 0, 1] : tensor<4x2xf32>, tensor<4x2xf32> -> tensor<4x2xf32>
# join interleaves into a trailing dim of 2, split takes the even and odd positions, cat appends.
# CHECK: %[[J:.*]] = tile.shuffle %[[Q]], %[[Q]] [0, 4, 1, 5, 2, 6, 3, 7] : tensor<4xi8>, tensor<4xi8> -> tensor<4x2xi8>
# CHECK: %[[LO:.*]] = tile.shuffle %[[J]], %[[J]] [0, 2, 4, 6] : tensor<4x2xi8>, tensor<4x2xi8> -> tensor<4xi8>
# CHECK: %[[HI:.*]] = tile.shuffle %[[J]], %[[J]] [1, 3, 5, 7] : tensor<4x2xi8>, tensor<4x2xi8> -> tensor<4xi8>
# CHECK: tile.shuffle %[[LO]], %[[HI]] [0, 1, 2, 3, 4, 5, 6, 7] : tensor<4xi8>, tensor<4xi8> -> tensor<8xi8>
# tl.sort stays one op; x.sort() of unsigned values sorts them as unsigned along the last dim.
# CHECK: %[[SQ:.*]] = tile.sort %[[Q]] descending = true : tensor<4xi8>
# CHECK-NOT: tile.shuffle %[[SQ]]
# CHECK: %[[XU:.*]] = arith.bitcast %[[X]] : tensor<4x2xf32> to tensor<4x2xi32>
# CHECK: tile.sort %[[XU]] descending = false unsigned : tensor<4x2xi32>
# CHECK-NEXT: return
