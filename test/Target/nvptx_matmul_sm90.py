# NVPTX sm_90: the masked fp32 matmul example (2-D grid: %ctaid.x and %ctaid.y, a K loop of FMAs) as PTX
# that ptxas accepts.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp32,*fp32,*fp32,i32,i32,i32,i32,i32,i32,i32,i32,i32' -DBLOCK_SIZE_M=16 -DBLOCK_SIZE_N=16 -DBLOCK_SIZE_K=16 --target nvptx --arch sm_90 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
# CHECK: .visible .entry matmul_kernel(
# CHECK-DAG: %ctaid.x
# CHECK-DAG: %ctaid.y
# CHECK-DAG: fma.rn.f32
# CHECK: ret;
