# fp32 matmul example (tutorial 03): M, N, K not multiples of the 32x32x16 blocks, masked edges, vs float64 (1e-3).
# REQUIRES: cpu-jit
# RUN: %python %examples/matmul.py 37 29 23 0 | FileCheck %s --check-prefix=RAGGED
# RUN: %python %examples/matmul.py 64 32 16 0 | FileCheck %s --check-prefix=EXACT
# RUN: %python %examples/matmul.py 1 1 1 0 | FileCheck %s --check-prefix=TINY
# RAGGED: matmul 37x29x23 PASS
# EXACT: matmul 64x32x16 PASS
# TINY: matmul 1x1x1 PASS
