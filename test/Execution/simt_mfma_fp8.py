# fp8 tl.dot on the SIMT emulator's AMD matrix cores (warp size 64, CDNA3 gfx942 model): the fnuz
# formats fp8e4b8 (fp8, e4m3fnuz: bias 8, largest 240) and fp8e5b16 (bf8, e5m2fnuz: bias 16,
# largest 57344) run on v_mfma_f32_32x32x16 and 16x16x32 with fp8/bf8 operands in every pair
# (ctx->mfma kinds 24-31), each lane's eight bytes decoded by the emulator; the result equals a
# float64 numpy product of the decoded values to fp32 summation error (relative to the sum of
# |products|: 1e-5), with NaN (0x80, the only NaN code of either format) where numpy has it.
# Operands cover every code but 0x80 (the largest values, subnormals, zero), K loops with a
# masked K tail (K not a multiple of BLOCK_K: the missing bytes load as 0), and the matmul
# tutorial's tiling over a grid with ragged M, N and K edges, at 4 and 8 warps; at warp size 32
# (no fnuz instruction: decoded to f16 for mma.sync after the shared-memory read) too. The
# compiled 64x64x64 fp8 x bf8 code calls ctx->mfma with kind 25 (32x32x16 fp8.bf8) 4 times at 4
# warps ([2, 2] warps, one 32x32 block each, 4 K steps), a 16x16x64 bf8 x fp8 dot kind 30
# (16x16x32 bf8.fp8), and the OCP formats (fp8e4nv, fp8e5; no gfx942 MFMA) the f16 kind 16.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# RUN: tilec compile %s --kernel mm --signature '*u8:16,*u8:16,*fp32:16,i32' -DBM=64 -DBN=64 -DBK=64 -DA=tl.float8e4b8 -DB=tl.float8e5b16 --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.ll
# RUN: FileCheck %s --check-prefix=IR < %t.ll
# RUN: tilec compile %s --kernel mm --signature '*u8:16,*u8:16,*fp32:16,i32' -DBM=16 -DBN=16 -DBK=64 -DA=tl.float8e5b16 -DB=tl.float8e4b8 --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.16.ll
# RUN: FileCheck %s --check-prefix=IR16 < %t.16.ll
# RUN: tilec compile %s --kernel mm --signature '*u8:16,*u8:16,*fp32:16,i32' -DBM=64 -DBN=64 -DBK=64 -DA=tl.float8e4nv -DB=tl.float8e5 --target simt --arch warp64 --num-warps 4 --emit llvm -o %t.ocp.ll
# RUN: FileCheck %s --check-prefix=OCP < %t.ocp.ll
# CHECK: PASS fp8e4b8 x fp8e4b8 32x32x16 K=64 w4
# CHECK: PASS fp8e5b16 x fp8e5b16 64x64x64 K=128 w4
# CHECK: PASS fp8e4b8 x fp8e5b16 64x32x32 K=80 w4
# CHECK: PASS fp8e5b16 x fp8e4b8 16x16x32 K=72 w4
# CHECK: PASS fp8e4b8 x fp8e5b16 16x64x64 K=100 w4
# CHECK: PASS specials fp8e4b8 x fp8e5b16 w4
# CHECK: PASS specials fp8e5b16 x fp8e4b8 w4
# CHECK: PASS tiled fp8e4b8 x fp8e5b16 80x72x100 blocks 32x32x32 w4
# CHECK: PASS tiled fp8e5b16 x fp8e4b8 150x130x200 blocks 64x64x64 w4
# CHECK: PASS fp8e4b8 x fp8e4b8 32x32x16 K=64 w8
# CHECK: PASS fp8e5b16 x fp8e5b16 64x64x64 K=128 w8
# CHECK: PASS fp8e4b8 x fp8e5b16 64x32x32 K=80 w8
# CHECK: PASS fp8e5b16 x fp8e4b8 16x16x32 K=72 w8
# CHECK: PASS fp8e4b8 x fp8e5b16 16x64x64 K=100 w8
# CHECK: PASS specials fp8e4b8 x fp8e5b16 w8
# CHECK: PASS specials fp8e5b16 x fp8e4b8 w8
# CHECK: PASS tiled fp8e4b8 x fp8e5b16 80x72x100 blocks 32x32x32 w8
# CHECK: PASS tiled fp8e5b16 x fp8e4b8 150x130x200 blocks 64x64x64 w8
# CHECK: PASS warp32 fp8e4b8 x fp8e5b16 64x32x32 K=80 w4
# CHECK: PASS warp32 specials fp8e4b8 x fp8e5b16 w4
# CHECK: PASS warp32 specials fp8e5b16 x fp8e4b8 w4
# CHECK: PASS warp32 tiled fp8e5b16 x fp8e4b8 150x130x200 blocks 64x64x64 w4
# CHECK: PASS warp32 fp8e4b8 x fp8e5b16 64x32x32 K=80 w8
# CHECK: PASS warp32 specials fp8e4b8 x fp8e5b16 w8
# CHECK: PASS warp32 specials fp8e5b16 x fp8e4b8 w8
# CHECK: PASS warp32 tiled fp8e5b16 x fp8e4b8 150x130x200 blocks 64x64x64 w8
# CHECK-NOT: FAIL
# IR-LABEL: define {{.*}}@__tilec_simt_entry_mm
# IR-NOT: call void %{{.*}}(ptr {{.*}}, i32 16, ptr {{.*}})
# IR-COUNT-4: call void %{{.*}}(ptr {{.*}}, i32 25, ptr {{.*}})
# IR-NOT: call void %{{.*}}(ptr {{.*}}, i32 {{1[0-9]|2[0-9]}}, ptr {{.*}})
# IR16-LABEL: define {{.*}}@__tilec_simt_entry_mm
# IR16: call void %{{.*}}(ptr {{.*}}, i32 30, ptr {{.*}})
# IR16-NOT: call void %{{.*}}(ptr {{.*}}, i32 {{1[0-9]|2[0-9]}}, ptr {{.*}})
# OCP-LABEL: define {{.*}}@__tilec_simt_entry_mm
# OCP-NOT: call void %{{.*}}(ptr {{.*}}, i32 {{2[4-9]|3[01]}}, ptr {{.*}})
# OCP: call void %{{.*}}(ptr {{.*}}, i32 16, ptr {{.*}})
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import jit, run, tl  # noqa: E402


