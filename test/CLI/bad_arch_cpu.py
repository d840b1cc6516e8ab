# CPU --arch must be native, aarch64 or an LLVM CPU name: an unknown name is rejected with the triple.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --arch pentium99 --emit asm -o - 2>&1 | FileCheck %s
# CHECK-NOT: not a recognized processor
# CHECK: error: unknown processor 'pentium99' for x86_64{{.*}}
