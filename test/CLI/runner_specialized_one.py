# A module compiled with Triton's ':1' specialization (the argument is the constant 1 in the
# code) records it in its metadata: tilec-runner runs it with 1 and refuses any other value,
# naming the argument, instead of silently computing with 1.
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec compile %s --kernel scaled_copy --signature '*fp32,*fp32,i32:1' -DBLOCK=8 --target cpu --emit so -o %t/copy.so
# RUN: tilec-pack --dump %t/copy.so | FileCheck %s --check-prefix=META
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/x.npy f4 arange 0 16
# RUN: %python %S/../Target/Inputs/npy_tool.py write %t/o.npy f4 arange 0 8
# RUN: tilec-runner %t/copy.so --kernel scaled_copy --grid 1 --out-dir %t/out -- %t/x.npy %t/o.npy 1
# RUN: %python %S/../Target/Inputs/npy_tool.py show %t/out/o.npy | FileCheck %s --check-prefix=ONE
# RUN: not tilec-runner %t/copy.so --kernel scaled_copy --grid 1 --out-dir %t/out -- %t/x.npy %t/o.npy 2 2>&1 | FileCheck %s --check-prefix=TWO
# META: param i32 stride =1
# ONE: 0 1 2 3 4 5 6 7
# TWO: error: {{.*}}argument 2 ('stride'): the kernel was compiled for the value 1 (signature 'i32:1'), got 2
import triton
import triton.language as tl


@triton.jit
def scaled_copy(x_ptr, out_ptr, stride, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs * stride))
