# CPU aarch64 --emit asm: NEON code (128-bit loads into q/v registers, fadd on .4s lanes) in the
# __tilec_entry_ wrapper; with --features=+sve the same kernel uses SVE z registers.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=256 --target cpu --arch aarch64 --emit asm -o - | FileCheck %s
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=256 --target cpu --arch aarch64 --features=+sve --emit asm -o - | FileCheck %s --check-prefix=SVE
# CHECK-LABEL: .globl __tilec_entry_add_kernel
# CHECK: {{ld1|ldr}} {{.*}}{{v[0-9]+\.4s|q[0-9]+}}
# CHECK: fadd v{{[0-9]+}}.4s, v{{[0-9]+}}.4s, v{{[0-9]+}}.4s
# SVE: z{{[0-9]+}}.s
