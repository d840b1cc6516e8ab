# AMDGPU gfx942: the fused softmax example (exp and reductions) as HSACO with no undefined symbols, i.e.
# no calls left to ocml/ockl device libraries, and the kernel in the code-object metadata.
# RUN: tilec compile %examples/softmax.py --kernel softmax_kernel --signature '*fp32,*fp32,i32,i32,i32,i32' -DBLOCK_SIZE=128 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco
# RUN: llvm-nm -u %t.hsaco | count 0
# RUN: llvm-nm %t.hsaco | FileCheck %s --check-prefix=SYMS
# RUN: llvm-readelf --notes %t.hsaco | FileCheck %s
# SYMS-NOT: ocml
# SYMS-NOT: ockl
# SYMS: softmax_kernel
# SYMS-NOT: ocml
# SYMS-NOT: ockl
# CHECK: .name: softmax_kernel
# CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx942
