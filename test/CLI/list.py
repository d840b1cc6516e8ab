# tilec list prints every @jit function of a file (helpers too) with its parameters and line, skipping
# host code; for the matmul example it shows the constexpr block sizes.
# RUN: tilec list %S/Inputs/two_kernels.py | FileCheck %s
# RUN: tilec list %examples/matmul.py | FileCheck %s --check-prefix=MATMUL
# CHECK: _helper(x) line [[#HELPER:]]
# CHECK-NEXT: scale_kernel(x_ptr, y_ptr, n, alpha, BLOCK: tl.constexpr) line [[#HELPER + 5]]
# CHECK-NEXT: copy_kernel(src, dst) line {{[0-9]+}}
# CHECK-NOT: host
# MATMUL: matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, {{.*}}BLOCK_SIZE_K: tl.constexpr) line {{[0-9]+}}
