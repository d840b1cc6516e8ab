"""Math builtins against numpy, each with a stated tolerance.

Triton accepts exp/log/sin/... on fp32 and fp64 only; abs, maximum, minimum, clamp and where take
every numeric dtype. Tolerances (fp32): sqrt, floor, ceil, abs, maximum, minimum, clamp, where
exact; exp, exp2, log, log2, rsqrt, sigmoid 4 ulp-ish (rtol 5e-7..2e-6); sin, cos, erf atol 2e-6;
fma rtol 1e-6 (fused against the float64 reference). fp64 uses rtol 1e-12 / atol 1e-12.
"""
import functools
import re

import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import FLOAT_DTYPES, INT_DTYPES, empty_arg, from_arg, random_values, to_arg

N = 1000
BLOCK = 256


@tilec.jit
def unary_math_kernel(x_ptr, p_ptr, y_ptr, z_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    p = tl.load(p_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    z = tl.load(z_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.exp(x), mask=mask)
    tl.store(out_ptr + n + offs, tl.exp2(x), mask=mask)
    tl.store(out_ptr + 2 * n + offs, tl.log(p), mask=mask)
    tl.store(out_ptr + 3 * n + offs, tl.log2(p), mask=mask)
    tl.store(out_ptr + 4 * n + offs, tl.sqrt(p), mask=mask)
    tl.store(out_ptr + 5 * n + offs, tl.rsqrt(p), mask=mask)
    tl.store(out_ptr + 6 * n + offs, tl.sin(x), mask=mask)
    tl.store(out_ptr + 7 * n + offs, tl.cos(x), mask=mask)
    tl.store(out_ptr + 8 * n + offs, tl.erf(x), mask=mask)
    tl.store(out_ptr + 9 * n + offs, tl.floor(x), mask=mask)
    tl.store(out_ptr + 10 * n + offs, tl.ceil(x), mask=mask)
    tl.store(out_ptr + 11 * n + offs, tl.abs(x), mask=mask)
    tl.store(out_ptr + 12 * n + offs, tl.fma(x, y, z), mask=mask)
    tl.store(out_ptr + 13 * n + offs, tl.sigmoid(x), mask=mask)
    tl.store(out_ptr + 14 * n + offs, x.exp() + p.log(), mask=mask)


MATH_OPS = ["exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "erf", "floor", "ceil",
            "abs", "fma", "sigmoid", "methods"]
# (rtol, atol) for fp32; None means exact.
FP32_TOL = {"exp": (2e-6, 0), "exp2": (2e-6, 0), "log": (2e-6, 1e-6), "log2": (2e-6, 1e-6),
            "sqrt": None, "rsqrt": (2e-6, 0), "sin": (0, 2e-6), "cos": (0, 2e-6),
            "erf": (0, 2e-6), "floor": None, "ceil": None, "abs": None, "fma": (1e-6, 1e-6),
            "sigmoid": (2e-6, 1e-7), "methods": (2e-6, 1e-6)}


def _math_reference(op, x, p, y, z):
    x, p, y, z = (a.astype(np.float64) for a in (x, p, y, z))
    from math import erf
    return {"exp": np.exp(x), "exp2": np.exp2(x), "log": np.log(p), "log2": np.log2(p),
            "sqrt": np.sqrt(p), "rsqrt": 1 / np.sqrt(p), "sin": np.sin(x), "cos": np.cos(x),
            "erf": np.vectorize(erf)(x), "floor": np.floor(x), "ceil": np.ceil(x),
            "abs": np.abs(x), "fma": x * y + z, "sigmoid": 1 / (1 + np.exp(-x)),
            "methods": np.exp(x) + np.log(p)}[op]


@functools.lru_cache(maxsize=None)
def _run_math(dtype):
    rng = np.random.default_rng(7)
    x = random_values(dtype, N, rng, low=-8.0, high=8.0)
    x[:6] = [0.0, -0.0, 0.5, -0.5, 2.5, -2.5]
    p = random_values(dtype, N, rng, low=1e-3, high=100.0)
    p[:3] = [1.0, 2.0, 0.25]
    y = random_values(dtype, N, rng)
    z = random_values(dtype, N, rng)
    out = empty_arg(dtype, (len(MATH_OPS), N))
    unary_math_kernel[(tilec.cdiv(N, BLOCK),)](*(to_arg(a, dtype) for a in (x, p, y, z)), out,
                                               N, BLOCK=BLOCK)
    return x, p, y, z, from_arg(out, dtype)


MATH_CASES = [(d, op) for d in ("float32", "float64") for op in MATH_OPS]


@pytest.mark.parametrize("dtype,op", MATH_CASES)
def test_math_function(dtype, op):
    x, p, y, z, out = _run_math(dtype)
    got = out[MATH_OPS.index(op)]
    ref = _math_reference(op, x, p, y, z)
    tol = FP32_TOL[op] if dtype == "float32" else (1e-12, 1e-12)
    if tol is None or (dtype == "float64" and op in ("sqrt", "floor", "ceil", "abs")):
        np.testing.assert_array_equal(got, ref.astype(dtype))
    else:
        np.testing.assert_allclose(got, ref, rtol=tol[0], atol=tol[1])


@tilec.jit
def minmax_kernel(x_ptr, y_ptr, out_ptr, n, LO: tl.constexpr, HI: tl.constexpr,
                  BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x, y), mask=mask)
    tl.store(out_ptr + n + offs, tl.minimum(x, y), mask=mask)
    tl.store(out_ptr + 2 * n + offs, tl.where(x > y, x, y + y), mask=mask)
    tl.store(out_ptr + 3 * n + offs, tl.abs(x), mask=mask)


@tilec.jit
def clamp_kernel(x_ptr, lo_ptr, hi_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.clamp(x, tl.load(lo_ptr + offs, mask=mask),
                                      tl.load(hi_ptr + offs, mask=mask)), mask=mask)


MINMAX_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint32", "uint64"] + FLOAT_DTYPES
MINMAX_OPS = ["maximum", "minimum", "where", "abs"]


@functools.lru_cache(maxsize=None)
def _run_minmax(dtype):
    rng = np.random.default_rng(3)
    n = 100
    small = dtype in ("int8", "uint8")
    x = random_values(dtype, n, rng, low=-60 if small and dtype[0] == "i" else None,
                      high=60 if small else None)
    y = random_values(dtype, n, rng, low=-60 if small and dtype[0] == "i" else None,
                      high=60 if small else None)
    y[::4] = x[::4]
    out = empty_arg(dtype, (4, n))
    minmax_kernel[(1,)](to_arg(x, dtype), to_arg(y, dtype), out, n, LO=0, HI=0, BLOCK=128)
    return x, y, from_arg(out, dtype)


@pytest.mark.parametrize("op", MINMAX_OPS)
@pytest.mark.parametrize("dtype", MINMAX_DTYPES)
def test_minmax_where_abs(dtype, op):
    x, y, out = _run_minmax(dtype)
    with np.errstate(over="ignore"):
        ref = {"maximum": np.maximum(x, y), "minimum": np.minimum(x, y),
               "where": np.where(x > y, x, (y.astype(np.float64) + y).astype(x.dtype)
                                 if dtype == "bfloat16" else y + y),
               "abs": np.abs(x)}[op]
    np.testing.assert_array_equal(out[MINMAX_OPS.index(op)], ref)


def test_maximum_minimum_nan_loses_by_default():
    # Triton's tl.maximum/minimum default to propagate_nan=NONE, lowered to maxnum/minnum:
    # a NaN operand loses to a number.
    x = np.array([np.nan, 1.0, 3.0, -0.5], dtype=np.float32)
    y = np.array([1.0, np.nan, 2.0, 0.5], dtype=np.float32)
    out = np.zeros((4, 4), np.float32)
    minmax_kernel[(1,)](x, y, out, 4, LO=0, HI=0, BLOCK=4)
    np.testing.assert_array_equal(out[0], [1.0, 1.0, 3.0, 0.5])
    np.testing.assert_array_equal(out[1], [1.0, 1.0, 2.0, -0.5])


@pytest.mark.parametrize("dtype", ["float32", "float16", "float64", "bfloat16"])
def test_clamp(dtype):
    rng = np.random.default_rng(9)
    n = 64
    x = random_values(dtype, n, rng, low=-50, high=50)
    lo = random_values(dtype, n, rng, low=-20, high=0)
    hi = random_values(dtype, n, rng, low=0, high=30)
    out = empty_arg(dtype, n)
    clamp_kernel[(1,)](to_arg(x, dtype), to_arg(lo, dtype), to_arg(hi, dtype), out, n,
                       BLOCK=n)
    np.testing.assert_array_equal(from_arg(out, dtype), np.minimum(np.maximum(x, lo), hi))


@pytest.mark.parametrize("dtype", ["int32", "uint8"])
def test_clamp_of_integers(dtype):
    # Triton 3.9's tl.clamp of integers is min(max(x, lo), hi).
    rng = np.random.default_rng(10)
    x = rng.integers(0, 100, 64).astype(dtype)
    lo = rng.integers(0, 30, 64).astype(dtype)
    hi = rng.integers(40, 80, 64).astype(dtype)
    out = np.zeros(64, dtype)
    clamp_kernel[(1,)](x, lo, hi, out, 64, BLOCK=64)
    np.testing.assert_array_equal(out, np.minimum(np.maximum(x, lo), hi))


@tilec.jit
def softmax_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DIM: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    if DIM is None:
        y = tl.softmax(x)
    else:
        y = tl.softmax(x, DIM)
    tl.store(out_ptr + rows * N + cols, y)


# As Triton's tl.softmax: along axis 0 unless `dim` is given (not the last axis, as torch's).
@pytest.mark.parametrize("shape", [(1, 16), (16, 16), (4, 128)])
@pytest.mark.parametrize("dim", [None, 0, 1])
def test_softmax(shape, dim):
    x = np.random.default_rng(2).standard_normal(shape).astype(np.float32) * 4
    out = np.zeros_like(x)
    softmax_kernel[(1,)](x, out, M=shape[0], N=shape[1], DIM=dim)
    axis = 0 if dim is None else dim
    e = np.exp(x.astype(np.float64) - x.max(axis=axis, keepdims=True))
    np.testing.assert_allclose(out, e / e.sum(axis=axis, keepdims=True), rtol=5e-6, atol=1e-7)


@tilec.jit
def math_of_kernel(x_ptr, out_ptr, FN: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    if FN == "exp":
        y = tl.exp(x)
    elif FN == "member_exp":
        y = x.exp()
    elif FN == "sqrt_rn":
        y = tl.sqrt_rn(x)
    elif FN == "sigmoid":
        y = tl.sigmoid(x)
    else:
        y = tl.umulhi(x, x)
    tl.store(out_ptr + offs, y)


# Triton 3.9 checks the element types of these tl.math functions' tensor arguments
# (libdevice's convention) and refuses others: cast first.
@pytest.mark.parametrize("fn, dtype, expected", [
    ("exp", "float16", "['fp32', 'fp64'] but got fp16"),
    ("member_exp", "float16", "['fp32', 'fp64'] but got fp16"),
    ("exp", "int32", "['fp32', 'fp64'] but got int32"),
    ("sigmoid", "float16", "['fp32', 'fp64'] but got fp16"),
    ("sqrt_rn", "float64", "['fp32'] but got fp64"),
    ("umulhi", "int16", "['int32', 'int64', 'uint32', 'uint64'] but got int16"),
])
def test_math_argument_dtypes_are_checked(fn, dtype, expected):
    x = np.ones(16, dtype)
    with pytest.raises(tilec.CompilationError, match=re.escape("Expected dtype " + expected)):
        math_of_kernel[(1,)](x, x.copy(), FN=fn)


@tilec.jit
def cdiv_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.cdiv(tl.load(x_ptr + offs, mask=mask),
                                     tl.load(y_ptr + offs, mask=mask, other=1)), mask=mask)


@pytest.mark.parametrize("dtype", ["int32", "int64", "uint32"])
def test_cdiv(dtype):
    rng = np.random.default_rng(4)
    x = random_values(dtype, 100, rng, low=0, high=10000)
    y = random_values(dtype, 100, rng, low=1, high=100)
    out = np.zeros(100, dtype)
    cdiv_kernel[(1,)](x, y, out, 100, BLOCK=128)
    np.testing.assert_array_equal(out, (x + y - 1) // y)
