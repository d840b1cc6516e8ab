"""fp8 storage types float8e5 (e5m2), float8e4nv (e4m3fn), float8e4b15, and AMD's fnuz formats
float8e4b8 (e4m3fnuz) and float8e5b16 (e5m2fnuz): all 256 codes decoded to fp32/fp16/bf16,
fp32/fp16/bf16/fp64 values encoded with round-to-nearest-even and saturation (Triton's satfinite
conversions; for e4b15 ties away from zero, saturating at 1.75, as Triton's NVIDIA conversion;
for the fnuz formats NaN and infinities to the one NaN 0x80 and no negative zero, as Triton's AMD
conversions), every fp16 and bf16 and a dense sweep of fp32 encoded to the fnuz formats, fp8 ->
fp8, stores through fp8 data, promotion with fp32, tl.abs, and tl.dot of fp8 operands (decoded
exactly, accumulated in fp32).
The reference decodes the codes from the format definitions and searches the nearest code."""
import itertools

import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import BF16, bf16_bits, bf16_to_f32

FORMATS = {"float8e5": (tl.float8e5, 2, 15), "float8e4nv": (tl.float8e4nv, 3, 7),
           "float8e4b15": (tl.float8e4b15, 3, 15), "float8e4b8": (tl.float8e4b8, 3, 8),
           "float8e5b16": (tl.float8e5b16, 2, 16)}
# AMD's fnuz formats: 0x80 is the one NaN, there is no negative zero and no infinity.
FNUZ = ("float8e4b8", "float8e5b16")
# e4b15 has no NaN or inf: 0x7F is 1.875, but Triton's conversions to it saturate at 0x7E (1.75).
E4B15_MAX_CODE = 0x7E


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
        elif name in FNUZ and code == 0x80:
            values[code] = np.nan
        elif exponent == 0:
            values[code] = sign * mantissa * 2.0 ** (1 - bias - man_bits)
        else:
            values[code] = sign * (1 + mantissa / (1 << man_bits)) * 2.0 ** (exponent - bias)
    return values


def encode(name, values, toward_zero=False):
    """Nearest code (ties to the even code; for e4b15 away from zero), or the next code toward
    zero; finite overflow saturating. NaN -> 0x7F with its sign (e4b15: the saturated 0x7E) and
    inf -> the largest finite value; for the fnuz formats NaN and inf -> 0x80 and zeros of either
    sign -> 0x00."""
    with np.errstate(invalid="ignore"):  # NaN inputs are intended
        return _encode(name, values, toward_zero)


def _encode(name, values, toward_zero):
    table = decode_table(name)
    e4b15, fnuz = name == "float8e4b15", name in FNUZ
    positive = table[:E4B15_MAX_CODE + 1] if e4b15 else table[:128]
    finite_codes = np.nonzero(np.isfinite(positive))[0]  # consecutive, increasing values
    finite_values = positive[finite_codes]
    v = np.asarray(values, np.float64).reshape(-1)
    sign = np.where(np.signbit(v), 0x80, 0)
    mag = np.minimum(np.abs(v), finite_values[-1])
    j = np.clip(np.searchsorted(finite_values, np.nan_to_num(mag)), 1, len(finite_values) - 1)
    below, above = finite_values[j - 1], finite_values[j]
    if toward_zero:
        up = mag >= above
    else:
        tie_up = np.ones_like(j, bool) if e4b15 else finite_codes[j - 1] % 2 == 1
        up = (above - mag < mag - below) | ((above - mag == mag - below) & tie_up)
    code = np.where(up, finite_codes[j], finite_codes[j - 1])
    nan = np.isnan(v)
    if fnuz:
        out = np.where(code == 0, 0, code | sign)
        out = np.where(nan | np.isinf(v), 0x80, out)
    else:
        out = np.where(nan, (E4B15_MAX_CODE if e4b15 else 0x7F) | sign, code | sign)
    return out.astype(np.uint8)


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
    if name in FNUZ:  # 0x80 is the NaN, 0x00 the only zero
        assert np.isnan(f32[0x80]) and np.isnan(f16[0x80]) and not np.signbit(f32[0])
    else:  # -0.0 decodes to -0.0
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
        if src == "float64":  # beyond fp32's range too
            values = np.concatenate([values, [1e300, -1e300, 3.5e38, -1e39, 1e-300]])
        values = values.astype(src)
        arg = values
    out = np.zeros(len(values), np.uint8)
    encode_kernel[(tilec.cdiv(len(values), 256),)](arg, out, len(values), DT=FORMATS[name][0],
                                                   BLOCK=256)
    ref = encode(name, np.asarray(values, np.float64))
    if src == "float64":
        # fp64 goes through fp32 (documented): compare with the fp32-rounded value's code; for
        # the fnuz formats (where inf is NaN) finite values beyond fp32's range saturate first.
        with np.errstate(over="ignore"):
            rounded = values.astype(np.float32).astype(np.float64)
        if name in FNUZ:
            rounded = np.where(np.isfinite(values) & np.isinf(rounded), values, rounded)
        ref = encode(name, rounded)
    np.testing.assert_array_equal(out, ref)


