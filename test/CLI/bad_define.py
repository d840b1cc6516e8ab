# -D errors: no '=', an empty name, a name that is not a parameter, and a constexpr parameter left
# without a value (the last two point at the kernel's def line).
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=NOEQ
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -D=5 --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=NONAME
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 -DNOPE=3 --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' --target cpu --emit llvm -o - 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tilec run %examples/vector_add.py --kernel add_kernel --grid 1 --out-dir %t -DBLOCK_SIZE -- 1 2>&1 | FileCheck %s --check-prefix=NOEQ
# NOEQ: error: -D expects NAME=VALUE, got 'BLOCK_SIZE'
# NONAME: error: -D expects NAME=VALUE, got '5'
# UNKNOWN: vector_add.py:[[#LINE:]]:5: error: unknown -D name 'NOPE': kernel 'add_kernel' has no parameter named 'NOPE'
# UNKNOWN-NEXT: def add_kernel(
# MISSING: vector_add.py:{{[0-9]+}}:{{[0-9]+}}: error: missing value for tl.constexpr parameter 'BLOCK_SIZE' (pass -D BLOCK_SIZE=VALUE)
