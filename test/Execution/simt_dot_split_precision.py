# The split fp32 precisions on the SIMT emulator at warp size 32: input_precision="tf32x3" runs Triton's three-mma split (a = a_big + a_small, a_big = tf32(a); acc + (a_big.b_big + nan_to_zero(a_small.b_big + a_big.b_small))), "bf16x3" and "bf16x6" the same split into bf16 pieces (3 and 6 bf16 mmas), each within its error bound of the exact product.
# Each case carries an accumulator through a 2-step K loop, at 4 and 8 warps, on fp32 inputs with
# full mantissas (uniform in [-2, 2)); errors are relative to the sum of |products|. "tf32x3" and
# "bf16x6" must be within 1e-6 (as "ieee"; measured about 1e-7) and at least 100 times below
# "tf32" alone, which exceeds 3e-5 (measured 9e-5 to 2.4e-4); "bf16x3" (pieces of 16 bits: only
# the products of the low pieces are dropped) within 1e-4 and at least 4 times above "bf16x6",
# so that it is not run exactly (where K is a multiple of 16: bf16 mma.sync is m16n8k16; other
# K run the bf16 splits as "ieee", within 1e-6). An infinite operand gives the infinite exact result, not NaN
# (the split's small terms, inf - inf and inf * 0, are NaN and dropped, as Triton does). The
# compiled 64x64x32 code calls ctx->mma with kind 2 (tf32) 96 times at 4 warps, three times the
# 32 of "tf32", and "bf16x6" calls the bf16 kind (1, m16n8k16) 6 x 16 = 96 times.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %S/simt_dot_f32_i8.py --kernel mm --signature '*fp32:16,*fp32:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 -DPREC=tf32x3 --target simt --num-warps 4 --emit llvm -o %t.x3.ll
# RUN: FileCheck %s --check-prefix=X3 < %t.x3.ll
# RUN: tilec compile %S/simt_dot_f32_i8.py --kernel mm --signature '*fp32:16,*fp32:16,*fp32:16,i32' -DM=64 -DN=64 -DK=32 -DPREC=bf16x6 --target simt --num-warps 4 --emit llvm -o %t.b6.ll
# RUN: FileCheck %s --check-prefix=B6 < %t.b6.ll
# CHECK: PASS 16x8x8 w4
# CHECK: PASS 64x64x32 w4
# CHECK: PASS 32x16x64 w4
# CHECK: PASS inf 16x8x16 w4 tf32x3
# CHECK: PASS inf 16x8x16 w4 bf16x3
# CHECK: PASS inf 16x8x16 w4 bf16x6
# CHECK: PASS 16x8x8 w8
# CHECK: PASS 64x64x32 w8
# CHECK: PASS 32x16x64 w8
# CHECK: PASS inf 16x8x16 w8 tf32x3
# CHECK: PASS inf 16x8x16 w8 bf16x3
# CHECK: PASS inf 16x8x16 w8 bf16x6
# CHECK-NOT: FAIL
# X3-LABEL: define {{.*}}@__tilec_simt_entry_mm
# X3-COUNT-96: call void %{{.*}}(ptr {{.*}}, i32 2, ptr {{.*}})
# X3-NOT: call void %{{.*}}(ptr {{.*}}, i32 2, ptr {{.*}})
# B6-LABEL: define {{.*}}@__tilec_simt_entry_mm
# B6-COUNT-96: call void %{{.*}}(ptr {{.*}}, i32 1, ptr {{.*}})
# B6-NOT: call void %{{.*}}(ptr {{.*}}, i32 1, ptr {{.*}})
import os
import shutil
import subprocess
import tempfile

import numpy as np


# The kernel: simt_dot_f32_i8.py's `mm` (an accumulator loaded from c, a K loop of `steps` dots
# with input_precision=PREC, the sum stored back to c).
KERNEL_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "simt_dot_f32_i8.py")