@tilec.jit
def fp8_convert_kernel(src_ptr, dst_ptr, SRC: tl.constexpr, DST: tl.constexpr):
    offs = tl.arange(0, 256)
    x = tl.load(src_ptr + offs).to(SRC, bitcast=True)
    tl.store(dst_ptr + offs, x.to(DST).to(tl.uint8, bitcast=True))


def triton_nvidia_e4b15(f16):
    """Triton 3.9's fp16 -> e4b15 conversion (convert_float16_to_fp8e4b15's PTX, sm_80), on the
    bits: |x| capped at 0x3F00 (1.75; min() of a NaN gives the cap), doubled plus 0x80, high
    byte, with the sign bit of x."""
    bits = np.asarray(f16, np.float16).view(np.uint16).astype(np.uint32)
    mag = bits & 0x7FFF
    mag = np.where((mag > 0x3F00) | (mag > 0x7C00), 0x3F00, mag)
    return ((((mag * 2 + 0x80) >> 8) & 0x7F) | ((bits >> 8) & 0x80)).astype(np.uint8)


def test_e4b15_reference_is_tritons():
    """The reference encoder above agrees with Triton's own e4b15 conversion on every fp16."""
    every = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    np.testing.assert_array_equal(encode("float8e4b15", every.astype(np.float64)),
                                  triton_nvidia_e4b15(every))


def test_e4b15_encode_every_fp16():
    every = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    out = np.zeros(65536, np.uint8)
    encode_kernel[(256,)](every, out, 65536, DT=tl.float8e4b15, BLOCK=256)
    np.testing.assert_array_equal(out, triton_nvidia_e4b15(every))


def triton_amd_fnuz(name, f32):
    """Triton 3.9's fp32 -> fnuz conversion (its AMD software path, downcastToFp8rtneOneValue;
    gfx942's v_cvt_pk_fp8_f32 under the clamping mode Triton sets agrees), on the bits: the
    magnitude rounded to nearest even at the fp8 mantissa width, raised to the smallest normal
    and rebiased; magnitudes above the largest value saturate to it; magnitudes below the
    smallest normal are compared with the midpoints between the subnormals (a midpoint goes to
    the even one); NaN and inf give 0x80, and a zero result has no sign."""
    _, m, bias = FORMATS[name]
    bits = np.asarray(f32, np.float32).view(np.uint32).astype(np.int64)
    sign = (bits >> 24) & 0x80
    mag = bits & 0x7FFFFFFF
    drop = 23 - m
    rounded = mag + ((mag >> drop) & 1) + (1 << (drop - 1)) - 1
    rounded = np.maximum(rounded, (127 + 1 - bias) << 23)
    code = ((rounded - ((127 - bias) << 23)) >> drop) & 0xFF
    largest = np.array([decode_table(name)[0x7F]], np.float32).view(np.uint32)[0]
    code = np.where(mag > largest, 0x7F, code)
    for i in reversed(range(1 << m)):
        mid = np.array([(i + 0.5) * 2.0 ** (1 - bias - m)], np.float32).view(np.uint32)[0]
        code = np.where(mag <= mid if i % 2 == 0 else mag < mid, i, code)
    nan_or_inf = (mag & 0x7F800000) == 0x7F800000
    out = np.where(nan_or_inf, 0x80, code | sign)
    return np.where((out == 0x80) & ~nan_or_inf, 0, out).astype(np.uint8)


