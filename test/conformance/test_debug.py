"""tl.device_assert / runtime `assert` failing a launch with RuntimeError (and passing ones not),
and tl.device_print / print output in Triton's format, captured from the process's stdout."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def assert_kernel(x_ptr, n, limit, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.device_assert(x < limit, "x must stay below the limit", mask=mask)
    tl.store(x_ptr + offs, x + 1, mask=mask)


@pytest.mark.parametrize("dtype", ["int32", "float32", "int64"])
def test_device_assert_passes(dtype):
    x = np.arange(10).astype(dtype)
    assert_kernel[(1,)](x, 10, 100, BLOCK=16)
    np.testing.assert_array_equal(x, np.arange(1, 11).astype(dtype))


@pytest.mark.parametrize("dtype", ["int32", "float32"])
def test_device_assert_fails_launch(dtype):
    x = np.arange(10).astype(dtype)
    with pytest.raises(RuntimeError, match="x must stay below the limit"):
        assert_kernel[(1,)](x, 10, 5, BLOCK=16)


def test_device_assert_mask_hides_failures():
    x = np.arange(10).astype(np.int32)
    # elements 10..15 are masked off (other=0 < limit anyway); 0..9 are checked against 10
    assert_kernel[(1,)](x, 10, 10, BLOCK=16)


@tilec.jit
def python_assert_kernel(x_ptr, n):
    pid = tl.program_id(0)
    v = tl.load(x_ptr + pid)
    assert v != 3, "three is not allowed"
    tl.store(x_ptr + pid, v * 10)


def test_python_assert_statement():
    ok = np.array([1, 2, 4], np.int32)
    python_assert_kernel[(3,)](ok, 3)
    np.testing.assert_array_equal(ok, [10, 20, 40])
    bad = np.array([1, 3, 4], np.int32)
    with pytest.raises(RuntimeError, match="three is not allowed"):
        python_assert_kernel[(3,)](bad, 3)


@tilec.jit
def print_kernel(x_ptr, f_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    f = tl.load(f_ptr + offs)
    tl.device_print("x", x)
    tl.device_print("bits: ", x, hex=True)
    print("f", f)


def test_device_print_format(capfd):
    x = np.array([5, -3, 255, 0], np.int32)
    f = np.array([1.5, -0.25, 3.0, 0.0], np.float32)
    print_kernel[(1,)](x, f, BLOCK=4)
    lines = capfd.readouterr().out.splitlines()
    expected = ([f"pid (0, 0, 0) idx ({i}) x: {v}" for i, v in enumerate(x)] +
                [f"pid (0, 0, 0) idx ({i}) bits: 0x{int(v) & 0xFFFFFFFF:08x}"
                 for i, v in enumerate(x)] +
                [f"pid (0, 0, 0) idx ({i}) f: {v:f}" for i, v in enumerate(f)])
    assert sorted(lines) == sorted(expected)
