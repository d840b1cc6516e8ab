# tl.map_elementwise becomes one tile.map_elementwise whose body is the inlined @jit function on
# scalars: runtime branches stay scf.if, several results and pack=2 give pack scalars of each input
# and of each result, and a scalar input is used by the body as it is (one value for all elements).
# RUN: tilec compile %s --kernel k --signature '*i32,*i32,*fp32,fp32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1


@jit
def divmod2(a0, a1, b0, b1):
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1


@jit
def scale(x, s):
    return x * s


@jit
def k(x_ptr, y_ptr, f_ptr, s):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(x_ptr + offs, tl.map_elementwise(compare, x, y))
    q, r = tl.map_elementwise(divmod2, x, y, pack=2)
    tl.store(y_ptr + offs, q + r)
    f = tl.load(f_ptr + offs[:, None] * 4 + tl.arange(0, 4)[None, :])
    tl.store(f_ptr + offs[:, None] * 4 + tl.arange(0, 4)[None, :], tl.map_elementwise(scale, f, s))

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[S:[a-z0-9]+]]: f32
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[Y:.*]] = tile.load
# CHECK: tile.map_elementwise(%[[X]], %[[Y]]) pack = 1 : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32> {
# CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
# CHECK: arith.cmpi slt, %[[A]], %[[B]] : i32
# CHECK: scf.if
# CHECK: tile.yield %{{.*}} : i32
# CHECK: %[[QR:.*]]:2 = tile.map_elementwise(%[[X]], %[[Y]]) pack = 2 : (tensor<128xi32>, tensor<128xi32>) -> (tensor<128xi32>, tensor<128xi32>) {
# CHECK-NEXT: ^bb0(%[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[B0:.*]]: i32, %[[B1:.*]]: i32):
# CHECK: tile.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i32
# CHECK: arith.addi %[[QR]]#0, %[[QR]]#1 : tensor<128xi32>
# CHECK: tile.map_elementwise(%{{.*}}) pack = 1 : (tensor<128x4xf32>) -> tensor<128x4xf32> {
# CHECK-NEXT: ^bb0(%[[E:.*]]: f32):
# CHECK-NEXT: arith.mulf %[[E]], %[[S]] : f32
