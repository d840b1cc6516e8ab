# The tutorial examples through the SIMT emulator (TILEC_DEVICE=simt: `tilec run` compiles the GPU
# pipeline with --target simt and every program runs num_warps x warp_size fibers), at warp sizes
# 32 and 64, checked against numpy like on the CPU.
# REQUIRES: cpu-jit, simt
# RUN: env TILEC_DEVICE=simt %python %examples/vector_add.py 1000 256 0 | FileCheck %s --check-prefix=ADD
# RUN: env TILEC_DEVICE=simt %python %examples/softmax.py 37 100 0 | FileCheck %s --check-prefix=SOFTMAX
# RUN: env TILEC_DEVICE=simt TILEC_SIMT_WARP_SIZE=64 %python %examples/layer_norm.py 19 300 0 | FileCheck %s --check-prefix=LAYERNORM
# RUN: env TILEC_DEVICE=simt %python %examples/matmul.py 37 29 23 0 | FileCheck %s --check-prefix=MATMUL
# ADD: vector_add n=1000 PASS
# SOFTMAX: softmax 37x100 PASS
# LAYERNORM: layer_norm 19x300 PASS
# MATMUL: matmul 37x29x23 PASS
