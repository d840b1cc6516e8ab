# Early returns that Triton rejects: a returning `if` inside a runtime loop (also through an
# inlined helper), and paths that return values of different types.
# RUN: not tilec compile %s --kernel in_loop --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not tilec compile %s --kernel in_while --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=WHILE
# RUN: not tilec compile %s --kernel via_helper --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=HELPER
# RUN: not tilec compile %s --kernel mixed --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: not tilec compile %s --kernel kernel_value --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=KVALUE
import triton.language as tl
from triton import jit


@jit
def in_loop(n):
    for i in range(n):
        if i > 2:
            return
# LOOP: {{.*}}err_early_return.py:15:9: error: Cannot have `return` statements inside `while` or `for` statements in triton (note that this also applies to `return` statements that are inside functions transitively called from within `while`/`for` statements)


@jit
def in_while(n):
    while n > 0:
        n = n - 1
        if n == 3:
            return
# WHILE: {{.*}}err_early_return.py:24:9: error: Cannot have `return` statements inside `while` or `for` statements


@jit
def clipped(x):
    if x > 3:
        return 3
    return x


@jit
def via_helper(n):
    acc = 0
    for i in range(n):
        acc += clipped(i)
# HELPER: {{.*}}err_early_return.py:31:5: error: Cannot have `return` statements inside `while` or `for` statements


@jit
def half_or_int(x):
    if x > 0:
        return x * 0.5
    return x


@jit
def mixed(n):
    y = half_or_int(n)
# MIXED: {{.*}}err_early_return.py:46:5: error: Return type mismatch: fp32 and int32


@jit
def kernel_value(n):
    if n > 0:
        return n
    return n + 1
# KVALUE: {{.*}}error: a kernel cannot return a value
