# An unknown --target is rejected and the valid targets are listed.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target tpu --emit llvm -o - 2>&1 | FileCheck %s
# CHECK: error: unknown target 'tpu' (expected cpu, nvptx, amdgpu or simt)
