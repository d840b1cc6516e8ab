# Unsupported statements and expressions in kernels name the construct.
# RUN: not tilec compile %s --kernel brk --signature '' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BREAK
# RUN: not tilec compile %s --kernel cont --signature '' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CONTINUE
# RUN: not tilec compile %s --kernel ret --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=RETURN
# RUN: not tilec compile %s --kernel sub --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=TARGET
# RUN: not tilec compile %s --kernel iter --signature '' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ITER
import triton.language as tl
from triton import jit


@jit
def brk():
    for i in range(4):
        break
# BREAK: {{.*}}err_unsupported.py:14:9: error: 'break' is not supported in tilec kernels


@jit
def cont():
    for i in range(4):
        continue
# CONTINUE: {{.*}}err_unsupported.py:21:9: error: 'continue' is not supported in tilec kernels


@jit
def ret(n):
    for i in range(n):
        return
# RETURN: {{.*}}err_unsupported.py:28:9: error: Cannot have `return` statements inside `while` or `for` statements in triton (note that this also applies to `return` statements that are inside functions transitively called from within `while`/`for` statements)


@jit
def sub(p):
    p[0] = 1
# TARGET: {{.*}}err_unsupported.py:34:6: error: unsupported assignment target: only names and tuples of names can be assigned in tilec kernels


@jit
def iter():
    for x in (1, 2, 3):
        pass
# ITER: {{.*}}err_unsupported.py:40:14: error: unsupported iterator in 'for' loop: only range(), tl.range() and tl.static_range() are supported
