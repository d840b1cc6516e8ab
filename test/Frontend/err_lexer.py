# Lexical errors inside a kernel: an unterminated string literal and an
# inconsistent dedent are reported at the offending position.
# RUN: not tilec compile %s --kernel k --signature '' --emit tile -o - 2>&1 | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k():
    x = 1
    if x:
        y = 2
      z = 3
# CHECK: {{.*}}err_lexer.py:13:7: error: unindent does not match any outer indentation level
# CHECK-NEXT: {{^}}      z = 3
# CHECK-NEXT: {{^}}      ^
