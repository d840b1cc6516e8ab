# Module images record which pointer parameters a kernel stores through ("+stored"), through helpers, atomics and
# loop-carried pointers too, so that the Python package can refuse read-only arrays there and only there.
# REQUIRES: cpu-jit
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec compile %s --kernel k --signature '*fp32,*fp32,*fp32,*i32,i32' --target cpu --emit so -o %t/k.so
# RUN: grep -a "^param " %t/k.so | FileCheck %s
# CHECK: param *fp32 src{{$}}
# CHECK-NEXT: param *fp32 dst +stored{{$}}
# CHECK-NEXT: param *fp32 acc +stored{{$}}
# CHECK-NEXT: param *i32 counter +stored{{$}}
# CHECK-NEXT: param i32 n{{$}}
import triton
import triton.language as tl


@triton.jit
def put(p, v):
    tl.store(p, v)


@triton.jit
def k(src, dst, acc, counter, n):
    offs = tl.arange(0, 16)
    p = dst
    for i in range(n):
        put(p + offs, tl.load(src + offs))
        p += 16
    tl.atomic_add(acc + offs, 1.0)
    tl.atomic_add(counter, 1)
