"""fp8 storage types float8e5 (e5m2) and float8e4nv (e4m3fn): all 256 codes decoded to
fp32/fp16/bf16, fp32/fp16/bf16/fp64 values encoded with round-to-nearest-even and saturation
(Triton's satfinite conversions), fp8 -> fp8, stores through fp8 data, promotion with fp32, and
tl.dot of fp8 operands (decoded exactly, accumulated in fp32).
The reference decodes the codes from the format definitions and searches the nearest code."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import BF16, bf16_bits, bf16_to_f32

FORMATS = {"float8e5": (tl.float8e5, 2, 15), "float8e4nv": (tl.float8e4nv, 3, 7)}


def decode_table(name):
    """float64 values of the 256 codes of an fp8 format (NaN for the NaN codes)."""
    _, man_bits, bias = FORMATS[name]
    values = np.zeros(256)
    for code in range(256):
        sign = -1.0 if code & 0x80 else 1.0
        exponent = (code >> man_bits) & ((1 << (7 - man_bits)) - 1)
        mantissa = code & ((1 << man_bits) - 1)
        max_exponent = (1 << (7 - man_bits)) - 1
        if name == "float8e5" and exponent == max_exponent:
            values[code] = sign * np.inf if mantissa == 0 else np.copysign(np.nan, sign)
        elif name == "float8e4nv" and (code & 0x7F) == 0x7F:
            values[code] = np.copysign(np.nan, sign)
        elif exponent == 0:
            values[code] = sign * mantissa * 2.0 ** (1 - bias - man_bits)
        else:
            values[code] = sign * (1 + mantissa / (1 << man_bits)) * 2.0 ** (exponent - bias)
    return values


def encode(name, values):
    """Nearest code (ties to the even code), finite overflow and inf saturating, NaN -> 0x7F."""
    table = decode_table(name)
    positive = table[:128]
    finite_codes = np.nonzero(np.isfinite(positive))[0]
    finite_values = positive[finite_codes]
    out = np.zeros(len(values), np.uint8)
    for i, v in enumerate(np.asarray(values, np.float64)):
        sign = 0x80 if np.signbit(v) else 0
        if np.isnan(v):
            out[i] = 0x7F | sign
            continue
        mag = min(abs(v), finite_values[-1])
        j = np.searchsorted(finite_values, mag)
        if finite_values[j] == mag:
            code = finite_codes[j]
        else:
            below, above = finite_values[j - 1], finite_values[j]
            if mag - below < above - mag:
                code = finite_codes[j - 1]
            elif mag - below > above - mag:
                code = finite_codes[j]
            else:
                code = finite_codes[j - 1] if finite_codes[j - 1] % 2 == 0 else finite_codes[j]
        out[i] = code | sign
    return out


@tilec.jit
def decode_kernel(src_ptr, f32_ptr, f16_ptr, bf16_ptr, DT: tl.constexpr):
    offs = tl.arange(0, 256)
    x = tl.load(src_ptr + offs).to(DT, bitcast=True)
    tl.store(f32_ptr + offs, x.to(tl.float32))
    tl.store(f16_ptr + offs, x.to(tl.float16))
    tl.store(bf16_ptr + offs, x.to(tl.bfloat16))


@pytest.mark.parametrize("name", list(FORMATS))
def test_decode_all_codes(name):
    f32 = np.zeros(256, np.float32)
    f16 = np.zeros(256, np.float16)
    bf16 = BF16(np.zeros(256, np.uint16))
    decode_kernel[(1,)](np.arange(256, dtype=np.uint8), f32, f16, bf16, DT=FORMATS[name][0])
    ref = decode_table(name)
    np.testing.assert_array_equal(f32, ref.astype(np.float32))
    np.testing.assert_array_equal(f16, ref.astype(np.float16))
    np.testing.assert_array_equal(bf16_to_f32(bf16.bits), ref.astype(np.float32))
    # -0.0 decodes to -0.0
    assert np.signbit(f32[0x80]) and not np.signbit(f32[0])


@tilec.jit
def encode_kernel(src_ptr, dst_ptr, n, DT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(src_ptr + offs, mask=mask)
    tl.store(dst_ptr + offs, x.to(DT).to(tl.uint8, bitcast=True), mask=mask)


def encode_inputs(name, rng):
    """Every code's value, midpoints between neighbours (ties), random values over the whole
    range and beyond it, signed zeros, infinities and NaN."""
    table = decode_table(name)
    finite = np.sort(np.unique(table[np.isfinite(table)]))
    mids = (finite[:-1] + finite[1:]) / 2
    big = finite[-1]
    random = rng.uniform(-1.5 * big, 1.5 * big, 300)
    tiny = rng.uniform(-4, 4, 300) * finite[finite > 0][0]
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, big * 1.01, -big * 1.2])
    return np.concatenate([finite, mids, random, tiny, special])


@pytest.mark.parametrize("name", list(FORMATS))
@pytest.mark.parametrize("src", ["float32", "float16", "bfloat16", "float64"])
def test_encode_round_to_nearest_even_saturating(name, src):
    rng = np.random.default_rng(len(name) + len(src))
    values = encode_inputs(name, rng)
    if src == "float16":
        values = values[np.abs(values) < 65504].astype(np.float16)
        arg = values
    elif src == "bfloat16":
        bits = bf16_bits(values.astype(np.float32))
        values = bf16_to_f32(bits)
        arg = BF16(bits)
    else:
        values = values.astype(src)
        arg = values
    out = np.zeros(len(values), np.uint8)
    encode_kernel[(tilec.cdiv(len(values), 256),)](arg, out, len(values), DT=FORMATS[name][0],
                                                   BLOCK=256)
    ref = encode(name, np.asarray(values, np.float64))
    if src == "float64":
        # fp64 goes through fp32 (documented): compare with the fp32-rounded value's code
        ref = encode(name, values.astype(np.float32).astype(np.float64))
    np.testing.assert_array_equal(out, ref)


@tilec.jit
def fp8_convert_kernel(src_ptr, dst_ptr, SRC: tl.constexpr, DST: tl.constexpr):
    offs = tl.arange(0, 256)
    x = tl.load(src_ptr + offs).to(SRC, bitcast=True)
    tl.store(dst_ptr + offs, x.to(DST).to(tl.uint8, bitcast=True))


@pytest.mark.parametrize("src,dst", [("float8e4nv", "float8e5"), ("float8e5", "float8e4nv")])
def test_fp8_to_fp8(src, dst):
    out = np.zeros(256, np.uint8)
    fp8_convert_kernel[(1,)](np.arange(256, dtype=np.uint8), out, SRC=FORMATS[src][0],
                             DST=FORMATS[dst][0])
    np.testing.assert_array_equal(out, encode(dst, decode_table(src)))


@tilec.jit
def fp8_arith_kernel(a_ptr, b_ptr, out_ptr, mixed_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs).to(tl.float8e4nv, bitcast=True)
    b = tl.load(b_ptr + offs)
    s = a + b  # fp8 + fp32 promotes to fp32
    tl.static_assert(s.dtype == tl.float32)
    tl.store(out_ptr + offs, s)
    e5 = tl.load(a_ptr + offs).to(tl.float8e5, bitcast=True)
    m = a + e5  # two different fp8 types promote to fp16
    tl.static_assert(m.dtype == tl.float16)
    tl.store(mixed_ptr + offs, m)


def test_fp8_promotion():
    rng = np.random.default_rng(5)
    codes = rng.integers(0, 256, 64).astype(np.uint8)
    codes[(codes & 0x7F) >= 0x7C] = 0x10  # keep away from NaN/inf codes of both formats
    b = rng.standard_normal(64).astype(np.float32)
    out = np.zeros(64, np.float32)
    mixed = np.zeros(64, np.float16)
    fp8_arith_kernel[(1,)](codes, b, out, mixed, BLOCK=64)
    e4 = decode_table("float8e4nv")[codes]
    e5 = decode_table("float8e5")[codes]
    np.testing.assert_array_equal(out, (e4.astype(np.float32) + b))
    np.testing.assert_array_equal(mixed, (e4.astype(np.float16) + e5.astype(np.float16)))


@tilec.jit
def fp8_add_kernel(a_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs).to(tl.float8e5, bitcast=True)
    tl.store(a_ptr + offs, (a + a).to(tl.uint8, bitcast=True))


def test_fp8_arithmetic_refused():
    with pytest.raises(tilec.CompilationError, match="fp8e5"):
        fp8_add_kernel[(1,)](np.zeros(16, np.uint8), BLOCK=16)


@tilec.jit
def fp8_dot_kernel(a_ptr, b_ptr, acc_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                   K: tl.constexpr, A: tl.constexpr, B: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :]).to(A, bitcast=True)
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :]).to(B, bitcast=True)
    acc = tl.load(acc_ptr + rm[:, None] * N + rn[None, :])
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b, acc))


@pytest.mark.parametrize("a_name,b_name", [("float8e5", "float8e5"), ("float8e4nv", "float8e4nv"),
                                           ("float8e4nv", "float8e5")])
def test_fp8_dot(a_name, b_name):
    """tl.dot of fp8 tiles (any two fp8 formats, as Triton): the exact decoded values multiplied
    and summed in fp32 onto the accumulator."""
    rng = np.random.default_rng(7)
    m, n, k = 16, 32, 64
    # Finite codes only (|x| <= 8): the sums stay well inside fp32.
    a_vals = rng.uniform(-8, 8, (m, k))
    b_vals = rng.uniform(-8, 8, (k, n))
    a = encode(a_name, a_vals.reshape(-1)).reshape(m, k)
    b = encode(b_name, b_vals.reshape(-1)).reshape(k, n)
    acc = rng.standard_normal((m, n)).astype(np.float32)
    out = np.zeros((m, n), np.float32)
    fp8_dot_kernel[(1,)](a, b, acc, out, M=m, N=n, K=k, A=FORMATS[a_name][0],
                         B=FORMATS[b_name][0])
    ref = decode_table(a_name)[a] @ decode_table(b_name)[b] + acc
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-4)
