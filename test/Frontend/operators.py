# Binary, comparison, bitwise, shift and unary operators on runtime values:
# C-like // and % on ints (divsi/remsi), remf on floats, arithmetic vs
# logical right shift by signedness, -x as 0 - x, ~x as x ^ -1, `not`,
# runtime `and`/`or` on scalars, chained comparisons.
# RUN: tilec compile %s --kernel k --signature '*i32,i32,i32,u32,fp32,*fp32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(out, a, b, u, f, fout):
    q = a // b
    r = a % b
    s = (a << 2) | (b >> 1) ^ (a & b)
    t = u >> 3
    n = -a + ~b
    c = (a < b) and not (b >= 0) or (0 < a <= 10)
    tl.store(out, q + r + s + t.to(tl.int32) + n + c)
    tl.store(fout, f % 2.0 - f)

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[OUT:.*]]: !tile.ptr<i32>, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[U:.*]]: i32, %[[F:.*]]: f32, %[[FO:.*]]: !tile.ptr<f32>)
# CHECK: arith.divsi %[[A]], %[[B]] : i32
# CHECK: arith.remsi %[[A]], %[[B]] : i32
# CHECK: arith.shli %[[A]], %{{.*}} : i32
# CHECK: arith.shrsi %[[B]], %{{.*}} : i32
# CHECK: arith.andi %[[A]], %[[B]] : i32
# CHECK: arith.xori
# CHECK: arith.ori
# CHECK: arith.shrui %[[U]], %{{.*}} : i32
# CHECK: %[[Z:.*]] = arith.constant 0 : i32
# CHECK: arith.subi %[[Z]], %[[A]] : i32
# CHECK: %[[M1:.*]] = arith.constant -1 : i32
# CHECK: arith.xori %[[B]], %[[M1]] : i32
# CHECK: %[[LT:.*]] = arith.cmpi slt, %[[A]], %[[B]] : i32
# CHECK: %[[GE:.*]] = arith.cmpi sge, %[[B]], %{{.*}} : i32
# CHECK: %[[NOT:.*]] = arith.xori %[[GE]], %{{.*}} : i1
# CHECK: %[[AND:.*]] = arith.andi %[[LT]], %[[NOT]] : i1
# CHECK: %[[C1:.*]] = arith.cmpi slt, %{{.*}}, %[[A]] : i32
# CHECK: %[[C2:.*]] = arith.cmpi sle, %[[A]], %{{.*}} : i32
# CHECK: %[[CH:.*]] = arith.andi %[[C1]], %[[C2]] : i1
# CHECK: arith.ori %[[AND]], %[[CH]] : i1
# Adding a bool to an int32 zero-extends it.
# CHECK: arith.extui %{{.*}} : i1 to i32
# CHECK: arith.remf %[[F]], %{{.*}} : f32