def run(tilec, tmp, a, b, c, prec, warps):
    """The kernel's result on the emulator at warp size 32, or the error text."""
    steps, m, k = a.shape
    n = b.shape[2]
    paths = []
    for name, arr in (("a", a), ("b", b), ("c", c)):
        paths.append(os.path.join(tmp, name + ".npy"))
        np.save(paths[-1], arr)
    out = os.path.join(tmp, "out")
    cmd = [tilec, "run", KERNEL_FILE, "--kernel", "mm", "--grid", "1", "--num-warps", str(warps),
           "-DM=%d" % m, "-DN=%d" % n, "-DK=%d" % k, "-DPREC=%s" % prec, "--out-dir", out,
           "--"] + paths + [str(steps)]
    env = dict(os.environ, TILEC_DEVICE="simt", TILEC_SIMT_WARP_SIZE="32")
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        return proc.stderr.strip()
    return np.load(os.path.join(out, "c.npy"))


def inputs(m, n, k, seed, steps=2):
    rng = np.random.default_rng(seed)
    return (rng.uniform(-2, 2, (steps, m, k)).astype(np.float32),
            rng.uniform(-2, 2, (steps, k, n)).astype(np.float32),
            rng.uniform(-2, 2, (m, n)).astype(np.float32))


def exact(a, b, c):
    return c.astype(np.float64) + sum(a[s].astype(np.float64) @ b[s].astype(np.float64)
                                      for s in range(a.shape[0]))


def check_precision(tilec, tmp, m, n, k, warps):
    name = "%dx%dx%d w%d" % (m, n, k, warps)
    a, b, c = inputs(m, n, k, m * n + k + warps)
    scale = np.abs(c).astype(np.float64) + sum(np.abs(a[s]).astype(np.float64) @
                                               np.abs(b[s]).astype(np.float64)
                                               for s in range(a.shape[0]))
    errs = {}
    for prec in ("tf32x3", "tf32", "ieee", "bf16x3", "bf16x6"):
        got = run(tilec, tmp, a, b, c, prec, warps)
        if isinstance(got, str):
            print("FAIL %s %s: %s" % (name, prec, got))
            return
        errs[prec] = float(np.max(np.abs(got - exact(a, b, c)) / scale))
    ok = (errs["tf32x3"] <= 1e-6 and errs["ieee"] <= 1e-6 and errs["tf32"] > 3e-5
          and errs["tf32"] >= 100 * errs["tf32x3"] and errs["bf16x6"] <= 1e-6
          and errs["tf32"] >= 100 * errs["bf16x6"] and errs["bf16x3"] <= 1e-4)
    # bf16 mma.sync is m16n8k16: where K is not a multiple of 16 the bf16 splits run as "ieee".
    if k % 16:
        ok = ok and errs["bf16x3"] <= 1e-6
    else:
        ok = ok and errs["bf16x3"] >= 4 * errs["bf16x6"]
    print("%s %s (relative err %s)" % ("PASS" if ok else "FAIL", name, ", ".join(
        "%s %.2g" % (prec, err) for prec, err in errs.items())))


def check_infinity(tilec, tmp, warps, m=16, n=8, k=16):
    name = "inf %dx%dx%d w%d" % (m, n, k, warps)
    a, b, c = inputs(m, n, k, warps)
    b[0, 3, 5] = np.inf
    want = exact(a, b, c)
    inf = np.isinf(want)
    for prec in ("tf32x3", "bf16x3", "bf16x6"):
        got = run(tilec, tmp, a, b, c, prec, warps)
        if isinstance(got, str):
            print("FAIL %s %s: %s" % (name, prec, got))
            return
        ok = (inf[:, 5].all() and np.array_equal(got[inf], want[inf])
              and np.allclose(got[~inf], want[~inf], rtol=1e-4, atol=1e-4))
        print("%s %s %s (%d infinite results, %d NaN)" % (
            "PASS" if ok else "FAIL", name, prec, int(np.isinf(got).sum()),
            int(np.isnan(got).sum())))


if __name__ == "__main__":
    tilec = os.environ.get("TILEC") or shutil.which("tilec")
    with tempfile.TemporaryDirectory() as tmp:
        for warps in (4, 8):
            for m, n, k in ((16, 8, 8), (64, 64, 32), (32, 16, 64)):
                check_precision(tilec, tmp, m, n, k, warps)
            check_infinity(tilec, tmp, warps)
