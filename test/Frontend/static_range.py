# tl.static_range unrolls with a constexpr induction variable; tl.range with
# scheduling hints and 64-bit bounds gives an i64 scf.for (over the trip count); loops without
# carried values have no iter_args.
# RUN: tilec compile %s --kernel k --signature '*fp32,i64' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(out_ptr, n):
    acc = 0.0
    for i in tl.static_range(3):
        if i % 2 == 0:
            acc += i
    for j in tl.range(0, n, 2, num_stages=3, loop_unroll_factor=2):
        tl.store(out_ptr + j, acc)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[OUT:.*]]: !tile.ptr<f32>, %[[N:.*]]: i64)
# CHECK: %[[LB:.*]] = arith.constant 0 : i64
# CHECK: %[[ST:.*]] = arith.constant 2 : i64
# The i64 counter steps by 2: the loop runs over the trip count (unsigned ceil(n / 2), 0 when
# n <= 0) and counts 0 + k * 2, which cannot wrap past INT64_MAX.
# CHECK: %[[NONEMPTY:.*]] = arith.cmpi slt, %[[LB]], %[[N]] : i64
# CHECK: %[[DIFF:.*]] = arith.subi %[[N]], %[[LB]] : i64
# CHECK: arith.divui %[[DIFF]]
# CHECK: %[[TRIPS:.*]] = arith.select %[[NONEMPTY]]
# CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[TRIPS]] step %{{.*}} : i64 {
# CHECK: %[[KS:.*]] = arith.muli %[[K]], %[[ST]] : i64
# CHECK: %[[J:.*]] = arith.addi %[[LB]], %[[KS]] : i64
# CHECK: %[[P:.*]] = tile.addptr %[[OUT]], %[[J]] : !tile.ptr<f32>, i64
# Unrolled: 0.0 + 0 + 2, all folded (materialized at its use).
# CHECK: %[[ACC:.*]] = arith.constant 2.000000e+00 : f32
# CHECK: tile.store %[[P]], %[[ACC]] : !tile.ptr<f32>
# CHECK: }
