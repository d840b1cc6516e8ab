# fp8 storage types: all 256 bytes of float8e5 (e5m2) and float8e4nv (e4m3fn) decoded to fp32,
# fp16 and bf16, and fp32/fp16 values encoded (round to nearest even or toward zero,
# saturating to the largest finite value, NaN kept) against an independent numpy reference
# that searches the nearest code; fp8 -> fp8 conversion; rtz for fp32 -> fp16/bf16.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


# `tilec run` passes numpy arrays, which have no fp8 dtype: the kernels take uint8 bytes and
# bitcast them (`tilec compile --signature '*fp8e5,...'` types the pointers directly).
@jit
def decode_kernel(src_ptr, f32_ptr, f16_ptr, bf16_ptr, BLOCK: tl.constexpr, DT: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(src_ptr + offs).to(DT, bitcast=True)
    tl.store(f32_ptr + offs, x.to(tl.float32))
    tl.store(f16_ptr + offs, x.to(tl.float16))
    tl.store(bf16_ptr + offs, x.to(tl.bfloat16).to(tl.float32))


@jit
def encode_kernel(src_ptr, rne_ptr, rtz_ptr, h_ptr, BLOCK: tl.constexpr, DT: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(src_ptr + offs)
    tl.store(rne_ptr + offs, x.to(DT).to(tl.uint8, bitcast=True))
    tl.store(rtz_ptr + offs, x.to(DT, fp_downcast_rounding="rtz").to(tl.uint8, bitcast=True))
    tl.store(h_ptr + offs, x.to(tl.float16).to(DT).to(tl.uint8, bitcast=True))


@jit
def fp8_to_fp8_kernel(src_ptr, dst_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(src_ptr + offs).to(tl.float8e4nv, bitcast=True)
    tl.store(dst_ptr + offs, x.to(tl.float8e5).to(tl.uint8, bitcast=True))


@jit
def half_rtz_kernel(src_ptr, h_ptr, b_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(src_ptr + offs)
    tl.store(h_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"))
    tl.store(b_ptr + offs, x.to(tl.bfloat16, fp_downcast_rounding="rtz").to(tl.float32))


# ---- numpy reference, from the formats' definitions ----
FORMATS = {"fp8e5": (2, 15, True), "fp8e4nv": (3, 7, False)}


def decode_ref(codes, fmt):
    mbits, bias, ieee = FORMATS[fmt]
    codes = codes.astype(np.int64)
    sign = np.where(codes & 0x80, -1.0, 1.0)
    exp = (codes >> mbits) & ((1 << (7 - mbits)) - 1)
    mant = codes & ((1 << mbits) - 1)
    value = np.where(exp == 0, mant * 2.0 ** (1 - bias - mbits),
                     (1 + mant / 2.0 ** mbits) * 2.0 ** (exp - bias))
    top = (1 << (7 - mbits)) - 1
    if ieee:
        value = np.where(exp == top, np.where(mant == 0, np.inf, np.nan), value)
    else:
        value = np.where((exp == top) & (mant == (1 << mbits) - 1), np.nan, value)
    return np.copysign(value, sign)


def encode_ref(values, fmt, toward_zero=False):
    """Nearest finite code by search (ties to the even code), saturating; NaN -> 0x7F."""
    table = decode_ref(np.arange(128), fmt)
    finite = np.isfinite(table)
    codes = np.arange(128)[finite]
    mags = table[finite]
    out = []
    for v in values.astype(np.float64):
        sign = 0x80 if np.signbit(v) else 0
        if np.isnan(v):
            out.append(sign | 0x7F)
            continue
        a = abs(v)
        if a >= mags.max():
            best = codes[mags.argmax()]
        elif toward_zero:
            best = codes[mags <= a].max()
        else:
            err = np.abs(mags - a)
            cands = codes[err == err.min()]
            best = cands[cands % 2 == 0][0] if len(cands) > 1 else cands[0]
        out.append(sign | int(best))
    return np.array(out, dtype=np.uint8)


def values_to_encode(fmt, rng):
    """Every code's value, the midpoints between neighbours (ties), random values over the
    range, subnormals, beyond the largest finite value, infinities and NaN."""
    table = decode_ref(np.arange(128), fmt)
    finite = np.sort(table[np.isfinite(table)])
    mids = (finite[:-1] + finite[1:]) / 2
    extra = [finite[-1] * 1.01, finite[-1] * 4, 1e30, np.inf, np.nan, 0.0, 2.0 ** -30]
    rand = rng.uniform(-finite[-1] * 1.1, finite[-1] * 1.1, 600)
    small = rng.uniform(-finite[1] * 8, finite[1] * 8, 300)
    vals = np.concatenate([finite, mids, extra, rand, small])
    vals = np.concatenate([vals, -vals])
    n = (len(vals) + 63) // 64 * 64
    return np.resize(vals, n).astype(np.float32)


def main():
    np.seterr(over="ignore", invalid="ignore")  # NaN and overflow inputs are intended
    rng = np.random.default_rng(8)
    codes = np.arange(256, dtype=np.uint8)
    for fmt in FORMATS:
        outs = [np.zeros(256, np.float32), np.zeros(256, np.float16), np.zeros(256, np.float32)]
        dt = "tl.float8e5" if fmt == "fp8e5" else "tl.float8e4nv"
        got = run(__file__, "decode_kernel", 4, [codes] + outs, {"BLOCK": 64, "DT": dt})
        ref = decode_ref(codes, fmt)
        check("%s -> fp32 (256 codes)" % fmt, got[1], ref.astype(np.float32))
        check("%s -> fp16 (256 codes)" % fmt, got[2], ref.astype(np.float16))
        check("%s -> bf16 (256 codes)" % fmt, got[3], ref.astype(np.float32))

        vals = values_to_encode(fmt, rng)
        n = len(vals)
        outs = [np.zeros(n, np.uint8) for _ in range(3)]
        got = run(__file__, "encode_kernel", n // 64, [vals] + outs, {"BLOCK": 64, "DT": dt})
        check("fp32 -> %s rtne" % fmt, got[1], encode_ref(vals, fmt))
        check("fp32 -> %s rtz" % fmt, got[2], encode_ref(vals, fmt, toward_zero=True))
        check("fp16 -> %s rtne" % fmt, got[3], encode_ref(vals.astype(np.float16), fmt))
    e4 = np.arange(256, dtype=np.uint8)
    got = run(__file__, "fp8_to_fp8_kernel", 4, [e4, np.zeros(256, np.uint8)], {"BLOCK": 64})[1]
    check("fp8e4nv -> fp8e5", got, encode_ref(decode_ref(e4, "fp8e4nv"), "fp8e5"))

    x = np.concatenate([rng.standard_normal(448) * 1000, [7e4, -7e4, 65519.0, 1e-8, -1e-8, np.inf,
                                                          -np.inf, np.nan]]).astype(np.float32)
    x = np.resize(x, 512)
    got = run(__file__, "half_rtz_kernel", 8, [x, np.zeros(512, np.float16), np.zeros(512, np.float32)],
              {"BLOCK": 64})
    h_ref = x.astype(np.float16)
    away = np.abs(h_ref.astype(np.float32)) > np.abs(x)
    h_ref = np.where(away, (h_ref.view(np.uint16) - 1).view(np.float16), h_ref)
    check("fp32 -> fp16 rtz", got[1], h_ref)
    b_ref = (x.view(np.uint32) & 0xFFFF0000).view(np.float32)  # truncation is rtz for bf16
    b_ref = np.where(np.isnan(x), np.nan, b_ref)
    check("fp32 -> bf16 rtz", got[2], b_ref)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS fp8e5 -> fp32 (256 codes)
# CHECK: PASS fp8e5 -> fp16 (256 codes)
# CHECK: PASS fp8e5 -> bf16 (256 codes)
# CHECK: PASS fp32 -> fp8e5 rtne
# CHECK: PASS fp32 -> fp8e5 rtz
# CHECK: PASS fp16 -> fp8e5 rtne
# CHECK: PASS fp8e4nv -> fp32 (256 codes)
# CHECK: PASS fp8e4nv -> fp16 (256 codes)
# CHECK: PASS fp8e4nv -> bf16 (256 codes)
# CHECK: PASS fp32 -> fp8e4nv rtne
# CHECK: PASS fp32 -> fp8e4nv rtz
# CHECK: PASS fp16 -> fp8e4nv rtne
# CHECK: PASS fp8e4nv -> fp8e5
# CHECK: PASS fp32 -> fp16 rtz
# CHECK: PASS fp32 -> bf16 rtz
# CHECK-NOT: FAIL
