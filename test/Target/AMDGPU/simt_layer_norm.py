# The SIMT layer norm for gfx942 (wave64) with BLOCK 4096 and 8 warps: the kernel declares its
# 512-thread work group, reductions use cross-lane permutes, loads are 128-bit, and the code
# object reports no spills and no private (stack) segment.
# RUN: tilec compile %examples/layer_norm.py --kernel _layer_norm_fwd_fused --signature '*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,fp32' -DBLOCK_SIZE=4096 --target amdgpu --arch gfx942 --num-warps 8 --emit hsaco -o %t.hsaco
# RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=NOTES
# RUN: llvm-objdump -d --mcpu=gfx942 %t.hsaco | FileCheck %s --check-prefix=ASM
# NOTES: .max_flat_workgroup_size: 512
# NOTES: .private_segment_fixed_size: 0
# NOTES: .vgpr_spill_count: 0
# ASM: global_load_dwordx4
# ASM: ds_bpermute_b32
