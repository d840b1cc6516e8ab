# Shape manipulation: x[:, None], x[None, :], rank lifting and size-1
# broadcasting in binary ops, tl.reshape, tl.trans, .T, tl.expand_dims,
# tl.broadcast_to, tensor.shape.
# RUN: tilec compile %s --kernel k --signature '*fp32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p):
    r = tl.arange(0, 8)
    col = r[:, None]
    row = r[None, :]
    grid = col + row
    flat = tl.reshape(grid, (64,))
    back = flat.reshape(4, 16)
    t = tl.trans(back)
    tt = back.T
    e = tl.expand_dims(r, 0)
    b = tl.broadcast_to(e, (4, 8))
    lifted = b + r
    rows: tl.constexpr = t.shape[0]
    tl.store(p + tl.arange(0, rows), tl.sum(t + tt, axis=1).to(tl.float32))
    tl.store(p + r, tl.sum(lifted, axis=0).to(tl.float32))

# CHECK-LABEL: func.func @k(
# CHECK: %[[R:.*]] = tile.make_range 0, 8 : tensor<8xi32>
# CHECK: %[[COL:.*]] = tile.expand_dims %[[R]] {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
# CHECK: %[[ROW:.*]] = tile.expand_dims %[[R]] {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
# CHECK: %[[CB:.*]] = tile.broadcast %[[COL]] : tensor<8x1xi32> -> tensor<8x8xi32>
# CHECK: %[[RB:.*]] = tile.broadcast %[[ROW]] : tensor<1x8xi32> -> tensor<8x8xi32>
# CHECK: %[[G:.*]] = arith.addi %[[CB]], %[[RB]] : tensor<8x8xi32>
# CHECK: %[[F:.*]] = tile.reshape %[[G]] : tensor<8x8xi32> -> tensor<64xi32>
# CHECK: %[[BK:.*]] = tile.reshape %[[F]] : tensor<64xi32> -> tensor<4x16xi32>
# CHECK: %[[T:.*]] = tile.trans %[[BK]] {order = array<i32: 1, 0>} : tensor<4x16xi32> -> tensor<16x4xi32>
# CHECK: %[[TT:.*]] = tile.trans %[[BK]] {order = array<i32: 1, 0>} : tensor<4x16xi32> -> tensor<16x4xi32>
# CHECK: %[[E:.*]] = tile.expand_dims %[[R]] {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
# CHECK: %[[B:.*]] = tile.broadcast %[[E]] : tensor<1x8xi32> -> tensor<4x8xi32>
# Rank lifting of the 1-D operand, then broadcasting.
# CHECK: %[[L0:.*]] = tile.expand_dims %[[R]] {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
# CHECK: %[[L1:.*]] = tile.broadcast %[[L0]] : tensor<1x8xi32> -> tensor<4x8xi32>
# CHECK: arith.addi %[[B]], %[[L1]] : tensor<4x8xi32>
# t.shape[0] == 16
# CHECK: tile.make_range 0, 16 : tensor<16xi32>
# CHECK: arith.addi %[[T]], %[[TT]] : tensor<16x4xi32>


# tl.trans without dims swaps the last two axes of any rank >= 2 (Triton 3.9: a batched 2-D
# transpose); tensor.trans() too.
# RUN: tilec compile %s --kernel batched --signature '*fp32' --emit tile -o - | FileCheck %s --check-prefix=BATCHED
@jit
def batched(p):
    x = tl.reshape(tl.arange(0, 64), (2, 4, 8))
    t = tl.trans(x)
    u = x.trans()
    tl.store(p + tl.arange(0, 64), tl.reshape(t + u, (64,)).to(tl.float32))
# BATCHED-LABEL: func.func @batched(
# BATCHED: tile.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<2x4x8xi32> -> tensor<2x8x4xi32>
# BATCHED: tile.trans %{{.*}} {order = array<i32: 0, 2, 1>} : tensor<2x4x8xi32> -> tensor<2x8x4xi32>


# A subscript may keep fewer dimensions than the tensor has, as in Triton: the i-th index
# inserts (None) or keeps (':') dimension i and the dimensions after the last index are kept,
# so `x[None]` of a 4x8 tile is 1x4x8 and `x[:, None]` is 4x1x8.
# RUN: tilec compile %s --kernel partial_subscript --signature '*fp32' --emit tile -o - | FileCheck %s --check-prefix=PARTIAL
@jit
def partial_subscript(p):
    x = tl.reshape(tl.arange(0, 32), (4, 8))
    a = x[None]
    b = x[:, None]
    tl.store(p + tl.arange(0, 32), tl.reshape(a + tl.reshape(b, (1, 4, 8)), (32,)).to(tl.float32))
# PARTIAL-LABEL: func.func @partial_subscript(
# PARTIAL: %[[X:.*]] = tile.reshape %{{.*}} : tensor<32xi32> -> tensor<4x8xi32>
# PARTIAL: tile.expand_dims %[[X]] {axis = 0 : i32} : tensor<4x8xi32> -> tensor<1x4x8xi32>
# PARTIAL: tile.expand_dims %[[X]] {axis = 1 : i32} : tensor<4x8xi32> -> tensor<4x1x8xi32>
