# fp32 and int8 tl.dot on tensor cores in the SIMT emulator. At warp size 32 (NVIDIA: mma.sync
# m16n8k8 tf32 and m16n8k32 s8 through ctx->mma) fp32 operands are rounded to tf32 by default (to
# nearest, ties away) and multiplied exactly, so the result matches float64 numpy on tf32-rounded
# inputs to fp32 summation error (relative to the sum of |products|: 1e-5) and is off the exact
# product by more than that; input_precision="ieee" keeps fp32 FMAs, within 1e-5 of the exact
# product. At warp size 64 (AMD: v_mfma_f32_32x32x2f32 / 16x16x4f32 and v_mfma_i32_32x32x16_i8 /
# 16x16x32_i8 through ctx->mfma) fp32 dots are IEEE by default (Triton's AMD default), within 1e-5
# of the exact product. int8 equals the int64 numpy product exactly. Every case carries an
# accumulator through a K loop, at 4 and 8 warps. The compiled 64x64x32 fp32 code at warp size 32
# calls ctx->mma with kind 2 (tf32) 32 times at 4 warps ([2, 2] warps, 2 x 4 blocks per warp, 4 K
# steps), the 64x64x64 int8 code with kind 3 (s8) 16 times (2 K steps), the ieee code never; at
# warp size 64 the 64x64x32 fp32 code calls ctx->mfma with kind 20 (32x32x2f32) 16 times ([2, 2]
# warps, one 32x32 block each, 16 K steps), the 64x64x64 int8 code with kind 22 (32x32x16_i8) 4
# times.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel mm --signature '*fp32:16,*fp32:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 -DPREC=None --target simt --num-warps 4 --emit llvm -o %t.tf32.ll
# RUN: FileCheck %s --check-prefix=TF32 < %t.tf32.ll
# RUN: tilec compile %s --kernel mm --signature '*i8:16,*i8:16,*i32:16,i32' -DM=64 -DN=64 -DK=64 -DPREC=None --target simt --num-warps 4 --emit llvm -o %t.s8.ll
# RUN: FileCheck %s --check-prefix=S8 < %t.s8.ll
# RUN: tilec compile %s --kernel mm --signature '*fp32:16,*fp32:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 -DPREC=ieee --target simt --num-warps 4 --emit llvm -o %t.ieee.ll
# RUN: FileCheck %s --check-prefix=IEEE < %t.ieee.ll
# RUN: tilec compile %s --kernel mm --signature '*fp32:16,*fp32:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 -DPREC=None --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.mf32.ll
# RUN: FileCheck %s --check-prefix=MF32 < %t.mf32.ll
# RUN: tilec compile %s --kernel mm --signature '*i8:16,*i8:16,*i32:16,i32' -DM=64 -DN=64 -DK=64 -DPREC=None --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.mi8.ll
# RUN: FileCheck %s --check-prefix=MI8 < %t.mi8.ll
# CHECK: PASS tf32 16x8x8 w4
# CHECK: PASS ieee 16x8x8 w4
# CHECK: PASS tf32 64x64x32 w4
# CHECK: PASS ieee 64x64x32 w4
# CHECK: PASS tf32 32x16x64 w4
# CHECK: PASS ieee 32x16x64 w4
# CHECK: PASS s8 16x8x32 w4
# CHECK: PASS s8 64x64x64 w4
# CHECK: PASS s8 32x16x128 w4
# CHECK: PASS mfma-f32 32x32x8 w4
# CHECK: PASS mfma-f32 64x64x32 w4
# CHECK: PASS mfma-f32 16x16x16 w4
# CHECK: PASS mfma-i8 32x32x16 w4
# CHECK: PASS mfma-i8 64x64x64 w4
# CHECK: PASS mfma-i8 16x16x32 w4
# CHECK: PASS tf32 16x8x8 w8
# CHECK: PASS ieee 16x8x8 w8
# CHECK: PASS tf32 64x64x32 w8
# CHECK: PASS ieee 64x64x32 w8
# CHECK: PASS tf32 32x16x64 w8
# CHECK: PASS ieee 32x16x64 w8
# CHECK: PASS s8 16x8x32 w8
# CHECK: PASS s8 64x64x64 w8
# CHECK: PASS s8 32x16x128 w8
# CHECK: PASS mfma-f32 32x32x8 w8
# CHECK: PASS mfma-f32 64x64x32 w8
# CHECK: PASS mfma-f32 16x16x16 w8
# CHECK: PASS mfma-i8 32x32x16 w8
# CHECK: PASS mfma-i8 64x64x64 w8
# CHECK: PASS mfma-i8 16x16x32 w8
# CHECK-NOT: FAIL
# TF32-LABEL: define {{.*}}@__tilec_simt_entry_mm
# TF32-COUNT-32: call void %{{.*}}(ptr {{.*}}, i32 2, ptr {{.*}})
# TF32-NOT: call void %{{.*}}(ptr {{.*}}, i32 2, ptr {{.*}})
# S8-LABEL: define {{.*}}@__tilec_simt_entry_mm
# S8-COUNT-16: call void %{{.*}}(ptr {{.*}}, i32 3, ptr {{.*}})
# S8-NOT: call void %{{.*}}(ptr {{.*}}, i32 3, ptr {{.*}})
# IEEE-LABEL: define {{.*}}@__tilec_simt_entry_mm
# IEEE-NOT: call void %{{.*}}(ptr {{.*}}, i32 2, ptr {{.*}})
# MF32-LABEL: define {{.*}}@__tilec_simt_entry_mm
# MF32-COUNT-16: call void %{{.*}}(ptr {{.*}}, i32 20, ptr {{.*}})
# MF32-NOT: call void %{{.*}}(ptr {{.*}}, i32 20, ptr {{.*}})
# MI8-LABEL: define {{.*}}@__tilec_simt_entry_mm
# MI8-COUNT-4: call void %{{.*}}(ptr {{.*}}, i32 22, ptr {{.*}})
# MI8-NOT: call void %{{.*}}(ptr {{.*}}, i32 22, ptr {{.*}})
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
       PREC: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
    for s in range(0, steps):
        a = tl.load(a_ptr + s * M * K + rm[:, None] * K + rk[None, :])
        b = tl.load(b_ptr + s * K * N + rk[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc, input_precision=PREC)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


def tf32(x):
    """x (float32) rounded to tf32 as cvt.rna.tf32.f32: 10 fraction bits, ties away from zero."""
    bits = x.view(np.uint32).astype(np.uint64)
    return ((bits + 0x1000) & 0xFFFFE000).astype(np.uint32).view(np.float32)


def run_case(tilec, tmp, kind, m, n, k, warps, steps=2):
    rng = np.random.default_rng(m * n + k + warps)
    warp_size = 64 if kind.startswith("mfma") else 32
    if kind in ("s8", "mfma-i8"):
        a = rng.integers(-128, 128, (steps, m, k)).astype(np.int8)
        b = rng.integers(-128, 128, (steps, k, n)).astype(np.int8)
        c = rng.integers(-100000, 100000, (m, n)).astype(np.int32)
    else:
        a = rng.uniform(-2, 2, (steps, m, k)).astype(np.float32)
        b = rng.uniform(-2, 2, (steps, k, n)).astype(np.float32)
        c = rng.uniform(-2, 2, (m, n)).astype(np.float32)
    paths = []
    for name, arr in (("a", a), ("b", b), ("c", c)):
        paths.append(os.path.join(tmp, name + ".npy"))
        np.save(paths[-1], arr)
    out = os.path.join(tmp, "out")
    prec = "ieee" if kind == "ieee" else "None"
    cmd = [tilec, "run", __file__, "--kernel", "mm", "--grid", "1", "--num-warps", str(warps),
           "-DM=%d" % m, "-DN=%d" % n, "-DK=%d" % k, "-DPREC=%s" % prec, "--out-dir", out,
           "--"] + paths + [str(steps)]
    env = dict(os.environ, TILEC_DEVICE="simt", TILEC_SIMT_WARP_SIZE=str(warp_size))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    name = "%s %dx%dx%d w%d" % (kind, m, n, k, warps)
    if proc.returncode != 0:
        print("FAIL %s: %s" % (name, proc.stderr.strip()))
        return
    got = np.load(os.path.join(out, "c.npy"))
    if kind in ("s8", "mfma-i8"):
        ref = c.astype(np.int64) + sum(a[s].astype(np.int64) @ b[s].astype(np.int64)
                                       for s in range(steps))
        ok = got.dtype == np.int32 and np.array_equal(got.astype(np.int64), ref)
        print("%s %s (exact: %s)" % ("PASS" if ok else "FAIL", name, ok))
        return
    exact = c.astype(np.float64) + sum(a[s].astype(np.float64) @ b[s].astype(np.float64)
                                       for s in range(steps))
    scale = np.abs(c).astype(np.float64) + sum(np.abs(a[s]).astype(np.float64) @
                                               np.abs(b[s]).astype(np.float64)
                                               for s in range(steps))
    err_exact = float(np.max(np.abs(got - exact) / scale))
    if kind in ("ieee", "mfma-f32"):
        ok = err_exact <= 1e-5
        print("%s %s (relative err %.2g)" % ("PASS" if ok else "FAIL", name, err_exact))
        return
    rounded = c.astype(np.float64) + sum(tf32(a[s]).astype(np.float64) @
                                         tf32(b[s]).astype(np.float64) for s in range(steps))
    err_tf32 = float(np.max(np.abs(got - rounded) / scale))
    ok = err_tf32 <= 1e-5 < err_exact
    print("%s %s (relative err %.2g from tf32 inputs, %.2g from exact)"
          % ("PASS" if ok else "FAIL", name, err_tf32, err_exact))


if __name__ == "__main__":
    tilec = os.environ.get("TILEC") or shutil.which("tilec")
    with tempfile.TemporaryDirectory() as tmp:
        for warps in (4, 8):
            for m, n, k in ((16, 8, 8), (64, 64, 32), (32, 16, 64)):
                run_case(tilec, tmp, "tf32", m, n, k, warps)
                run_case(tilec, tmp, "ieee", m, n, k, warps)
            for m, n, k in ((16, 8, 32), (64, 64, 64), (32, 16, 128)):
                run_case(tilec, tmp, "s8", m, n, k, warps)
            for m, n, k in ((32, 32, 8), (64, 64, 32), (16, 16, 16)):
                run_case(tilec, tmp, "mfma-f32", m, n, k, warps)
            for m, n, k in ((32, 32, 16), (64, 64, 64), (16, 16, 32)):
                run_case(tilec, tmp, "mfma-i8", m, n, k, warps)
