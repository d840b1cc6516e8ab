"""Triton's type promotion for binary operators: every tensor dtype pair, literals and scalars.

The expected dtype is derived here from Triton's rules (semantic.py: computation_type_impl and
integer_promote_impl), written independently: fp64 > fp32 > fp16 > bf16 (bf16 only with bf16,
else fp32), `/` and `%` of fp16/bf16 compute in fp32, integers follow C's usual arithmetic
conversions with int1 counted as unsigned, and a Python number (literal or constexpr) of a kind
(bool < integer < float) no higher than the tensor's does not take part. Runtime scalar
arguments are typed values and promote like tensors. Each kernel statically asserts the
result dtype and stores it, and the stored values are checked.
"""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import (ALL_DTYPES, FLOAT_DTYPES, INT_DTYPES, bits_of, empty_arg, from_arg,
                    round_to, to_arg)

TL_DTYPES = {"bool": tl.int1, "int8": tl.int8, "int16": tl.int16, "int32": tl.int32,
             "int64": tl.int64, "uint8": tl.uint8, "uint16": tl.uint16, "uint32": tl.uint32,
             "uint64": tl.uint64, "float16": tl.float16, "bfloat16": tl.bfloat16,
             "float32": tl.float32, "float64": tl.float64}
N = 32


@tilec.jit
def add_kernel(x_ptr, y_ptr, out_ptr, EXPECTED: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = tl.load(x_ptr + offs) + tl.load(y_ptr + offs)
    tl.static_assert(z.dtype == EXPECTED)
    tl.store(out_ptr + offs, z)


@tilec.jit
def div_kernel(x_ptr, y_ptr, out_ptr, EXPECTED: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = tl.load(x_ptr + offs) / tl.load(y_ptr + offs)
    tl.static_assert(z.dtype == EXPECTED)
    tl.store(out_ptr + offs, z)


@tilec.jit
def mod_kernel(x_ptr, y_ptr, out_ptr, EXPECTED: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = tl.load(x_ptr + offs) % tl.load(y_ptr + offs)
    tl.static_assert(z.dtype == EXPECTED)
    tl.store(out_ptr + offs, z)


@tilec.jit
def add_literal_kernel(x_ptr, out_ptr, LIT: tl.constexpr, EXPECTED: tl.constexpr,
                       BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = tl.load(x_ptr + offs) + LIT
    tl.static_assert(z.dtype == EXPECTED)
    tl.store(out_ptr + offs, z)


@tilec.jit
def mul_scalar_arg_kernel(x_ptr, s, out_ptr, EXPECTED: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = s * tl.load(x_ptr + offs)
    tl.static_assert(z.dtype == EXPECTED)
    tl.store(out_ptr + offs, z)


def _kind(name):
    # dtype.kind() in Triton's core.py: bool < integral < floating. (A comment in semantic.py
    # says "bool < uint < int < fp", but signed and unsigned integers share one kind.)
    if name == "bool":
        return 0
    if name.startswith(("int", "uint")):
        return 1
    return 2


def _signed(name):
    return name.startswith("int")  # int1 (bool) counts as unsigned in Triton


def _integer_promote(a, b):
    ra, rb = bits_of(a), bits_of(b)
    if _signed(a) == _signed(b):
        return a if ra > rb else b
    if not _signed(a):
        return a if ra >= rb else b
    return b if rb >= ra else a


def expected_dtype(a, b, div_or_mod=False, a_number=False, b_number=False):
    """Triton's computation type of `a op b`; None when Triton rejects the pair."""
    if a_number != b_number:
        number, tensor = (a, b) if a_number else (b, a)
        if _kind(number) <= _kind(tensor):
            if div_or_mod and tensor in ("float16", "bfloat16"):
                return "float32"
            return tensor
    if "float64" in (a, b):
        return "float64"
    if "float32" in (a, b):
        return "float32"
    if "float16" in (a, b):
        return "float32" if div_or_mod else "float16"
    if "bfloat16" in (a, b):
        return "bfloat16" if (a == b and not div_or_mod) else "float32"
    if div_or_mod and _signed(a) != _signed(b):
        return None
    return _integer_promote(a, b)


def _values(name, rng, low=0, high=50):
    if name == "bool":
        return rng.integers(0, 2, N).astype(np.bool_)
    return rng.integers(low, high, N).astype(np.float32 if name == "bfloat16" else name)


def _reference_add(x, y, out_dtype):
    if out_dtype == "bool":
        return x ^ y  # int1 addition wraps
    if out_dtype in FLOAT_DTYPES:
        return round_to(x.astype(np.float64) + y.astype(np.float64), out_dtype)
    return x.astype(out_dtype) + y.astype(out_dtype)


def _launch(kernel, args, out_dtype, **meta):
    out = empty_arg(out_dtype, N)
    kernel[(1,)](*args, out, EXPECTED=TL_DTYPES[out_dtype], BLOCK=N, **meta)
    return from_arg(out, out_dtype)


@pytest.mark.parametrize("b", ALL_DTYPES)
@pytest.mark.parametrize("a", ALL_DTYPES)
def test_add_tensor_tensor(a, b):
    rng = np.random.default_rng(bits_of(a) * 3 + bits_of(b))
    x, y = _values(a, rng), _values(b, rng)
    ct = expected_dtype(a, b)
    out = _launch(add_kernel, (to_arg(x, a), to_arg(y, b)), ct)
    np.testing.assert_array_equal(out, _reference_add(x, y, ct))


DIV_PAIRS = ([(a, b) for a in FLOAT_DTYPES for b in FLOAT_DTYPES] +
             [(a, b) for a in INT_DTYPES for b in FLOAT_DTYPES] +
             [("int8", "int16"), ("uint8", "uint64"), ("int32", "int32"), ("uint16", "uint32")])


@pytest.mark.parametrize("a,b", DIV_PAIRS)
def test_truediv_tensor_tensor(a, b):
    rng = np.random.default_rng(bits_of(a) * 5 + bits_of(b))
    x, y = _values(a, rng), _values(b, rng, low=1)
    # int / int is fp32 in Triton whatever the widths; otherwise the div-or-mod promotion.
    ct = "float32" if (a in INT_DTYPES and b in INT_DTYPES) else expected_dtype(a, b, True)
    out = _launch(div_kernel, (to_arg(x, a), to_arg(y, b)), ct)
    ref = x.astype(ct) / y.astype(ct)
    np.testing.assert_array_equal(out, ref)


@pytest.mark.parametrize("a,b", [("float16", "float16"), ("bfloat16", "bfloat16"),
                                 ("float16", "bfloat16"), ("int16", "int64"),
                                 ("uint8", "uint32"), ("float32", "float64")])
def test_mod_tensor_tensor(a, b):
    rng = np.random.default_rng(bits_of(a) * 7 + bits_of(b))
    x, y = _values(a, rng), _values(b, rng, low=1, high=9)
    ct = expected_dtype(a, b, True)
    out = _launch(mod_kernel, (to_arg(x, a), to_arg(y, b)), ct)
    np.testing.assert_array_equal(out, np.fmod(x.astype(ct), y.astype(ct)))


@pytest.mark.parametrize("a,b", [("int8", "uint8"), ("int32", "uint64"), ("uint16", "int16")])
def test_div_and_mod_reject_mixed_signedness(a, b):
    x, y = np.ones(N, a), np.ones(N, b)
    for kernel in (div_kernel, mod_kernel):
        with pytest.raises(tilec.CompilationError, match="signedness"):
            kernel[(1,)](x, y, np.zeros(N, np.float32), EXPECTED=tl.float32, BLOCK=N)


LITERALS = {"int": 3, "float": 1.5, "bool": True}


@pytest.mark.parametrize("lit", list(LITERALS))
@pytest.mark.parametrize("a", ALL_DTYPES)
def test_add_python_number(a, lit):
    value = LITERALS[lit]
    lit_dtype = {"int": "int32", "float": "float32", "bool": "bool"}[lit]
    ct = expected_dtype(a, lit_dtype, b_number=True)
    rng = np.random.default_rng(bits_of(a))
    x = _values(a, rng)
    out = _launch(add_literal_kernel, (to_arg(x, a),), ct, LIT=value)
    if ct == "bool":
        ref = x ^ bool(value)
    elif ct in FLOAT_DTYPES:
        ref = round_to(x.astype(np.float64) + float(value), ct)
    else:
        ref = x.astype(ct) + np.array(value).astype(ct)
    np.testing.assert_array_equal(out, ref)


SCALAR_ARGS = {"i32": (3, "int32"), "i64": (2**40, "int64"), "fp32": (1.5, "float32")}


@pytest.mark.parametrize("scalar", list(SCALAR_ARGS))
@pytest.mark.parametrize("a", ALL_DTYPES)
def test_mul_runtime_scalar_argument(a, scalar):
    value, s_dtype = SCALAR_ARGS[scalar]
    ct = expected_dtype(s_dtype, a)  # a typed runtime scalar promotes like a tensor
    rng = np.random.default_rng(bits_of(a) + 11)
    x = _values(a, rng)
    out = _launch(mul_scalar_arg_kernel, (to_arg(x, a), value), ct)
    if ct in FLOAT_DTYPES:
        # both operands are cast to the computation type first (2**40 is inf in fp16)
        with np.errstate(over="ignore", invalid="ignore"):
            s_ct = round_to(np.array([value], dtype=np.float64), ct)[0]
            ref = round_to(np.float64(s_ct) * x.astype(np.float64), ct)
    else:
        ref = np.array(value).astype(ct) * x.astype(ct)
    np.testing.assert_array_equal(out, ref)
