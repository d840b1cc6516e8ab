# A --kernel name that is not a @jit function of the file is reported with the names found.
# RUN: not tilec compile %examples/vector_add.py --kernel nope --signature i32 --target cpu --emit llvm -o - 2>&1 | FileCheck %s
# RUN: not tilec run %examples/vector_add.py --kernel nope --grid 1 --out-dir %t -- 1 2>&1 | FileCheck %s
# CHECK: error: no @jit function named 'nope' (found: add_kernel)
