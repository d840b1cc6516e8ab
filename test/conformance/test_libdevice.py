"""libdevice (imported at module level as Triton users do, and as tl.extra.cuda.libdevice),
tl.math names, sqrt_rn/div_rn/fdiv/umulhi, maximum/minimum/clamp with propagate_nan, and sin/cos
argument reduction at large |x|, on fp32 and fp64 against float64 numpy references.
Tolerances: documented in docs/language.md (fp32 transcendental rtol/atol 2e-6, tan 2e-5,
sinh/cosh 5e-6; rounding, fmod, copysign, sqrt, fma, min/max and predicates exact)."""
import functools
import math

import numpy as np
import pytest

import tilec
import tilec.language as tl

try:
    from triton.language.extra import libdevice
except ImportError:  # the host has no Triton: kernels still see Triton's libdevice module
    libdevice = None

N = 512

# name -> (reference on float64 inputs, fp32 (rtol, atol) or None for exact)
UNARY = {
    "exp": (np.exp, (2e-6, 0)), "exp2": (np.exp2, (2e-6, 0)), "expm1": (np.expm1, (2e-6, 2e-6)),
    "log": (lambda p: np.log(p), (2e-6, 2e-6)), "log2": (np.log2, (2e-6, 2e-6)),
    "log10": (np.log10, (2e-6, 2e-6)), "log1p": (np.log1p, (2e-6, 2e-6)),
    "sqrt": (np.sqrt, None), "rsqrt": (lambda p: 1 / np.sqrt(p), (2e-6, 0)),
    "cbrt": (np.cbrt, (2e-6, 0)), "sin": (np.sin, (2e-6, 2e-6)), "cos": (np.cos, (2e-6, 2e-6)),
    "tan": (np.tan, (2e-5, 2e-6)), "tanh": (np.tanh, (2e-6, 2e-6)),
    "sinh": (np.sinh, (5e-6, 2e-6)), "cosh": (np.cosh, (5e-6, 2e-6)),
    "asin": (np.arcsin, (2e-6, 2e-6)), "acos": (np.arccos, (2e-6, 2e-6)),
    "atan": (np.arctan, (2e-6, 2e-6)), "asinh": (np.arcsinh, (2e-6, 2e-6)),
    "acosh": (np.arccosh, (2e-6, 2e-6)), "atanh": (np.arctanh, (2e-6, 2e-6)),
    "erf": (np.vectorize(math.erf), (2e-6, 2e-6)), "erfc": (np.vectorize(math.erfc), (2e-6, 2e-6)),
    "floor": (np.floor, None), "ceil": (np.ceil, None), "trunc": (np.trunc, None),
    "rint": (np.rint, None), "nearbyint": (np.rint, None), "fabs": (np.abs, None),
    "round": (lambda x: np.sign(x) * np.floor(np.abs(x) + 0.5), None),
}
# which input each unary function reads: x in [-5, 5], u in (-0.95, 0.95), p in [0.01, 100],
# g in [1.01, 50]
DOMAIN = {"log": "p", "log2": "p", "log10": "p", "log1p": "p", "sqrt": "p", "rsqrt": "p",
          "asin": "u", "acos": "u", "atanh": "u", "acosh": "g", "tan": "u"}
BINARY = {
    "pow": (lambda p, y: np.power(p, y), (5e-6, 1e-6)), "atan2": (np.arctan2, (2e-6, 2e-6)),
    "fmod": (np.fmod, None), "fmax": (np.fmax, None), "fmin": (np.fmin, None),
    "copysign": (np.copysign, None), "div_rn": (lambda a, b: a / b, None),
}


@tilec.jit
def libdevice_kernel(in_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + offs)
    u = tl.load(in_ptr + BLOCK + offs)
    p = tl.load(in_ptr + 2 * BLOCK + offs)
    g = tl.load(in_ptr + 3 * BLOCK + offs)
    y = tl.load(in_ptr + 4 * BLOCK + offs)
    results = (libdevice.exp(x), libdevice.exp2(x), libdevice.expm1(x), libdevice.log(p),
               libdevice.log2(p), libdevice.log10(p), libdevice.log1p(p), libdevice.sqrt(p),
               libdevice.rsqrt(p), libdevice.cbrt(x), libdevice.sin(x), libdevice.cos(x),
               libdevice.tan(u), libdevice.tanh(x), libdevice.sinh(x), libdevice.cosh(x),
               libdevice.asin(u), libdevice.acos(u), libdevice.atan(x), libdevice.asinh(x),
               libdevice.acosh(g), libdevice.atanh(u), libdevice.erf(x), libdevice.erfc(x),
               libdevice.floor(x), libdevice.ceil(x), libdevice.trunc(x), libdevice.rint(x),
               libdevice.nearbyint(x), libdevice.fabs(x), libdevice.round(x),
               libdevice.pow(p, y), libdevice.atan2(x, y), libdevice.fmod(x, y),
               libdevice.fmax(x, y), libdevice.fmin(x, y), libdevice.copysign(p, y),
               libdevice.div_rn(x, y))
    for i in tl.static_range(len(results)):
        tl.store(out_ptr + i * BLOCK + offs, results[i])


