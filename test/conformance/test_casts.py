"""`.to()` / `tl.cast` between every pair of dtypes, and bitcasts, with Triton's semantics.

int -> int truncates or extends by the source's signedness; int -> bool and float -> bool test
`!= 0`; bool -> anything is 0/1; float -> int truncates toward zero (values stay inside the
target's range, where the conversion is defined); int -> float and float -> float round to
nearest even; `bitcast=True` reinterprets the bits of a same-width type.
"""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import (ALL_DTYPES, FLOAT_DTYPES, INT_DTYPES, bits_of, empty_arg, from_arg,
                    round_bf16, round_to, to_arg)
from test_promotion import TL_DTYPES

N = 200
BLOCK = 256


@tilec.jit
def cast_kernel(x_ptr, out_ptr, n, DST: tl.constexpr, BITCAST: tl.constexpr,
                BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    y = tl.load(x_ptr + offs, mask=mask).to(DST, bitcast=BITCAST)
    tl.static_assert(y.dtype == DST)
    tl.store(out_ptr + offs, y, mask=mask)


@tilec.jit
def cast_function_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.cast(x, tl.int16) + tl.cast(x, dtype=tl.float16).to(tl.int16),
             mask=mask)


def _source_values(src, dst, rng):
    """Values of `src` whose conversion to `dst` is defined (as float64 / int arrays)."""
    if src == "bool":
        return rng.integers(0, 2, N).astype(np.bool_)
    if src in INT_DTYPES:
        info = np.iinfo(src)
        lo, hi = info.min, info.max
        if dst in ("float16", "bfloat16"):
            lo, hi = max(lo, -200), min(hi, 200)  # exact, so no double rounding in numpy
        v = rng.integers(lo, hi, N, dtype=np.uint64 if src == "uint64" else np.int64,
                         endpoint=True).astype(src)
        v[::9] = 0
        return v
    # float sources
    if dst in INT_DTYPES:
        info = np.iinfo(dst)
        lo, hi = max(info.min, -1000) + 2, min(info.max, 1000) - 2
    else:
        lo, hi = -1000.0, 1000.0
    v = rng.uniform(lo, hi, N).astype(np.float32)  # fp32-exact: one rounding to any dst
    v[::9] = 0.0
    if dst in FLOAT_DTYPES:
        v[1], v[2], v[3], v[4] = np.inf, -np.inf, np.nan, -0.0
    if src == "bfloat16":
        v = round_bf16(v)
    elif src == "float16":
        v = v.astype(np.float16)
    return v.astype(np.float64 if src == "float64" else v.dtype)


def _reference(x, src, dst):
    if dst == "bool":
        return x != 0
    if dst in FLOAT_DTYPES:
        return round_to(x.astype(np.float64), dst)
    if src in FLOAT_DTYPES:
        return np.trunc(x.astype(np.float64)).astype(dst)
    return x.astype(dst)


@pytest.mark.parametrize("dst", ALL_DTYPES)
@pytest.mark.parametrize("src", ALL_DTYPES)
def test_to(src, dst):
    rng = np.random.default_rng(bits_of(src) * 13 + bits_of(dst))
    x = _source_values(src, dst, rng)
    out = empty_arg(dst, N)
    cast_kernel[(1,)](to_arg(x, src), out, N, DST=TL_DTYPES[dst], BITCAST=False, BLOCK=BLOCK)
    np.testing.assert_array_equal(from_arg(out, dst), _reference(x, src, dst))


BITCAST_PAIRS = [("float32", "int32"), ("int32", "float32"), ("float32", "uint32"),
                 ("float64", "int64"), ("uint64", "float64"), ("float16", "int16"),
                 ("uint16", "float16"), ("bfloat16", "int16"), ("int16", "bfloat16"),
                 ("float16", "bfloat16"), ("int8", "uint8"), ("uint32", "int32"),
                 ("int64", "uint64")]


def _bits_view(values, name):
    """The raw bits of `values` stored as `name`, as an unsigned integer array."""
    arg = to_arg(values, name)
    raw = arg.bits if name == "bfloat16" else arg
    return raw.view("u%d" % (bits_of(name) // 8))


@pytest.mark.parametrize("src,dst", BITCAST_PAIRS)
def test_bitcast(src, dst):
    rng = np.random.default_rng(bits_of(src) + 3)
    x = _source_values(src, src, rng)
    out = empty_arg(dst, N)
    cast_kernel[(1,)](to_arg(x, src), out, N, DST=TL_DTYPES[dst], BITCAST=True, BLOCK=BLOCK)
    raw = out.bits if dst == "bfloat16" else out
    np.testing.assert_array_equal(raw.view(_bits_view(x, src).dtype), _bits_view(x, src))


def test_bitcast_needs_same_width():
    with pytest.raises(tilec.CompilationError):
        cast_kernel[(1,)](np.zeros(N, np.float32), np.zeros(N, np.int64), N, DST=tl.int64,
                          BITCAST=True, BLOCK=BLOCK)


@pytest.mark.parametrize("src", ["int8", "float32", "uint16"])
def test_cast_function_with_dtype_keyword(src):
    x = np.arange(N).astype(src)
    out = np.zeros(N, np.int16)
    cast_function_kernel[(1,)](x, out, N, BLOCK=BLOCK)
    np.testing.assert_array_equal(out, 2 * x.astype(np.int16))
