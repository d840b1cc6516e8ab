# tl.dot on sm_90's warpgroup MMA in the SIMT emulator (arch warp32-wgmma: each
# wgmma.mma_async.m64nNk16 through ctx->wgmma, which reads A and B from shared memory through
# their matrix descriptors, per the PTX ISA's canonical layouts and swizzles): fp16 and bf16
# operands with fp32 accumulation in a K loop, at 4 and 8 warps (one and two warpgroups),
# with A's rows of 32, 64 and 128 bytes and B's of 32 to 512 (32-, 64- and 128-byte swizzles,
# B in one to eight column blocks, N above 256 in two instructions), and B given transposed
# (tl.trans of an N x K tile: K-major B), against float64 numpy. The fp16 loads are pipelined
# (num_stages 3): cp.async copies into swizzled buffers that the wgmmas read in place, so a
# wrong swizzle on either side, or a missing wait, gives wrong sums; so are the bf16 ones, loaded
# as uint16 bits and bitcast (the buffers hold bf16). The compiled 128x128x64 kernel calls ctx->wgmma once
# per K step and 64-row block of a warpgroup (8 at 4 warps) and copies each stage's A and B in
# 16-byte cp.async pieces (48 calls: 16 per stage, 3 stages). fp32 dots run as tf32 (m64nNk8,
# operands truncated to their top 19 bits, as the hardware reads them from shared memory), both
# operands K-major: B comes from tl.trans here, or a pipeline buffer holds it transposed (4-byte
# copies: attention's V in simt_wgmma_attention.py, and 128x128x32 below); the reference is
# float64 numpy on truncated inputs. int8 dots with int32
# accumulators run on m64nNk32.s32.s8.s8 (kind 35), both operands K-major too, and must be
# exact: B pipelined into a transposed buffer (16-byte loads stored byte by byte), staged by the
# dot, or from tl.trans. (tf32 and int8 dots of their own whose N-contiguous B leaves at most 64
# accumulators per thread run on mma.sync instead, tilec-assign-layouts; the cases without
# transB here hold 128.)
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel mm --signature '*fp16:16,*fp16:16,*fp32:16,i32' -DM=128 -DN=128 -DK=64 -DBF16=0 -DTRANS_B=0 -DSTAGED=0 --target simt --arch warp32-wgmma --num-warps 4 --emit llvm -o %t.ll
# RUN: FileCheck %s --check-prefix=IR < %t.ll
# RUN: FileCheck %s --check-prefix=CPA < %t.ll
# CHECK: PASS f16 64x64x32 w4
# CHECK: PASS f16 128x128x64 w4
# CHECK: PASS bf16 128x64x32 w4
# CHECK: PASS f16 64x16x16 w4
# CHECK: PASS f16 64x512x16 w4
# CHECK: PASS f16 64x128x128 w4 transB
# CHECK: PASS f16 128x128x64 w8
# CHECK: PASS bf16 256x32x64 w8
# CHECK: PASS f16 128x64x32 w8 transB
# CHECK: PASS f32 64x64x32 w4 transB
# CHECK: PASS f32 128x128x32 w4 transB
# CHECK: PASS f32 128x128x32 w4
# CHECK: PASS f32 128x64x32 w8 transB
# CHECK: PASS i8 64x64x32 w4 transB
# CHECK: PASS i8 128x128x64 w4
# CHECK: PASS i8 128x128x64 w4 staged
# CHECK: PASS i8 128x64x64 w8 transB
# CHECK: PASS f16 64x64x32 w8
# CHECK: PASS bf16 64x128x64 w8 transB
# CHECK: PASS f32 64x32x32 w8 transB
# CHECK: PASS i8 64x64x64 w8 transB
# CHECK-NOT: FAIL
# IR-LABEL: define {{.*}}@__tilec_simt_entry_mm
# IR-COUNT-8: call void %{{.*}}(ptr {{.*}}, i32 32, i64 %{{.*}}, i64 {{%?[0-9]+}}, i32 131200, ptr {{.*}})
# IR-NOT: call void %{{.*}}(ptr {{.*}}, i32 32, i64
# CPA-LABEL: define {{.*}}@__tilec_simt_entry_mm
# CPA-COUNT-48: call void %{{.*}}(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, i32 16, i32 %{{.*}})
# CPA-NOT: call void %{{.*}}(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, i32 16, i32 %{{.*}})
# RUN: tilec compile %s --kernel mm --signature '*i8:16,*i8:16,*i32:16,i32' -DM=128 -DN=128 -DK=64 -DBF16=0 -DTRANS_B=0 -DSTAGED=0 --target simt --arch warp32-wgmma --num-warps 4 --emit llvm -o %t8.ll
# RUN: FileCheck %s --check-prefix=I8 < %t8.ll
# I8-LABEL: define {{.*}}@__tilec_simt_entry_mm
# I8-COUNT-4: call void %{{.*}}(ptr {{.*}}, i32 35, i64 %{{.*}}, i64 {{%?[0-9]+}}, i32 128, ptr {{.*}})
# I8-NOT: call void %{{.*}}(ptr {{.*}}, i32 {{3[2-5]}}, i64
# RUN: tilec compile %s --kernel mm --signature '*fp16:16,*fp16:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 -DBF16=0 -DTRANS_B=0 -DSTAGED=0 --target simt --arch warp32-wgmma --num-warps 8 --emit llvm -o %t64.ll
# RUN: FileCheck %s --check-prefix=SPLITN < %t64.ll
# SPLITN-LABEL: define {{.*}}@__tilec_simt_entry_mm
# SPLITN-COUNT-2: call void %{{.*}}(ptr {{.*}}, i32 32, i64 %{{.*}}, i64 {{%?[0-9]+}}, i32 131104, ptr {{.*}})
# SPLITN-NOT: call void %{{.*}}(ptr {{.*}}, i32 32, i64
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, dot_operands, finish, jit, run, tl  # noqa: E402


