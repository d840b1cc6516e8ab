# Pointer casts Triton refuses are located errors: pointers convert to int64 or int1 only, only
# 64-bit integers become pointers, and floats never do.
# RUN: not tilec compile %s --kernel to_i32 --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=TOI32
# RUN: not tilec compile %s --kernel from_i32 --signature '*fp32,i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FROMI32
# RUN: not tilec compile %s --kernel from_float --signature '*fp32,fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FROMF
import triton.language as tl
from triton import jit


@jit
def to_i32(x):
    tl.store(x, x.to(tl.int32))
# TOI32: {{.*}}err_pointer_casts.py:[[@LINE-1]]:19: error: cannot cast pointer<fp32> to int32: a pointer converts to int64 or int1 only
# TOI32-NEXT: {{^}}    tl.store(x, x.to(tl.int32))
# TOI32-NEXT: {{^}}                  ^


@jit
def from_i32(x, a):
    tl.store(a.to(tl.pointer_type(tl.float32)), 1.0)
# FROMI32: {{.*}}err_pointer_casts.py:[[@LINE-1]]:16: error: cannot cast int32 to pointer<fp32>: only 64-bit integers convert to pointers


@jit
def from_float(x, f):
    tl.store(f.to(tl.pointer_type(tl.float32)), 1.0)
# FROMF: {{.*}}err_pointer_casts.py:[[@LINE-1]]:16: error: cannot cast fp32 to pointer<fp32>
