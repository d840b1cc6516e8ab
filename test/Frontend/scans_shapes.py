# Scans, sorting and shape ops in tile IR: tl.cumsum of int8 widens to int32 and becomes
# tile.scan, a reverse associative_scan carries `reverse`, tl.flip/tl.join/tl.split/tl.cat are
# tile.flip/join/split/cat ops (interleave a join and a reshape, cat along a dim one op, as the
# split of a [2] tile reshaped to [1, 2]), tl.sort is one tile.sort op (unsigned on unsigned integers), which
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
    i = tl.interleave(x, x)
    d = tl.cat(x, x, dim=-1)
    f1 = x.flip(-1)
    a, b = tl.split(tl.join(3, 4))

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
# CHECK: tile.flip %[[X]] dim = 0 : tensor<4x2xf32>
# join appends a trailing dim of 2, split takes it apart, cat appends.
# CHECK: %[[J:.*]] = tile.join %[[Q]], %[[Q]] : tensor<4xi8> -> tensor<4x2xi8>
# CHECK: %[[LO:.*]], %[[HI:.*]] = tile.split %[[J]] : tensor<4x2xi8> -> tensor<4xi8>
# CHECK: tile.cat %[[LO]], %[[HI]] dim = 0 : tensor<4xi8> -> tensor<8xi8>
# tl.sort stays one op; x.sort() of unsigned values sorts them as unsigned along the last dim.
# CHECK: %[[SQ:.*]] = tile.sort %[[Q]] descending = true : tensor<4xi8>
# CHECK-NOT: tile.shuffle %[[SQ]]
# CHECK: %[[XU:.*]] = arith.bitcast %[[X]] : tensor<4x2xf32> to tensor<4x2xi32>
# CHECK: tile.sort %[[XU]] descending = false unsigned : tensor<4x2xi32>
# interleave is a join and a reshape; cat along dim -1 one op; flip(-1) flips the last dim.
# CHECK: %[[XJ:.*]] = tile.join %[[X]], %[[X]] : tensor<4x2xf32> -> tensor<4x2x2xf32>
# CHECK: tile.reshape %[[XJ]] : tensor<4x2x2xf32> -> tensor<4x4xf32>
# CHECK: tile.cat %[[X]], %[[X]] dim = 1 : tensor<4x2xf32> -> tensor<4x4xf32>
# CHECK: tile.flip %[[X]] dim = 1 : tensor<4x2xf32>
# Scalars join as 1-element tiles reshaped to [2]; a [2] tile splits as [1, 2], each half
# extracted.
# CHECK: %[[P:.*]] = tile.join %{{.*}}, %{{.*}} : tensor<1xi32> -> tensor<1x2xi32>
# CHECK: %[[P2:.*]] = tile.reshape %[[P]] : tensor<1x2xi32> -> tensor<2xi32>
# CHECK: %[[P12:.*]] = tile.reshape %[[P2]] : tensor<2xi32> -> tensor<1x2xi32>
# CHECK: tile.split %[[P12]] : tensor<1x2xi32> -> tensor<1xi32>
# CHECK-NOT: tile.shuffle
# CHECK: return
