# tl.math functions check their tensor arguments' element types as Triton 3.9's `_check_dtype`
# does (exp, log, sin, sqrt, erf, floor, ... and sigmoid/softmax through exp: fp32 or fp64;
# sqrt_rn and div_rn: fp32; umulhi: 32- and 64-bit integers), as functions and as tensor methods;
# constexpr arguments are not checked (`tl.exp(1.0)` is fp32).
# RUN: not tilec compile %s --kernel exp16 --signature '*fp16' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=EXP16
# RUN: not tilec compile %s --kernel member --signature '*bf16' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MEMBER
# RUN: not tilec compile %s --kernel divrn --signature '*fp64' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=DIVRN
# RUN: not tilec compile %s --kernel umul --signature '*i8' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=UMUL
# RUN: tilec compile %s --kernel constant --signature '*fp32' --emit tile -o - | FileCheck %s --check-prefix=CONST
import triton.language as tl
from triton import jit


@jit
def exp16(p):
    x = tl.load(p + tl.arange(0, 4))
    tl.store(p + tl.arange(0, 4), tl.exp(x))
# EXP16: {{.*}}err_math_dtypes.py:[[@LINE-1]]:38: error: Expected dtype ['fp32', 'fp64'] but got fp16
# EXP16-NEXT: {{^}}    tl.store(p + tl.arange(0, 4), tl.exp(x))


@jit
def member(p):
    x = tl.load(p + tl.arange(0, 4))
    tl.store(p + tl.arange(0, 4), x.log2())
# MEMBER: {{.*}}err_math_dtypes.py:[[@LINE-1]]:37: error: Expected dtype ['fp32', 'fp64'] but got bf16


@jit
def divrn(p):
    x = tl.load(p + tl.arange(0, 4))
    tl.store(p + tl.arange(0, 4), tl.div_rn(x, x))
# DIVRN: {{.*}}err_math_dtypes.py:[[@LINE-1]]:38: error: Expected dtype ['fp32'] but got fp64


@jit
def umul(p):
    x = tl.load(p + tl.arange(0, 4))
    tl.store(p + tl.arange(0, 4), tl.umulhi(x, x))
# UMUL: {{.*}}err_math_dtypes.py:[[@LINE-1]]:38: error: Expected dtype ['int32', 'int64', 'uint32', 'uint64'] but got int8


@jit
def constant(p):
    tl.store(p, tl.exp(1.0) + tl.sqrt(4.0))
# CONST-LABEL: func.func @constant(
# CONST: math.exp %{{.*}} : f32
