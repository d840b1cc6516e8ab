# Shape errors: incompatible shapes in binary ops, arange of a non-power of
# two, arange with end <= start, wrong tl.dot shapes, bad tensor subscripts.
# RUN: not tilec compile %s --kernel shapes --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SHAPES
# RUN: not tilec compile %s --kernel pow2 --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=POW2
# RUN: not tilec compile %s --kernel order --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ORDER
# RUN: not tilec compile %s --kernel dot --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=DOT
# RUN: not tilec compile %s --kernel sub --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SUB
import triton.language as tl
from triton import jit


@jit
def shapes(p):
    x = tl.arange(0, 64)
    y = tl.arange(0, 32)
    z = x + y
# SHAPES: {{.*}}err_shapes.py:16:11: error: incompatible shapes [64] and [32] in binary '+'
# SHAPES-NEXT: {{^}}    z = x + y
# SHAPES-NEXT: {{^}}          ^


@jit
def pow2(p):
    x = tl.arange(0, 48)
# POW2: {{.*}}err_shapes.py:24:12: error: arange's range must be a power of 2, got 48
# POW2-NEXT: {{^}}    x = tl.arange(0, 48)
# POW2-NEXT: {{^}}           ^


@jit
def order(p):
    x = tl.arange(16, 16)
# ORDER: {{.*}}err_shapes.py:32:12: error: arange's end argument must be greater than the start argument


@jit
def dot(p):
    a = tl.zeros((16, 32), dtype=tl.float32)
    c = tl.dot(a, a)
# DOT: {{.*}}err_shapes.py:39:12: error: incompatible shapes [16, 32] and [16, 32] in tl.dot


@jit
def sub(p):
    a = tl.arange(0, 16)
    b = a[1:4]
# SUB: {{.*}}err_shapes.py:46:11: error: unsupported tensor index: only ':' and None are allowed


# RUN: not tilec compile %s --kernel sub_none --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SUBNONE
# RUN: not tilec compile %s --kernel item --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ITEM
@jit
def sub_none(p):
    a = tl.arange(0, 16)
    b = a[None:4]
# SUBNONE: {{.*}}err_shapes.py:[[@LINE-1]]:11: error: unsupported tensor index: only ':' and None are allowed


# More ':' than the tensor has dimensions is Triton's "too many indices" error (a scalar has none).
# RUN: not tilec compile %s --kernel too_many --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=TOOMANY
@jit
def too_many(p):
    z = p[None, None, :]
# TOOMANY: {{.*}}err_shapes.py:[[@LINE-1]]:10: error: too many indices for tensor of rank 0
# TOOMANY-NEXT: {{^}}    z = p[None, None, :]


@jit
def item(p):
    s = tl.arange(0, 2).item()
# ITEM: {{.*}}err_shapes.py:[[@LINE-1]]:25: error: 'item' needs a single-element tensor, got int32[2]


# tl.trans of a 1-D tensor (nothing to swap) and tl.permute without dims are errors, as in Triton.
# RUN: not tilec compile %s --kernel trans1d --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=TRANS1D
# RUN: not tilec compile %s --kernel permute_nodims --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PERMUTE
@jit
def trans1d(p):
    t = tl.trans(tl.arange(0, 8))
# TRANS1D: {{.*}}err_shapes.py:[[@LINE-1]]:12: error: tl.trans invoked with a 0- or 1-dimensional tensor
# TRANS1D-NEXT: {{^}}    t = tl.trans(tl.arange(0, 8))


@jit
def permute_nodims(p):
    t = tl.permute(tl.reshape(tl.arange(0, 8), (2, 4)))
# PERMUTE: {{.*}}err_shapes.py:[[@LINE-1]]:12: error: permute dims must have the same length as input shape, got 2 and 0
