"""Python around the tl calls, as Triton's code generator treats it: min/max on runtime values,
isinstance (tl.pointer_type included), getattr of a constexpr name and hasattr, type attributes (x.dtype, ptr.dtype.element_ty, x.type.scalar, dtype queries), dtype
calls, None arguments (`if bias_ptr is not None:`), and module-level constexpr globals."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import empty_arg, from_arg, random_values, to_arg

BLOCK_DEFAULT: tl.constexpr = 64
SCALE = 3
HALF = tl.float16

TL = {"int8": tl.int8, "int32": tl.int32, "uint32": tl.uint32, "int64": tl.int64,
      "float16": tl.float16, "bfloat16": tl.bfloat16, "float32": tl.float32,
      "float64": tl.float64}


@tilec.jit
def minmax_kernel(a_ptr, b_ptr, out_ptr, s, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, min(a, b), mask=mask)
    tl.store(out_ptr + n + offs, max(a, b, s), mask=mask)
    tl.store(out_ptr + 2 * n + offs, max(a, 3), mask=mask)


@pytest.mark.parametrize("dtype", ["int8", "int32", "uint32", "int64", "float16", "bfloat16",
                                   "float32", "float64"])
def test_python_min_max_on_runtime_values(dtype):
    rng = np.random.default_rng(1)
    n = 100
    a = random_values(dtype, n, rng, low=0 if dtype == "uint32" else -50, high=50)
    b = random_values(dtype, n, rng, low=0 if dtype == "uint32" else -50, high=50)
    out = empty_arg(dtype, 3 * n)
    s = 7 if dtype.startswith(("int", "uint")) else 7.0
    minmax_kernel[(2,)](to_arg(a, dtype), to_arg(b, dtype), out, s, n, BLOCK=64)
    got = from_arg(out, dtype).reshape(3, n)
    np.testing.assert_array_equal(got[0], np.minimum(a, b))
    np.testing.assert_array_equal(got[1], np.maximum(np.maximum(a, b), s).astype(got.dtype))
    np.testing.assert_array_equal(got[2], np.maximum(a, 3).astype(got.dtype))


@tilec.jit
def type_query_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.static_assert(x.dtype == x_ptr.dtype.element_ty)
    tl.static_assert(x.type.scalar == x.dtype)
    tl.static_assert(x.type.is_block())
    tl.static_assert(x.numel == BLOCK)
    tl.static_assert(isinstance(x, tl.tensor))
    tl.static_assert(isinstance(BLOCK, int))
    tl.static_assert(not isinstance(BLOCK, tl.constexpr))
    tl.static_assert(isinstance(x.dtype, tl.dtype))
    tl.static_assert(isinstance((x, x), tl.tuple))
    tl.static_assert(isinstance(x_ptr.dtype, tl.pointer_type))
    tl.static_assert(isinstance(x_ptr.dtype, tl.dtype))
    tl.static_assert(not isinstance(x.dtype, tl.pointer_type))
    tl.static_assert(x_ptr.dtype == tl.pointer_type(x.dtype))
    tl.static_assert(tl.pointer_type(x.dtype).element_ty == x.dtype)
    tl.static_assert(hasattr(x, "dtype") and hasattr(x, "to") and not hasattr(x, "no_such"))
    tl.static_assert(hasattr(tl, "exp") and not hasattr(tl, "no_such_function"))
    tl.static_assert(hasattr(x_ptr.dtype, "element_ty") and not hasattr(x.dtype, "element_ty"))
    if x.dtype.is_floating():
        y = x * 2 + x.dtype.fp_mantissa_width
    elif x.dtype.is_int_unsigned():
        y = x + x.dtype.int_bitwidth
    else:
        y = x - x.dtype.primitive_bitwidth
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty))
    first = tl.load(x_ptr)
    tl.static_assert(first.type.scalar == x.dtype)
    tl.store(out_ptr + BLOCK, x.dtype(5) + first)


@pytest.mark.parametrize("dtype", ["int8", "int32", "uint32", "int64", "float16", "float32",
                                   "float64"])
def test_type_attributes_and_isinstance(dtype):
    x = np.arange(16).astype(dtype)
    out = np.zeros(17, dtype)
    type_query_kernel[(1,)](x, out, BLOCK=16)
    info = np.dtype(dtype)
    if info.kind == "f":
        ref = x * 2 + {2: 10, 4: 23, 8: 52}[info.itemsize]
    elif info.kind == "u":
        ref = x + 8 * info.itemsize
    else:
        ref = x - 8 * info.itemsize
    np.testing.assert_array_equal(out[:16], ref.astype(dtype))
    assert out[16] == 5 + x[0]


@tilec.jit
def scale_bias_kernel(x_ptr, bias_ptr, out_ptr, n, BLOCK: tl.constexpr = BLOCK_DEFAULT):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    y = tl.load(x_ptr + offs, mask=mask) * SCALE
    if bias_ptr is not None:
        y += tl.load(bias_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, y.to(HALF).to(out_ptr.dtype.element_ty), mask=mask)


@pytest.mark.parametrize("with_bias", [False, True])
@pytest.mark.parametrize("n", [1, 200])
def test_none_argument_and_module_globals(with_bias, n):
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n).astype(np.float32)
    bias = rng.standard_normal(n).astype(np.float32)
    out = np.zeros(n, np.float32)
    scale_bias_kernel[(tilec.cdiv(n, 64),)](x, bias if with_bias else None, out, n)
    ref = x * np.float32(3) + (bias if with_bias else 0)
    np.testing.assert_array_equal(out, ref.astype(np.float16).astype(np.float32))


@tilec.jit
def getattr_kernel(a_ptr, b_ptr, out_ptr, FUNC: tl.constexpr, MODE: tl.constexpr):
    offs = tl.arange(0, 4)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(out_ptr + offs, getattr(tl, FUNC)(a, b, propagate_nan=getattr(tl.PropagateNan, MODE)))


@pytest.mark.parametrize("func", ["minimum", "maximum"])
@pytest.mark.parametrize("mode", ["NONE", "ALL"])
def test_getattr_of_constexpr_names(func, mode):
    """getattr(tl, "minimum") is tl.minimum and getattr(tl.PropagateNan, "ALL") its member, as
    Triton's test_propagate_nan uses them (it was "unknown name 'getattr'")."""
    a = np.array([1.0, np.nan, 3.0, np.nan], np.float32)
    b = np.array([2.0, 0.5, np.nan, np.nan], np.float32)
    out = np.zeros(4, np.float32)
    getattr_kernel[(1,)](a, b, out, FUNC=func, MODE=mode)
    nan_ref = getattr(np, func) if mode == "ALL" else getattr(np, "fmin" if func == "minimum" else "fmax")
    np.testing.assert_array_equal(out, nan_ref(a, b))


