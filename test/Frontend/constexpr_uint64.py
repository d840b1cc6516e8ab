# Integer constexprs in [2**63, 2**64) are uint64 constants (as in Triton); mixing one with an
# int32/int64 operand, or an int outside [-2**63, 2**64) with any tensor, is Triton's located error.
# RUN: tilec compile %s --kernel k --signature '*u64,*i64' -D C=18446744073709551615 --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel add --signature '*i32' -D C=9223372036854775808 --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=I32
# RUN: not tilec compile %s --kernel add --signature '*i64' -D C=9223372036854775808 --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=I64
# RUN: not tilec compile %s --kernel add --signature '*i32' -D C=2147483648 --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=U32
# RUN: not tilec compile %s --kernel add --signature '*fp32' -D C=18446744073709551616 --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: not tilec compile %s --kernel add --signature '*i64' -D C=-9223372036854775809 --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOW
# RUN: not tilec compile %s --kernel less --signature '*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=CMP
# RUN: not tilec compile %s --kernel scalar --signature 'i32,*i64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCALAR
# RUN: not tilec compile %s --kernel full --signature '*u64' --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=FULL
# RUN: not tilec compile %s --kernel add --signature '*i64' -D C=340282366920938463463374607431768211456 --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
import triton.language as tl
from triton import jit


@jit
def k(p, q, C: tl.constexpr):
    a = tl.load(p + tl.arange(0, 4))
    tl.store(p + tl.arange(0, 4), a + C)
    tl.store(p, 1 << 63)
    tl.store(q, (1 << 64) - 5)
    tl.store(q + 1, 9223372036854775808)
    tl.static_print(C, 1 << 100, -(1 << 64))
    if 1 << 64:
        tl.static_print("2**64 is true")


@jit
def add(p, C: tl.constexpr):
    a = tl.load(p + tl.arange(0, 4))
    tl.store(p + tl.arange(0, 4), a + C)


@jit
def less(p):
    a = tl.load(p + tl.arange(0, 4))
    tl.store(p + tl.arange(0, 4), (a < 2**63).to(tl.int64))


@jit
def scalar(n, p):
    tl.store(p, n + (1 << 63))


@jit
def full(p):
    tl.store(p + tl.arange(0, 4), tl.full((4,), 2**64, tl.uint64))

# CHECK: 18446744073709551615 1267650600228229401496703205376 -18446744073709551616
# CHECK-NEXT: 2**64 is true
# CHECK-LABEL: func.func @k(
# CHECK: %[[C:.*]] = arith.constant -1 : i64
# CHECK: %[[S:.*]] = tile.splat %[[C]] : i64 -> tensor<4xi64>
# CHECK: arith.addi %{{.*}}, %[[S]] : tensor<4xi64>
# CHECK: arith.constant -9223372036854775808 : i64
# CHECK: arith.constant -5 : i64
# CHECK: arith.constant -9223372036854775808 : i64

# I32: constexpr_uint64.py:32:37: error: Scalar 9223372036854775808 is out of range for type int32
# I32-NEXT: tl.store(p + tl.arange(0, 4), a + C)
# I32-NEXT: {{^ +\^$}}
# I64: constexpr_uint64.py:32:37: error: Scalar 9223372036854775808 is out of range for type int64
# U32: constexpr_uint64.py:32:37: error: Scalar 2147483648 is out of range for type int32
# BIG: constexpr_uint64.py:32:37: error: Nonrepresentable integer 18446744073709551616.
# LOW: constexpr_uint64.py:32:37: error: Nonrepresentable integer -9223372036854775809.
# CMP: constexpr_uint64.py:38:38: error: Scalar 9223372036854775808 is out of range for type int64
# SCALAR: constexpr_uint64.py:43:19: error: Scalar 9223372036854775808 is out of range for type int32
# FULL: constexpr_uint64.py:48:38: error: Nonrepresentable integer 18446744073709551616.
# HUGE: constexpr_uint64.py:30:12: error: constexpr 'C' = 340282366920938463463374607431768211456 is beyond the integers tilec represents ([-2**127, 2**127))
