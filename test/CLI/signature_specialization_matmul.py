# Stride arguments specialized to 1 (':1', as Triton's JIT and `tilec run` do for stride-1
# arguments) remove the `stride == 1` versioning of the tutorial matmul's loads and stores: no
# gather/scatter fallback is compiled. Unspecialized strides keep it.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32,i32,i32,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=16 -DBLOCK_SIZE_N=16 -DBLOCK_SIZE_K=16 --target cpu --arch x86-64-v3 --emit llvm -o - | FileCheck %s --check-prefix=UNIT
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp32,*fp32,*fp32,i32,i32,i32,i32,i32,i32,i32,i32,i32' -DBLOCK_SIZE_M=16 -DBLOCK_SIZE_N=16 -DBLOCK_SIZE_K=16 --target cpu --arch x86-64-v3 --emit llvm -o - | FileCheck %s --check-prefix=GENERIC
# UNIT-LABEL: define {{.*}}@__tilec_entry_matmul_kernel(
# UNIT-NOT: llvm.masked.gather
# UNIT-NOT: llvm.masked.scatter
# UNIT: ret void
# UNIT-NOT: masked.gather
# UNIT-NOT: masked.scatter
# GENERIC-LABEL: define {{.*}}@__tilec_entry_matmul_kernel(
# GENERIC: llvm.masked.gather
# GENERIC: llvm.masked.scatter