@tilec.jit
def member_fn_kernel(x_ptr, i_ptr, out_ptr, sum_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    i = tl.load(i_ptr + offs)
    (out_ptr + offs).store(x.sqrt_rn())
    (out_ptr + BLOCK + offs).store(x.gather(BLOCK - 1 - offs, axis=0))
    (out_ptr + 2 * BLOCK + offs).store(i.cdiv(3).to(tl.float32))
    (sum_ptr + offs % 2).atomic_add(x)
    sum_ptr.atomic_max(x.max())


def test_tensor_member_functions():
    """Triton's tensor methods (its _tensor_member_fn list) that forward to tl.<name>(self, ...):
    sqrt_rn, gather, cdiv, store and the atomics (x.sqrt_rn() was "unsupported tensor method")."""
    x = np.arange(1, 17, dtype=np.float32) * 1.5
    i = np.arange(-8, 8, dtype=np.int32)
    out = np.zeros(48, np.float32)
    sums = np.zeros(2, np.float32)
    member_fn_kernel[(1,)](x, i, out, sums, BLOCK=16)
    np.testing.assert_array_equal(out[:16], np.sqrt(x))
    np.testing.assert_array_equal(out[16:32], x[::-1])
    # cdiv is (i + 3 - 1) // 3, and Triton's // of signed ints truncates toward zero
    np.testing.assert_array_equal(out[32:], np.trunc((i + 2) / 3))
    assert sums[0] == max(x.max(), x[0::2].sum()) and sums[1] == x[1::2].sum()


@tilec.jit
def short_circuit_kernel(x):
    # Triton's test_short_circuiting: the pointer test guards the load.
    if (x is not None) and hasattr(x, "dtype") and isinstance(
            x.dtype, tl.pointer_type) and (x.dtype.element_ty == tl.int32) and (tl.load(x) > 42):
        tl.store(x, 42)


@pytest.mark.parametrize("value,dtype,expected", [(37, "int32", 37), (100000, "int32", 42),
                                                  (100000, "int64", 100000),
                                                  (84.0, "float32", 84.0)])
def test_pointer_type_isinstance_short_circuit(value, dtype, expected):
    short_circuit_kernel[(1,)](None)
    short_circuit_kernel[(1,)](1)
    x = np.full(1, value, dtype)
    short_circuit_kernel[(1,)](x)
    assert x[0] == expected


@tilec.jit
def float_of_string_kernel(out_ptr):
    tl.store(out_ptr + 0, float("1.5"))
    tl.store(out_ptr + 1, float(" -2e3 "))
    tl.store(out_ptr + 2, float("1_000.25"))
    tl.store(out_ptr + 3, float("-nan"))
    tl.store(out_ptr + 4, float("+Infinity"))
    tl.store(out_ptr + 5, float(".5E-1"))


@tilec.jit
def bad_float_of_string_kernel(out_ptr):
    tl.store(out_ptr, float("1__0"))


def test_float_of_string():
    """float(str) in a kernel parses as Python does: signs, exponents, underscores between
    digits, inf/infinity/nan in any case; anything else is Python's ValueError message."""
    out = np.zeros(6, np.float32)
    float_of_string_kernel[(1,)](out)
    np.testing.assert_array_equal(out, np.array([1.5, -2000.0, 1000.25, np.nan, np.inf, 0.05],
                                                np.float32))
    with pytest.raises(tilec.CompilationError, match="could not convert string to float: '1__0'"):
        bad_float_of_string_kernel[(1,)](out)


@tilec.jit
def standard_helpers_kernel(x_ptr, out_ptr, N: tl.constexpr):
    # Triton's constexpr functions as bitonic argsort/topk code calls them.
    n_dims: tl.constexpr = tl.standard._log2(N)
    x = tl.load(x_ptr + tl.arange(0, N))
    idtype = tl.core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    tl.static_assert(idtype == tl.int32)
    tl.store(out_ptr + tl.arange(0, N), x.to(idtype, bitcast=True) + n_dims)


def test_standard_constexpr_helpers():
    x = np.linspace(-1, 1, 16).astype(np.float32)
    out = np.zeros(16, np.int32)
    standard_helpers_kernel[(1,)](x, out, N=16)
    np.testing.assert_array_equal(out, x.view(np.int32) + 4)