def libdevice_inputs(dtype):
    rng = np.random.default_rng(11)
    x = rng.uniform(-5, 5, N)
    x[:8] = [0.5, -0.5, 1.5, -2.5, 2.5, 0.0, -0.0, 3.0]  # rounding ties
    y = rng.uniform(-5, 5, N)
    y[np.abs(y) < 0.1] = 0.25
    return {"x": x, "u": rng.uniform(-0.95, 0.95, N), "p": rng.uniform(0.01, 100, N),
            "g": rng.uniform(1.01, 50, N), "y": y}


@functools.lru_cache(maxsize=None)
def libdevice_run(dtype):
    """One launch per dtype computing every function (one compile per dtype)."""
    inputs = {k: v.astype(dtype) for k, v in libdevice_inputs(dtype).items()}
    packed = np.concatenate([inputs[k] for k in "xupgy"])
    out = np.zeros((len(UNARY) + len(BINARY), N), dtype)
    libdevice_kernel[(1,)](packed, out, BLOCK=N)
    return inputs, dict(zip(list(UNARY) + list(BINARY), out))


def cases(names):
    return [(dtype, name) for dtype in ("float32", "float64") for name in names]


def check(dtype, actual, expected, tol):
    if tol is None:
        np.testing.assert_array_equal(actual, expected.astype(dtype))
    elif dtype == "float32":
        np.testing.assert_allclose(actual.astype(np.float64), expected, rtol=tol[0], atol=tol[1])
    else:
        np.testing.assert_allclose(actual, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("dtype,name", cases(UNARY))
def test_libdevice_unary(dtype, name):
    inputs, results = libdevice_run(dtype)
    ref, tol = UNARY[name]
    arg = inputs[DOMAIN.get(name, "x")].astype(np.float64)
    check(dtype, results[name], ref(arg), tol)


@pytest.mark.parametrize("dtype,name", cases(BINARY))
def test_libdevice_binary(dtype, name):
    inputs, results = libdevice_run(dtype)
    ref, tol = BINARY[name]
    first = inputs["p" if name in ("pow", "copysign") else "x"].astype(np.float64)
    expected = ref(first, inputs["y"].astype(np.float64))
    if tol is None and name == "div_rn":
        expected = (inputs["x"] / inputs["y"]).astype(np.float64)  # correctly rounded in dtype
    check(dtype, results[name], expected, tol)


@tilec.jit
def predicates_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.extra.cuda.libdevice.isnan(x))
    tl.store(out_ptr + BLOCK + offs, tl.extra.cuda.libdevice.isinf(x))
    tl.store(out_ptr + 2 * BLOCK + offs, tl.extra.cuda.libdevice.signbit(x) != 0)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_libdevice_predicates(dtype):
    x = np.array([0.0, -0.0, 1.0, -2.0, np.inf, -np.inf, np.nan, -np.nan], dtype)
    out = np.zeros(3 * 8, np.int32)
    predicates_kernel[(1,)](x, out, BLOCK=8)
    np.testing.assert_array_equal(out.reshape(3, 8),
                                  np.stack([np.isnan(x), np.isinf(x), np.signbit(x)]))