# numpy has no fp8 dtype: the kernel loads bytes and bitcasts them to the formats A and B. The K
# loop's last block is masked where K is not a multiple of BK (the bytes load as 0, i.e. +0.0).
@jit
def mm(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
       A: tl.constexpr, B: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.load(c_ptr + rm[:, None] * BN + rn[None, :])
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=kk[None, :] < K, other=0)
        b = tl.load(b_ptr + kk[:, None] * BN + rn[None, :], mask=kk[:, None] < K, other=0)
        acc = tl.dot(a.to(A, bitcast=True), b.to(B, bitcast=True), acc)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


# The matmul tutorial's tiling (examples/matmul.py) on fp8 bytes: ragged M, N and K edges masked
# (other=0: +0.0 in both formats).
@jit
def tiled(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
          A: tl.constexpr, B: tl.constexpr):
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_m[:, None] * K + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * N + offs_n[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        k_left = K - k * BK
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_left), other=0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_n[None, :] < N), other=0)
        acc = tl.dot(a.to(A, bitcast=True), b.to(B, bitcast=True), acc)
        a_ptrs += BK
        b_ptrs += BK * N
    c_mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc, mask=c_mask)


DTYPES = {"fp8e4b8": "tl.float8e4b8", "fp8e5b16": "tl.float8e5b16"}


def decode(fmt):
    """float64 values of the 256 codes of a fnuz format, from its definition: e4m3fnuz (bias 8)
    or e5m2fnuz (bias 16); 0x80 is NaN, there is no infinity and no negative zero."""
    man, bias = (2, 16) if fmt == "fp8e5b16" else (3, 8)
    values = np.zeros(256)
    for code in range(256):
        sign = -1.0 if code & 0x80 else 1.0
        exp, frac = (code & 0x7F) >> man, code & ((1 << man) - 1)
        if code == 0x80:
            values[code] = np.nan
        elif exp == 0:
            values[code] = sign * frac * 2.0 ** (1 - bias - man)
        else:
            values[code] = sign * (1 + frac / 2.0 ** man) * 2.0 ** (exp - bias)
    return values


FINITE = np.array([c for c in range(256) if c != 0x80], np.uint8)


