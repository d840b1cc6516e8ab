# Axis hints take one constexpr int per dimension of an integer or pointer value (Triton's
# wording for the values' types and count).
# RUN: not tilec compile %s --kernel count --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=COUNT
# RUN: not tilec compile %s --kernel runtime --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=RUNTIME
# RUN: not tilec compile %s --kernel floats --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FLOATS
# RUN: not tilec compile %s --kernel zero --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: not tilec compile %s --kernel data --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=DATA
import triton.language as tl
from triton import jit


@jit
def count(p):
    offs = tl.arange(0, 8)[:, None] + tl.arange(0, 8)[None, :]
    tl.store(p + tl.multiple_of(offs, 8), 1.0)
# COUNT: {{.*}}err_axis_hints.py:[[# @LINE - 1]]:39: error: Shape of input to multiple_of does not match the length of values (1 values for int32[8, 8])


@jit
def runtime(p, n):
    tl.store(p + tl.max_contiguous(tl.arange(0, 8), n), 1.0)
# RUNTIME: {{.*}}err_axis_hints.py:[[# @LINE - 1]]:53: error: values element 0 must have type `constexpr`


@jit
def floats(p):
    tl.store(p + tl.max_constancy(tl.arange(0, 8), 2.0), 1.0)
# FLOATS: {{.*}}err_axis_hints.py:[[# @LINE - 1]]:52: error: values element 0 must have type `constexpr[int]`, got


@jit
def zero(p):
    tl.store(p + tl.multiple_of(tl.arange(0, 8), (0,)), 1.0)
# ZERO: {{.*}}err_axis_hints.py:[[# @LINE - 1]]:51: error: tl.multiple_of: values element 0 must be between 1 and 2**31-1, got 0


@jit
def data(p):
    x = tl.load(p + tl.arange(0, 8))
    tl.store(p + tl.arange(0, 8), tl.multiple_of(x, 8))
# DATA: {{.*}}err_axis_hints.py:[[# @LINE - 1]]:50: error: tl.multiple_of expects integers or pointers, got
