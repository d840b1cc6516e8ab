# fp8 tl.dot on the SIMT emulator's tensor cores: at warp size 32 (the emulator models sm_89-class
# mma.sync) e4m3fn/e5m2 operands in every pair run on mma.sync.m16n8k32 with fp8 operands
# (ctx->mma kinds 4-7: A e4m3/e5m2, then B), each lane's fragments decoded by the emulator; the
# result equals a float64 numpy product of the decoded values to fp32 summation error (relative to
# the sum of |products|: 1e-5), with NaN (e4m3fn S.1111.111, e5m2 NaN, inf * 0, inf - inf) and
# inf (e5m2) where numpy has them. Operands cover every finite code (largest values 448 and 57344,
# subnormals). Each case carries an accumulator through a K loop, at 4 and 8 warps. At warp size
# 64 (the emulator's fp8 MFMAs take AMD's fnuz formats only: simt_mfma_fp8.py) the operands are
# decoded to f16 (after their read from shared memory; B also given transposed) and the dot runs
# on the f16 MFMA, with the same results. The compiled 64x64x64 e4m3 x e5m2 code at warp size 32
# calls ctx->mma with kind 5 16 times at 4 warps ([2, 2] warps, 2 x 4 blocks per warp, 2 K
# steps), and never with the f16 kind 0; at warp size 64 it calls ctx->mfma with the f16 kind 16
# (32x32x8) 8 times (8 K steps).
# With sm_90a's wgmma modelled (TILEC_SIMT_WGMMA=1, arch warp32-wgmma) dots of 64-row blocks
# whose B is a transposition (stored N x K: K-major, as wgmma reads fp8) run on wgmma.m64nNk32
# with fp8 operands (ctx->wgmma kinds 36-39): the 128x64x64 e4m3 x e5m2 code at 4 warps calls it
# with kind 37 4 times (two 64-row blocks, two K steps), and never mma.sync; with an
# N-contiguous B the dot stays on mma.sync (kind 5 there).
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel mm --signature '*u8:16,*u8:16,*fp32:16,i32' -DM=64 -DN=64 -DK=64 -DA=tl.float8e4nv -DB=tl.float8e5 -DTRANS_B=0 --target simt --num-warps 4 --emit llvm -o %t.fp8.ll
# RUN: FileCheck %s --check-prefix=MMA < %t.fp8.ll
# RUN: tilec compile %s --kernel mm --signature '*u8:16,*u8:16,*fp32:16,i32' -DM=64 -DN=64 -DK=64 -DA=tl.float8e4nv -DB=tl.float8e5 -DTRANS_B=0 --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.w64.ll
# RUN: FileCheck %s --check-prefix=MFMA < %t.w64.ll
# RUN: tilec compile %s --kernel mm --signature '*u8:16,*u8:16,*fp32:16,i32' -DM=128 -DN=64 -DK=64 -DA=tl.float8e4nv -DB=tl.float8e5 -DTRANS_B=1 --target simt --arch warp32-wgmma --num-warps 4 --emit llvm -o %t.wg.ll
# RUN: FileCheck %s --check-prefix=WGMMA < %t.wg.ll
# RUN: tilec compile %s --kernel mm --signature '*u8:16,*u8:16,*fp32:16,i32' -DM=128 -DN=64 -DK=64 -DA=tl.float8e4nv -DB=tl.float8e5 -DTRANS_B=0 --target simt --arch warp32-wgmma --num-warps 4 --emit llvm -o %t.wgn.ll
# RUN: FileCheck %s --check-prefix=NMAJOR < %t.wgn.ll
# CHECK: PASS fp8e4nv x fp8e4nv 16x8x32 w4
# CHECK: PASS fp8e5 x fp8e5 64x64x64 w4
# CHECK: PASS fp8e4nv x fp8e5 32x16x128 w4
# CHECK: PASS fp8e5 x fp8e4nv 64x64x64 w4
# CHECK: PASS specials fp8e4nv x fp8e5 w4
# CHECK: PASS specials fp8e5 x fp8e4nv w4
# CHECK: PASS warp64 fp8e4nv x fp8e5 64x64x64 w4
# CHECK: PASS warp64 trans fp8e5 x fp8e4nv 64x32x64 w4
# CHECK: PASS fp8e4nv x fp8e4nv 16x8x32 w8
# CHECK: PASS fp8e5 x fp8e5 64x64x64 w8
# CHECK: PASS fp8e4nv x fp8e5 32x16x128 w8
# CHECK: PASS fp8e5 x fp8e4nv 64x64x64 w8
# CHECK: PASS specials fp8e4nv x fp8e5 w8
# CHECK: PASS specials fp8e5 x fp8e4nv w8
# CHECK: PASS warp64 fp8e4nv x fp8e5 64x64x64 w8
# CHECK: PASS warp64 trans fp8e5 x fp8e4nv 64x32x64 w8
# CHECK: PASS wgmma fp8e4nv x fp8e5 128x64x64 w4
# CHECK: PASS wgmma fp8e5 x fp8e4nv 64x128x128 w4
# CHECK: PASS wgmma specials fp8e4nv x fp8e5 w4
# CHECK: PASS wgmma specials fp8e5 x fp8e5 w4
# CHECK: PASS wgmma fp8e4nv x fp8e4nv 128x64x64 w8
# CHECK: PASS wgmma fp8e5 x fp8e4nv 64x64x32 w8
# CHECK: PASS wgmma specials fp8e5 x fp8e4nv w8
# CHECK-NOT: FAIL
# MMA-LABEL: define {{.*}}@__tilec_simt_entry_mm
# MMA-NOT: call void %{{.*}}(ptr {{.*}}, i32 0, ptr {{.*}})
# MMA-COUNT-16: call void %{{.*}}(ptr {{.*}}, i32 5, ptr {{.*}})
# MMA-NOT: call void %{{.*}}(ptr {{.*}}, i32 5, ptr {{.*}})
# MFMA-LABEL: define {{.*}}@__tilec_simt_entry_mm
# MFMA-COUNT-8: call void %{{.*}}(ptr {{.*}}, i32 16, ptr {{.*}})
# MFMA-NOT: call void %{{.*}}(ptr {{.*}}, i32 16, ptr {{.*}})
# WGMMA-LABEL: define {{.*}}@__tilec_simt_entry_mm
# WGMMA-NOT: call void %{{.*}}(ptr {{.*}}, i32 {{[0-7]}}, ptr {{.*}})
# WGMMA-COUNT-4: call void %{{.*}}(ptr {{.*}}, i32 37, i64 %{{.*}}, i64 {{%?[0-9]+}}, i32 64, ptr {{.*}})
# WGMMA-NOT: call void %{{.*}}(ptr {{.*}}, i32 37, i64
# NMAJOR-LABEL: define {{.*}}@__tilec_simt_entry_mm
# NMAJOR-NOT: call void %{{.*}}(ptr {{.*}}, i32 37, i64
# NMAJOR: call void %{{.*}}(ptr {{.*}}, i32 5, ptr {{.*}})
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import jit, run, tl  # noqa: E402


