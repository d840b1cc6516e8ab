# NVPTX sm_90: the vector add example as PTX with one .entry per kernel, params in order, block id from
# %ctaid.x, 32-bit loads and stores; ptxas accepts it for sm_90.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=256 --target nvptx --arch sm_90 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
# CHECK: .target sm_90
# CHECK: .address_size 64
# CHECK: .visible .entry add_kernel(
# CHECK-NEXT: .param .u64 {{.*}}add_kernel_param_0,
# CHECK-NEXT: .param .u64 {{.*}}add_kernel_param_1,
# CHECK-NEXT: .param .u64 {{.*}}add_kernel_param_2,
# CHECK-NEXT: .param .u32 add_kernel_param_3
# CHECK-NEXT: )
# CHECK: %ctaid.x
# CHECK: {{ld(\.global)?\.[bf]32}}
# CHECK: add.{{(rn.)?}}f32
# CHECK: {{st(\.global)?\.[bf]32}}
# CHECK-NOT: .entry
