# Errors of the Python features: a runtime value as a reduction axis (the
# tl.max(a, b) slip), isinstance with an unsupported class, a dtype called on
# a string, an unknown attribute of a block type, tl.assume(False), a helper
# from a relative import (another file), tl.inline_asm_elementwise; getattr/hasattr misuse (at the end).
# RUN: not tilec compile %s --kernel max_axis --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=AXIS
# RUN: not tilec compile %s --kernel bad_isinstance --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ISINST
# RUN: not tilec compile %s --kernel dtype_call --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CALL
# RUN: not tilec compile %s --kernel type_attr --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ATTR
# RUN: not tilec compile %s --kernel assume_false --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ASSUME
# RUN: not tilec compile %s --kernel relative_helper --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=RELATIVE
# RUN: not tilec compile %s --kernel inline_asm --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ASM
import triton
import triton.language as tl


@triton.jit
def max_axis(p):
    m = tl.load(p)
    blk = tl.load(p + tl.arange(0, 8))
    tl.store(p, tl.max(m, tl.max(blk, axis=0)))

# AXIS: {{.*}}err_python_features.py:20:30: error: tl.max's axis must be a constexpr int or None, got fp32 (for the elementwise max of two values use tl.maximum)


@triton.jit
def bad_isinstance(p):
    x = tl.load(p)
    if isinstance(x, 3):
        x += 1
    tl.store(p, x)

# ISINST: {{.*}}err_python_features.py:28:22: error: isinstance() arg 2 must be a type, got constexpr int


@triton.jit
def dtype_call(p):
    tl.store(p, tl.float32("one"))

# CALL: {{.*}}err_python_features.py:37:28: error: 'tl.float32' expects a number or a tensor, got constexpr str


@triton.jit
def type_attr(p):
    x = tl.load(p + tl.arange(0, 8))
    tl.store(p, x.type.rank)

# ATTR: {{.*}}err_python_features.py:45:24: error: unsupported attribute 'rank' of the block type fp32[8]


@triton.jit
def assume_false(p):
    tl.assume(False)

# ASSUME: {{.*}}err_python_features.py:52:15: error: tl.assume of a condition that is always false


from .act_kernels import apply_act  # noqa: E402


@triton.jit
def relative_helper(p):
    tl.store(p, apply_act(tl.load(p)))

# RELATIVE: {{.*}}err_python_features.py:62:17: error: 'apply_act' is imported from '.act_kernels.apply_act', which tilec kernels cannot use (only the triton and tilec modules are known)


@triton.jit
def inline_asm(p):
    x = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [tl.load(p)], dtype=tl.float32,
                                  is_pure=True, pack=1)
    tl.store(p, x)

# ASM: {{.*}}err_python_features.py:69:12: error: tl.inline_asm_elementwise is not supported: tilec kernels cannot embed target assembly


# getattr with a default, and getattr/hasattr with a name that is not a constexpr str, are refused.
# RUN: not tilec compile %s --kernel getattr_default --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=GETATTR
# RUN: not tilec compile %s --kernel getattr_int --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=GETATTR-INT
# RUN: not tilec compile %s --kernel has_attr --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=HASATTR
# RUN: not tilec compile %s --kernel ptr_type_int --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PTRTYPE
# RUN: not tilec compile %s --kernel ptr_type_space --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PTRSPACE


@triton.jit
def getattr_default(p):
    tl.store(p, getattr(tl, "exp", tl.exp2)(tl.load(p)))

# GETATTR: {{.*}}err_python_features.py:[[@LINE-2]]:17: error: getattr with a default is not supported by tilec


@triton.jit
def getattr_int(p):
    tl.store(p, getattr(tl, 3)(tl.load(p)))

# GETATTR-INT: {{.*}}err_python_features.py:[[@LINE-2]]:29: error: getattr(): attribute name must be a constexpr str, not constexpr int


@triton.jit
def has_attr(p):
    tl.static_assert(hasattr(tl, 3))

# HASATTR: {{.*}}err_python_features.py:[[@LINE-2]]:34: error: hasattr(): attribute name must be a constexpr str, not constexpr int


# tl.pointer_type takes a scalar dtype, and only global memory's address space.
@triton.jit
def ptr_type_int(p):
    tl.static_assert(tl.pointer_type(3) == p.dtype)

# PTRTYPE: {{.*}}err_python_features.py:[[@LINE-2]]:38: error: tl.pointer_type expects a scalar dtype (e.g. tl.float16), got constexpr int


@triton.jit
def ptr_type_space(p):
    tl.static_assert(tl.pointer_type(tl.float32, 3) == p.dtype)

# PTRSPACE: {{.*}}err_python_features.py:[[@LINE-2]]:50: error: tl.pointer_type: only address_space=1 (global memory) is supported, got constexpr int
