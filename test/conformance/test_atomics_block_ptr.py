"""Atomics across programs (the CPU runtime runs programs on several threads), block pointers
with boundary checks and advance, and kernels built on them: a histogram, a block-pointer
matmul with a ragged edge, a split-K reduction finished with atomic_add, and atomic_poll."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import fp32_dot_tol


@tilec.jit
def histogram_kernel(x_ptr, hist_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    bins = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(hist_ptr + bins, 1, mask=mask)


@pytest.mark.parametrize("n", [1, 1000, 100000])
def test_atomic_add_histogram_across_programs(n):
    x = np.random.default_rng(n).integers(0, 37, n).astype(np.int32)
    hist = np.zeros(37, np.int32)
    histogram_kernel[(tilec.cdiv(n, 128),)](x, hist, n, BLOCK=128)
    np.testing.assert_array_equal(hist, np.bincount(x, minlength=37))


@tilec.jit
def atomic_ops_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_max(out_ptr + tl.zeros([BLOCK], tl.int32), x, mask=mask)
    tl.atomic_min(out_ptr + 1 + tl.zeros([BLOCK], tl.int32), x, mask=mask)
    tl.atomic_xor(out_ptr + 2 + tl.zeros([BLOCK], tl.int32), x, mask=mask)
    tl.atomic_or(out_ptr + 3 + tl.zeros([BLOCK], tl.int32), x & 0xFF, mask=mask)


@pytest.mark.parametrize("dtype", ["int32", "int64", "uint32"])
def test_atomic_max_min_xor_or(dtype):
    n = 5000
    lo = 0 if dtype.startswith("u") else -10**6
    x = np.random.default_rng(7).integers(lo, 10**6, n).astype(dtype)
    out = np.array([np.iinfo(dtype).min, np.iinfo(dtype).max, 0, 0], dtype)
    atomic_ops_kernel[(tilec.cdiv(n, 256),)](x, out, n, BLOCK=256)
    assert out[0] == x.max() and out[1] == x.min()
    assert out[2] == np.bitwise_xor.reduce(x)
    assert out[3] == np.bitwise_or.reduce(x & 0xFF)


@tilec.jit
def float_sum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(out_ptr, tl.sum(x, axis=0))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_atomic_add_float_scalar(dtype):
    n = 10000
    x = np.random.default_rng(8).integers(-8, 8, n).astype(dtype)  # sums are exact
    out = np.zeros(1, dtype)
    float_sum_kernel[(tilec.cdiv(n, 512),)](x, out, n, BLOCK=512)
    assert out[0] == x.sum()


@tilec.jit
def claim_kernel(lock_ptr, winner_ptr, old_ptr):
    pid = tl.program_id(0)
    old = tl.atomic_cas(lock_ptr, 0, pid + 1)
    tl.store(old_ptr + pid, old)
    if old == 0:
        tl.store(winner_ptr, pid + 1)
    tl.atomic_xchg(winner_ptr + 1 + pid, 7)


def test_atomic_cas_exactly_one_winner():
    programs = 64
    lock = np.zeros(1, np.int32)
    winner = np.zeros(1 + programs, np.int32)
    old = np.full(programs, -1, np.int32)
    claim_kernel[(programs,)](lock, winner, old)
    assert (old == 0).sum() == 1
    assert winner[0] == lock[0] == np.argmax(old == 0) + 1
    assert set(old[old != 0]) == {lock[0]}
    assert (winner[1:] == 7).all()


@tilec.jit
def block_ptr_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                            stride_bn, stride_cm, stride_cn, BM: tl.constexpr,
                            BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_block = tl.make_block_ptr(a_ptr, shape=(M, K), strides=(stride_am, stride_ak),
                                offsets=(pid_m * BM, 0), block_shape=(BM, BK), order=(1, 0))
    b_block = tl.make_block_ptr(b_ptr, shape=(K, N), strides=(stride_bk, stride_bn),
                                offsets=(0, pid_n * BN), block_shape=(BK, BN), order=(1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_block, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_block, boundary_check=(0, 1), padding_option="zero")
        acc += tl.dot(a, b)
        a_block = tl.advance(a_block, (0, BK))
        b_block = tl.advance(b_block, (BK, 0))
    c_block = tl.make_block_ptr(c_ptr, shape=(M, N), strides=(stride_cm, stride_cn),
                                offsets=(pid_m * BM, pid_n * BN), block_shape=(BM, BN),
                                order=(1, 0))
    tl.store(c_block, acc.to(c_ptr.dtype.element_ty), boundary_check=(0, 1))


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("m,n,k,transpose_b", [(33, 65, 17, False), (64, 32, 100, True),
                                               (16, 16, 16, False)])
def test_block_pointer_matmul(dtype, m, n, k, transpose_b):
    rng = np.random.default_rng(m + k)
    a = rng.standard_normal((m, k)).astype(dtype)
    b_store = rng.standard_normal((n, k) if transpose_b else (k, n)).astype(dtype)
    b = b_store.T if transpose_b else b_store  # strided view: strides come from numpy
    c = np.full((m, n), 7, dtype)
    isz = a.itemsize
    block_ptr_matmul_kernel[(tilec.cdiv(m, 32), tilec.cdiv(n, 32))](
        a, b_store, c, m, n, k, a.strides[0] // isz, a.strides[1] // isz, b.strides[0] // isz,
        b.strides[1] // isz, c.strides[0] // isz, c.strides[1] // isz, BM=32, BN=32, BK=16)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    tol = fp32_dot_tol() if dtype == "float32" else 2e-3
    np.testing.assert_allclose(c, ref, rtol=tol, atol=tol * np.sqrt(k))


@tilec.jit
def split_k_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K, K_PER: tl.constexpr):
    # Each program multiplies one K slice and adds its partial product atomically.
    k0 = tl.program_id(0) * K_PER
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = k0 + tl.arange(0, K_PER)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=rk[None, :] < K, other=0.0)
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=rk[:, None] < K, other=0.0)
    tl.atomic_add(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


def test_split_k_matmul_with_atomic_add():
    rng = np.random.default_rng(9)
    m, n, k = 16, 32, 250
    a = rng.integers(-3, 4, (m, k)).astype(np.float32)  # exact partial sums in any order
    b = rng.integers(-3, 4, (k, n)).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    split_k_kernel[(tilec.cdiv(k, 32),)](a, b, c, M=m, N=n, K=k, K_PER=32)
    np.testing.assert_array_equal(c, a @ b)


@tilec.jit
def atomic_poll_kernel(flag_ptr, out_ptr, SEM: tl.constexpr, SCOPE: tl.constexpr,
                       N: tl.constexpr):
    tl.atomic_poll(flag_ptr, 1, sem=SEM, scope=SCOPE)  # a scalar pointer, already 1
    offs = tl.arange(0, N)
    tl.store(flag_ptr + 1 + offs, offs)  # the block is set by this program, then polled
    matched = tl.atomic_poll(flag_ptr + 1 + offs, offs, sem=SEM, scope=SCOPE)
    tl.store(out_ptr + offs, matched)


@pytest.mark.parametrize("sem,scope", [("acquire", "gpu"), ("relaxed", "cta"), (None, "sys")])
@pytest.mark.parametrize("dtype", [np.int16, np.int32, np.int64, np.uint32])
def test_atomic_poll_returns_once_matched(dtype, sem, scope):
    """atomic_poll returns when each element equals its expected value: true everywhere, memory
    unchanged."""
    flag = np.zeros(17, dtype)
    flag[0] = 1
    out = np.zeros(16, np.bool_)
    atomic_poll_kernel[(1,)](flag, out, SEM=sem, SCOPE=scope, N=16)
    assert out.all()
    np.testing.assert_array_equal(flag, np.concatenate([[1], np.arange(16)]).astype(dtype))
