# A runtime condition becomes scf.if yielding the variables both branches
# (re)assign; constexpr values are materialized; branch-local names vanish.
# RUN: tilec compile %s --kernel k --signature '*fp32,i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(out_ptr, n):
    x = 1.0
    y = tl.zeros((4,), dtype=tl.float32)
    if n > 3:
        x = 2.0
        y = y + 1.0
        tmp = 5
    elif n == 0:
        x = 3.0
    else:
        y = y * 2.0
    tl.store(out_ptr + tl.arange(0, 4), y + x)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[OUT:.*]]: !tile.ptr<f32>, %[[N:.*]]: i32)
# CHECK: %[[Y0:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
# CHECK: %[[C3:.*]] = arith.constant 3 : i32
# CHECK: %[[COND:.*]] = arith.cmpi sgt, %[[N]], %[[C3]] : i32
# CHECK: %[[IF:.*]]:2 = scf.if %[[COND]] -> (f32, tensor<4xf32>) {
# CHECK: %[[Y1:.*]] = arith.addf %[[Y0]], %{{.*}} : tensor<4xf32>
# CHECK: %[[X1:.*]] = arith.constant 2.000000e+00 : f32
# CHECK: scf.yield %[[X1]], %[[Y1]] : f32, tensor<4xf32>
# CHECK: } else {
# CHECK: %[[INNER:.*]]:2 = scf.if %{{.*}} -> (f32, tensor<4xf32>) {
# CHECK: %[[X3:.*]] = arith.constant 3.000000e+00 : f32
# CHECK: scf.yield %[[X3]], %[[Y0]] : f32, tensor<4xf32>
# CHECK: } else {
# CHECK: %[[Y2:.*]] = arith.mulf %[[Y0]], %{{.*}} : tensor<4xf32>
# CHECK: %[[X2:.*]] = arith.constant 1.000000e+00 : f32
# CHECK: scf.yield %[[X2]], %[[Y2]] : f32, tensor<4xf32>
# CHECK: }
# CHECK: scf.yield %[[INNER]]#0, %[[INNER]]#1 : f32, tensor<4xf32>
# CHECK: }
# CHECK: %[[XS:.*]] = tile.splat %[[IF]]#0 : f32 -> tensor<4xf32>
# CHECK: arith.addf %[[IF]]#1, %[[XS]] : tensor<4xf32>
