"""tl.dot with a 16-bit accumulator (out_dtype=tl.float16) sums the products in fp32, rounds the sum once
and adds the accumulator, as Triton 3.9's interpreter does (expected values from it); tl.dot of fp8
operands (any two fp8 formats, as Triton allows) multiplies their exact values and sums in fp32."""
import numpy as np

import tilec
import tilec.language as tl


@tilec.jit
def dot16_kernel(x_ptr, y_ptr, acc_ptr, o_ptr, USE_ACC: tl.constexpr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r[:, None] * 16 + r[None, :])
    y = tl.load(y_ptr + r[:, None] * 16 + r[None, :])
    if USE_ACC:
        o = tl.dot(x, y, tl.load(acc_ptr + r[:, None] * 16 + r[None, :]), out_dtype=tl.float16)
    else:
        o = tl.dot(x, y, out_dtype=tl.float16)
    tl.store(o_ptr + r[:, None] * 16 + r[None, :], o)


def test_fp16_accumulator_sums_in_fp32_and_rounds_once():
    x = np.ones((16, 16), np.float16)
    x[0, 0] = 2048  # 2048 + 15 ones: 2064 rounded once; 2048 if each step rounded to fp16
    y = np.ones((16, 16), np.float16)
    acc = np.full((16, 16), 0.5, np.float16)
    acc[0, 0] = 1
    out = np.zeros((16, 16), np.float16)
    dot16_kernel[(1,)](x, y, acc, out, USE_ACC=False)
    assert out[0, 0] == 2064 and out[1, 1] == 16
    np.testing.assert_array_equal(out, np.matmul(x, y, dtype=np.float16))
    dot16_kernel[(1,)](x, y, acc, out, USE_ACC=True)
    assert out[0, 0] == 2064 and out[1, 1] == 16.5  # round(round(sum) + acc)
    np.testing.assert_array_equal(out, np.matmul(x, y, dtype=np.float16) + acc)


@tilec.jit
def dot_fp8_kernel(x_ptr, y_ptr, o_ptr, XT: tl.constexpr, YT: tl.constexpr):
    r = tl.arange(0, 16)
    x = tl.load(x_ptr + r[:, None] * 16 + r[None, :]).to(XT, bitcast=True)
    y = tl.load(y_ptr + r[:, None] * 16 + r[None, :]).to(YT, bitcast=True)
    tl.store(o_ptr + r[:, None] * 16 + r[None, :], tl.dot(x, y))


def _decode_e5m2(b):
    return (b.astype(np.uint16) << 8).view(np.float16).astype(np.float64)  # the top byte of fp16


def _decode_e4m3fn(b):
    exp, mant = (b >> 3) & 0xF, (b & 7).astype(np.float64)
    mag = np.where(exp == 0, mant / 8 * 2.0**-6, (1 + mant / 8) * 2.0**(exp.astype(np.int64) - 7))
    return np.where(b & 0x80, -mag, mag)


def test_fp8_operands_multiply_exactly_in_fp32():
    rng = np.random.default_rng(3)
    # Finite codes only: e5m2 without its all-ones exponent, e4m3fn without its NaN (0x7F).
    x = rng.integers(0, 256, (16, 16)).astype(np.uint8)
    x[(x & 0x7C) == 0x7C] &= 0xF3
    y = rng.integers(0, 256, (16, 16)).astype(np.uint8)
    y[(y & 0x7F) == 0x7F] &= 0xFE
    xe, ye = _decode_e5m2(x), _decode_e4m3fn(y)
    for xt, xv in [(tl.float8e5, xe), (tl.float8e4nv, ye)]:
        out = np.zeros((16, 16), np.float32)
        dot_fp8_kernel[(1,)](x if xt is tl.float8e5 else y, y, out, XT=xt, YT=tl.float8e4nv)
        # The products are exact in fp32; only the 16-term fp32 sum rounds.
        bound = np.abs(xv) @ np.abs(ye) * 2.0**-20
        assert np.all(np.abs(out - xv @ ye) <= bound)