@tilec.jit
def ieee_kernel(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    if a.dtype == tl.float32:
        tl.store(out_ptr + offs, tl.sqrt_rn(a))
        tl.store(out_ptr + BLOCK + offs, tl.div_rn(a, b))
    else:  # Triton's sqrt_rn and div_rn take fp32 only; fp64 sqrt and / are IEEE already
        tl.store(out_ptr + offs, tl.sqrt(a))
        tl.store(out_ptr + BLOCK + offs, a / b)
    tl.store(out_ptr + 2 * BLOCK + offs, tl.fdiv(a, b, ieee_rounding=True))
    tl.store(out_ptr + 3 * BLOCK + offs, tl.math.sqrt(a))
    tl.store(out_ptr + 4 * BLOCK + offs, tl.math.fma(a, b, a))
    tl.store(out_ptr + 5 * BLOCK + offs, tl.math.exp2(tl.math.log2(a)))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_correctly_rounded_sqrt_div(dtype):
    rng = np.random.default_rng(2)
    a = rng.uniform(0.001, 1000, 256).astype(dtype)
    b = rng.uniform(0.5, 3, 256).astype(dtype)
    out = np.zeros(6 * 256, dtype)
    ieee_kernel[(1,)](a, b, out, BLOCK=256)
    out = out.reshape(6, 256)
    np.testing.assert_array_equal(out[0], np.sqrt(a))
    np.testing.assert_array_equal(out[1], a / b)
    np.testing.assert_array_equal(out[2], a / b)
    np.testing.assert_array_equal(out[3], np.sqrt(a))
    fused = a.astype(np.float64) * b + a
    if dtype == "float32":
        np.testing.assert_array_equal(out[4], fused.astype(np.float32))
        np.testing.assert_allclose(out[5], a, rtol=1e-5)
    else:
        np.testing.assert_allclose(out[4], fused, rtol=1e-15)
        np.testing.assert_allclose(out[5], a, rtol=1e-13)


@tilec.jit
def umulhi_kernel(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.umulhi(tl.load(a_ptr + offs), tl.load(b_ptr + offs)))


@pytest.mark.parametrize("dtype", ["int32", "uint32"])
def test_umulhi(dtype):
    rng = np.random.default_rng(4)
    a = rng.integers(0, 2**32, 128, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, 128, dtype=np.uint64).astype(np.uint32)
    a[:3] = [0xFFFFFFFF, 0x80000000, 0]
    b[:3] = [0xFFFFFFFF, 0x80000000, 7]
    out = np.zeros(128, dtype)
    umulhi_kernel[(1,)](a.view(dtype).copy(), b.view(dtype).copy(), out, BLOCK=128)
    ref = (a.astype(np.uint64) * b.astype(np.uint64)) >> np.uint64(32)
    np.testing.assert_array_equal(out.view(np.uint32), ref.astype(np.uint32))


@tilec.jit
def propagate_nan_kernel(a_ptr, b_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(out_ptr + offs, tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL))
    tl.store(out_ptr + BLOCK + offs, tl.minimum(a, b, propagate_nan=tl.PropagateNan.ALL))
    tl.store(out_ptr + 2 * BLOCK + offs, tl.maximum(a, b))
    tl.store(out_ptr + 3 * BLOCK + offs, tl.minimum(a, b, propagate_nan=tl.PropagateNan.NONE))
    tl.store(out_ptr + 4 * BLOCK + offs, tl.clamp(a, -1.0, b, propagate_nan=tl.PropagateNan.ALL))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_maximum_minimum_clamp_propagate_nan(dtype):
    rng = np.random.default_rng(6)
    a = rng.uniform(-3, 3, 64).astype(dtype)
    b = rng.uniform(0, 3, 64).astype(dtype)
    a[::5] = np.nan
    b[1::7] = np.nan
    out = np.zeros(5 * 64, dtype)
    propagate_nan_kernel[(1,)](a, b, out, BLOCK=64)
    out = out.reshape(5, 64)
    np.testing.assert_array_equal(out[0], np.maximum(a, b))
    np.testing.assert_array_equal(out[1], np.minimum(a, b))
    np.testing.assert_array_equal(out[2], np.fmax(a, b))
    np.testing.assert_array_equal(out[3], np.fmin(a, b))
    # clamp(x, lo, hi, ALL): NaN where x is NaN (hi's NaNs only matter through min(x, hi) in
    # Triton's definition, which is undefined for lo > hi; keep hi finite here)
    finite_b = ~np.isnan(b)
    ref = np.minimum(np.maximum(a, np.array(-1.0, dtype)), b)
    np.testing.assert_array_equal(out[4][finite_b], ref[finite_b])


@tilec.jit
def sincos_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.sin(x))
    tl.store(out_ptr + BLOCK + offs, tl.cos(x))


@pytest.mark.parametrize("scale", [1e2, 1e4, 1e5, 1e7])
def test_sin_cos_large_arguments(scale):
    rng = np.random.default_rng(int(scale) % 1000)
    x = rng.uniform(-scale, scale, 256).astype(np.float32)
    out = np.zeros(512, np.float32)
    sincos_kernel[(1,)](x, out, BLOCK=256)
    x64 = x.astype(np.float64)
    np.testing.assert_allclose(out[:256], np.sin(x64), rtol=0, atol=4e-7)
    np.testing.assert_allclose(out[256:], np.cos(x64), rtol=0, atol=4e-7)
