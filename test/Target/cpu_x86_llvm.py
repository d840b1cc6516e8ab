# CPU x86-64 --emit llvm: the exported __tilec_entry_ wrapper with the (args, grid, begin, end) contract
# loops over program ids [begin, end); each 256-lane tile is processed in 32-lane pieces (masked
# <32 x float> loads/stores and a vector fadd in an inner loop, see StripMine.cpp); the kernel itself is
# not left as a second external function.
# RUN: tilec compile %examples/vector_add.py --kernel add_kernel --signature '*fp32,*fp32,*fp32,i32' -DBLOCK_SIZE=256 --target cpu --arch x86-64-v3 --emit llvm -o - | FileCheck %s
# CHECK: target triple = "x86_64{{.*}}"
# CHECK-NOT: define {{.*}}@add_kernel(
# CHECK-LABEL: define void @__tilec_entry_add_kernel(ptr {{.*}}, ptr {{.*}}, i64 {{.*}}, i64 {{.*}})
# CHECK: icmp slt i64
# CHECK-NOT: <256 x float>
# CHECK: call <32 x float> @llvm.masked.load.v32f32.p0(
# CHECK: call <32 x float> @llvm.masked.load.v32f32.p0(
# CHECK: fadd contract <32 x float>
# CHECK: call void @llvm.masked.store.v32f32.p0(
# CHECK-NOT: <256 x float>
# CHECK-NOT: define {{.*}}@add_kernel(
