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
import shutil
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import jit, tl  # noqa: E402


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


def bf16_bits(x):
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)


def run_case(tilec, tmp, dtype, m, n, k, warps, steps=2):
    rng = np.random.default_rng(m * n + k + warps)
    a = rng.uniform(-2, 2, (steps, m, k)).astype(np.float32)
    b = rng.uniform(-2, 2, (steps, k, n)).astype(np.float32)
    if dtype == "f16":
        a, b = a.astype(np.float16), b.astype(np.float16)
        a_arg, b_arg = a, b
        a_ref, b_ref = a.astype(np.float64), b.astype(np.float64)
    else:
        a_arg, b_arg = bf16_bits(a), bf16_bits(b)
        a_ref = (a_arg.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
        b_ref = (b_arg.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    paths = []
    for name, arr in (("a", a_arg), ("b", b_arg), ("c", np.zeros((m, n), np.float32))):
        paths.append(os.path.join(tmp, name + ".npy"))
        np.save(paths[-1], arr)
    out = os.path.join(tmp, "out")
    cmd = [tilec, "run", __file__, "--kernel", "mm", "--grid", "1", "--num-warps", str(warps),
           "-DM=%d" % m, "-DN=%d" % n, "-DK=%d" % k, "-DBF16=%d" % (dtype == "bf16"),
           "--out-dir", out,
           "--"] + paths + [str(steps)]
    env = dict(os.environ, TILEC_DEVICE="simt")
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    name = "%s %dx%dx%d w%d" % (dtype, m, n, k, warps)
    if proc.returncode != 0:
        print("FAIL %s: %s" % (name, proc.stderr.strip()))
        return
    got = np.load(os.path.join(out, "c.npy"))
    ref = sum(a_ref[s] @ b_ref[s] for s in range(steps))
    err = float(np.max(np.abs(got - ref)))
    print("%s %s (max err %.2g)" % ("PASS" if err <= 1e-4 else "FAIL", name, err))


if __name__ == "__main__":
    tilec = os.environ.get("TILEC") or shutil.which("tilec")
    with tempfile.TemporaryDirectory() as tmp:
        for warps in (4, 8):
            for dtype, m, n, k in (("f16", 16, 16, 16), ("f16", 64, 64, 32), ("bf16", 64, 64, 32),
                                   ("f16", 16, 8, 16), ("f16", 32, 8, 64)):
                run_case(tilec, tmp, dtype, m, n, k, warps)
