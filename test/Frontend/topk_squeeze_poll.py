# tl.topk is Triton's bitonic top-k (the first log2 k sort stages, then per round a max over
# lanes k apart and a merge), tl.squeeze/unsqueeze are reshapes, tl.atomic_poll is a loop of
# compare-and-swaps of the expected value with itself until every element matched.
# RUN: tilec compile %s --kernel topk --signature '*fp32' --emit tile -o - | FileCheck %s --check-prefix=TOPK
# RUN: tilec compile %s --kernel squeeze --signature '*fp32' --emit tile -o - | FileCheck %s --check-prefix=SQUEEZE
# RUN: tilec compile %s --kernel poll --signature '*i32,*i1' --emit tile -o - | FileCheck %s --check-prefix=POLL
import triton.language as tl
from triton import jit


@jit
def topk(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.topk(x, 2)
    tl.store(p + tl.arange(0, 2), y)

# k = 2 of 8: one sort stage (runs of 2, alternating), then two rounds of max + merge.
# TOPK-LABEL: func.func @topk(
# TOPK: %[[X:.*]] = tile.load %{{.*}} : tensor<8x!tile.ptr<f32>>
# TOPK: %[[P:.*]] = tile.shuffle %[[X]], %[[X]] [1, 0, 3, 2, 5, 4, 7, 6]
# TOPK: %[[G:.*]] = arith.cmpf ogt, %[[X]], %[[P]] : tensor<8xf32>
# TOPK: arith.constant dense<[false, true, true, false, false, true, true, false]> : tensor<8xi1>
# TOPK: %[[S:.*]] = arith.select %{{.*}}, %[[P]], %[[X]] : tensor<8xi1>, tensor<8xf32>
# TOPK: %[[R1:.*]] = tile.reshape %[[S]] : tensor<8xf32> -> tensor<2x2x2xf32>
# TOPK: %[[M1:.*]] = tile.reduce(%[[R1]]) axis = 1 : (tensor<2x2x2xf32>) -> tensor<2x2xf32>
# TOPK: arith.maxnumf
# TOPK: %[[F1:.*]] = tile.reshape %[[M1]] : tensor<2x2xf32> -> tensor<4xf32>
# TOPK: tile.shuffle %[[F1]], %[[F1]] [1, 0, 3, 2]
# TOPK: arith.constant dense<[false, true, true, false]> : tensor<4xi1>
# TOPK: tile.reshape %{{.*}} : tensor<4xf32> -> tensor<1x2x2xf32>
# TOPK: tile.reduce(%{{.*}}) axis = 1 : (tensor<1x2x2xf32>) -> tensor<1x2xf32>
# TOPK: %[[F2:.*]] = tile.reshape %{{.*}} : tensor<1x2xf32> -> tensor<2xf32>
# The last merge is in the requested (descending) order.
# TOPK: tile.shuffle %[[F2]], %[[F2]] [1, 0]
# TOPK: arith.constant dense<[true, false]> : tensor<2xi1>


@jit
def squeeze(p):
    x = tl.load(p + tl.arange(0, 4))
    y = tl.unsqueeze(x, -2)
    z = tl.squeeze(y, 0)
    tl.store(p + tl.arange(0, 4), z)

# SQUEEZE-LABEL: func.func @squeeze(
# SQUEEZE: %[[X:.*]] = tile.load
# SQUEEZE: %[[Y:.*]] = tile.reshape %[[X]] : tensor<4xf32> -> tensor<1x4xf32>
# SQUEEZE: tile.reshape %[[Y]] : tensor<1x4xf32> -> tensor<4xf32>


@jit
def poll(flag, out):
    offs = tl.arange(0, 4)
    tl.store(out + offs, tl.atomic_poll(flag + offs, 1, sem="relaxed", scope="cta"))

# POLL-LABEL: func.func @poll(
# POLL: %[[PTRS:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<4x!tile.ptr<i32>>
# POLL: %[[ONE:.*]] = tile.splat %{{.*}} : i32 -> tensor<4xi32>
# POLL: %[[ALL:.*]] = arith.constant dense<true> : tensor<4xi1>
# POLL: %[[LEFT:.*]] = scf.while (%[[PEND:.*]] = %[[ALL]]) : (tensor<4xi1>) -> tensor<4xi1> {
# POLL: tile.reduce
# POLL: scf.condition(%{{.*}}) %[[PEND]] : tensor<4xi1>
# POLL: } do {
# POLL: ^bb0(%[[P2:.*]]: tensor<4xi1>):
# POLL: %[[OLD:.*]] = tile.atomic_cas relaxed cta %[[PTRS]], %[[ONE]], %[[ONE]]
# POLL: %[[NE:.*]] = arith.cmpi ne, %[[OLD]], %[[ONE]] : tensor<4xi32>
# POLL: %[[NEXT:.*]] = arith.andi %[[P2]], %[[NE]] : tensor<4xi1>
# POLL: scf.yield %[[NEXT]] : tensor<4xi1>
# POLL: arith.cmpi eq, %[[LEFT]], %{{.*}} : tensor<4xi1>
