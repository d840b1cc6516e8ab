# NVPTX math: every tl, tl.math and libdevice function (../Inputs/all_math.py) compiles for sm_80 on
# fp32 and fp64 with libdevice linked in: its functions are inlined and dropped (PTX has no
# `__nv_` name and no .extern function; libdevice's sin tables are there; fp64's slow trigonometric
# reduction stays an internal .func), and ptxas accepts it.
# Without libdevice (an empty TILEC_LIBDEVICE) fp32 compiles with tilec's own expansions; a
# TILEC_LIBDEVICE that is not bitcode is an error naming it.
# REQUIRES: libdevice
# RUN: tilec compile %S/../Inputs/all_math.py --kernel all_math --signature '*fp32,*fp32,*fp32' -D N=8 --target nvptx --arch sm_80 --emit ptx -o %t.f32.ptx
# RUN: FileCheck %s --check-prefixes=CHECK,F32 < %t.f32.ptx
# RUN: tilec compile %S/../Inputs/all_math.py --kernel all_math --signature '*fp64,*fp64,*fp64' -D N=8 --target nvptx --arch sm_80 --emit ptx -o %t.f64.ptx
# RUN: FileCheck %s --check-prefixes=CHECK,F64 < %t.f64.ptx
# RUN: env TILEC_LIBDEVICE= tilec compile %S/../Inputs/all_math.py --kernel all_math --signature '*fp32,*fp32,*fp32' -D N=8 --target nvptx --arch sm_80 --emit ptx -o %t.own.ptx
# RUN: FileCheck %s --check-prefix=OWN < %t.own.ptx
# RUN: env TILEC_LIBDEVICE=%s not tilec compile %S/../Inputs/all_math.py --kernel all_math --signature '*fp32,*fp32,*fp32' -D N=8 --target nvptx --arch sm_80 --emit ptx -o %t.bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.f32.ptx -o %t.f32.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.f64.ptx -o %t.f64.cubin %}
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.own.ptx -o %t.own.cubin %}
# CHECK-NOT: .extern
# CHECK-NOT: __nv_
# F32: .global .align 4 .b8 __cudart_i2opi_f[24]
# F64: .global .align 8 .b8 __cudart_i2opi_d[144]
# CHECK-NOT: .extern
# CHECK-NOT: __nv_
# CHECK: .visible .entry all_math(
# CHECK-NOT: .extern
# CHECK-NOT: __nv_
# BAD: error: cannot load libdevice '{{.*}}libdevice_math.py': {{.+}}
# OWN-NOT: __cudart
# OWN-NOT: .extern
# OWN: .visible .entry all_math(
# OWN-NOT: call
