# A @jit(noinline=True) function takes scalars only, as in Triton's compiler: a block argument is a
# located error naming the parameter; scalars, 1-element tensors and constexprs are accepted.
# RUN: not tilec compile %s --kernel block_arg --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BLOCK
# RUN: tilec compile %s --kernel scalar_args --signature '*fp32,i32' --emit tile -o - | FileCheck %s --check-prefix=SCALAR
import triton.language as tl
from triton import jit


@jit(noinline=True)
def scale(val, i):
    return val * i


@jit
def block_arg(p):
    x = tl.load(p + tl.arange(0, 16))
    tl.store(p + tl.arange(0, 16), scale(x, 2))
# BLOCK: err_noinline.py:[[@LINE-1]]:36: error: Function scale is marked noinline, but was called with non-scalar argument val:


@jit
def scalar_args(p, n):
    one = tl.load(p + tl.arange(0, 1))
    tl.store(p, scale(tl.load(p), n))
    tl.store(p + tl.arange(0, 1), scale(one, 3))
# SCALAR-LABEL: func @scalar_args
# SCALAR: arith.mulf
