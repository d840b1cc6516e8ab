# Errors of the Python features: a runtime value as a reduction axis (the
# tl.max(a, b) slip), isinstance with an unsupported class, a dtype called on
# a string, an unknown attribute of a block type, tl.assume(False).
# RUN: not tilec compile %s --kernel max_axis --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=AXIS
# RUN: not tilec compile %s --kernel bad_isinstance --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ISINST
# RUN: not tilec compile %s --kernel dtype_call --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CALL
# RUN: not tilec compile %s --kernel type_attr --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ATTR
# RUN: not tilec compile %s --kernel assume_false --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ASSUME
import triton
import triton.language as tl


@triton.jit
def max_axis(p):
    m = tl.load(p)
    blk = tl.load(p + tl.arange(0, 8))
    tl.store(p, tl.max(m, tl.max(blk, axis=0)))

# AXIS: {{.*}}err_python_features.py:17:30: error: tl.max's axis must be a constexpr int or None, got fp32 (for the elementwise max of two values use tl.maximum)


@triton.jit
def bad_isinstance(p):
    x = tl.load(p)
    if isinstance(x, 3):
        x += 1
    tl.store(p, x)

# ISINST: {{.*}}err_python_features.py:25:22: error: isinstance() arg 2 must be a type, got constexpr int


@triton.jit
def dtype_call(p):
    tl.store(p, tl.float32("one"))

# CALL: {{.*}}err_python_features.py:34:28: error: 'tl.float32' expects a number or a tensor, got constexpr str


@triton.jit
def type_attr(p):
    x = tl.load(p + tl.arange(0, 8))
    tl.store(p, x.type.rank)

# ATTR: {{.*}}err_python_features.py:42:24: error: unsupported attribute 'rank' of the block type fp32[8]


@triton.jit
def assume_false(p):
    tl.assume(False)

# ASSUME: {{.*}}err_python_features.py:49:15: error: tl.assume of a condition that is always false
