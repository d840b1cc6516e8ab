# tl.dot on AMD matrix cores in the SIMT emulator at warp size 64 (v_mfma_f32_32x32x8 and
# v_mfma_f32_16x16x16 through ctx->mfma): fp16 and bf16 operands with fp32 accumulation, a K loop
# carrying the accumulator, a 32x32x8 dot (one instruction; warps wrap over the small tile),
# 64x64x32 and 128x64x16 ones, 16x16x16 and 16x64x32 ones on the 16x16x16 instruction, and a
# 16x16x8 dot that fills neither (the FMA path), at 4 and 8 warps, against float64 numpy; and the
# compiled code calls ctx->mfma once per 32x32 block and K step of a warp (4 K steps of one block
# at 4 warps: [2, 2] warps over 64x64) with kind 16 (kind 18 for 16x16x16), none on the FMA path.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel mm --signature '*fp16:16,*fp16:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 -DBF16=0 --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.ll
# RUN: FileCheck %s --check-prefix=IR < %t.ll
# RUN: tilec compile %s --kernel mm --signature '*fp16:16,*fp16:16,*fp32:16,i32' -DM=16 -DN=16 -DK=16 -DBF16=0 --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.16.ll
# RUN: FileCheck %s --check-prefix=IR16 < %t.16.ll
# RUN: tilec compile %s --kernel mm --signature '*fp16:16,*fp16:16,*fp32:16,i32' -DM=16 -DN=16 -DK=8 -DBF16=0 --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.fma.ll
# RUN: FileCheck %s --check-prefix=FMA < %t.fma.ll
# CHECK: PASS f16 32x32x8 w4
# CHECK: PASS f16 64x64x32 w4
# CHECK: PASS bf16 64x64x32 w4
# CHECK: PASS f16 128x64x16 w4
# CHECK: PASS f16 16x16x16 w4
# CHECK: PASS bf16 16x64x32 w4
# CHECK: PASS f16 16x16x8 w4
# CHECK: PASS f16 32x32x8 w8
# CHECK: PASS f16 64x64x32 w8
# CHECK: PASS bf16 64x64x32 w8
# CHECK: PASS f16 128x64x16 w8
# CHECK: PASS f16 16x16x16 w8
# CHECK: PASS bf16 16x64x32 w8
# CHECK: PASS f16 16x16x8 w8
# IR-LABEL: define {{.*}}@__tilec_simt_entry_mm
# IR-COUNT-4: call void %{{.*}}(ptr {{.*}}, i32 16, ptr {{.*}})
# IR-NOT: call void %{{.*}}(ptr {{.*}}, i32 16, ptr {{.*}})
# IR16-LABEL: define {{.*}}@__tilec_simt_entry_mm
# IR16: call void %{{.*}}(ptr {{.*}}, i32 18, ptr {{.*}})
# IR16-NOT: call void %{{.*}}(ptr {{.*}}, i32 {{16|18}}, ptr {{.*}})
# FMA-LABEL: define {{.*}}@__tilec_simt_entry_mm
# FMA-NOT: call void %{{.*}}(ptr {{.*}}, i32 {{16|18}}, ptr {{.*}})
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, dot_operands, finish, jit, run, tl  # noqa: E402


@jit
def mm(a_ptr, b_ptr, c_ptr, steps, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
       BF16: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.zeros((M, N), dtype=tl.float32)
    for s in range(0, steps):
        a = tl.load(a_ptr + s * M * K + rm[:, None] * K + rk[None, :])
        b = tl.load(b_ptr + s * K * N + rk[:, None] * N + rn[None, :])
        if BF16:  # numpy has no bf16: the arrays hold its bit patterns as uint16
            a = a.to(tl.bfloat16, bitcast=True)
            b = b.to(tl.bfloat16, bitcast=True)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)



def run_case(dtype, m, n, k, warps, steps=2):
    rng = np.random.default_rng(m * n + k + warps)
    a = rng.uniform(-2, 2, (steps, m, k)).astype(np.float32)
    b = rng.uniform(-2, 2, (steps, k, n)).astype(np.float32)
    a_arg, b_arg, a_ref, b_ref = dot_operands(dtype, a, b)
    got = run(__file__, "mm", 1, [a_arg, b_arg, np.zeros((m, n), np.float32), steps],
              {"M": m, "N": n, "K": k, "BF16": int(dtype == "bf16")},
              flags=["--num-warps", str(warps)])[2]
    ref = sum(a_ref[s] @ b_ref[s] for s in range(steps))
    check("%s %dx%dx%d w%d" % (dtype, m, n, k, warps), got, ref, atol=1e-4)


if __name__ == "__main__":
    os.environ.update(TILEC_DEVICE="simt", TILEC_SIMT_WARP_SIZE="64")
    for warps in (4, 8):
        for dtype, m, n, k in (("f16", 32, 32, 8), ("f16", 64, 64, 32), ("bf16", 64, 64, 32),
                               ("f16", 128, 64, 16), ("f16", 16, 16, 16),
                               ("bf16", 16, 64, 32), ("f16", 16, 16, 8)):
            run_case(dtype, m, n, k, warps)
    finish()
