# AMDGPU math (no ocml): every tl, tl.math and libdevice function (../Inputs/all_math.py) compiles for
# gfx942 on fp32 with tilec's own expansions, into straight-line code with no calls.
# RUN: tilec compile %S/../Inputs/all_math.py --kernel all_math --signature '*fp32,*fp32,*fp32' -D N=4 --target amdgpu --arch gfx942 --emit asm -o %t.s
# RUN: FileCheck %s < %t.s
# RUN: tilec compile %S/../Inputs/all_math.py --kernel all_math --signature '*fp32,*fp32,*fp32' -D N=4 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco
# CHECK: all_math:
# CHECK-NOT: s_swappc
# CHECK-NOT: s_call
# CHECK: s_endpgm
