"""Early `return` inside runtime `if`s, as Triton users write them: a kernel skipping
out-of-range programs, a helper returning from both branches or early with code after the `if`,
nested returning `if`s, and returned tuples; results vs numpy."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def guarded_copy_kernel(x_ptr, y_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    if row >= n_rows:
        return
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols)
    tl.store(y_ptr + row * n_cols + cols, x * 2 + 1, mask=cols < n_cols)


@pytest.mark.parametrize("dtype", ["float32", "int32", "float16"])
@pytest.mark.parametrize("rows,extra", [(1, 0), (5, 3), (17, 16)])
def test_kernel_returns_for_padded_programs(dtype, rows, extra):
    x = (np.arange(rows * 10) % 13).astype(dtype).reshape(rows, 10)
    y = np.full((rows + extra, 10), 7, dtype)
    guarded_copy_kernel[(rows + extra,)](x, y, rows, 10, BLOCK=16)
    np.testing.assert_array_equal(y[:rows], x * 2 + 1)
    np.testing.assert_array_equal(y[rows:], np.full((extra, 10), 7, dtype))


@tilec.jit
def sign_class(v):
    if v < 0:
        return -1
    elif v == 0:
        return 0
    return 1


@tilec.jit
def clipped_scale(v, limit):
    limit = limit.to(v.dtype)  # both paths must return the same type (as in Triton)
    if v > limit:
        return limit, 1
    scaled = v * 2
    if scaled > limit:
        return scaled - limit, 2
    return scaled, 3


@tilec.jit
def scalar_returns_kernel(x_ptr, out_ptr, kind_ptr, limit, n):
    pid = tl.program_id(0)
    v = tl.load(x_ptr + pid)
    tl.store(out_ptr + pid, sign_class(v))
    r, kind = clipped_scale(v, limit)
    tl.store(out_ptr + n + pid, r)
    tl.store(kind_ptr + pid, kind)
    if pid % 2 == 1:
        if v > 0:
            return
        tl.store(kind_ptr + n + pid, 10)
        return
    tl.store(kind_ptr + n + pid, 20)


@pytest.mark.parametrize("dtype", ["int32", "float32", "int64"])
def test_helpers_with_early_returns(dtype):
    x = np.array([-5, 0, 3, 9, 2, -1, 4, 6, 0, 12], dtype)
    n = len(x)
    out = np.zeros(2 * n, dtype)
    kinds = np.full(2 * n, -7, np.int32)
    scalar_returns_kernel[(n,)](x, out, kinds, 5, n)
    np.testing.assert_array_equal(out[:n], np.sign(x))
    scaled = x * 2
    ref = np.where(x > 5, 5, np.where(scaled > 5, scaled - 5, scaled))
    ref_kind = np.where(x > 5, 1, np.where(scaled > 5, 2, 3))
    np.testing.assert_array_equal(out[n:], ref)
    np.testing.assert_array_equal(kinds[:n], ref_kind)
    odd = np.arange(n) % 2 == 1
    ref_tail = np.where(odd, np.where(x > 0, -7, 10), 20)
    np.testing.assert_array_equal(kinds[n:], ref_tail)


@tilec.jit
def block_or_fallback(x_ptr, offs, mask, use_exp):
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    if use_exp:
        return tl.exp(x)
    return x * x


@tilec.jit
def tile_return_kernel(x_ptr, y_ptr, n, flag, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, block_or_fallback(x_ptr, offs, mask, flag != 0), mask=mask)


@pytest.mark.parametrize("flag", [0, 1])
@pytest.mark.parametrize("n", [17, 300])
def test_helper_returning_tiles_from_runtime_if(flag, n):
    x = np.linspace(-2, 2, n).astype(np.float32)
    y = np.zeros(n, np.float32)
    tile_return_kernel[(tilec.cdiv(n, 128),)](x, y, n, flag, BLOCK=128)
    ref = np.exp(x.astype(np.float64)) if flag else x * x
    np.testing.assert_allclose(y, ref, rtol=2e-6)


@tilec.jit
def return_in_loop_kernel(x_ptr, n):
    for i in range(n):
        if i == 3:
            return
        tl.store(x_ptr + i, i)


def test_return_inside_loop_refused_as_in_triton():
    with pytest.raises(tilec.CompilationError, match="Cannot have `return` statements inside"):
        return_in_loop_kernel[(1,)](np.zeros(8, np.int32), 8)
