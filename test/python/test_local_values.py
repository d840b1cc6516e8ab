"""Triton's treatment of local values (expected values from Triton 3.9's interpreter): a number
assigned to a local has a dtype and tensor methods, `.item()` turns a single-element tensor into a
scalar, and a tensor subscript's slice may spell its bounds as None."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def local_constants_kernel(out_i32, out_i64, out_f):
    value = 1
    tl.store(out_i32 + tl.arange(0, 8), tl.full([8], value=value, dtype=value.dtype))
    acc = 0
    acc = acc.to(tl.int64)
    for i in range(3):
        acc += 2**35
    tl.store(out_i64, acc)
    big = 2**40
    f = 1.5
    t = True
    h = 3000000000
    tl.static_assert(value.dtype == tl.int32)
    tl.static_assert(big.dtype == tl.int64)
    tl.static_assert(f.dtype == tl.float32)
    tl.static_assert(t.dtype == tl.int1)
    tl.static_assert(h.dtype == tl.uint32)
    tl.store(out_f, f.to(tl.int32) + 0)


@tilec.jit
def item_kernel(src, dst):
    s = tl.load(src + tl.arange(0, 1)).item()
    tl.static_assert(len(s.shape) == 0)
    y = tl.reshape(tl.load(src + 1 + tl.arange(0, 1)), (1, 1)).item()
    tl.store(dst, s * 2 + y)


@tilec.jit
def none_slices_kernel(dst, XBLOCK: tl.constexpr):
    data = tl.arange(0, XBLOCK)
    t = data[None, None:]
    tl.static_assert(t.shape == [1, XBLOCK])
    u = data[None, :None, None]
    tl.static_assert(u.shape == [1, XBLOCK, 1])
    v = data[None::None, None]
    tl.static_assert(v.shape == [XBLOCK, 1])
    tl.store(dst + data, tl.sum(t, axis=0) + tl.sum(tl.sum(u, axis=2), axis=0) + tl.sum(v, axis=1))


def test_numbers_assigned_to_locals_have_a_dtype_and_tensor_methods():
    ones = np.zeros(8, dtype=np.int32)
    acc = np.zeros(1, dtype=np.int64)
    f = np.zeros(1, dtype=np.int32)
    local_constants_kernel[(1,)](ones, acc, f)
    np.testing.assert_array_equal(ones, np.ones(8, dtype=np.int32))
    assert acc[0] == 3 * 2**35  # accumulated in int64, no int32 wrap-around
    assert f[0] == 1


def test_item_of_single_element_tensors():
    src = np.array([-2.5, 7.0], dtype=np.float32)
    dst = np.zeros(1, dtype=np.float32)
    item_kernel[(1,)](src, dst)
    assert dst[0] == 2.0


def test_slices_with_none_bounds():
    dst = np.zeros(8, dtype=np.int32)
    none_slices_kernel[(1,)](dst, XBLOCK=8)
    np.testing.assert_array_equal(dst, 3 * np.arange(8, dtype=np.int32))
