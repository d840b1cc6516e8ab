# AMDGPU --arch must be a known gfx processor: an NVIDIA arch and an unknown gfx number are rejected.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target amdgpu --arch sm_80 --emit hsaco -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=SM
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target amdgpu --arch gfx9999 --emit hsaco -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=GFX
# SM: error: invalid --arch 'sm_80' for target amdgpu (expected gfxNNN, e.g. gfx942)
# GFX: error: unknown processor 'gfx9999' for amdgcn-amd-amdhsa
