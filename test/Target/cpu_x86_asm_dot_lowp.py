# CPU --emit asm of bf16 and int8 tl.dot (bench/kernels/matmul_lowp.py): znver4 (AVX512-BF16,
# AVX512-VNNI) multiplies with vdpbf16ps and vpdpbusd on zmm; cascadelake (VNNI, no BF16) only int8;
# alderlake (AVX-VNNI, no AVX-512) int8 on ymm; skylake-avx512 and x86-64-v3 fall back to FMAs
# (bf16 widened to fp32) and vpmulld (int8 widened to int32).
# RUN: tilec compile %S/../../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel -DINT8=0 --signature '*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target cpu --arch znver4 --emit asm -o - | FileCheck %s --check-prefix=BF16
# RUN: tilec compile %S/../../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel -DINT8=1 --signature '*i8:16,*i8:16,*i32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target cpu --arch znver4 --emit asm -o - | FileCheck %s --check-prefix=INT8
# RUN: tilec compile %S/../../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel -DINT8=0 --signature '*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target cpu --arch cascadelake --emit asm -o - | FileCheck %s --check-prefix=FMA
# RUN: tilec compile %S/../../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel -DINT8=1 --signature '*i8:16,*i8:16,*i32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target cpu --arch cascadelake --emit asm -o - | FileCheck %s --check-prefix=INT8
# RUN: tilec compile %S/../../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel -DINT8=1 --signature '*i8:16,*i8:16,*i32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target cpu --arch alderlake --emit asm -o - | FileCheck %s --check-prefix=AVXVNNI
# RUN: tilec compile %S/../../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel -DINT8=0 --signature '*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target cpu --arch skylake-avx512 --emit asm -o - | FileCheck %s --check-prefix=FMA
# RUN: tilec compile %S/../../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel -DINT8=1 --signature '*i8:16,*i8:16,*i32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target cpu --arch skylake-avx512 --emit asm -o - | FileCheck %s --check-prefix=MUL
# RUN: tilec compile %S/../../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel -DINT8=1 --signature '*i8:16,*i8:16,*i32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target cpu --arch x86-64-v3 --emit asm -o - | FileCheck %s --check-prefix=MUL
# BF16-LABEL: .globl __tilec_entry_matmul_lowp_kernel
# BF16: vdpbf16ps {{.*}}%zmm
# INT8-LABEL: .globl __tilec_entry_matmul_lowp_kernel
# INT8: vpdpbusd {{.*}}%zmm
# AVXVNNI-LABEL: .globl __tilec_entry_matmul_lowp_kernel
# AVXVNNI-NOT: zmm
# AVXVNNI: {vex} vpdpbusd {{.*}}%ymm
# AVXVNNI-NOT: zmm
# FMA-LABEL: .globl __tilec_entry_matmul_lowp_kernel
# FMA-NOT: vdpbf16ps
# FMA: vfmadd231ps
# FMA-NOT: vdpbf16ps
# MUL-LABEL: .globl __tilec_entry_matmul_lowp_kernel
# MUL-NOT: vpdpbusd
# MUL: vpmulld
# MUL-NOT: vpdpbusd
