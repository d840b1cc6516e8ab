# range() over runtime i32 bounds: a step of 1 keeps the i32 counter (it cannot pass the bound);
# another constant step counts in i64 and truncates for the body (an i32 counter could wrap past
# INT32_MAX); a runtime step counts in i64 over i ^ (step >> 63) by |step|, no iteration when 0.
# RUN: tilec compile %s --kernel k --signature '*i32,i32,i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(out_ptr, n, s):
    for i in range(0, n):
        tl.store(out_ptr + i, i)
    for j in range(1, n, 4):
        tl.store(out_ptr + j, j)
    for m in range(n, 0, s):
        tl.store(out_ptr + m, m)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[OUT:.*]]: !tile.ptr<i32>, %[[N:.*]]: i32, %[[S:.*]]: i32)
# CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} : i32 {
# CHECK: tile.addptr %[[OUT]], %[[I]]
# CHECK: %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
# CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[N64]] step %{{.*}} : i64 {
# CHECK: %[[J32:.*]] = arith.trunci %[[J]] : i64 to i32
# CHECK: tile.addptr %[[OUT]], %[[J32]]
# CHECK: %[[S64:.*]] = arith.extsi %[[S]] : i32 to i64
# CHECK: %[[ZERO:.*]] = arith.cmpi eq, %[[S64]]
# CHECK: %[[UB:.*]] = arith.select %[[ZERO]]
# CHECK: %[[SIGN:.*]] = arith.shrsi %[[S64]]
# CHECK: %[[FLIP:.*]] = arith.xori %[[S64]], %[[SIGN]] : i64
# CHECK: %[[ABS:.*]] = arith.subi %[[FLIP]], %[[SIGN]] : i64
# CHECK: %[[LB:.*]] = arith.xori %{{.*}}, %[[SIGN]] : i64
# CHECK: %[[UBX:.*]] = arith.xori %[[UB]], %[[SIGN]] : i64
# CHECK: scf.for %[[M:.*]] = %[[LB]] to %[[UBX]] step %[[ABS]] : i64 {
# CHECK: %[[MX:.*]] = arith.xori %[[M]], %[[SIGN]] : i64
# CHECK: %[[M32:.*]] = arith.trunci %[[MX]] : i64 to i32
# CHECK: tile.addptr %[[OUT]], %[[M32]]
