# A matmul-style loop: scf.for carrying the accumulator and two pointer
# tiles, tl.dot with an fp32 accumulator, augmented pointer assignment.
# RUN: tilec compile %s --kernel mm --signature '*fp16,*fp16,*fp32,i32' -D BM=16 -D BN=16 -D BK=16 --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def mm(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * K + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * BN + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs)
        b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * BN
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)

# CHECK-LABEL: func.func @mm(
# CHECK: %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
# tl.cdiv(K, 16) = (K + 16 - 1) // 16
# CHECK: %[[T0:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
# CHECK: %[[T1:.*]] = arith.subi %[[T0]], %{{.*}} : i32
# CHECK: %[[UB:.*]] = arith.divsi %[[T1]], %{{.*}} : i32
# CHECK: %[[LB:.*]] = arith.constant 0 : i32
# CHECK: %[[STEP:.*]] = arith.constant 1 : i32
# CHECK: %[[RES:.*]]:3 = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[ACC:.*]] = %[[ACC0]], %[[AP:.*]] = %{{.*}}, %[[BP:.*]] = %{{.*}}) -> (tensor<16x16xf32>, tensor<16x16x!tile.ptr<f16>>, tensor<16x16x!tile.ptr<f16>>) : i32 {
# CHECK: %[[A:.*]] = tile.load %[[AP]] : tensor<16x16x!tile.ptr<f16>>
# CHECK: %[[B:.*]] = tile.load %[[BP]] : tensor<16x16x!tile.ptr<f16>>
# CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]] : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
# CHECK: %[[AN:.*]] = tile.addptr %[[AP]], %{{.*}} : tensor<16x16x!tile.ptr<f16>>, tensor<16x16xi32>
# CHECK: %[[BN:.*]] = tile.addptr %[[BP]], %{{.*}} : tensor<16x16x!tile.ptr<f16>>, tensor<16x16xi32>
# CHECK: scf.yield %[[D]], %[[AN]], %[[BN]] : tensor<16x16xf32>, tensor<16x16x!tile.ptr<f16>>, tensor<16x16x!tile.ptr<f16>>
# CHECK: }
# CHECK: tile.store %{{.*}}, %[[RES]]#0 : tensor<16x16x!tile.ptr<f32>>
