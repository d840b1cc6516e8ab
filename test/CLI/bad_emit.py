# An unknown --emit kind is rejected and the valid kinds are listed.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --emit exe -o - 2>&1 | FileCheck %s
# CHECK: error: unknown --emit 'exe' (expected tile, llvm, asm, ptx, obj, hsaco or so)