def run_case(name, a, b, c, fa, fb, bk, warps, blocks=None, warp_size=64):
    """`blocks` (BM, BN): the tiled kernel over a grid of such blocks, else mm on one block."""
    m, k = a.shape
    n = b.shape[1]
    os.environ["TILEC_DEVICE"] = "simt"
    os.environ["TILEC_SIMT_WARP_SIZE"] = str(warp_size)
    formats = {"A": DTYPES[fa], "B": DTYPES[fb]}
    if blocks:
        bm, bn = blocks
        got = run(__file__, "tiled", (-(-m // bm), -(-n // bn)), [a, b, c.copy(), m, n, k],
                  dict(formats, BM=bm, BN=bn, BK=bk), flags=["--num-warps", str(warps)])[2]
    else:
        got = run(__file__, "mm", 1, [a, b, c.copy(), k], dict(formats, BM=m, BN=n, BK=bk),
                  flags=["--num-warps", str(warps)])[2]
    ta, tb = decode(fa), decode(fb)
    with np.errstate(invalid="ignore", over="ignore"):
        ref = c.astype(np.float64) + ta[a] @ tb[b]
        scale = np.abs(c).astype(np.float64) + np.abs(ta[a]) @ np.abs(tb[b])
        finite = np.isfinite(ref)
        same_nan = np.array_equal(np.isnan(got), np.isnan(ref))
        err = float(np.max(np.abs(got[finite] - ref[finite]) / scale[finite], initial=0.0))
    ok = same_nan and err <= 1e-5 and bool(np.all(np.isfinite(got) == finite))
    print("%s %s w%d (relative err %.2g, NaN %s)" % ("PASS" if ok else "FAIL", name, warps, err,
                                                    "same" if same_nan else "differ"))
    sys.stdout.flush()


def prefix(warp_size):
    return "" if warp_size == 64 else "warp%d " % warp_size


def random_case(fa, fb, m, n, bk, k, warps, rng, warp_size=64):
    a = rng.choice(FINITE, (m, k))
    b = rng.choice(FINITE, (k, n))
    c = rng.uniform(-2, 2, (m, n)).astype(np.float32)
    run_case("%s%s x %s %dx%dx%d K=%d" % (prefix(warp_size), fa, fb, m, n, bk, k), a, b, c, fa,
             fb, bk, warps, warp_size=warp_size)


def tiled_case(fa, fb, m, n, k, blocks, bk, warps, rng, warp_size=64):
    a = rng.choice(FINITE, (m, k))
    b = rng.choice(FINITE, (k, n))
    a[m // 2, 3] = 0x80                      # one NaN row of D
    c = np.zeros((m, n), np.float32)
    run_case("%stiled %s x %s %dx%dx%d blocks %dx%dx%d" % (prefix(warp_size), fa, fb, m, n, k,
                                                         blocks[0], blocks[1], bk),
             a, b, c, fa, fb, bk, warps, blocks, warp_size)


def specials_case(fa, fb, warps, rng, warp_size=64):
    """NaN (0x80) in A and in B, rows of the largest values (0x7F, 0xFF: 240 or 57344 in
    magnitude), of the smallest subnormal (0x01) and of zeros, and a column of ones, in a
    32x32x32 dot over K = 48 (a masked tail)."""
    m, n, bk, k = 32, 32, 32, 48
    a = rng.choice(FINITE, (m, k))
    b = rng.choice(FINITE, (k, n))
    a[3, 5] = 0x80                           # row 3 of D: NaN
    b[40, 7] = 0x80                          # column 7: NaN (in the masked tail block)
    a[6, :] = 0x7F                           # row 6: the largest value ...
    a[6, 1::2] = 0xFF                        # ... and its negative
    a[7, :] = 0x01                           # row 7: the smallest subnormal
    a[8, :] = 0x00                           # row 8: zeros (times B's NaN column: NaN)
    b[:, 2] = 0x40                           # column 2: 1.0 (in both formats) ...
    b[9, 2] = 0x7F                           # ... and one largest value
    b[:, 4] = 0x01                           # column 4: the smallest subnormal (x row 7: 2^-27)
    b[:, 5] = 0x83                           # column 5: a negative subnormal
    c = rng.uniform(-2, 2, (m, n)).astype(np.float32)
    c[7, 4] = 0.0                            # subnormal x subnormal alone
    run_case("%sspecials %s x %s" % (prefix(warp_size), fa, fb), a, b, c, fa, fb, bk, warps,
             warp_size=warp_size)


def main():
    rng = np.random.default_rng(12)
    for warps in (4, 8):
        random_case("fp8e4b8", "fp8e4b8", 32, 32, 16, 64, warps, rng)
        random_case("fp8e5b16", "fp8e5b16", 64, 64, 64, 128, warps, rng)
        random_case("fp8e4b8", "fp8e5b16", 64, 32, 32, 80, warps, rng)
        random_case("fp8e5b16", "fp8e4b8", 16, 16, 32, 72, warps, rng)
        random_case("fp8e4b8", "fp8e5b16", 16, 64, 64, 100, warps, rng)
        specials_case("fp8e4b8", "fp8e5b16", warps, rng)
        specials_case("fp8e5b16", "fp8e4b8", warps, rng)
        tiled_case("fp8e4b8", "fp8e5b16", 80, 72, 100, (32, 32), 32, warps, rng)
        tiled_case("fp8e5b16", "fp8e4b8", 150, 130, 200, (64, 64), 64, warps, rng)
    # Warp size 32 has no fnuz instruction: the bytes are staged in shared memory (cp.async),
    # read in the f16 mma.sync operand layouts and decoded there, per K step.
    for warps in (4, 8):
        random_case("fp8e4b8", "fp8e5b16", 64, 32, 32, 80, warps, rng, warp_size=32)
        specials_case("fp8e4b8", "fp8e5b16", warps, rng, warp_size=32)
        specials_case("fp8e5b16", "fp8e4b8", warps, rng, warp_size=32)
        tiled_case("fp8e5b16", "fp8e4b8", 150, 130, 200, (64, 64), 64, warps, rng, warp_size=32)


if __name__ == "__main__":
    main()
