# The SIMT fused softmax for sm_80 with BLOCK 4096 and 4 warps: each row reduction (max, then sum)
# folds registers, then 5 butterfly shuffles per warp, then the 4 warps' partials through shared
# memory between barriers; no spills, no stack frame.
# RUN: tilec compile %examples/softmax.py --kernel softmax_kernel --signature '*fp32:16,*fp32:16,i32:16,i32:16,i32,i32:16' -DBLOCK_SIZE=4096 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# CHECK: .reqntid 128
# CHECK: .shared .align 1024 .b8 __tilec_smem_softmax_kernel[{{[0-9]+}}];
# CHECK-COUNT-5: shfl.sync.bfly.b32
# CHECK: bar.sync 0;
# CHECK-COUNT-5: shfl.sync.bfly.b32
# CHECK: bar.sync 0;
# CHECK: st.global.v4.b32
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
