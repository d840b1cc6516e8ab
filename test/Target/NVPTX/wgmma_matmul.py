# fp16 tl.dot on sm_90a's warpgroup MMA: the matmul tutorial at 128x128x64 and 4 warps copies
# its tiles with cp.async into three stages of swizzled buffers (96 KiB of dynamic shared memory,
# 1024-byte aligned, as Triton's) and runs 8 wgmma.mma_async.m64n128k16 per K loop iteration (two
# 64-row repetitions x four K steps of 16) on the stage in place, after fence.proxy.async and
# wgmma.fence, committed as one group that stays in flight: wgmma.wait_group 1 waits for the
# previous iteration's, a barrier follows, then the copies into the stage that one read, and
# wgmma.wait_group 0 after the loop completes the last (Triton's loop). A's descriptor
# has Triton's fields for this tile (128-byte swizzle, stride byte offset 1024: 0x4000004000000000)
# and B's, MN-major, adds the leading byte offset 8192 (0x4000004002000000). At 8 warps the two
# warpgroups each run 4 (one 64-row block each). Plain sm_90 (PTX that later GPUs also run) keeps
# mma.sync. ptxas accepts both with no spills and no stack frame, and does not serialize the
# wgmmas (the accumulators flow from one iteration's wgmmas to the next through the tied
# registers of the wait, with no copies between them).
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target nvptx --arch sm_90a --num-warps 4 --emit ptx -o %t.4.ptx
# RUN: FileCheck %s --check-prefix=W4 < %t.4.ptx
# RUN: FileCheck %s --check-prefix=DESC < %t.4.ptx
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target nvptx --arch sm_90a --num-warps 8 --emit ptx -o %t.8.ptx
# RUN: FileCheck %s --check-prefix=W8 < %t.8.ptx
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=128 -DBLOCK_SIZE_N=128 -DBLOCK_SIZE_K=64 --target nvptx --arch sm_90 --num-warps 4 --emit ptx -o %t.90.ptx
# RUN: FileCheck %s --check-prefix=SM90 < %t.90.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90a %t.4.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90a %t.8.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# 64x64x32 at 8 warps: the two warpgroups split N (warps [4, 2], as Triton), each running
# m64n32k16 on its 32 columns of B, two K steps: 2 wgmma, as Triton's.
# RUN: tilec compile %examples/matmul.py --kernel matmul_kernel --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1' -DBLOCK_SIZE_M=64 -DBLOCK_SIZE_N=64 -DBLOCK_SIZE_K=32 --target nvptx --arch sm_90a --num-warps 8 --emit ptx -o %t.64.ptx
# RUN: FileCheck %s --check-prefix=SPLITN < %t.64.ptx
# RUN: %if ptxas %{ %ptxas -v -arch=sm_90a %t.64.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# SPLITN-LABEL: .entry matmul_kernel
# SPLITN-COUNT-2: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
# SPLITN-NOT: wgmma.mma_async
# SPLITN-NOT: mma.sync
# W4: .target sm_90a
# W4: .extern .shared .align 1024 .b8 __tilec_smem_matmul_kernel[];
# W4-LABEL: .entry matmul_kernel
# W4: .reqntid 128
# W4-COUNT-16: cp.async.cg.shared.global
# W4: fence.proxy.async.shared::cta;
# W4: wgmma.fence.sync.aligned;
# W4-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
# W4: wgmma.commit_group.sync.aligned;
# W4: wgmma.wait_group.sync.aligned 1;
# W4: bar.sync
# W4-COUNT-16: cp.async.cg.shared.global
# W4: cp.async.commit_group
# W4: wgmma.wait_group.sync.aligned 0;
# W4-NOT: wgmma.mma_async
# W4-NOT: mma.sync
# DESC-DAG: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611686293305294848;
# DESC-DAG: or.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 4611686293338849280;
# W8-LABEL: .entry matmul_kernel
# W8: .reqntid 256
# W8-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
# W8-NOT: wgmma.mma_async
# SM90: .target sm_90
# SM90-NOT: wgmma
# SM90: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# SM90-NOT: wgmma
# PTXAS-NOT: serialized
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# PTXAS-NOT: serialized
