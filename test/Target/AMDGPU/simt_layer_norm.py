# The SIMT layer norm for gfx942 (wave64) with BLOCK 4096 and 8 warps: the kernel declares its
# 512-thread work group, loads are 128-bit, reductions take butterfly steps without lane
# addresses where an immediate pattern exists (xor 1 and 2: DPP quad_perm folded into the add;
# xor 4 to 16: ds_swizzle; xor 32: ds_bpermute), and the code object reports no spills and no
# private (stack) segment.
# RUN: tilec compile %examples/layer_norm.py --kernel _layer_norm_fwd_fused --signature '*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,*fp32:16,i32:16,i32:16,fp32' -DBLOCK_SIZE=4096 --target amdgpu --arch gfx942 --num-warps 8 --emit hsaco -o %t.hsaco
# RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=NOTES
# RUN: llvm-objdump -d --mcpu=gfx942 %t.hsaco | FileCheck %s --check-prefix=ASM
# NOTES: .max_flat_workgroup_size: 512
# NOTES: .private_segment_fixed_size: 0
# NOTES: .vgpr_spill_count: 0
# ASM: global_load_dwordx4
# ASM: v_add_f32_dpp [[SUM:v[0-9]+]], [[SUM]], [[SUM]] quad_perm:[1,0,3,2]
# ASM: v_add_f32_dpp [[SUM]], [[SUM]], [[SUM]] quad_perm:[2,3,0,1]
# ASM: ds_swizzle_b32 {{v[0-9]+}}, [[SUM]] offset:swizzle(SWAP,4)
# ASM: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,8)
# ASM: ds_swizzle_b32 {{v[0-9]+}}, {{v[0-9]+}} offset:swizzle(SWAP,16)
# ASM: ds_bpermute_b32
