# Math errors: libdevice functions tilec does not map, libdevice on fp16, a bad propagate_nan.
# RUN: not tilec compile %s --kernel unmapped --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=UNMAPPED
# RUN: not tilec compile %s --kernel half --signature '*fp16' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=HALF
# RUN: not tilec compile %s --kernel badnan --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BADNAN
# RUN: not tilec compile %s --kernel intdiv --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=INTDIV
import triton.language as tl
from triton import jit
from triton.language.extra import libdevice


@jit
def unmapped(p):
    tl.store(p, libdevice.j0(tl.load(p)))
# UNMAPPED: {{.*}}err_math.py:13:27: error: libdevice.j0 is not supported by tilec


@jit
def half(p):
    tl.store(p, libdevice.exp(tl.load(p)))
# HALF: {{.*}}err_math.py:19:27: error: 'libdevice.exp' expects arguments of types (fp32) or (fp64), got (fp16)


@jit
def badnan(p):
    x = tl.load(p)
    tl.store(p, tl.maximum(x, x, propagate_nan=3))
# BADNAN: {{.*}}err_math.py:26:48: error: propagate_nan must be tl.PropagateNan.NONE or tl.PropagateNan.ALL, got constexpr int


@jit
def intdiv(p):
    x = tl.load(p)
    tl.store(p, tl.math.div_rn(x, x))
# INTDIV: {{.*}}err_math.py:33:25: error: Expected dtype ['fp32'] but got int32
