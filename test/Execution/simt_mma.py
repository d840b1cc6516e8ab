# tl.dot on tensor cores in the SIMT emulator (mma.sync m16n8k16 through ctx->mma): fp16 and bf16
# operands with fp32 accumulation, a K loop carrying the accumulator, a 16x16x16 dot (warps wrap
# over the small tile), a 64x64x32 one, and N = 8 (one 16x8 block of B: ldmatrix .x2.trans, warps
# wrapping over N) with one and four K steps, at 4 and 8 warps, against float64 numpy; and the
# compiled code calls ctx->mma once per 16x8 block and K step of a warp (16 at 4 warps), its
# operand fragments loaded per K step from shared memory through ctx->ldmatrix (8 at 4 warps:
# per K step two .x4 for A's two 16x16 blocks and two .x4.trans for B's four 16x8 blocks), which
# the emulator answers from the rows the 32 lanes address, per the PTX ISA.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel mm --signature '*fp16:16,*fp16:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 -DBF16=0 --target simt --num-warps 4 --emit llvm -o %t.ll
# RUN: FileCheck %s --check-prefix=IR < %t.ll
# RUN: FileCheck %s --check-prefix=LDM < %t.ll
# RUN: FileCheck %s --check-prefix=LDT < %t.ll
# CHECK: PASS f16 16x16x16 w4
# CHECK: PASS f16 64x64x32 w4
# CHECK: PASS bf16 64x64x32 w4
# CHECK: PASS f16 16x8x16 w4
# CHECK: PASS f16 32x8x64 w4
# CHECK: PASS f16 16x16x16 w8
# CHECK: PASS f16 64x64x32 w8
# CHECK: PASS bf16 64x64x32 w8
# CHECK: PASS f16 16x8x16 w8
# CHECK: PASS f16 32x8x64 w8
# IR-LABEL: define {{.*}}@__tilec_simt_entry_mm
# IR-COUNT-16: call void %{{.*}}(ptr {{.*}}, i32 0, ptr {{.*}})
# IR-NOT: call void %{{.*}}(ptr {{.*}}, i32 0, ptr {{.*}})
# LDM-LABEL: define {{.*}}@__tilec_simt_entry_mm
# LDM-COUNT-4: call void %{{.*}}(ptr {{.*}}, i32 4, ptr {{.*}}, ptr {{.*}})
# LDM-NOT: call void %{{.*}}(ptr {{.*}}, i32 4, ptr {{.*}}, ptr {{.*}})
# LDT-LABEL: define {{.*}}@__tilec_simt_entry_mm
# LDT-COUNT-4: call void %{{.*}}(ptr {{.*}}, i32 260, ptr {{.*}}, ptr {{.*}})
# LDT-NOT: call void %{{.*}}(ptr {{.*}}, i32 260, ptr {{.*}}, ptr {{.*}})
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
    os.environ["TILEC_DEVICE"] = "simt"
    for warps in (4, 8):
        for dtype, m, n, k in (("f16", 16, 16, 16), ("f16", 64, 64, 32), ("bf16", 64, 64, 32),
                               ("f16", 16, 8, 16), ("f16", 32, 8, 64)):
            run_case(dtype, m, n, k, warps)
    finish()
