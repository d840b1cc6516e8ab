# Constexpr integer powers fold at once even with huge exponents (0, 1 and -1 never overflow), and overflow or 0 to a negative power is a located error.
# RUN: tilec compile %s --kernel k --signature '*i64' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel overflow --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=OVERFLOW
# RUN: not tilec compile %s --kernel zero_negative --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
import triton.language as tl
from triton import jit


@jit
def k(p):
    tl.store(p, 0 ** 9223372036854775807)
    tl.store(p + 1, (-1) ** 9223372036854775807)
    tl.store(p + 2, (-1) ** 9223372036854775806)
    tl.store(p + 3, 1 ** 9223372036854775807 + 3 ** 39)
    tl.store(p + 4, 7 ** 0 + 0 ** 0)


@jit
def overflow(p):
    tl.store(p, 2 ** 9223372036854775807)


@jit
def zero_negative(p):
    tl.store(p, 0 ** -1)

# CHECK-LABEL: func.func @k(
# CHECK: arith.constant 0 : i64
# CHECK: arith.constant -1 : i64
# CHECK: arith.constant 1 : i64
# CHECK: arith.constant 4052555153018976268 : i64
# CHECK: arith.constant 2 : i64
# OVERFLOW: constexpr_pow.py:20:19: error: integer overflow in constant expression
# OVERFLOW-NEXT: tl.store(p, 2 ** 9223372036854775807)
# ZERO: constexpr_pow.py:25:19: error: 0.0 cannot be raised to a negative power
