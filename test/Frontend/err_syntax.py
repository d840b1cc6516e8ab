# Syntax errors and unsupported constructs inside @jit functions are
# reported at the offending token; the same constructs in host code are fine.
# RUN: not tilec compile %s --kernel k --signature '' --emit tile -o - 2>&1 | FileCheck %s
import triton.language as tl
from triton import jit

with open("x") as f:
    data = [lambda: 1 for _ in range(3)]


@jit
def k():
    x = 1
    if x > 0
        x = 2
# CHECK: {{.*}}err_syntax.py:14:13: error: expected ':' after condition, found end of line
# CHECK-NEXT: {{^}}    if x > 0
# CHECK-NEXT: {{^}}            ^
