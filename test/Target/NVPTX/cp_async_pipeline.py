# num_stages on sm_80: the fp16 matmul tutorial at 64x64x32 (4 warps) copies its A and B tiles
# with cp.async.cg (16 bytes each: the operand loads get their own layout, 8 halves per thread),
# 4 copies per stage, 12 in all as Triton 3.9:
# two stages before the loop and one in it, each closed by a commit group; the loop waits for all
# but the newest group (wait_group 1), the epilogue for none. The three stages take 29184 bytes of
# shared memory (A 64x40 and B 32x72 halves per stage, rows padded by 16 bytes), ptxas accepts it
# with no spills, and the registers drop from 123 to 96 (no loaded tile passes through them).
# The fp32 result is stored 16 bytes at a time after a conversion through shared memory, whose
# 16384 bytes reuse the dead buffers at 3 stages and set the size at 1 (the staging takes 9728).
# --num-stages 1 keeps the loads staged by the dot; sm_75 has no cp.async (nor mma.sync).
# A bf16 matmul whose kernel loads uint16 bits and bitcasts them (bench/kernels/matmul_lowp.py,
# `a.to(tl.bfloat16, bitcast=True)`) is pipelined as the *bf16 one: the same 12 copies on sm_80
# (bf16 mma.sync, ldmatrix, 29184 bytes of shared memory), and with the 128x128x64 tiles
# at 8 warps on sm_90a 24 copies feeding wgmma, the loop's 8 after its wgmmas and wgmma.wait_group 1
# (the dot stays in flight, async-dots); no operand is loaded through registers
# (ld.global), and ptxas finds no spills.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target nvptx --arch sm_80 --num-warps 4 --num-stages 3 --emit ptx -o %t.3.ptx
# RUN: FileCheck %s --check-prefix=S3 < %t.3.ptx
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target nvptx --arch sm_80 --num-warps 4 --num-stages 1 --emit ptx -o %t.1.ptx
# RUN: FileCheck %s --check-prefix=S1 < %t.1.ptx
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target nvptx --arch sm_75 --num-warps 4 --emit ptx -o %t.75.ptx
# RUN: FileCheck %s --check-prefix=S75 < %t.75.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.3.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS3 %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.1.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS1 %}
# RUN: tilec compile %examples/../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel --signature '*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 -DINT8=0 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.bf80.ptx
# RUN: FileCheck %s --check-prefix=BF80 < %t.bf80.ptx
# RUN: FileCheck %s --check-prefix=NOLD < %t.bf80.ptx
# RUN: tilec compile %examples/../bench/kernels/matmul_lowp.py --kernel matmul_lowp_kernel --signature '*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 -DINT8=0 --target nvptx --arch sm_90a --num-warps 8 --emit ptx -o %t.bf90.ptx
# RUN: FileCheck %s --check-prefix=BF90 < %t.bf90.ptx
# RUN: FileCheck %s --check-prefix=NOLD < %t.bf90.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.bf80.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS3 %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90a %t.bf90.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXASBF90 %}
# BF80-LABEL: .entry matmul_lowp_kernel
# BF80-COUNT-8: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
# BF80: cp.async.wait_group 1;
# BF80-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
# BF80: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# BF80: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
# BF80-NOT: cp.async.cg
# BF90-LABEL: .entry matmul_lowp_kernel
# BF90-COUNT-16: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
# BF90: cp.async.wait_group 1;
# BF90: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
# BF90: wgmma.wait_group.sync.aligned 1;
# BF90-COUNT-8: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
# BF90-NOT: cp.async.cg
# NOLD-LABEL: .entry matmul_lowp_kernel
# NOLD-NOT: ld.global
# PTXASBF90-NOT: serialized
# PTXASBF90: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# S3-LABEL: .entry matmul_kernel
# S3-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
# S3-NOT: cp.async.ca
# S3: cp.async.commit_group;
# S3-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
# S3: cp.async.commit_group;
# S3: cp.async.wait_group 1;
# S3-NEXT: bar.sync 0;
# S3-COUNT-4: cp.async.cg.shared.global
# S3: cp.async.commit_group;
# S3: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# S3: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# S3: cp.async.wait_group 0;
# S3-NOT: cp.async
# S1-LABEL: .entry matmul_kernel
# S1-NOT: cp.async
# S1: ldmatrix
# S75-LABEL: .entry matmul_kernel
# S75-NOT: cp.async
# PTXAS3: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# PTXAS3: Used {{[0-9]+}} registers, used 1 barriers, 29184 bytes smem
# PTXAS1: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# PTXAS1: Used {{[0-9]+}} registers, used 1 barriers, 16384 bytes smem