# numpy has no fp8 dtype: the kernel loads bytes and bitcasts them to the formats A and B.
@jit
def mm(a_ptr, b_ptr, c_ptr, steps, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
       A: tl.constexpr, B: tl.constexpr, TRANS_B: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
    for s in range(0, steps):
        a = tl.load(a_ptr + s * M * K + rm[:, None] * K + rk[None, :]).to(A, bitcast=True)
        if TRANS_B:  # B stored N x K
            b = tl.trans(tl.load(b_ptr + s * K * N + rn[:, None] * K + rk[None, :])).to(
                B, bitcast=True)
        else:
            b = tl.load(b_ptr + s * K * N + rk[:, None] * N + rn[None, :]).to(B, bitcast=True)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


def decode(fmt):
    """float64 values of the 256 codes: e5m2 (bias 15, exponent 31 inf/NaN) or e4m3fn (bias 7,
    no inf, S.1111.111 NaN), from the formats' definitions."""
    man, bias = (2, 15) if fmt == "fp8e5" else (3, 7)
    values = np.zeros(256)
    for code in range(256):
        sign = -1.0 if code & 0x80 else 1.0
        exp, frac = (code & 0x7F) >> man, code & ((1 << man) - 1)
        if fmt == "fp8e5" and exp == 31:
            values[code] = sign * np.inf if frac == 0 else np.nan
        elif fmt == "fp8e4nv" and (code & 0x7F) == 0x7F:
            values[code] = np.nan
        elif exp == 0:
            values[code] = sign * frac * 2.0 ** (1 - bias - man)
        else:
            values[code] = sign * (1 + frac / 2.0 ** man) * 2.0 ** (exp - bias)
    return values


def finite_codes(fmt):
    table = decode(fmt)
    return np.array([c for c in range(256) if np.isfinite(table[c])], np.uint8)


def run_case(name, a, b, c, fa, fb, warps, warp_size=32, wgmma=False, trans_b=None):
    steps, m, k = a.shape
    n = b.shape[2]
    os.environ["TILEC_DEVICE"] = "simt"
    os.environ["TILEC_SIMT_WARP_SIZE"] = str(warp_size)
    os.environ["TILEC_SIMT_WGMMA"] = "1" if wgmma else "0"
    # wgmma reads fp8 B K-major: there B is given as its N x K transposition.
    trans_b = wgmma if trans_b is None else trans_b
    b_arg = np.ascontiguousarray(np.transpose(b, (0, 2, 1))) if trans_b else b
    got = run(__file__, "mm", 1, [a, b_arg, c.copy(), steps],
              {"M": m, "N": n, "K": k, "A": "tl." + {"fp8e5": "float8e5",
                                                     "fp8e4nv": "float8e4nv"}[fa],
               "B": "tl." + {"fp8e5": "float8e5", "fp8e4nv": "float8e4nv"}[fb],
               "TRANS_B": int(trans_b)},
              flags=["--num-warps", str(warps)])[2]
    ta, tb = decode(fa), decode(fb)
    with np.errstate(invalid="ignore", over="ignore"):
        ref = c.astype(np.float64) + sum(ta[a[s]] @ tb[b[s]] for s in range(steps))
        scale = np.abs(c).astype(np.float64) + sum(np.abs(ta[a[s]]) @ np.abs(tb[b[s]])
                                                   for s in range(steps))
        finite = np.isfinite(ref)
        same_special = np.array_equal(np.isnan(got), np.isnan(ref)) and np.array_equal(
            got[np.isinf(ref)], ref[np.isinf(ref)])
        err = float(np.max(np.abs(got[finite] - ref[finite]) / scale[finite], initial=0.0))
    ok = same_special and err <= 1e-5 and bool(np.all(np.isfinite(got) == finite))
    print("%s %s w%d (relative err %.2g, NaN/inf %s)" % ("PASS" if ok else "FAIL", name, warps, err,
                                                      "same" if same_special else "differ"))
    sys.stdout.flush()


def random_case(fa, fb, m, n, k, warps, rng, steps=2, wgmma=False):
    a = rng.choice(finite_codes(fa), (steps, m, k))
    b = rng.choice(finite_codes(fb), (steps, k, n))
    c = rng.uniform(-2, 2, (m, n)).astype(np.float32)
    run_case("%s%s x %s %dx%dx%d" % ("wgmma " if wgmma else "", fa, fb, m, n, k), a, b, c, fa,
             fb, warps, wgmma=wgmma)


def specials_case(fa, fb, warps, rng, wgmma=False):
    """NaN codes of both formats, e5m2 infinities (times zero: NaN; +inf and -inf in one sum:
    NaN), the largest values and subnormals, in a 32x16x64 dot (64x16x64 on wgmma)."""
    m, n, k = (64 if wgmma else 32), 16, 64
    a = rng.choice(finite_codes(fa), (1, m, k))
    b = rng.choice(finite_codes(fb), (1, k, n))
    nan_a = 0x7F if fa == "fp8e4nv" else 0x7D
    a[0, 3, 5] = nan_a                       # row 3 of D: NaN
    a[0, 4, 7] = nan_a | 0x80                # row 4: NaN (negative NaN code)
    a[0, 6, :] = 0x7E if fa == "fp8e4nv" else 0x7B   # row 6: the largest value, 448 or 57344
    a[0, 7, :] = 0x01                        # row 7: the smallest subnormal
    if fb == "fp8e5":
        b[0, :, 2] = 0x3C                    # column 2: 1.0 ...
        b[0, 9, 2] = 0x7C                    # ... one +inf: +inf where A's row has no zero
        a[0, 8, 9] = 0x00                    # row 8 x column 2: inf * 0 = NaN
        b[0, 10, 3] = 0x7C                   # column 3: +inf and -inf: NaN
        b[0, 11, 3] = 0xFC
    else:
        b[0, 12, 2] = 0x7F                   # column 2: NaN (e4m3fn has no inf)
    if fa == "fp8e5":
        a[0, 10, :] = 0x3C
        a[0, 10, 20] = 0xFC                  # row 10: -inf times finite B values
    c = rng.uniform(-2, 2, (m, n)).astype(np.float32)
    run_case("%sspecials %s x %s" % ("wgmma " if wgmma else "", fa, fb), a, b, c, fa, fb, warps,
             wgmma=wgmma)


def main():
    rng = np.random.default_rng(12)
    for warps in (4, 8):
        random_case("fp8e4nv", "fp8e4nv", 16, 8, 32, warps, rng)
        random_case("fp8e5", "fp8e5", 64, 64, 64, warps, rng)
        random_case("fp8e4nv", "fp8e5", 32, 16, 128, warps, rng)
        random_case("fp8e5", "fp8e4nv", 64, 64, 64, warps, rng)
        specials_case("fp8e4nv", "fp8e5", warps, rng)
        specials_case("fp8e5", "fp8e4nv", warps, rng)
        a = rng.choice(finite_codes("fp8e4nv"), (2, 64, 64))
        b = rng.choice(finite_codes("fp8e5"), (2, 64, 64))
        c = rng.uniform(-2, 2, (64, 64)).astype(np.float32)
        run_case("warp64 fp8e4nv x fp8e5 64x64x64", a, b, c, "fp8e4nv", "fp8e5", warps,
                 warp_size=64)
        # B given as its N x K transposition: the upcast path's bytes transposed on their way
        # to the LDS buffer, decoded after the read.
        a = rng.choice(finite_codes("fp8e5"), (2, 64, 64))
        b = rng.choice(finite_codes("fp8e4nv"), (2, 64, 32))
        c = rng.uniform(-2, 2, (64, 32)).astype(np.float32)
        run_case("warp64 trans fp8e5 x fp8e4nv 64x32x64", a, b, c, "fp8e5", "fp8e4nv", warps,
                 warp_size=64, trans_b=True)
    # sm_90a's wgmma: 4 warps (one warpgroup) and 8 (two: along M, or splitting N).
    random_case("fp8e4nv", "fp8e5", 128, 64, 64, 4, rng, wgmma=True)
    random_case("fp8e5", "fp8e4nv", 64, 128, 128, 4, rng, wgmma=True)
    specials_case("fp8e4nv", "fp8e5", 4, rng, wgmma=True)
    specials_case("fp8e5", "fp8e5", 4, rng, wgmma=True)
    random_case("fp8e4nv", "fp8e4nv", 128, 64, 64, 8, rng, wgmma=True)
    random_case("fp8e5", "fp8e4nv", 64, 64, 32, 8, rng, wgmma=True)
    specials_case("fp8e5", "fp8e4nv", 8, rng, wgmma=True)


if __name__ == "__main__":
    main()
