# Type errors: store through a non-pointer, bitwise ops on floats, a
# loop-carried variable changing type, branches assigning different types,
# non-boolean masks, // on floats, a tensor for a helper's constexpr parameter (as Triton).
# RUN: not tilec compile %s --kernel store --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=STORE
# RUN: not tilec compile %s --kernel bitwise --signature 'fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BITWISE
# RUN: not tilec compile %s --kernel loop --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: not tilec compile %s --kernel branch --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: not tilec compile %s --kernel mask --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: not tilec compile %s --kernel floordiv --signature 'fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FLOORDIV
# RUN: not tilec compile %s --kernel constarg --signature 'i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CONSTARG
import triton.language as tl
from triton import jit


@jit
def store(x):
    tl.store(x, 1.0)
# STORE: {{.*}}err_types.py:17:14: error: tl.store expects a pointer, got int32


@jit
def bitwise(f):
    y = f & 1
# BITWISE: {{.*}}err_types.py:23:11: error: invalid operands of type fp32 and constexpr int: bitwise operator '&' requires integer operands


@jit
def loop(n):
    acc = 0
    for i in range(n):
        acc = acc + 0.5
# LOOP: {{.*}}err_types.py:30:5: error: loop-carried variable 'acc' has type int32 before the loop but fp32 at the end of the loop body


@jit
def branch(n):
    if n > 0:
        v = 1
    else:
        v = 1.5
    w = v
# BRANCH: {{.*}}err_types.py:37:5: error: Mismatched type for v between then block (int32) and else block (fp32)


@jit
def mask(p):
    r = tl.arange(0, 4)
    x = tl.load(p + r, mask=r)
# MASK: {{.*}}err_types.py:48:29: error: mask must have boolean scalar type, got int32[4]


@jit
def floordiv(f):
    y = f // 2.0
# FLOORDIV: {{.*}}err_types.py:54:11: error: operator '//' is not supported for type fp32


@jit
def helper(BLOCK: tl.constexpr):
    return tl.arange(0, BLOCK)


@jit
def constarg(n):
    r = helper(n)
# CONSTARG: {{.*}}err_types.py:60:25: error: arange's end must be a constexpr int, got int32