@jit
def mm(a_ptr, b_ptr, c_ptr, steps, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
       BF16: tl.constexpr, TRANS_B: tl.constexpr, STAGED: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.load(c_ptr + rm[:, None] * N + rn[None, :])  # fp32, or int32 for int8 operands
    for s in range(0, steps):
        a = tl.load(a_ptr + s * M * K + rm[:, None] * K + rk[None, :])
        if TRANS_B:  # B stored N x K
            b = tl.trans(tl.load(b_ptr + s * K * N + rn[:, None] * K + rk[None, :]))
        else:
            b = tl.load(b_ptr + s * K * N + rk[:, None] * N + rn[None, :])
        if BF16:  # numpy has no bf16: the arrays hold its bit patterns as uint16
            a = a.to(tl.bfloat16, bitcast=True)
            b = b.to(tl.bfloat16, bitcast=True)
        if STAGED:  # a computed operand: the dot stages it (no pipeline buffer)
            b = b + 0
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


def run_case(dtype, m, n, k, warps, trans_b=False, steps=2):
    rng = np.random.default_rng(m * n + k + warps)
    a = rng.uniform(-2, 2, (steps, m, k)).astype(np.float32)
    b = rng.uniform(-2, 2, (steps, k, n)).astype(np.float32)
    a_arg, b_arg, a_ref, b_ref = dot_operands(dtype, a, b)
    if trans_b:
        b_arg = np.ascontiguousarray(np.transpose(b_arg, (0, 2, 1)))
    got = run(__file__, "mm", 1, [a_arg, b_arg, np.zeros((m, n), np.float32), steps],
              {"M": m, "N": n, "K": k, "BF16": int(dtype == "bf16"), "TRANS_B": int(trans_b),
               "STAGED": 0},
              flags=["--num-warps", str(warps)])[2]
    ref = sum(a_ref[s] @ b_ref[s] for s in range(steps))
    tol = 5e-4 if dtype == "f32" else 1e-4  # f32 sums of 64 terms up to 4 in magnitude
    check("%s %dx%dx%d w%d%s" % (dtype, m, n, k, warps, " transB" if trans_b else ""), got, ref,
          atol=tol)


def run_i8(m, n, k, warps, trans_b=False, staged=False, steps=2):
    rng = np.random.default_rng(m * n + k + warps)
    a = rng.integers(-128, 128, (steps, m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (steps, k, n)).astype(np.int8)
    a[0, 0, :] = -128  # extremes: -128 * -128 in every product of row 0, column 0
    b[0, :, 0] = -128
    b_arg = np.ascontiguousarray(np.transpose(b, (0, 2, 1))) if trans_b else b
    got = run(__file__, "mm", 1, [a, b_arg, np.zeros((m, n), np.int32), steps],
              {"M": m, "N": n, "K": k, "BF16": 0, "TRANS_B": int(trans_b), "STAGED": int(staged)},
              flags=["--num-warps", str(warps)])[2]
    ref = sum(a[s].astype(np.int64) @ b[s].astype(np.int64) for s in range(steps))
    check("i8 %dx%dx%d w%d%s%s" % (m, n, k, warps, " transB" if trans_b else "",
                                   " staged" if staged else ""), got, ref)


if __name__ == "__main__":
    os.environ.update(TILEC_DEVICE="simt", TILEC_SIMT_WGMMA="1")
    for case in (("f16", 64, 64, 32, 4), ("f16", 128, 128, 64, 4), ("bf16", 128, 64, 32, 4),
                 ("f16", 64, 16, 16, 4), ("f16", 64, 512, 16, 4),
                 ("f16", 64, 128, 128, 4, True), ("f16", 128, 128, 64, 8),
                 ("bf16", 256, 32, 64, 8), ("f16", 128, 64, 32, 8, True),
                 ("f32", 64, 64, 32, 4, True), ("f32", 128, 128, 32, 4, True),
                 ("f32", 128, 128, 32, 4),
                 ("f32", 128, 64, 32, 8, True)):
        run_case(*case)
    for case in ((64, 64, 32, 4, True), (128, 128, 64, 4), (128, 128, 64, 4, False, True),
                 (128, 64, 64, 8, True)):
        run_i8(*case)
    # 64 rows at 8 warps: the two warpgroups split N (warps [4, 2]), m64n(N/2) each.
    for case in (("f16", 64, 64, 32, 8), ("bf16", 64, 128, 64, 8, True),
                 ("f32", 64, 32, 32, 8, True)):
        run_case(*case)
    run_i8(64, 64, 64, 8, True)
    finish()
