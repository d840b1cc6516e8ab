# Control-flow errors: a zero range step, failed static assertions,
# a constexpr string reassigned in a loop, a block-valued `if` condition.
# RUN: not tilec compile %s --kernel neg --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NEG
# RUN: not tilec compile %s --kernel sa --signature '' -D N=3 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SA
# RUN: not tilec compile %s --kernel strloop --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=STRLOOP
# RUN: not tilec compile %s --kernel blockcond --signature '' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BLOCKCOND
import triton.language as tl
from triton import jit


@jit
def neg(n):
    for i in range(n, 0, 0):
        pass
# NEG: {{.*}}err_control.py:13:26: error: range() step must not be zero


@jit
def sa(N: tl.constexpr):
    tl.static_assert(N % 2 == 0, "N must be even")
# SA: {{.*}}err_control.py:20:24: error: static assertion failed: N must be even


@jit
def strloop(n):
    mode = "a"
    for i in range(n):
        mode = "b"
# STRLOOP: {{.*}}err_control.py:27:5: error: variable 'mode' of type constexpr str cannot be reassigned inside a loop


@jit
def blockcond():
    x = tl.arange(0, 4)
    if x > 2:
        pass
# BLOCKCOND: {{.*}}err_control.py:35:8: error: the condition of 'if' must be a scalar, got int1[4]
