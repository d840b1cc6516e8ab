# An unterminated string literal inside a kernel is a lexical error.
# RUN: not tilec compile %s --kernel k --signature '' --emit tile -o - 2>&1 | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def k():
    tl.static_print("oops)
# CHECK: {{.*}}err_string.py:9:21: error: unterminated string literal
