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
    env = dict(os.environ, TILEC_DEVICE="simt", TILEC_SIMT_WARP_SIZE="64")
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
            for dtype, m, n, k in (("f16", 32, 32, 8), ("f16", 64, 64, 32), ("bf16", 64, 64, 32),
                                   ("f16", 128, 64, 16), ("f16", 16, 16, 16),
                                   ("bf16", 16, 64, 32), ("f16", 16, 16, 8)):
                run_case(tilec, tmp, dtype, m, n, k, warps)
