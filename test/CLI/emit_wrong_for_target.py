# An --emit kind the target cannot produce is refused and the target's kinds are listed.
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target cpu --emit ptx -o - 2>&1 | FileCheck %s --check-prefix=CPU
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target nvptx --arch sm_80 --emit hsaco -o %t.bin 2>&1 | FileCheck %s --check-prefix=NVPTX
# RUN: not tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=64 --target amdgpu --arch gfx942 --emit ptx -o - 2>&1 | FileCheck %s --check-prefix=AMDGPU
# CPU: error: --emit ptx is not available for --target cpu (cpu: tile, llvm, asm, obj, so)
# NVPTX: error: --emit hsaco is not available for --target nvptx (nvptx: tile, llvm, asm, ptx)
# AMDGPU: error: --emit ptx is not available for --target amdgpu (amdgpu: {{.*}}hsaco{{.*}})