def fp32_sweep(step):
    """Every `step`-th fp32 bit pattern of both signs (zeros, subnormals, normals, infinities and
    NaNs), and the fp32 values within 2 ulps of every midpoint between neighbouring codes of the
    fnuz formats (the ties, and just either side of them)."""
    bits = np.arange(0, 1 << 32, step, dtype=np.uint64).astype(np.uint32)
    mids = []
    for name in FNUZ:
        table = np.unique(np.abs(decode_table(name)[np.isfinite(decode_table(name))]))
        mids.append(((table[:-1] + table[1:]) / 2).astype(np.float32))
    mid_bits = np.concatenate(mids).view(np.uint32)
    near = (mid_bits[:, None].astype(np.int64) + np.arange(-2, 3)).reshape(-1).astype(np.uint32)
    near = np.concatenate([near, near | np.uint32(0x80000000)])
    return np.concatenate([bits, near]).view(np.float32)


@pytest.mark.parametrize("name", FNUZ)
def test_fnuz_reference_is_tritons(name):
    """The reference encoder above agrees with Triton's own fnuz conversion on the fp32 sweep
    and on every fp16."""
    sweep = fp32_sweep(997)
    np.testing.assert_array_equal(encode(name, sweep), triton_amd_fnuz(name, sweep))
    every = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    np.testing.assert_array_equal(encode(name, every), triton_amd_fnuz(name, every))


