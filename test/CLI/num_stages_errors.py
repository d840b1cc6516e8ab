# --num-stages outside 0..16, or not a count, is a one-line error with exit status 1.
# RUN: not tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16,*fp16,*fp32,i32,i32,i32,i32,i32,i32,i32,i32,i32' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target nvptx --num-stages 17 --emit ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: not tilec compile %examples/matmul.py --kernel matmul_kernel --target nvptx --num-stages -1 --emit ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=VALUE
# RANGE: error: num_stages must be between 0 and 16, got 17
# VALUE: '-1' value invalid for uint argument
