# NVPTX sm_90: the fused softmax example as PTX (row from %ctaid.x, strides as .u32 params, exp expanded
# in-line: no calls, no libdevice); ptxas accepts it for sm_90.
# RUN: tilec compile %examples/softmax.py --kernel softmax_kernel --signature '*fp32,*fp32,i32,i32,i32,i32' -DBLOCK_SIZE=128 --target nvptx --arch sm_90 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
# CHECK: .target sm_90
# CHECK: .visible .entry softmax_kernel(
# CHECK-COUNT-2: .param .u64 {{.*}}softmax_kernel_param_{{[01]}},
# CHECK-COUNT-3: .param .u32 softmax_kernel_param_{{[2-4]}},
# CHECK-NEXT: .param .u32 softmax_kernel_param_5
# CHECK-NEXT: )
# CHECK-NOT: call
# CHECK-NOT: __nv_
# CHECK: %ctaid.x
# CHECK-NOT: call
# CHECK-NOT: __nv_
# CHECK: ret;
