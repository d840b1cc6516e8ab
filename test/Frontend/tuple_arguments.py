# A tuple signature entry (Triton 3.x's tuple arguments) is one function argument per element,
# each specialized as a lone entry would be (i32:1 is the constant 1, *fp32:16 is marked
# divisible by 16), bound to the parameter as a tuple; tuples of tuples or of descriptors and a
# dtype annotation on a tuple parameter are refused.
# RUN: tilec compile %s --kernel k --signature '(*fp32:16, i32:1, i32), *fp32' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel k --signature '((*fp32, i32), i32), *fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NESTED
# RUN: not tilec compile %s --kernel annotated --signature '(i32, i32)' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ANNOTATED
import triton.language as tl
from triton import jit


@jit
def k(args, out_ptr):
    ptr, scale, n = args
    offs = tl.arange(0, 16)
    tl.store(out_ptr + offs, tl.load(ptr + offs, mask=offs < n) * scale * len(args))

# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[PTR:[^:]*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %{{[^:]*}}: i32, %[[N:[^:]*]]: i32, %[[OUT:[^:]*]]: !tile.ptr<f32>)
# CHECK: %[[ONE:.*]] = arith.constant 1 : i32
# CHECK: tile.splat %[[PTR]]
# CHECK: tile.splat %[[N]]
# CHECK: arith.sitofp %[[ONE]] : i32 to f32
# len(args) == 3
# CHECK: arith.constant 3.000000e+00 : f32
# NESTED: error: invalid signature entry '((*fp32, i32), i32)' for parameter 'args': tuple elements must be scalars or pointers, got '(*fp32, i32)'


@jit
def annotated(n: tl.int32):
    pass
# ANNOTATED: error: parameter 'n' is annotated with a dtype but its argument is a tuple ('(i32, i32)')
