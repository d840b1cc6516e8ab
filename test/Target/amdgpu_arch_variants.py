# AMDGPU arch variants: the vector add example for gfx90a (CDNA2) and gfx1100 (RDNA3) records that arch in
# amdhsa.target and in the ELF header flags.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target amdgpu --arch gfx90a --emit hsaco -o %t.90a.hsaco
# RUN: llvm-readelf --notes -h %t.90a.hsaco | FileCheck %s --check-prefix=GFX90A
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target amdgpu --arch gfx1100 --emit hsaco -o %t.1100.hsaco
# RUN: llvm-readelf --notes -h %t.1100.hsaco | FileCheck %s --check-prefix=GFX1100
# RUN: llvm-nm -u %t.1100.hsaco | count 0
# GFX90A: Flags: {{.*}}, gfx90a
# GFX90A: amdhsa.target: amdgcn-amd-amdhsa--gfx90a
# GFX1100: Flags: {{.*}}, gfx1100
# GFX1100: .name: add_kernel
# GFX1100: amdhsa.target: amdgcn-amd-amdhsa--gfx1100
