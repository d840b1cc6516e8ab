"""Memory builtins through the Python API: atomics from many programs, block pointers, gather."""
import numpy as np

import tilec
import tilec.language as tl


@tilec.jit
def histogram_kernel(x_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.atomic_add(bins_ptr + tl.load(x_ptr + offs, mask=mask, other=0), 1, mask=mask)


@tilec.jit
def block_copy_kernel(x_ptr, y_ptr, M, N, stride_m, BM: tl.constexpr, BN: tl.constexpr):
    src = tl.make_block_ptr(x_ptr, (M, N), (stride_m, 1), (tl.program_id(0) * BM, 0), (BM, BN),
                            (1, 0))
    dst = tl.make_block_ptr(y_ptr, (M, N), (N, 1), (tl.program_id(0) * BM, 0), (BM, BN), (1, 0))
    for _ in range(0, N, BN):
        tl.store(dst, tl.load(src, boundary_check=(0, 1)), boundary_check=(0, 1))
        src = tl.advance(src, (0, BN))
        dst = tl.advance(dst, (0, BN))


@tilec.jit
def reverse_kernel(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(y_ptr + offs, tl.gather(tl.load(x_ptr + offs), N - 1 - offs, 0))


def test_histogram_many_programs():
    rng = np.random.default_rng(1)
    n = 100_000
    x = rng.integers(0, 10, n).astype(np.int32)
    bins = np.zeros(10, dtype=np.int32)
    histogram_kernel[(tilec.cdiv(n, 128),)](x, bins, n, BLOCK=128)
    np.testing.assert_array_equal(bins, np.bincount(x, minlength=10))


def test_block_pointer_copy_ragged():
    rng = np.random.default_rng(2)
    m, n = 21, 45
    x = rng.standard_normal((m, n + 3)).astype(np.float32)
    y = np.zeros((m, n), dtype=np.float32)
    block_copy_kernel[(tilec.cdiv(m, 8),)](x, y, m, n, n + 3, BM=8, BN=16)
    np.testing.assert_array_equal(y, x[:, :n])


def test_gather_reverse():
    x = np.arange(32, dtype=np.float32) * 1.5
    y = np.zeros(32, dtype=np.float32)
    reverse_kernel[(1,)](x, y, N=32)
    np.testing.assert_array_equal(y, x[::-1])
