# Early returns become structured scf.if: the statements after a returning `if` are generated
# in the branch that falls through, and values a helper returns on both paths are yielded.
# RUN: tilec compile %s --kernel guard --signature '*fp32,i32' --emit tile -o - | FileCheck %s --check-prefix=GUARD
# RUN: tilec compile %s --kernel merge --signature '*fp32,i32' --emit tile -o - | FileCheck %s --check-prefix=MERGE
import triton.language as tl
from triton import jit


@jit
def guard(out_ptr, n):
    pid = tl.program_id(0)
    if pid >= n:
        return
    tl.store(out_ptr + pid, 1.0)

# GUARD-LABEL: func.func @guard(
# GUARD-SAME: %[[OUT:.*]]: !tile.ptr<f32>, %[[N:.*]]: i32)
# GUARD: %[[PID:.*]] = tile.program_id 0 : i32
# GUARD: %[[C:.*]] = arith.cmpi sge, %[[PID]], %[[N]] : i32
# GUARD: scf.if %[[C]] {
# GUARD-NEXT: } else {
# GUARD: %[[P:.*]] = tile.addptr %[[OUT]], %[[PID]]
# GUARD: tile.store %[[P]]
# GUARD: }
# GUARD-NEXT: return


@jit
def pick(x, t):
    if t > 0:
        return x * 2.0
    return x


@jit
def merge(out_ptr, t):
    tl.store(out_ptr, pick(t.to(tl.float32), t))

# MERGE-LABEL: func.func @merge(
# MERGE-SAME: %[[OUT:.*]]: !tile.ptr<f32>, %[[T:.*]]: i32)
# MERGE: %[[XF:.*]] = arith.sitofp %[[T]] : i32 to f32
# MERGE: %[[C:.*]] = arith.cmpi sgt, %[[T]], %{{.*}} : i32
# MERGE: %[[R:.*]] = scf.if %[[C]] -> (f32) {
# MERGE: %[[D:.*]] = arith.mulf %[[XF]], %{{.*}} : f32
# MERGE-NEXT: scf.yield %[[D]] : f32
# MERGE-NEXT: } else {
# MERGE-NEXT: scf.yield %[[XF]] : f32
# MERGE-NEXT: }
# MERGE: tile.store %[[OUT]], %[[R]]
