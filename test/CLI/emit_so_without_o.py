# Binary outputs need -o: --emit so without -o (or with -o - for stdout) is refused.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --emit so 2>&1 | FileCheck %s
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --emit so -o - 2>&1 | FileCheck %s
# CHECK: error: --emit so writes a binary file: give it with -o OUT
