# --signature errors: an unknown type (valid ones listed) and too few / too many types for the kernel.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp99,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=TYPE
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32' -DBLOCK_SIZE=64 --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=FEW
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32,i32' -DBLOCK_SIZE=64 --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=MANY
# TYPE: error: invalid type '*fp99' in --signature (expected e.g. *fp32
# FEW: error: signature has 2 types but kernel 'add_kernel' has 4 non-constexpr parameters
# MANY: error: signature has 5 types but kernel 'add_kernel' has 4 non-constexpr parameters
