# Errors of tl.map_elementwise: each points at the call and says what was expected and found.
# RUN: not tilec compile %s --kernel count --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=COUNT
# RUN: not tilec compile %s --kernel mixed --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: not tilec compile %s --kernel block --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BLOCK
# RUN: not tilec compile %s --kernel notfn --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NOTFN
# RUN: not tilec compile %s --kernel pack0 --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PACK0
# RUN: not tilec compile %s --kernel kw --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=KW
# RUN: not tilec compile %s --kernel arity --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ARITY
# RUN: not tilec compile %s --kernel ptrs --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PTRS
import triton.language as tl
from triton import jit


@jit
def three(a0, a1):
    return a0, a1, a0


@jit
def count(p):
    x = tl.load(p + tl.arange(0, 8))
    y, z = tl.map_elementwise(three, x, pack=2)
# COUNT: {{.*}}err_map_elementwise.py:[[@LINE-1]]:15: error: tl.map_elementwise with pack=2: the function returned 3 values, expected a positive multiple of 2 (pack values of each result)
# COUNT-NEXT: {{^}}    y, z = tl.map_elementwise(three, x, pack=2)
# COUNT-NEXT: {{^}}              ^


@jit
def int_and_float(a, b):
    return a, a.to(tl.int32)


@jit
def mixed(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.map_elementwise(int_and_float, x, pack=2)
# MIXED: error: tl.map_elementwise with pack=2: value 1 has dtype int32 but the other values of its result have fp32


@jit
def whole(a):
    return tl.zeros((4,), tl.float32) + a


@jit
def block(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.map_elementwise(whole, x)
# BLOCK: error: tl.map_elementwise's function must return scalars, but value 0 is fp32[4]


@jit
def notfn(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.map_elementwise(x, x)
# NOTFN: err_map_elementwise.py:[[@LINE-1]]:28: error: tl.map_elementwise's first argument must be a @jit function, got fp32[8]


@jit
def ident(a):
    return a


@jit
def pack0(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.map_elementwise(ident, x, pack=0)
# PACK0: error: tl.map_elementwise: pack must be >= 1, got 0


@jit
def kw(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.map_elementwise(ident, x, packs=2)
# KW: error: tl.map_elementwise got an unexpected keyword argument 'packs'


@jit
def arity(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.map_elementwise(ident, x, x)
# ARITY: error: {{.*}}ident{{.*}}


@jit
def ptrs(p):
    y = tl.map_elementwise(ident, p + tl.arange(0, 8))
# PTRS: error: tl.map_elementwise does not support tensors of pointers (pointer<fp32>[8])
