# Software pipelining (num_stages, tilec-pipeline-loops) run on the SIMT emulator, whose cp.async
# lands in shared memory only when a wait completes its group: Triton's tutorial matmul (pointer
# increments, masks on M, N and a ragged K, other=0) with fp16, fp32 (tf32) and int8 operands,
# num_stages 1 to 4, K loops of 0 to 7 iterations (fewer than the stages too), at 4 and 8 warps,
# against numpy; and the compiled code starts its copies through ctx->async_copy (16-byte copies,
# masked by source size) and waits with ctx->async_wait for all but the newest group. At warp size
# 64 (arch warp64: MFMA, and no cp.async, as on AMD) the loads are prefetched one iteration ahead
# instead, into the other stage of a two-tile shared-memory buffer, with one barrier per iteration
# (without it the multi-iteration cases fail with NaN): fp16, fp32 (IEEE, as AMD's default) and
# int8 at 4 and 8 warps, same K loops, num_stages 1 (no pipelining) too, and the compiled loop has
# no ctx->async_copy.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel matmul --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 --target simt --num-warps 4 --num-stages 3 --emit llvm -o %t.ll
# RUN: FileCheck %s --check-prefix=IR < %t.ll
# RUN: tilec compile %s --kernel matmul --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 --target simt --num-warps 4 --num-stages 1 --emit llvm -o %t1.ll
# RUN: FileCheck %s --check-prefix=OFF < %t1.ll
# RUN: tilec compile %s --kernel matmul --signature '*fp16:16,*fp16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 --target simt --arch warp64 --num-warps 4 --num-stages 3 --emit llvm -o %t64.ll
# RUN: FileCheck %s --check-prefix=W64 < %t64.ll
# CHECK-NOT: FAIL
# CHECK: PASS f16 s1 w4
# CHECK: PASS f16 s2 w4
# CHECK: PASS f16 s3 w4
# CHECK: PASS f16 s4 w4
# CHECK: PASS f32 s3 w4
# CHECK: PASS i8 s3 w4
# CHECK: PASS f16 s3 w8
# CHECK: PASS f32 s2 w8
# CHECK: PASS i8 s4 w8
# CHECK: PASS f16 s3 w4 warp64
# CHECK: PASS f32 s3 w4 warp64
# CHECK: PASS i8 s2 w8 warp64
# CHECK: PASS f16 s2 w8 warp64
# CHECK: PASS f16 s1 w4 warp64
# CHECK: PASS all
# ctx->async_copy (ABI offset 80) copies 16 bytes (8 halves: an operand load has its own coalesced
# layout), each copy's source size a select of 16 or 0; the wait at
# the top of the loop (ctx->async_wait, offset 96) leaves one group in flight, the one after the
# loop none. With --num-stages 1 nothing is copied asynchronously.
# IR-LABEL: define {{.*}}@__tilec_simt_entry_matmul
# IR: %[[SIZE:.*]] = select i1 %{{.*}}, i32 16, i32 0
# IR: getelementptr {{.*}}ptr %3, i64 80
# IR: call void %{{.*}}(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, i32 16, i32 %[[SIZE]])
# IR: getelementptr {{.*}}ptr %3, i64 96
# IR: call void %{{.*}}(ptr {{.*}}, i32 1)
# IR: call void %{{.*}}(ptr {{.*}}, i32 0)
# OFF-LABEL: define {{.*}}@__tilec_simt_entry_matmul
# OFF-NOT: ptr %3, i64 80
# W64-LABEL: define {{.*}}@__tilec_simt_entry_matmul
# W64-NOT: ptr %3, i64 80
# W64-NOT: ptr %3, i64 96
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
import tilec_check as tc  # noqa: E402
from tilec_check import jit, tl  # noqa: E402


@jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BM: tl.constexpr,
           BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :]
    acc = tl.zeros((BM, BN), dtype=c_ptr.dtype.element_ty)
    for k in range(0, tl.cdiv(K, BK)):
        k_left = K - k * BK
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :]
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def tf32(x):
    """float32 `x` rounded to tf32 as cvt.rna.tf32.f32 (nearest, ties away from zero)."""
    bits = x.view(np.uint32).astype(np.uint64)
    return ((bits + 0x1000) & 0xFFFFE000).astype(np.uint32).view(np.float32)


def run_case(dtype, stages, warps, m, n, k, warp_size=32):
    rng = np.random.default_rng(stages * 100 + warps + k)
    # Rows padded to multiples of 16 elements, as the :16 specializations promise.
    lda, ldb, ldc = -(-k // 16) * 16 or 16, -(-n // 16) * 16 or 16, -(-n // 16) * 16 or 16
    if dtype == "i8":
        a = rng.integers(-128, 128, (m, lda)).astype(np.int8)
        b = rng.integers(-128, 128, (max(k, 1), ldb)).astype(np.int8)
        c = np.zeros((m, ldc), np.int32)
        ref = a[:, :k].astype(np.int64) @ b[:k, :n].astype(np.int64)
        tol = 0
    else:
        np_type = np.float16 if dtype == "f16" else np.float32
        a = rng.uniform(-2, 2, (m, lda)).astype(np_type)
        b = rng.uniform(-2, 2, (max(k, 1), ldb)).astype(np_type)
        c = np.zeros((m, ldc), np.float32)
        ra, rb = a[:, :k].astype(np.float32), b[:k, :n].astype(np.float32)
        if dtype == "f32" and warp_size == 32:
            ra, rb = tf32(ra), tf32(rb)
        ref = ra.astype(np.float64) @ rb.astype(np.float64)
        tol = 1e-3 * max(1, k)
    bm, bn, bk = 64, 64, (64 if dtype == "i8" else 32)
    grid = (-(-m // bm), -(-n // bn))
    os.environ["TILEC_SIMT_WARP_SIZE"] = str(warp_size)
    out = tc.run(__file__, "matmul", grid, [a, b, c, m, n, k, lda, ldb, ldc],
                 {"BM": bm, "BN": bn, "BK": bk},
                 flags=["--num-warps", str(warps), "--num-stages", str(stages)])
    got = out[2][:, :n].astype(np.float64)
    err = float(np.max(np.abs(got - ref))) if got.size else 0.0
    name = "%s s%d w%d%s" % (dtype, stages, warps, "" if warp_size == 32 else " warp64")
    ok = err <= tol
    print("%s %s %dx%dx%d (max err %.3g)" % ("PASS" if ok else "FAIL", name, m, n, k, err))
    return ok


if __name__ == "__main__":
    os.environ["TILEC_DEVICE"] = "simt"
    cases = [("f16", s, 4, 32) for s in (1, 2, 3, 4)] + [
        ("f32", 3, 4, 32), ("i8", 3, 4, 32), ("f16", 3, 8, 32), ("f32", 2, 8, 32), ("i8", 4, 8, 32),
        ("f16", 3, 4, 64), ("f32", 3, 4, 64), ("i8", 2, 8, 64), ("f16", 2, 8, 64),
        ("f16", 1, 4, 64)]
    ok = True
    for dtype, stages, warps, warp_size in cases:
        step = 64 if dtype == "i8" else 32
        # K loops of 0, 1, 2 and 7 iterations, the last one ragged.
        for k in (0, step // 2, 2 * step, 7 * step - 5):
            ok &= run_case(dtype, stages, warps, 80, 72, k, warp_size)
    print("PASS all" if ok else "FAIL some")
