# GPU code is split into scalars and addresses are computed next to their accesses before codegen
# (lib/Pipeline/ScalarizeForGPU.cpp), and gfx942 kernels preload their arguments: vector add
# (BLOCK 1024, 8 warps) takes Triton's 6 VGPRs on gfx942 (10 before), and softmax (BLOCK 4096)
# 24 at 8 warps on gfx942 (53 when its 8-lane fdiv reached the back end whole) and under 60
# registers at 4 warps on sm_80 (63 before; Triton 3.9: 6, 22 and 48).
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16' -DBLOCK_SIZE=1024 --target amdgpu --arch gfx942 --num-warps 8 --emit llvm -o %t.vadd.ll
# RUN: FileCheck %s --check-prefix=VADD-IR < %t.vadd.ll
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32:16,*fp32:16,*fp32:16,i32:16' -DBLOCK_SIZE=1024 --target amdgpu --arch gfx942 --num-warps 8 --emit hsaco -o %t.vadd.hsaco
# RUN: llvm-readelf --notes %t.vadd.hsaco | FileCheck %s --check-prefix=VADD
# RUN: tilec compile %examples/softmax.py --kernel softmax_kernel --signature '*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16' -DBLOCK_SIZE=4096 --target amdgpu --arch gfx942 --num-warps 8 --emit llvm -o %t.softmax.ll
# RUN: FileCheck %s --check-prefix=SOFTMAX-IR < %t.softmax.ll
# RUN: tilec compile %examples/softmax.py --kernel softmax_kernel --signature '*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16' -DBLOCK_SIZE=4096 --target amdgpu --arch gfx942 --num-warps 8 --emit hsaco -o %t.softmax.hsaco
# RUN: llvm-readelf --notes %t.softmax.hsaco | FileCheck %s --check-prefix=SOFTMAX
# RUN: tilec compile %examples/softmax.py --kernel softmax_kernel --signature '*fp32:16,*fp32:16,i32:16,i32:16,i32:16,i32:16' -DBLOCK_SIZE=4096 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.softmax.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.softmax.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.softmax.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

# Arguments in SGPRs (inreg); each address computed just before its load, loads as vectors.
# VADD-IR-LABEL: define amdgpu_kernel void @add_kernel(ptr addrspace(1) inreg
# VADD-IR-SAME: i32 inreg
# VADD-IR: [[X:%[0-9]+]] = getelementptr float, ptr addrspace(1) %{{[01]}},
# VADD-IR-NEXT: load <2 x float>, ptr addrspace(1) [[X]]
# VADD-IR: [[Y:%[0-9]+]] = getelementptr float, ptr addrspace(1) %{{[01]}},
# VADD-IR-NEXT: load <2 x float>, ptr addrspace(1) [[Y]]
# VADD-IR: [[OUT:%[0-9]+]] = getelementptr float, ptr addrspace(1) %2,
# VADD-IR-NEXT: store <2 x float> {{.*}}, ptr addrspace(1) [[OUT]]
# VADD: .vgpr_count: 6{{$}}
# VADD: .vgpr_spill_count: 0

# The divisions are scalar; the 128-bit loads and stores stay.
# SOFTMAX-IR-LABEL: define amdgpu_kernel void @softmax_kernel
# SOFTMAX-IR-NOT: fdiv <
# SOFTMAX-IR: load <4 x float>
# SOFTMAX-IR: fdiv float
# SOFTMAX-IR-NOT: fdiv <
# SOFTMAX-IR: store <4 x float>
# SOFTMAX: .vgpr_count: {{1[0-9]|2[0-4]}}{{$}}
# SOFTMAX: .vgpr_spill_count: 0

# PTX-LABEL: .entry softmax_kernel
# PTX: ld.global{{.*}}.v4.b32
# PTX: st.global{{.*}}.v4.b32
# PTXAS: Used {{[1-5][0-9]}} registers
