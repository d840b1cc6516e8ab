# fp64 math on GPUs without a math library: every tl, tl.math and libdevice function
# (Inputs/all_math.py) compiles on fp64 for gfx942 (no ocml) and for NVPTX without libdevice (forced
# by an empty TILEC_LIBDEVICE) with tilec's own expansions (tilec-expand-math's f64-expansions):
# straight-line double-precision FMAs, no call, no refusal (it was "'exp' on fp64 is not supported
# by tilec on target amdgpu"); ptxas accepts the PTX. test/Execution/math_fp64_expansions.py runs
# the expansions.
# RUN: tilec compile %S/Inputs/all_math.py --kernel all_math --signature '*fp64,*fp64,*fp64' -D N=4 --target amdgpu --arch gfx942 --emit asm -o %t.s
# RUN: FileCheck %s --check-prefix=AMDGPU < %t.s
# RUN: tilec compile %S/Inputs/all_math.py --kernel all_math --signature '*fp64,*fp64,*fp64' -D N=4 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco
# RUN: env TILEC_LIBDEVICE= tilec compile %S/Inputs/all_math.py --kernel all_math --signature '*fp64,*fp64,*fp64' -D N=4 --target nvptx --arch sm_80 --emit ptx -o %t.ptx
# RUN: FileCheck %s --check-prefix=NVPTX < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
# AMDGPU-LABEL: all_math:
# AMDGPU-NOT: s_swappc
# AMDGPU-NOT: s_call
# AMDGPU: v_fma_f64
# AMDGPU-NOT: s_swappc
# AMDGPU-NOT: s_call
# AMDGPU: s_endpgm
# NVPTX-LABEL: .entry all_math
# NVPTX-NOT: call
# NVPTX: fma.rn.f64
# NVPTX-NOT: call
# NVPTX: ret;
