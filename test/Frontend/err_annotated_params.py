# A runtime parameter annotated with a dtype takes arguments of that kind only: a float (such as `inf` from
# `tilec run`) for an integer parameter, an integer for a pointer, a pointer for a float are located errors;
# the same kind in another width compiles with the signature's type.
# RUN: not tilec compile %s --kernel k --signature '*fp32,fp32,fp32' -D BLOCK=4 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FLOAT
# RUN: not tilec compile %s --kernel k --signature 'i64,i32,fp32' -D BLOCK=4 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PTR
# RUN: not tilec compile %s --kernel k --signature '*fp32,i32,*fp16' -D BLOCK=4 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SCALE
# RUN: tilec compile %s --kernel k --signature '*fp32,i64:16,fp64' -D BLOCK=4 --emit tile -o - 2>&1 | FileCheck %s --check-prefix=OK
import triton.language as tl
from triton import jit


@jit
def k(p: tl.pointer_type(tl.float32), n: tl.int32, scale: tl.float32, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs, scale, mask=offs < n)

# FLOAT: {{.*}}err_annotated_params.py:13:39: error: parameter 'n' is annotated int32 (an integer) but its argument's type is 'fp32' (a float)
# FLOAT-NEXT: {{^}}def k(p: tl.pointer_type(tl.float32), n: tl.int32, scale: tl.float32, BLOCK: tl.constexpr):
# FLOAT-NEXT: {{^}}                                      ^
# PTR: {{.*}}err_annotated_params.py:13:7: error: parameter 'p' is annotated pointer<fp32> (a pointer) but its argument's type is 'i64' (an integer)
# SCALE: {{.*}}err_annotated_params.py:13:52: error: parameter 'scale' is annotated fp32 (a float) but its argument's type is '*fp16' (a pointer)
# OK-LABEL: func.func @k(
# OK-SAME: i64 {tile.divisibility = 16 : i32}, %arg2: f64
