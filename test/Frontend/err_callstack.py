# An error inside an inlined @jit callee is followed by one note per call
# site, innermost first.
# RUN: not tilec compile %s --kernel k --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def inner(x):
    return x + tl.arange(0, 3)


@jit
def outer(x):
    return inner(x) * 2


@jit
def k(p):
    tl.store(p, outer(1))

# CHECK: {{.*}}err_callstack.py:10:19: error: arange's range must be a power of 2, got 3
# CHECK-NEXT: {{^}}    return x + tl.arange(0, 3)
# CHECK-NEXT: {{^}}                  ^
# CHECK-NEXT: {{.*}}err_callstack.py:15:12: note: in call to 'inner'
# CHECK-NEXT: {{^}}    return inner(x) * 2
# CHECK-NEXT: {{^}}           ^
# CHECK-NEXT: {{.*}}err_callstack.py:20:17: note: in call to 'outer'
