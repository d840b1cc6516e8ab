# Triton's argument specializations in the signature: an integer given as ':1' is the constant 1
# in the kernel (its parameter stays), ':16' marks an integer or pointer argument divisible by 16.
# RUN: tilec compile %s --kernel k --signature '*fp32:16,i32:16,i32:1,i32' -DBLOCK=16 --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p, n, stride, m, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs * stride, m, mask=offs < n)

# The specialized parameters: p and n carry their divisibility, stride (value 1) and m nothing.
# CHECK-LABEL: func.func @k(
# CHECK-SAME: {{%[^:]+}}: !tile.ptr<f32> {tile.divisibility = 16 : i32}
# CHECK-SAME: %[[N:[^:]+]]: i32 {tile.divisibility = 16 : i32}
# CHECK-SAME: %[[STRIDE:[^:]+]]: i32,
# CHECK-SAME: %[[M:[^:]+]]: i32)
# The stride is the constant 1: the offsets are multiplied by it, never by the argument.
# CHECK: %[[ONE:.+]] = arith.constant 1 : i32
# CHECK: %[[SPLAT:.+]] = tile.splat %[[ONE]] : i32 -> tensor<16xi32>
# CHECK: arith.muli %{{.+}}, %[[SPLAT]] : tensor<16xi32>
# CHECK-NOT: %[[STRIDE]]
# CHECK: return
