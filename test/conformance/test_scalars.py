"""Scalar kernel arguments: Python int (i32, or i64 above 2**31 - 1, u64 above 2**63 - 1),
float (fp32), bool (i1), and their arithmetic and promotion inside kernels."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def int_scalar_kernel(out_ptr, a, b, EXPECTED: tl.constexpr):
    tl.static_assert(a.dtype == EXPECTED)
    tl.store(out_ptr, a)
    tl.store(out_ptr + 1, a + b)
    tl.store(out_ptr + 2, a - b)
    tl.store(out_ptr + 3, a * 2)
    tl.store(out_ptr + 4, a // 3)
    tl.store(out_ptr + 5, a % 7)


def _wrap(v, dtype):
    """Python int `v` wrapped into integer dtype `dtype` (two's complement)."""
    bits = 8 * np.dtype(dtype).itemsize
    v %= 1 << bits
    if dtype.startswith("int") and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def _trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


@pytest.mark.parametrize("a,dtype", [(5, "int32"), (-5, "int32"), (2**31 - 1, "int32"),
                                     (-2**31, "int32"), (2**31, "int64"), (2**40 + 3, "int64"),
                                     (-2**40 - 5, "int64"), (2**62, "int64")])
def test_int_scalar_types_and_values(a, dtype):
    b = 3
    out = np.zeros(6, dtype)
    expected = {"int32": tl.int32, "int64": tl.int64}[dtype]
    int_scalar_kernel[(1,)](out, a, b, EXPECTED=expected)
    ref = [a, a + b, a - b, a * 2, _trunc_div(a, 3), a - 7 * _trunc_div(a, 7)]
    np.testing.assert_array_equal(out, np.array([_wrap(v, dtype) for v in ref], dtype))


@tilec.jit
def uint_scalar_kernel(out_ptr, a, b):
    tl.static_assert(a.dtype == tl.uint64)
    tl.store(out_ptr, a)
    tl.store(out_ptr + 1, a + b)
    tl.store(out_ptr + 2, a * 2)
    tl.store(out_ptr + 3, a - 1)
    # an int literal is of the same kind as uint64: it adopts uint64, so // is allowed
    tl.store(out_ptr + 4, a // 3)
    tl.store(out_ptr + 5, a % 7)


def test_uint64_scalar_argument():
    a = 2**63 + 5
    out = np.zeros(6, np.uint64)
    uint_scalar_kernel[(1,)](out, a, 3)
    ref = [a, a + 3, a * 2, a - 1, a // 3, a % 7]
    np.testing.assert_array_equal(out, np.array([_wrap(v, "uint64") for v in ref], np.uint64))


@tilec.jit
def float_scalar_kernel(out_ptr, x, y, s, BLOCK: tl.constexpr):
    tl.static_assert(x.dtype == tl.float32)
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, x * offs + y)
    tl.store(out_ptr + BLOCK + offs, (x / y) + tl.zeros([BLOCK], tl.float32))
    tl.store(out_ptr + 2 * BLOCK + offs, s * 0.5 + offs)


@pytest.mark.parametrize("x,y", [(1.5, 2.0), (-3.25, 0.1), (1e30, 1e-30), (0.0, -1.0)])
def test_float_scalar_arguments(x, y):
    out = np.zeros(48, np.float32)
    float_scalar_kernel[(1,)](out, x, y, 7, BLOCK=16)
    offs = np.arange(16, dtype=np.float32)
    np.testing.assert_allclose(out[:16], np.float32(x) * offs + np.float32(y), rtol=1e-6)
    with np.errstate(over="ignore"):  # 1e30 / 1e-30 is inf in fp32, as in the kernel
        quotient = np.float32(x) / np.float32(y)
    np.testing.assert_allclose(out[16:32], quotient, rtol=1e-6)
    np.testing.assert_array_equal(out[32:], np.float32(3.5) + offs)


@tilec.jit
def bool_scalar_kernel(out_ptr, flag, n):
    tl.static_assert(flag.dtype == tl.int1)
    if flag:
        tl.store(out_ptr, n + 1)
    else:
        tl.store(out_ptr, n - 1)
    tl.store(out_ptr + 1, flag.to(tl.int32) * 10)


@pytest.mark.parametrize("flag", [True, False])
def test_bool_scalar_argument(flag):
    out = np.zeros(2, np.int32)
    bool_scalar_kernel[(1,)](out, flag, 41)
    assert out[0] == (42 if flag else 40) and out[1] == (10 if flag else 0)


@tilec.jit
def int64_offset_kernel(x_ptr, out_ptr, base, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # base is an i64 scalar: the offsets become i64, no i32 overflow
    v = base + offs
    tl.static_assert(v.dtype == tl.int64)
    tl.store(out_ptr + offs, v - (base - 5))
    tl.store(out_ptr + BLOCK + offs, tl.load(x_ptr + (v - base)))


def test_int64_scalar_promotes_offsets():
    x = np.arange(16, dtype=np.int64) * 3
    out = np.zeros(32, np.int64)
    int64_offset_kernel[(1,)](x, out, 2**33, BLOCK=16)
    np.testing.assert_array_equal(out[:16], np.arange(16) + 5)
    np.testing.assert_array_equal(out[16:], x)


@tilec.jit
def annotated_kernel(out_ptr, n: tl.int64, x: tl.float64):
    tl.static_assert(n.dtype == tl.int64)
    tl.static_assert(x.dtype == tl.float64)
    tl.store(out_ptr, n * x)


def test_annotated_scalar_types():
    out = np.zeros(1, np.float64)
    annotated_kernel[(1,)](out, 3, 0.1)
    assert out[0] == 3 * 0.1


@tilec.jit
def program_ids_kernel(out_ptr):
    pid0 = tl.program_id(0)
    pid1 = tl.program_id(axis=1)
    n0 = tl.num_programs(0)
    n1 = tl.num_programs(1)
    tl.store(out_ptr + pid1 * n0 + pid0, pid0 * 100 + pid1 + n0 * 10000 + n1 * 1000000)


def test_program_id_and_num_programs():
    out = np.zeros(3 * 5, np.int32)
    program_ids_kernel[(5, 3)](out)
    p0, p1 = np.meshgrid(np.arange(5), np.arange(3))
    np.testing.assert_array_equal(out.reshape(3, 5), p0 * 100 + p1 + 5 * 10000 + 3 * 1000000)
