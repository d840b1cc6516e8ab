# NVPTX sm_90: the masked fp32 matmul example (2-D grid: %ctaid.x and %ctaid.y, a K loop whose fp32
# dot runs as tf32 on mma.sync.m16n8k8, Triton's default on NVIDIA) as PTX that ptxas accepts.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp32,*fp32,*fp32,i32,i32,i32,i32,i32,i32,i32,i32,i32' -DBLOCK_SIZE_M=16 -DBLOCK_SIZE_N=16 -DBLOCK_SIZE_K=16 --target nvptx --arch sm_90 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
# CHECK: .visible .entry matmul_kernel(
# CHECK-DAG: %ctaid.x
# CHECK-DAG: %ctaid.y
# CHECK-DAG: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# CHECK: ret;
