# AMDGPU gfx942: the vector add example as an HSACO code object whose metadata notes name the kernel
# (and its .kd descriptor), list its four arguments, target gfx942, and that has no undefined symbols.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=256 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco
# RUN: llvm-readelf --notes %t.hsaco | FileCheck %s
# RUN: llvm-nm -u %t.hsaco | count 0
# RUN: llvm-readelf -h %t.hsaco | FileCheck %s --check-prefix=HEADER
# CHECK: amdhsa.kernels:
# CHECK: .args:
# CHECK-COUNT-3: .value_kind: global_buffer
# CHECK: .value_kind: by_value
# CHECK: .name: add_kernel
# CHECK: .symbol: add_kernel.kd
# CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx942
# HEADER: Class: ELF64
# HEADER: Machine: EM_AMDGPU
