# tl.static_range unrolls with a constexpr induction variable; tl.range with
# scheduling hints and 64-bit bounds gives an i64 scf.for; loops without
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
# CHECK: scf.for %[[J:.*]] = %[[LB]] to %[[N]] step %[[ST]] : i64 {
# CHECK: %[[P:.*]] = tile.addptr %[[OUT]], %[[J]] : !tile.ptr<f32>, i64
# Unrolled: 0.0 + 0 + 2, all folded (materialized at its use).
# CHECK: %[[ACC:.*]] = arith.constant 2.000000e+00 : f32
# CHECK: tile.store %[[P]], %[[ACC]] : !tile.ptr<f32>
# CHECK: }
