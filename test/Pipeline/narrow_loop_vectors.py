# A K loop's pointer tiles are carried with only the lanes their accesses read: in the matmul
# tutorial at 128x128x64 on gfx942, each thread's A and B pointer tiles (32 lanes each at 4 warps,
# in their own coalesced layouts: 8 halves per thread) reach the loop as one pointer per 128-bit
# load (4 lanes each; split into scalars before codegen: 8 pointer phis), and the kernel stays
# under 200 VGPRs (318 when every lane was carried). With --num-stages 1: the register prefetch of
# tilec-pipeline-loops, which holds the next tiles too (210 VGPRs, as Triton 3.9), stays out.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target amdgpu --arch gfx942 --num-warps 4 --num-stages 1 --emit llvm -o %t.ll
# RUN: FileCheck %s --check-prefix=IR < %t.ll
# RUN: grep -c "= phi ptr addrspace(1)" %t.ll | FileCheck %s --check-prefix=PHIS
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target amdgpu --arch gfx942 --num-warps 4 --num-stages 1 --emit hsaco -o %t.hsaco
# RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=NOTES
# IR-LABEL: define amdgpu_kernel void @matmul_kernel
# IR-NOT: phi <{{[0-9]+}} x ptr addrspace(1)>
# IR: [[A:%[.a-z0-9]+]] = phi ptr addrspace(1)
# IR: getelementptr {{.*}}ptr addrspace(1) [[A]],
# IR-NOT: phi <{{[0-9]+}} x ptr addrspace(1)>
# PHIS: {{^}}8{{$}}
# NOTES: .vgpr_count: {{([0-9]{1,2}|1[0-9]{2})$}}
# NOTES: .vgpr_spill_count: 0
