# An unknown option is rejected (exit 1) with its name and a pointer to --help.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --emit llvm --bogus -o - 2>&1 | FileCheck %s
# CHECK: Unknown command line argument '--bogus'
# CHECK: --help
