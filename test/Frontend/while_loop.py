# `while` with a runtime condition becomes scf.while carrying the variables
# the body assigns; a constexpr int carried through the loop becomes i32.
# RUN: tilec compile %s --kernel w --signature '*i32,i32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def w(out_ptr, n):
    i = 0
    acc = 1
    while i < n:
        acc = acc * 2
        i += 1
    tl.store(out_ptr, acc)

# CHECK-LABEL: func.func @w(
# CHECK-SAME: %[[OUT:.*]]: !tile.ptr<i32>, %[[N:.*]]: i32)
# CHECK: %[[A0:.*]] = arith.constant 1 : i32
# CHECK: %[[I0:.*]] = arith.constant 0 : i32
# CHECK: %[[W:.*]]:2 = scf.while (%[[A:.*]] = %[[A0]], %[[I:.*]] = %[[I0]]) : (i32, i32) -> (i32, i32) {
# CHECK: %[[C:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
# CHECK: scf.condition(%[[C]]) %[[A]], %[[I]] : i32, i32
# CHECK: } do {
# CHECK: ^bb0(%[[A2:.*]]: i32, %[[I2:.*]]: i32):
# CHECK: %[[A3:.*]] = arith.muli %[[A2]], %{{.*}} : i32
# CHECK: %[[I3:.*]] = arith.addi %[[I2]], %{{.*}} : i32
# CHECK: scf.yield %[[A3]], %[[I3]] : i32, i32
# CHECK: }
# CHECK: tile.store %[[OUT]], %[[W]]#0 : !tile.ptr<i32>
