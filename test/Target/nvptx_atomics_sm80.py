# NVPTX sm_80: atomics, gather and block pointers compile to PTX; per-element atomics become
# atom instructions (integer add, unsigned min/signed max for the float max, cas); ptxas accepts it.
# (The float max of 1.5, a non-negative constant, folds to the signed integer max.)
# RUN: tilec compile %S/Inputs/memory_kernel.py --kernel memory_kernel --signature '*i32,*i32,*fp32,*i32,i32' -DBLOCK=64 --target nvptx --arch sm_80 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
# CHECK: .target sm_80
# CHECK: .visible .entry memory_kernel(
# CHECK-DAG: atom{{.*}}.add.u32
# CHECK-DAG: atom{{.*}}.max.s32
# CHECK-DAG: atom{{.*}}.cas.b32
