# Pipelined dot operands loaded as integer bit patterns and bitcast (tilec-pipeline-loops through
# `x.to(tl.bfloat16, bitcast=True)`), run on the SIMT emulator: Triton's tutorial matmul with
# masks on M and N, a K that is not a multiple of BK (K loops of 0 to 7 iterations) and
# other=0, its operands uint16 bits read as bf16 or uint32 bits read as fp32 (tf32), B also given
# transposed (tl.trans after the bitcast), at 4 and 8 warps, on mma.sync (warp32: padded buffers
# read with ldmatrix), wgmma (warp32-wgmma: swizzled buffers, a row-major fp32 B stored
# transposed) and MFMA (warp64: no cp.async, the next tile bitcast into the other LDS stage),
# against float64 numpy. The compiled code copies both uint16 operands into the bf16 buffers with
# 16-byte ctx->async_copy calls (at 4 warps, 64x64x32: 2 per operand, thread and stage, 3 stages)
# and none with --num-stages 1; so does the wgmma kernel with B transposed after its bitcast.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel matmul --signature '*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 -DCAST=1 -DTRANS_B=0 --target simt --num-warps 4 --num-stages 3 --emit llvm -o %t.ll
# RUN: FileCheck %s --check-prefix=CPA < %t.ll
# RUN: tilec compile %s --kernel matmul --signature '*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 -DCAST=1 -DTRANS_B=0 --target simt --num-warps 4 --num-stages 1 --emit llvm -o %t1.ll
# RUN: FileCheck %s --check-prefix=OFF < %t1.ll
# RUN: tilec compile %s --kernel matmul --signature '*u16:16,*u16:16,*fp32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16' -DBM=64 -DBN=64 -DBK=32 -DCAST=1 -DTRANS_B=1 --target simt --arch warp32-wgmma --num-warps 4 --num-stages 3 --emit llvm -o %tw.ll
# RUN: FileCheck %s --check-prefix=CPA < %tw.ll
# CHECK-NOT: FAIL
# CHECK: PASS bf16 mma w4
# CHECK: PASS bf16 mma w8
# CHECK: PASS bf16 mma w4 transB
# CHECK: PASS f32 mma w4
# CHECK: PASS bf16 wgmma w4
# CHECK: PASS bf16 wgmma w8
# CHECK: PASS bf16 wgmma w8 transB
# CHECK: PASS f32 wgmma w4
# CHECK: PASS f32 wgmma w8 transB
# CHECK: PASS bf16 warp64 w4
# CHECK: PASS bf16 warp64 w8 transB
# CHECK: PASS all
# ctx->async_copy is at offset 80 of the context.
# CPA-LABEL: define {{.*}}@__tilec_simt_entry_matmul
# CPA-COUNT-12: call void %{{.*}}(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, i32 16, i32 %{{.*}})
# CPA-NOT: call void %{{.*}}(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, i32 {{[0-9]+}}, i32 %{{.*}})
# OFF-LABEL: define {{.*}}@__tilec_simt_entry_matmul
# OFF-NOT: ptr %3, i64 80
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
import tilec_check as tc  # noqa: E402
from tilec_check import bf16_bits, jit, tl  # noqa: E402


@jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BM: tl.constexpr,
           BN: tl.constexpr, BK: tl.constexpr, CAST: tl.constexpr, TRANS_B: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    if TRANS_B:  # B stored N x K, stride_bk apart
        b_ptrs = b_ptr + offs_n[:, None] * stride_bk + offs_k[None, :]
    else:
        b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        k_left = K - k * BK
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0)
        if TRANS_B:
            b = tl.load(b_ptrs, mask=(offs_n[:, None] < N) & (offs_k[None, :] < k_left), other=0)
        else:
            b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0)
        if CAST == 1:  # uint16 bits
            a = a.to(tl.bfloat16, bitcast=True)
            b = b.to(tl.bfloat16, bitcast=True)
        else:  # uint32 bits
            a = a.to(tl.float32, bitcast=True)
            b = b.to(tl.float32, bitcast=True)
        if TRANS_B:
            b = tl.trans(b)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        if TRANS_B:
            b_ptrs += BK
        else:
            b_ptrs += BK * stride_bk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :]
    tl.store(c_ptrs, acc, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


def as_tf32(x, rounded):
    """float32 `x` as the tensor cores read it as tf32: rounded to nearest (ties away, mma.sync's
    cvt.rna.tf32.f32) or its top 19 bits (wgmma reading shared memory)."""
    bits = x.view(np.uint32).astype(np.uint64)
    if rounded:
        bits = bits + 0x1000
    return (bits & 0xFFFFE000).astype(np.uint32).view(np.float32)


def run_case(dtype, mode, warps, trans_b, m, n, k):
    rng = np.random.default_rng(warps * 1000 + k + int(trans_b))
    # Rows padded to multiples of 16 elements, as the :16 specializations promise.
    lda, ldb, ldc = -(-k // 16) * 16 or 16, -(-n // 16) * 16 or 16, -(-n // 16) * 16 or 16
    a = rng.uniform(-2, 2, (m, lda)).astype(np.float32)
    if trans_b:
        ldb = lda
        b = rng.uniform(-2, 2, (n, ldb)).astype(np.float32)
    else:
        b = rng.uniform(-2, 2, (max(k, 1), ldb)).astype(np.float32)
    if dtype == "bf16":
        a_arg, b_arg = bf16_bits(a), bf16_bits(b)
        widen = lambda x: (x.astype(np.uint32) << 16).view(np.float32)
        ra, rb = widen(a_arg), widen(b_arg)
    else:
        a_arg, b_arg = a.view(np.uint32), b.view(np.uint32)
        ra, rb = as_tf32(a, mode == "mma"), as_tf32(b, mode == "mma")
    rb = rb[:n, :k].T if trans_b else rb[:k, :n]
    ref = ra[:, :k].astype(np.float64) @ rb.astype(np.float64)
    c = np.zeros((m, ldc), np.float32)
    os.environ["TILEC_SIMT_WARP_SIZE"] = "64" if mode == "warp64" else "32"
    os.environ["TILEC_SIMT_WGMMA"] = "1" if mode == "wgmma" else "0"
    bm, bn, bk = 64, 64, 32
    grid = (-(-m // bm), -(-n // bn))
    out = tc.run(__file__, "matmul", grid, [a_arg, b_arg, c, m, n, k, lda, ldb, ldc],
                 {"BM": bm, "BN": bn, "BK": bk, "CAST": 1 if dtype == "bf16" else 2,
                  "TRANS_B": int(trans_b)},
                 flags=["--num-warps", str(warps), "--num-stages", "3"])
    got = out[2][:, :n].astype(np.float64)
    err = float(np.max(np.abs(got - ref))) if got.size else 0.0
    ok = err <= 1e-3 * max(1, k)
    print("%s %s %s w%d%s %dx%dx%d (max err %.3g)" % (
        "PASS" if ok else "FAIL", dtype, mode, warps, " transB" if trans_b else "", m, n, k, err))
    return ok


if __name__ == "__main__":
    os.environ["TILEC_DEVICE"] = "simt"
    cases = [("bf16", "mma", 4, False), ("bf16", "mma", 8, False), ("bf16", "mma", 4, True),
             ("f32", "mma", 4, False), ("bf16", "wgmma", 4, False), ("bf16", "wgmma", 8, False),
             ("bf16", "wgmma", 8, True), ("f32", "wgmma", 4, False), ("f32", "wgmma", 8, True),
             ("bf16", "warp64", 4, False), ("bf16", "warp64", 8, True)]
    ok = True
    for dtype, mode, warps, trans_b in cases:
        # K loops of 0, 1, 2 and 7 iterations, the last one ragged: 208 is divisible by 16, so
        # A's K mask keeps runs of 8 halves and A is copied asynchronously too; with 219 only
        # the loads masked along their rows are (A and a transposed B stay staged).
        for k in (0, 16, 64, 7 * 32 - 16, 7 * 32 - 5):
            ok &= run_case(dtype, mode, warps, trans_b, 80, 72, k)
    print("PASS all" if ok else "FAIL some")
    sys.exit(0 if ok else 1)
