# Integer constexprs at the int64 limits given with -D: -2**63 and 2**63 - 1 are int64 values
# (as Python ints are in Triton), not strings.
# RUN: tilec compile %s --kernel k --signature '*i64' -D LOW=-9223372036854775808 -D HIGH=9223372036854775807 --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k(p, LOW: tl.constexpr, HIGH: tl.constexpr):
    tl.store(p, tl.load(p + tl.arange(0, 16), mask=tl.arange(0, 16) < 8, other=LOW).min(0))
    tl.store(p + 1, HIGH)

# CHECK-LABEL: func.func @k(
# CHECK: %[[LOW:.*]] = arith.constant -9223372036854775808 : i64
# CHECK: tile.splat %[[LOW]] : i64 -> tensor<16xi64>
# CHECK: arith.constant 9223372036854775807 : i64
