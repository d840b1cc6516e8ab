# tl.atomic_poll's timeout_ns reads tile.global_timer: the C library's CLOCK_MONOTONIC on the CPU, %globaltimer on NVPTX, the 100 MHz real-time counter (scaled to ns) on AMDGPU.
# RUN: tilec compile %s --kernel poll --signature '*i32,*i32,i64' --emit tile -o - | FileCheck %s --check-prefix=TILE
# RUN: tilec compile %s --kernel poll --signature '*i32,*i32,i64' --emit llvm -o - | FileCheck %s --check-prefix=CPU
# RUN: tilec compile %s --kernel poll --signature '*i32,*i32,i64' --target nvptx --arch sm_80 --emit ptx -o - | FileCheck %s --check-prefix=PTX
# RUN: tilec compile %s --kernel poll --signature '*i32,*i32,i64' --target amdgpu --arch gfx942 --emit asm -o - | FileCheck %s --check-prefix=GFX9
# RUN: tilec compile %s --kernel poll --signature '*i32,*i32,i64' --target amdgpu --arch gfx1100 --emit asm -o - | FileCheck %s --check-prefix=GFX11
# TILE: %[[START:.*]] = tile.global_timer : i64
# TILE: scf.while
# TILE: %[[NOW:.*]] = tile.global_timer : i64
# TILE: %[[ELAPSED:.*]] = arith.subi %[[NOW]], %[[START]] : i64
# TILE: arith.cmpi ult, %[[ELAPSED]], %{{.*}} : i64
# CPU: call i32 @clock_gettime(i32 1, ptr
# PTX: mov.u64 {{.*}}, %globaltimer;
# GFX9: s_memrealtime
# GFX11: s_sendmsg_rtn_b64 {{.*}}sendmsg(MSG_RTN_GET_REALTIME)
import triton.language as tl
from triton import jit


@jit
def poll(p, out, t):
    r = tl.arange(0, 64)
    tl.store(out + r, tl.atomic_poll(p + r, 1, timeout_ns=t).to(tl.int32))
