# CPU x86-64-v3 (AVX2) --emit asm: 256-bit ymm code with masked moves and vaddps, no AVX-512 zmm
# registers, and the __tilec_entry_ wrapper exported.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=256 --target cpu --arch x86-64-v3 --emit asm -o %t.s
# RUN: FileCheck %s < %t.s
# RUN: FileCheck %s --check-prefix=NOZMM < %t.s
# CHECK-LABEL: .globl __tilec_entry_add_kernel
# CHECK: vmaskmovps {{.*}}%ymm
# CHECK: vaddps {{.*}}%ymm
# NOZMM-NOT: zmm
