# The SIMT vector add for sm_90 at 4 and 8 warps: .reqntid matches num_warps, every access is a
# 128-bit global one (two loads and one store per 4 elements a thread holds), no spills, no stack.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16' -DBLOCK_SIZE=1024 --target nvptx --arch sm_90 --num-warps 4 --emit ptx -o %t.4.ptx
# RUN: FileCheck %s --check-prefix=W4 < %t.4.ptx
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16' -DBLOCK_SIZE=4096 --target nvptx --arch sm_90 --num-warps 8 --emit ptx -o %t.8.ptx
# RUN: FileCheck %s --check-prefix=W8 < %t.8.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90 %t.4.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90 %t.8.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# W4: .reqntid 128
# W4-COUNT-4: ld.global.v4.b32
# W4-COUNT-2: st.global.v4.b32
# W4-NOT: ld.global.b32
# W4-NOT: ld.global.f32
# W8: .reqntid 256
# W8-COUNT-8: ld.global.v4.b32
# W8-COUNT-4: st.global.v4.b32
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
