# tl.dot(a, tl.trans(bt)) on sm_80, bt loaded row-major [N, K] (attention's q.k^T): the dot stages
# bt as it is and reads B's fragments transposed, so the transposition costs no shared-memory
# round trip of its own: at 64x64x64 and 4 warps, per K step 2 ldmatrix .x4 for A and 2 for B
# (each reading two 16x8 blocks of B^T's rows, no .trans), 16 in all and no ldmatrix .trans; two
# barriers (around the staging) where the transposition through shared memory took four; the
# result then goes through shared memory once more (two barriers) to be stored 16 bytes at a
# time; and ptxas accepts it with no spills. In a K loop (kernel dot_nt_loop, num_stages 3) bt is pipelined
# like a plain operand: 16-byte cp.async into a buffer of bt's own shape, from which the dot reads
# B transposed, still without ldmatrix .trans.
# RUN: tilec compile %s --kernel dot_nt --signature '*fp16:16,*fp16:16,*fp32:16' -DM=64 -DN=64 -DK=64 --target nvptx --arch sm_80 --num-warps 4 --emit ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_80 %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# CHECK-LABEL: .entry dot_nt
# CHECK-NOT: ldmatrix
# CHECK: bar.sync
# CHECK-NOT: bar.sync
# CHECK-COUNT-16: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# CHECK-NOT: ldmatrix
# CHECK: bar.sync
# CHECK: st.shared.v2.b32
# CHECK: bar.sync
# CHECK: bar.sync
# CHECK-COUNT-8: st.global.v4.b32
# CHECK-NOT: bar.sync
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# RUN: tilec compile %s --kernel dot_nt_loop --signature '*fp16:16,*fp16:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 --target nvptx --arch sm_80 --num-warps 4 --num-stages 3 --emit ptx -o %t.loop.ptx
# RUN: FileCheck %s --check-prefix=LOOP < %t.loop.ptx
# LOOP-LABEL: .entry dot_nt_loop
# LOOP-NOT: ldmatrix.sync.aligned.m8n8.x4.trans
# LOOP: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16
# LOOP: cp.async.wait_group 1;
# LOOP: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# LOOP-NOT: ldmatrix.sync.aligned.m8n8.x4.trans
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "Execution", "Inputs"))
from tilec_check import jit, tl  # noqa: E402


@jit
def dot_nt(a_ptr, bt_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    bt = tl.load(bt_ptr + rn[:, None] * K + rk[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, tl.trans(bt)))


@jit
def dot_nt_loop(a_ptr, bt_ptr, c_ptr, steps, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.zeros((M, N), dtype=tl.float32)
    for s in range(0, steps):
        a = tl.load(a_ptr + s * M * K + rm[:, None] * K + rk[None, :])
        bt = tl.load(bt_ptr + s * N * K + rn[:, None] * K + rk[None, :])
        acc = tl.dot(a, tl.trans(bt), acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)
