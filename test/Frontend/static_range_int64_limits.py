# tl.static_range whose last step passes INT64_MAX (or INT64_MIN counting down) unrolls once, as
# Python's range, instead of wrapping around and unrolling on.
# RUN: tilec compile %s --kernel k --signature '*i64' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(out_ptr):
    for i in tl.static_range(9223372036854775806, 9223372036854775807, 4611686018427387904):
        tl.store(out_ptr, i)
    for j in tl.static_range(-9223372036854775807, -9223372036854775807 - 1, -4611686018427387904):
        tl.store(out_ptr + 1, j)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[OUT:.*]]: !tile.ptr<i64>)
# CHECK: %[[I:.*]] = arith.constant 9223372036854775806 : i64
# CHECK: tile.store %[[OUT]], %[[I]] : !tile.ptr<i64>
# CHECK-NOT: tile.store %[[OUT]],
# CHECK: %[[J:.*]] = arith.constant -9223372036854775807 : i64
# CHECK: tile.store %{{.*}}, %[[J]] : !tile.ptr<i64>
# CHECK-NOT: tile.store
# CHECK: return
