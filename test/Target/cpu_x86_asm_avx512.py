# CPU skylake-avx512 --emit asm: the same kernel uses 512-bit zmm registers and AVX-512 mask registers.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=256 --target cpu --arch skylake-avx512 --emit asm -o - | FileCheck %s
# CHECK-LABEL: .globl __tilec_entry_add_kernel
# CHECK: vaddps {{.*}}%zmm
# CHECK: {{%k[1-7]}}
