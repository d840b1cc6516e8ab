# bench/reference's kernel variants (AVX-512, AVX2, streaming stores) agree with its scalar reference.
# Odd sizes (scalar tails, rows unaligned for streaming stores), two threads; variants this CPU
# lacks are skipped, so on an AVX2 machine this checks the dispatch falls back cleanly.
# REQUIRES: bench-reference
# RUN: clang++-22 -O3 -march=native -fopenmp-simd -std=c++17 -w %S/../../bench/reference/reference.cpp -o %t -lopenblas -lpthread
# RUN: %t check 2 | FileCheck %s
# CHECK-DAG: vector_add avx2-nt: agrees with the scalar reference
# CHECK-DAG: triad avx2-nt: agrees with the scalar reference
# CHECK-DAG: softmax avx2-nt: agrees with the scalar reference
# CHECK-DAG: layer_norm avx2-nt: agrees with the scalar reference
# CHECK-DAG: layer_norm omp-simd: agrees with the scalar reference
# CHECK: check: all supported variants agree
