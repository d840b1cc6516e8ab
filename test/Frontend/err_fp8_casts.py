# Type errors of casts and fp8: arithmetic on fp8 values, bitcasts between sizes, misused
# fp_downcast_rounding, and arithmetic on tl.float8e4b15 and the AMD fnuz format tl.float8e5b16.
# RUN: not tilec compile %s --kernel fp8add --signature '*fp8e5' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ADD
# RUN: not tilec compile %s --kernel fp8exp --signature '*fp8e4nv' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=EXP
# RUN: not tilec compile %s --kernel bitsize --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BITCAST
# RUN: not tilec compile %s --kernel widen --signature '*fp16' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=WIDEN
# RUN: not tilec compile %s --kernel badmode --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=MODE
# RUN: not tilec compile %s --kernel e5b16 --signature '*fp8e5b16' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=E5B16
# RUN: not tilec compile %s --kernel absadd --signature '*fp8e4b15' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ABSADD
import triton.language as tl
from triton import jit


@jit
def fp8add(p):
    x = tl.load(p)
    tl.store(p, x + x)
# ADD: {{.*}}err_fp8_casts.py:[[@LINE-1]]:19: error: binary '+' on fp8e5 values is not supported: fp8 types are storage only in tilec; convert with .to(tl.float16) or .to(tl.float32) first


@jit
def fp8exp(p):
    tl.store(p, tl.exp(tl.load(p)))
# EXP: {{.*}}error: Expected dtype ['fp32', 'fp64'] but got fp8e4nv


@jit
def bitsize(p):
    x = tl.load(p)
    tl.store(p, x.to(tl.int16, bitcast=True))
# BITCAST: {{.*}}error: Cannot bitcast data-type of size 32 to data-type of size 16 (fp32 to int16)


@jit
def widen(p):
    x = tl.load(p)
    tl.store(p, x.to(tl.float32, fp_downcast_rounding="rtz"))
# WIDEN: {{.*}}error: fp_downcast_rounding is only allowed for narrowing floating-point casts, not fp16 to fp32


@jit
def badmode(p):
    x = tl.load(p)
    tl.store(p, x.to(tl.float16, fp_downcast_rounding="up"))
# MODE: {{.*}}error: fp_downcast_rounding must be "rtne" or "rtz", got constexpr str


@jit
def e5b16(p):
    x = tl.load(p)
    tl.store(p, tl.maximum(x, x))
# E5B16: err_fp8_casts.py:[[@LINE-1]]:20: error: tl.maximum on fp8e5b16 values is not supported: fp8 types are storage only in tilec


@jit
def absadd(p):
    x = tl.abs(tl.load(p))
    tl.store(p, x * x)
# ABSADD: err_fp8_casts.py:[[@LINE-1]]:19: error: binary '*' on fp8e4b15 values is not supported: fp8 types are storage only in tilec