@tilec.jit
def fnuz_encode_kernel(src_ptr, rne_ptr, rtz_ptr, n, DT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(src_ptr + offs, mask=mask)
    tl.store(rne_ptr + offs, x.to(DT).to(tl.uint8, bitcast=True), mask=mask)
    tl.store(rtz_ptr + offs, x.to(DT, fp_downcast_rounding="rtz").to(tl.uint8, bitcast=True),
             mask=mask)


@pytest.mark.parametrize("name", FNUZ)
def test_fnuz_encode_fp32_sweep(name):
    """A dense fp32 sweep (every 4099th bit pattern, and every tie) to the fnuz formats, rounded
    to nearest even and toward zero."""
    sweep = fp32_sweep(4099)
    rne = np.zeros(len(sweep), np.uint8)
    rtz = np.zeros(len(sweep), np.uint8)
    block = 1024
    fnuz_encode_kernel[(tilec.cdiv(len(sweep), block),)](sweep, rne, rtz, len(sweep),
                                                         DT=FORMATS[name][0], BLOCK=block)
    np.testing.assert_array_equal(rne, encode(name, sweep))
    np.testing.assert_array_equal(rtz, encode(name, sweep, toward_zero=True))


@pytest.mark.parametrize("name", FNUZ)
@pytest.mark.parametrize("src", ["float16", "bfloat16"])
def test_fnuz_encode_every_16_bit_value(name, src):
    """All 65536 fp16 and all 65536 bf16 bit patterns to the fnuz formats."""
    every = np.arange(65536, dtype=np.uint32).astype(np.uint16)
    values = every.view(np.float16) if src == "float16" else bf16_to_f32(every)
    arg = every.view(np.float16) if src == "float16" else BF16(every)
    out = np.zeros(65536, np.uint8)
    encode_kernel[(64,)](arg, out, 65536, DT=FORMATS[name][0], BLOCK=1024)
    np.testing.assert_array_equal(out, encode(name, values))


@tilec.jit
def round_trip_kernel(src_ptr, dst_ptr, DT: tl.constexpr, VIA: tl.constexpr):
    offs = tl.arange(0, 256)
    x = tl.load(src_ptr + offs).to(DT, bitcast=True)
    tl.store(dst_ptr + offs, x.to(VIA).to(DT).to(tl.uint8, bitcast=True))


@pytest.mark.parametrize("name", FNUZ)
@pytest.mark.parametrize("via", [tl.float32, tl.float16, tl.bfloat16])
def test_fnuz_round_trip_every_code(name, via):
    """Each of the 256 codes, decoded to fp32/fp16/bf16 and encoded again, is itself (0x80: NaN
    -> NaN)."""
    out = np.zeros(256, np.uint8)
    round_trip_kernel[(1,)](np.arange(256, dtype=np.uint8), out, DT=FORMATS[name][0], VIA=via)
    np.testing.assert_array_equal(out, np.arange(256))


@pytest.mark.parametrize("src,dst", list(itertools.permutations(FORMATS, 2)))
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


@tilec.jit
def fp8_abs_kernel(src_ptr, dst_ptr, DT: tl.constexpr):
    offs = tl.arange(0, 256)
    x = tl.load(src_ptr + offs).to(DT, bitcast=True)
    tl.store(dst_ptr + offs, tl.abs(x).to(tl.uint8, bitcast=True))


@pytest.mark.parametrize("name", list(FORMATS))
def test_fp8_abs(name):
    """tl.abs of fp8 values clears the sign bit (as Triton): |x| for numbers, NaN stays NaN,
    except the fnuz NaN 0x80, which becomes 0x00 (Triton's gfx942 code is the same `and`)."""
    out = np.zeros(256, np.uint8)
    fp8_abs_kernel[(1,)](np.arange(256, dtype=np.uint8), out, DT=FORMATS[name][0])
    np.testing.assert_array_equal(out, np.arange(256) & 0x7F)
    table = decode_table(name)
    numbers = ~np.isnan(table) if name in FNUZ else slice(None)
    np.testing.assert_array_equal(table[out][numbers], np.abs(table)[numbers])


@tilec.jit
def e4b15_constant_kernel(dst_ptr):
    offs = tl.arange(0, 4)
    x = tl.full((4,), 1.8125, tl.float8e4b15)
    y = tl.where(offs < 2, x, tl.full((4,), -1.0625, tl.float8e4b15))
    tl.store(dst_ptr + offs, y.to(tl.uint8, bitcast=True))


def test_e4b15_constants():
    """Constants of e4b15 round as its casts: ties away from zero, saturating at 1.75."""
    out = np.zeros(4, np.uint8)
    e4b15_constant_kernel[(1,)](out)
    np.testing.assert_array_equal(out, [0x7E, 0x7E, 0xF9, 0xF9])


@tilec.jit
def constant_kernel(dst_ptr, DT: tl.constexpr):
    offs = tl.arange(0, 8)
    x = tl.full((8,), 1.0, DT)
    x = tl.where(offs == 0, tl.full((8,), 300.0, DT), x)
    x = tl.where(offs == 1, tl.full((8,), -0.0, DT), x)
    x = tl.where(offs == 2, tl.full((8,), -1e-9, DT), x)
    x = tl.where(offs == 3, tl.full((8,), 1.0625, DT), x)
    x = tl.where(offs == 4, tl.full((8,), -1e30, DT), x)
    x = tl.where(offs == 5, tl.full((8,), float("nan"), DT), x)
    x = tl.where(offs == 6, tl.full((8,), float("-inf"), DT), x)
    x = tl.where(offs == 7, tl.full((8,), 0.0009765625 * 3, DT), x)
    tl.store(dst_ptr + offs, x.to(tl.uint8, bitcast=True))


@pytest.mark.parametrize("name", list(FORMATS))
def test_fp8_constants(name):
    """Constants round as the casts: to nearest even (e4b15: ties away), saturating (also
    1e30 and -inf, which gave the even code below the largest and 0x80), NaN kept; the fnuz
    formats have no negative zero and make NaN and infinities 0x80."""
    out = np.zeros(8, np.uint8)
    constant_kernel[(1,)](out, DT=FORMATS[name][0])
    values = [300.0, -0.0, -1e-9, 1.0625, -1e30, np.nan, -np.inf, 0.0009765625 * 3]
    np.testing.assert_array_equal(out, encode(name, np.array(values, np.float32)))
    if name in FNUZ:
        assert out[1] == out[2] == 0 and out[5] == out[6] == 0x80


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
                                           ("float8e4nv", "float8e5"),
                                           ("float8e4b15", "float8e4b15"),
                                           ("float8e4b15", "float8e5"),
                                           ("float8e4b8", "float8e4b8"),
                                           ("float8e5b16", "float8e4nv")])
def test_fp8_dot(a_name, b_name):
    """tl.dot of fp8 tiles (any two fp8 formats, as Triton): the exact decoded values multiplied
    and summed in fp32 onto the accumulator."""
    rng = np.random.default_rng(7)
    m, n, k = 16, 32, 64
    # Finite codes only (|x| <= 8, e4b15: <= 1.875): the sums stay well inside fp32.
    a_vals = rng.uniform(-8, 8, (m, k)) / (4 if a_name == "float8e4b15" else 1)
    b_vals = rng.uniform(-8, 8, (k, n)) / (4 if b_name == "float8e4b15" else 1)
    a = encode(a_name, a_vals.reshape(-1)).reshape(m, k)
    b = encode(b_name, b_vals.reshape(-1)).reshape(k, n)
    acc = rng.standard_normal((m, n)).astype(np.float32)
    out = np.zeros((m, n), np.float32)
    fp8_dot_kernel[(1,)](a, b, acc, out, M=m, N=n, K=k, A=FORMATS[a_name][0],
                         B=FORMATS[b_name][0])
    ref = decode_table(a_name)[a] @ decode_table(b_name)[b] + acc
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-4)
