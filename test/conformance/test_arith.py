"""Arithmetic, bitwise, shift, comparison and unary operators on tensors, with Triton's semantics.

Triton's integer `//` truncates toward zero and integer `%` takes the dividend's sign (C
semantics, not Python's); float `%` is fmod (LLVM frem); int / int divides in fp32; fp16 and bf16
`/` and `%` compute in fp32; `>>` is arithmetic for signed and logical for unsigned types.
One kernel per dtype computes every operator, so each (dtype, size) compiles and runs once.
"""
import functools

import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import (INT_DTYPES, FLOAT_DTYPES, SIZES_1D, bits_of, empty_arg, from_arg,
                    random_values, round_to, to_arg)


@tilec.jit
def int_ops_kernel(x_ptr, y_ptr, s_ptr, out_ptr, cmp_ptr, div_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    y = tl.load(y_ptr + offs, mask=mask, other=1)
    s = tl.load(s_ptr + offs, mask=mask, other=0)
    tl.store(out_ptr + offs, x + y, mask=mask)
    tl.store(out_ptr + n + offs, x - y, mask=mask)
    tl.store(out_ptr + 2 * n + offs, x * y, mask=mask)
    tl.store(out_ptr + 3 * n + offs, x // y, mask=mask)
    tl.store(out_ptr + 4 * n + offs, x % y, mask=mask)
    tl.store(out_ptr + 5 * n + offs, x & y, mask=mask)
    tl.store(out_ptr + 6 * n + offs, x | y, mask=mask)
    tl.store(out_ptr + 7 * n + offs, x ^ y, mask=mask)
    tl.store(out_ptr + 8 * n + offs, x << s, mask=mask)
    tl.store(out_ptr + 9 * n + offs, x >> s, mask=mask)
    tl.store(out_ptr + 10 * n + offs, -x, mask=mask)
    tl.store(out_ptr + 11 * n + offs, ~x, mask=mask)
    tl.store(out_ptr + 12 * n + offs, +x, mask=mask)
    tl.store(cmp_ptr + offs, x == y, mask=mask)
    tl.store(cmp_ptr + n + offs, x != y, mask=mask)
    tl.store(cmp_ptr + 2 * n + offs, x < y, mask=mask)
    tl.store(cmp_ptr + 3 * n + offs, x <= y, mask=mask)
    tl.store(cmp_ptr + 4 * n + offs, x > y, mask=mask)
    tl.store(cmp_ptr + 5 * n + offs, x >= y, mask=mask)
    tl.store(div_ptr + offs, x / y, mask=mask)


@tilec.jit
def float_ops_kernel(x_ptr, y_ptr, out_ptr, cmp_ptr, div_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    tl.store(out_ptr + offs, x + y, mask=mask)
    tl.store(out_ptr + n + offs, x - y, mask=mask)
    tl.store(out_ptr + 2 * n + offs, x * y, mask=mask)
    tl.store(out_ptr + 3 * n + offs, -x, mask=mask)
    tl.store(out_ptr + 4 * n + offs, +x, mask=mask)
    tl.store(div_ptr + offs, x / y, mask=mask)
    tl.store(div_ptr + n + offs, x % y, mask=mask)
    tl.store(cmp_ptr + offs, x == y, mask=mask)
    tl.store(cmp_ptr + n + offs, x != y, mask=mask)
    tl.store(cmp_ptr + 2 * n + offs, x < y, mask=mask)
    tl.store(cmp_ptr + 3 * n + offs, x <= y, mask=mask)
    tl.store(cmp_ptr + 4 * n + offs, x > y, mask=mask)
    tl.store(cmp_ptr + 5 * n + offs, x >= y, mask=mask)


@tilec.jit
def bool_ops_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=False)
    y = tl.load(y_ptr + offs, mask=mask, other=False)
    tl.store(out_ptr + offs, x & y, mask=mask)
    tl.store(out_ptr + n + offs, x | y, mask=mask)
    tl.store(out_ptr + 2 * n + offs, x ^ y, mask=mask)
    tl.store(out_ptr + 3 * n + offs, x == y, mask=mask)
    tl.store(out_ptr + 4 * n + offs, x != y, mask=mask)
    tl.store(out_ptr + 5 * n + offs, ~x, mask=mask)


BLOCK = 128
INT_OPS = ["add", "sub", "mul", "floordiv", "mod", "and", "or", "xor", "shl", "shr", "neg",
           "invert", "pos"]
CMP_OPS = ["eq", "ne", "lt", "le", "gt", "ge"]
FLOAT_OPS = ["add", "sub", "mul", "neg", "pos"]
FLOAT_DIV_OPS = ["truediv", "mod"]
BOOL_OPS = ["and", "or", "xor", "eq", "ne", "invert"]


def _grid(n):
    return (tilec.cdiv(n, BLOCK),)


@functools.lru_cache(maxsize=None)
def _run_int(dtype, n):
    rng = np.random.default_rng(n + bits_of(dtype))
    x = random_values(dtype, n, rng)
    y = random_values(dtype, n, rng, nonzero=True)
    # Some small divisors and equal operands, so // and % and == see interesting cases.
    y[::3] = random_values(dtype, y[::3].shape, rng, low=1 if dtype[0] == "u" else -7, high=7,
                           nonzero=True)
    y[::7] = x[::7] if n > 1 else y[::7]
    y[y == 0] = 1
    s = random_values(dtype, n, rng, low=0, high=bits_of(dtype) - 1)
    out = np.zeros((len(INT_OPS), n), dtype=dtype)
    cmp = np.zeros((len(CMP_OPS), n), dtype=np.bool_)
    div = np.zeros(n, dtype=np.float32)
    int_ops_kernel[_grid(n)](x, y, s, out, cmp, div, n, BLOCK=BLOCK)
    return x, y, s, out, cmp, div


def _c_divmod(x, y):
    """Integer division truncating toward zero and the remainder with the dividend's sign."""
    if x.dtype.kind == "u":
        return x // y, x % y
    q = np.abs(x.astype(np.int64)) // np.abs(y.astype(np.int64))
    q = np.where((x < 0) != (y < 0), -q, q).astype(x.dtype)
    with np.errstate(over="ignore"):
        r = (x - q * y).astype(x.dtype)
    return q, r


def _int_reference(op, x, y, s):
    udt = np.dtype("u%d" % x.dtype.itemsize)
    with np.errstate(over="ignore"):
        if op == "add":
            return x + y
        if op == "sub":
            return x - y
        if op == "mul":
            return x * y
        if op == "floordiv":
            return _c_divmod(x, y)[0]
        if op == "mod":
            return _c_divmod(x, y)[1]
        if op == "and":
            return x & y
        if op == "or":
            return x | y
        if op == "xor":
            return x ^ y
        if op == "shl":
            return (x.view(udt) << s.view(udt)).view(x.dtype)
        if op == "shr":
            return x >> s
        if op == "neg":
            return (np.zeros_like(x) - x).astype(x.dtype)
        if op == "invert":
            return ~x
        if op == "pos":
            return x
    raise AssertionError(op)


def _cmp_reference(op, x, y):
    return {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y,
            "ge": x >= y}[op]


@pytest.mark.parametrize("n", SIZES_1D)
@pytest.mark.parametrize("op", INT_OPS)
@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_int_binary_and_unary(dtype, op, n):
    x, y, s, out, _, _ = _run_int(dtype, n)
    np.testing.assert_array_equal(out[INT_OPS.index(op)], _int_reference(op, x, y, s))


@pytest.mark.parametrize("n", [17, 1000])
@pytest.mark.parametrize("op", CMP_OPS)
@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_int_comparisons(dtype, op, n):
    x, y, _, _, cmp, _ = _run_int(dtype, n)
    np.testing.assert_array_equal(cmp[CMP_OPS.index(op)], _cmp_reference(op, x, y))


@pytest.mark.parametrize("n", [17, 1000])
@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_int_truediv_is_fp32(dtype, n):
    x, y, _, _, _, div = _run_int(dtype, n)
    np.testing.assert_array_equal(div, x.astype(np.float32) / y.astype(np.float32))


@functools.lru_cache(maxsize=None)
def _run_float(dtype, n):
    rng = np.random.default_rng(n + bits_of(dtype) + 1)
    x = random_values(dtype, n, rng)
    y = random_values(dtype, n, rng, nonzero=True)
    y[::5] = x[::5] if n > 1 else y[::5]
    div_dtype = "float32" if dtype in ("float16", "bfloat16") else dtype
    xa, ya = to_arg(x, dtype), to_arg(y, dtype)
    out = empty_arg(dtype, (len(FLOAT_OPS), n))
    cmp = np.zeros((len(CMP_OPS), n), dtype=np.bool_)
    div = np.zeros((2, n), dtype=div_dtype)
    float_ops_kernel[_grid(n)](xa, ya, out, cmp, div, n, BLOCK=BLOCK)
    return x, y, from_arg(out, dtype), cmp, div


@pytest.mark.parametrize("n", SIZES_1D)
@pytest.mark.parametrize("op", FLOAT_OPS)
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_float_binary_and_unary(dtype, op, n):
    x, y, out, _, _ = _run_float(dtype, n)
    # Each op is correctly rounded in its dtype: compute wider, round once.
    wx, wy = x.astype(np.float64), y.astype(np.float64)
    ref = {"add": wx + wy, "sub": wx - wy, "mul": wx * wy, "neg": -wx, "pos": wx}[op]
    np.testing.assert_array_equal(out[FLOAT_OPS.index(op)], round_to(ref, dtype))


@pytest.mark.parametrize("n", SIZES_1D)
@pytest.mark.parametrize("op", FLOAT_DIV_OPS)
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_float_div_and_mod(dtype, op, n):
    x, y, _, _, div = _run_float(dtype, n)
    ct = div.dtype
    wx, wy = x.astype(ct), y.astype(ct)
    ref = wx / wy if op == "truediv" else np.fmod(wx, wy)
    np.testing.assert_array_equal(div[FLOAT_DIV_OPS.index(op)], ref)


@pytest.mark.parametrize("n", [17, 1000])
@pytest.mark.parametrize("op", CMP_OPS)
@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_float_comparisons(dtype, op, n):
    x, y, _, cmp, _ = _run_float(dtype, n)
    np.testing.assert_array_equal(cmp[CMP_OPS.index(op)], _cmp_reference(op, x, y))


@pytest.mark.parametrize("op", BOOL_OPS)
def test_bool_ops(op):
    n = 100
    rng = np.random.default_rng(5)
    x = random_values("bool", n, rng)
    y = random_values("bool", n, rng)
    out = np.zeros((len(BOOL_OPS), n), dtype=np.bool_)
    _bool_launch(x, y, out)
    ref = {"and": x & y, "or": x | y, "xor": x ^ y, "eq": x == y, "ne": x != y,
           "invert": ~x}[op]
    np.testing.assert_array_equal(out[BOOL_OPS.index(op)], ref)


def _bool_launch(x, y, out):
    bool_ops_kernel[_grid(len(x))](x, y, out, len(x), BLOCK=BLOCK)


def test_nan_comparisons_are_false_except_ne():
    x = np.array([np.nan, 1.0, np.nan, 2.0], dtype=np.float32)
    y = np.array([np.nan, np.nan, 1.0, 2.0], dtype=np.float32)
    out = np.zeros((len(FLOAT_OPS), 4), dtype=np.float32)
    cmp = np.zeros((len(CMP_OPS), 4), dtype=np.bool_)
    div = np.zeros((2, 4), dtype=np.float32)
    float_ops_kernel[(1,)](x, y, out, cmp, div, 4, BLOCK=BLOCK)
    for op in CMP_OPS:
        np.testing.assert_array_equal(cmp[CMP_OPS.index(op)], _cmp_reference(op, x, y), op)


def test_floordiv_of_floats_is_a_compile_error():
    with pytest.raises(tilec.CompilationError, match="//"):
        float_floordiv_kernel[(1,)](np.zeros(4, np.float32), np.zeros(4, np.float32))


@tilec.jit
def float_floordiv_kernel(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 4))
    tl.store(out_ptr + tl.arange(0, 4), x // x)



@tilec.jit
def mixed_shift_kernel(x_ptr, u_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)  # int32
    u = tl.load(u_ptr + offs)  # uint32
    tl.store(out_ptr + offs, x >> u)  # promoted to uint32, shifted as x's (signed) type
    tl.store(out_ptr + BLOCK + offs, u >> (x & 7).to(tl.uint32))  # logical


def test_signed_shifted_by_unsigned_follows_triton():
    # Triton 3.9 (its interpreter): int32 >> uint32 is a uint32 computed with an arithmetic
    # shift (the left operand's signedness before promotion picks the shift).
    x = np.array([-16, -1, 5, -128], dtype=np.int32)
    u = np.array([1, 4, 1, 3], dtype=np.uint32) | np.uint32(0x80000000)
    out = np.zeros(8, dtype=np.uint32)
    mixed_shift_kernel[(1,)](x, u & np.uint32(7), out, BLOCK=4)
    np.testing.assert_array_equal(out[:4].view(np.int32), [-8, -1, 2, -16])
    out[:] = 0
    mixed_shift_kernel[(1,)](x, u, out, BLOCK=4)
    np.testing.assert_array_equal(out[4:], u >> (x & 7).astype(np.uint32))


@tilec.jit
def clamp_int_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.clamp(tl.load(x_ptr + offs), -3, 5))


def test_clamp_of_integers():
    """tl.clamp of integers is min(max(x, lo), hi), as Triton's."""
    x = np.arange(-8, 8, dtype=np.int32)
    out = np.zeros(16, np.int32)
    clamp_int_kernel[(1,)](x, out, BLOCK=16)
    np.testing.assert_array_equal(out, np.clip(x, -3, 5))
