# Atomics keep Triton's `sem` and `scope` on GPUs: NVPTX's back end drops the ordering of an
# `atomicrmw`, so an ordered read-modify-write is a relaxed `atom` between fences at its scope
# (cta: block, gpu: device, sys: the system); compare-and-swap, atomic loads and stores carry
# theirs (`atom.acquire.gpu`, `ld.acquire.cta`, `st.release.gpu`). ptxas accepts the PTX. On
# AMD GPUs the scopes are LLVM's workgroup and agent: a workgroup-scope atomic needs no cache
# maintenance, agent and system ones write back and invalidate around the access.
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16,*i32:16' -D N=128 --target nvptx --arch sm_90 --num-warps 4 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16,*i32:16' -D N=128 --target nvptx --arch sm_90 --num-warps 4 --emit llvm -o - | FileCheck %s --check-prefix=LLVM
# RUN: tilec compile %s --kernel k --signature '*fp32:16,*fp32:16,*i32:16' -D N=256 --target amdgpu --arch gfx942 --num-warps 4 --emit llvm -o - | FileCheck %s --check-prefix=AMD
import triton.language as tl
from triton import jit


@jit
def k(p, q, r, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(q + offs)
    tl.atomic_add(p + offs, x)
    tl.atomic_add(p + offs, x, sem="relaxed", scope="cta")
    tl.atomic_xchg(r + 2, 7, sem="release", scope="sys")
    tl.atomic_cas(r, 0, 1, sem="acquire", scope="gpu")
    v = tl.atomic_load(r, sem="acquire", scope="cta")
    tl.atomic_store(r + 1, v, sem="release", scope="gpu")

# CHECK-LABEL: .entry k(
# CHECK: fence.acq_rel.gpu;
# CHECK-NOT: atom
# CHECK: atom.global.add.f32
# CHECK-NEXT: fence.acq_rel.gpu;
# CHECK-NEXT: atom.global.add.f32
# CHECK-NOT: fence
# CHECK: fence.acq_rel.sys;
# CHECK-NEXT: atom.global.exch.b32
# CHECK-NOT: fence
# CHECK: atom.acquire.gpu.global.cas.b32
# CHECK-NEXT: ld.acquire.cta.global.b32
# CHECK: st.release.gpu.global.b32
# CHECK-NOT: fence

# LLVM-LABEL: define ptx_kernel void @k(
# LLVM: fence syncscope("device") release
# LLVM-NOT: atomicrmw
# LLVM: atomicrmw fadd ptr addrspace(1) %{{.*}}, float %{{.*}} syncscope("device") monotonic
# LLVM-NEXT: fence syncscope("device") acquire
# LLVM-NEXT: atomicrmw fadd ptr addrspace(1) %{{.*}}, float %{{.*}} syncscope("block") monotonic
# LLVM: fence release
# LLVM: atomicrmw xchg ptr addrspace(1) %{{.*}}, i32 7 monotonic
# LLVM: cmpxchg ptr addrspace(1) %{{.*}}, i32 0, i32 1 syncscope("device") acquire acquire
# LLVM: load atomic i32, ptr addrspace(1) %{{.*}} syncscope("block") acquire
# LLVM: store atomic i32 %{{.*}}, ptr addrspace(1) %{{.*}} syncscope("device") release

# AMD-LABEL: define amdgpu_kernel void @k(
# AMD-NOT: fence
# AMD: atomicrmw fadd ptr addrspace(1) %{{.*}}, float %{{.*}} syncscope("agent") acq_rel
# AMD: atomicrmw fadd ptr addrspace(1) %{{.*}}, float %{{.*}} syncscope("workgroup") monotonic
# AMD: atomicrmw xchg ptr addrspace(1) %{{.*}}, i32 7 release
# AMD: cmpxchg ptr addrspace(1) %{{.*}}, i32 0, i32 1 syncscope("agent") acquire acquire
# AMD: load atomic i32, ptr addrspace(1) %{{.*}} syncscope("workgroup") acquire
# AMD: store atomic i32 %{{.*}}, ptr addrspace(1) %{{.*}} syncscope("agent") release
