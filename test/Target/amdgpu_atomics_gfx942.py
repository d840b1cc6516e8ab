# AMDGPU gfx942: atomics, gather and block pointers lower to LLVM atomicrmw/cmpxchg and the backend
# produces a code object.
# (The float max of 1.5, a non-negative constant, folds to the signed integer max.)
# RUN: tilec compile %S/Inputs/memory_kernel.py --kernel memory_kernel --signature '*i32,*i32,*fp32,*i32,i32' -DBLOCK=64 --target amdgpu --arch gfx942 --emit llvm -o %t.ll
# RUN: FileCheck %s < %t.ll
# RUN: tilec compile %S/Inputs/memory_kernel.py --kernel memory_kernel --signature '*i32,*i32,*fp32,*i32,i32' -DBLOCK=64 --target amdgpu --arch gfx942 --emit hsaco -o %t.hsaco
# CHECK-DAG: atomicrmw add ptr {{.*}} i32 {{.*}} acq_rel
# CHECK-DAG: atomicrmw max ptr {{.*}} acq_rel
# CHECK-DAG: cmpxchg ptr {{.*}} acq_rel acquire
