"""tl.dot: fp32, fp16 (fp32 or fp16 out_dtype), bf16 (fp32), int8 (int32 accumulation), 2-D and
batched 3-D,
with and without `acc`, and with a transposed B (`tl.trans`). fp32 references are float64:
tilec's CPU dot is IEEE fp32 (rtol 1e-4
covers reassociation only); on the simt device at warp size 32 fp32 dots that fill mma.sync run
as tf32, Triton's NVIDIA default (fp32_dot_tol)."""
import os

import numpy as np
import pytest

import tilec
import tilec.language as tl
from common import fp32_dot_tol, random_values, round_bf16, to_arg
from test_promotion import TL_DTYPES


@tilec.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
               K: tl.constexpr, USE_ACC: tl.constexpr, OUT_DTYPE: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    if USE_ACC:
        c = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
        r = tl.dot(a, b, acc=c, out_dtype=OUT_DTYPE)
    else:
        r = tl.dot(a, b, out_dtype=OUT_DTYPE)
    tl.static_assert(r.dtype == OUT_DTYPE)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], r)


@tilec.jit
def batched_dot_kernel(a_ptr, b_ptr, out_ptr, B: tl.constexpr, M: tl.constexpr,
                       N: tl.constexpr, K: tl.constexpr):
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, None, :]
    rk_col = tl.arange(0, K)[None, None, :]
    rk_row = tl.arange(0, K)[None, :, None]
    a = tl.load(a_ptr + rb * M * K + rm * K + rk_col)
    b = tl.load(b_ptr + rb * K * N + rk_row * N + rn)
    tl.store(out_ptr + rb * M * N + rm * N + rn, tl.dot(a, b))


CASES = [("float32", "float32"), ("float16", "float32"), ("float16", "float16"),
         ("bfloat16", "float32"), ("int8", "int32")]
SHAPES = [(16, 16, 16), (32, 16, 64), (16, 64, 32), (64, 64, 64)]


def _inputs(dtype, m, n, k, rng):
    if dtype == "int8":
        return (rng.integers(-128, 128, (m, k)).astype(np.int8),
                rng.integers(-128, 128, (k, n)).astype(np.int8))
    if dtype == "bfloat16":
        return (round_bf16(rng.standard_normal((m, k)).astype(np.float32)),
                round_bf16(rng.standard_normal((k, n)).astype(np.float32)))
    return (rng.standard_normal((m, k)).astype(dtype), rng.standard_normal((k, n)).astype(dtype))


# int8 dots of 64x64x64 took over a minute to compile where they are widened to int32 (the SIMT
# device; the CPU used to): there int8 runs the three smaller shapes.
SIMT = os.environ.get("TILEC_DEVICE") == "simt"
DOT_CASES = [(d, o, m, n, k, acc) for d, o in CASES for m, n, k in SHAPES for acc in (False, True)
             if not (SIMT and d == "int8" and m * n * k > 32768)]


@pytest.mark.parametrize("dtype,out_dtype,m,n,k,use_acc", DOT_CASES)
def test_dot_2d(dtype, out_dtype, m, n, k, use_acc):
    rng = np.random.default_rng(m + n + k)
    a, b = _inputs(dtype, m, n, k, rng)
    c = (rng.integers(-1000, 1000, (m, n)) if out_dtype == "int32"
         else rng.standard_normal((m, n))).astype(out_dtype)
    out = np.zeros((m, n), out_dtype)
    dot_kernel[(1,)](to_arg(a, dtype), to_arg(b, dtype), c, out, M=m, N=n, K=k, USE_ACC=use_acc,
                     OUT_DTYPE=TL_DTYPES[out_dtype])
    if dtype == "int8":
        ref = a.astype(np.int64) @ b.astype(np.int64) + (c if use_acc else 0)
        np.testing.assert_array_equal(out, ref.astype(np.int32))
        return
    ref = a.astype(np.float64) @ b.astype(np.float64) + (c.astype(np.float64) if use_acc else 0)
    if out_dtype == "float16":
        np.testing.assert_allclose(out, ref, rtol=5e-3, atol=5e-3 * np.sqrt(k))
    else:
        tol = fp32_dot_tol() if dtype == "float32" else 1e-4
        np.testing.assert_allclose(out, ref, rtol=tol, atol=tol * np.sqrt(k))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("m,n,k", [(16, 16, 16), (32, 32, 8), (64, 64, 32), (128, 128, 64)])
def test_dot_tensor_core_shapes(dtype, m, n, k):
    """Shapes that fill mma.sync m16n8k16 or an MFMA, with fp16 and bf16 operands and an fp32
    accumulator (on NVIDIA from sm_80 and on the SIMT emulator at warp size 32 they run on
    mma.sync, on gfx90a/gfx942 and the emulator at warp size 64 on MFMA 16x16x16 (16x16x16) or
    32x32x8 (the others); what an instruction does not fill falls back to FMAs).
    Products of 16-bit floats are exact in fp32: the tolerance covers the order of the sums."""
    rng = np.random.default_rng(m + 3 * k)
    a = random_values(dtype, (m, k), rng, -2.0, 2.0)
    b = random_values(dtype, (k, n), rng, -2.0, 2.0)
    c = rng.standard_normal((m, n)).astype(np.float32)
    out = np.zeros((m, n), np.float32)
    dot_kernel[(1,)](to_arg(a, dtype), to_arg(b, dtype), c, out, M=m, N=n, K=k, USE_ACC=True,
                     OUT_DTYPE=tl.float32)
    ref = a.astype(np.float64) @ b.astype(np.float64) + c
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "int8"])
@pytest.mark.parametrize("b,m,n,k", [(2, 16, 16, 16), (4, 16, 32, 16)])
def test_dot_batched_3d(b, m, n, k, dtype):
    rng = np.random.default_rng(b)
    x, _ = _inputs(dtype, b * m, 1, k, rng)
    _, y = _inputs(dtype, 1, b * n, k, rng)
    x = x.reshape(b, m, k)
    y = y.reshape(k, b, n).transpose(1, 0, 2).copy()
    out = np.zeros((b, m, n), np.int32 if dtype == "int8" else np.float32)
    batched_dot_kernel[(1,)](to_arg(x, dtype), to_arg(y, dtype), out, B=b, M=m, N=n, K=k)
    ref = np.matmul(x.astype(np.float64), y.astype(np.float64))
    if dtype == "int8":
        np.testing.assert_array_equal(out, ref.astype(np.int32))
    else:
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4)


@tilec.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k0 + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k0 + rk)[:, None] * stride_bk + rn[None, :],
                    mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("m,n,k", [(33, 65, 17), (64, 64, 128), (1, 16, 200)])
def test_tiled_matmul_ragged(dtype, m, n, k):
    rng = np.random.default_rng(m * n)
    a = rng.standard_normal((m, k)).astype(dtype)
    b = rng.standard_normal((k, n)).astype(dtype)
    c = np.zeros((m, n), dtype)
    grid = (tilec.cdiv(m, 32), tilec.cdiv(n, 32))
    matmul_kernel[grid](a, b, c, m, n, k, k, n, n, BM=32, BN=32, BK=32)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    tol = fp32_dot_tol() if dtype == "float32" else 2e-3
    np.testing.assert_allclose(c, ref, rtol=tol, atol=tol * np.sqrt(k))


@tilec.jit
def matmul_blocks_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                         BK: tl.constexpr, BLOCK_PTR: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    if BLOCK_PTR:
        a_blk = tl.make_block_ptr(a_ptr, (M, K), (K, 1), (pid_m * BM, 0), (BM, BK), (1, 0))
        b_blk = tl.make_block_ptr(b_ptr, (K, N), (N, 1), (0, pid_n * BN), (BK, BN), (1, 0))
        for _ in range(0, tl.cdiv(K, BK)):
            a = tl.load(a_blk, boundary_check=(0, 1), padding_option="zero")
            b = tl.load(b_blk, boundary_check=(0, 1), padding_option="zero")
            acc = tl.dot(a, b, acc)
            a_blk = tl.advance(a_blk, (0, BK))
            b_blk = tl.advance(b_blk, (BK, 0))
    else:
        a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK])
        b_desc = tl.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BK, BN])
        for k in range(0, tl.cdiv(K, BK)):
            acc = tl.dot(a_desc.load([pid_m * BM, k * BK]), b_desc.load([k * BK, pid_n * BN]),
                         acc)
    if BLOCK_PTR:
        c_blk = tl.make_block_ptr(c_ptr, (M, N), (N, 1), (pid_m * BM, pid_n * BN), (BM, BN),
                                  (1, 0))
        tl.store(c_blk, acc, boundary_check=(0, 1))
    else:
        c_desc = tl.make_tensor_descriptor(c_ptr, [M, N], [N, 1], [BM, BN])
        c_desc.store([pid_m * BM, pid_n * BN], acc)


@pytest.mark.parametrize("block_ptr", [False, True])
@pytest.mark.parametrize("m,n,k", [(128, 128, 128), (80, 96, 48), (64, 200, 96)])
def test_matmul_loop_through_blocks(block_ptr, m, n, k):
    """A K loop of fp16 dots whose operands are tensor-descriptor or block-pointer loads, and
    whose result is stored through the same kind (on sm_90a, and the emulator's warp32-wgmma,
    the copy engine loads and stores them: TMA); ragged edges read as zeros and are not
    written (a guard row after C stays)."""
    rng = np.random.default_rng(m + n + k)
    a = np.empty((m, k), np.float16)  # freshly allocated: 16-byte aligned, as descriptors need
    a[...] = rng.uniform(-1, 1, (m, k))
    b = np.empty((k, n), np.float16)
    b[...] = rng.uniform(-1, 1, (k, n))
    c = np.full((m + 1, n), 7.0, np.float32)
    grid = (tilec.cdiv(m, 64), tilec.cdiv(n, 64))
    matmul_blocks_kernel[grid](a, b, c, m, n, k, BM=64, BN=64, BK=32, BLOCK_PTR=block_ptr)
    ref = np.full((m + 1, n), 7.0)
    ref[:m] = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(c, ref, rtol=1e-3, atol=1e-3)


@tilec.jit
def dot_trans_b_kernel(a_ptr, bt_ptr, out_ptr, steps, M: tl.constexpr, N: tl.constexpr,
                       K: tl.constexpr, OUT_DTYPE: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    acc = tl.zeros((M, N), dtype=OUT_DTYPE)
    for s in range(0, steps):
        a = tl.load(a_ptr + s * M * K + rm[:, None] * K + rk[None, :])
        bt = tl.load(bt_ptr + s * N * K + rn[:, None] * K + rk[None, :])  # B^T, row-major [N, K]
        acc = tl.dot(a, tl.trans(bt), acc, out_dtype=OUT_DTYPE)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc)


@pytest.mark.parametrize("dtype,out_dtype", [("float16", "float32"), ("float32", "float32"),
                                             ("int8", "int32")])
@pytest.mark.parametrize("m,n,k", [(16, 8, 16), (32, 16, 32), (64, 64, 64), (128, 32, 16)])
def test_dot_transposed_b(dtype, out_dtype, m, n, k):
    """`tl.dot(a, tl.trans(bt))` with bt loaded row-major [N, K] (attention's q.k^T) in a K loop:
    on tensor cores the dot stages bt as it is and reads B's fragments transposed (ldmatrix
    without .trans for 16-bit types, elements for tf32 and s8), one or several 16x8 blocks per
    warp, and one block (N = 8: ldmatrix .x2)."""
    if SIMT and dtype == "int8" and m * n * k > 32768:
        pytest.skip("int8 64x64x64 compiles slowly (see DOT_CASES)")
    rng = np.random.default_rng(m * n + k)
    steps = 2
    if dtype == "int8":
        a = rng.integers(-128, 128, (steps, m, k)).astype(np.int8)
        bt = rng.integers(-128, 128, (steps, n, k)).astype(np.int8)
    else:
        a = rng.standard_normal((steps, m, k)).astype(dtype)
        bt = rng.standard_normal((steps, n, k)).astype(dtype)
    out = np.zeros((m, n), out_dtype)
    dot_trans_b_kernel[(1,)](a, bt, out, steps, M=m, N=n, K=k, OUT_DTYPE=TL_DTYPES[out_dtype])
    ref = sum(a[s].astype(np.float64) @ bt[s].astype(np.float64).T for s in range(steps))
    if dtype == "int8":
        np.testing.assert_array_equal(out, ref.astype(np.int32))
        return
    tol = fp32_dot_tol() if dtype == "float32" else 1e-4
    np.testing.assert_allclose(out, ref, rtol=tol, atol=tol * np.sqrt(k * steps))


def test_dot_bf16_special_values():
    """bf16 NaN and infinities propagate as in IEEE fp32 arithmetic (row 3 NaN, row 10 +-inf or
    NaN, column 20 -inf or NaN) through a 64x64x64 dot; the rest within fp32 rounding. The CPU's
    vdpbf16ps treats bf16 denormals as zero (documented in docs/performance.md), so none here."""
    rng = np.random.default_rng(9)
    a = round_bf16(rng.standard_normal((64, 64)).astype(np.float32))
    b = round_bf16(rng.standard_normal((64, 64)).astype(np.float32))
    a[3, 5], a[10, 40], b[7, 20] = np.nan, np.inf, -np.inf
    c = rng.standard_normal((64, 64)).astype(np.float32)
    out = np.zeros((64, 64), np.float32)
    dot_kernel[(1,)](to_arg(a, "bfloat16"), to_arg(b, "bfloat16"), c, out, M=64, N=64, K=64,
                     USE_ACC=True, OUT_DTYPE=tl.float32)
    with np.errstate(invalid="ignore"):
        ref = (a.astype(np.float64)[:, :, None] * b.astype(np.float64)[None, :, :]).sum(1) + c
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("k", [64, 256])
def test_dot_int8_extremes(k):
    """int8 -128/127 operands (all-(-128) and all-127 rows and columns) accumulate exactly into
    int32 in a K loop (2 steps) with a transposed B (test/Execution/dot_bf16_int8.py checks sums
    that wrap around int32)."""
    rng = np.random.default_rng(k)
    steps, m, n = 2, 64, 32
    a = rng.choice(np.array([-128, 127, -1, 0, 1], np.int8), (steps, m, k))
    bt = rng.choice(np.array([-128, 127, -1, 0, 1], np.int8), (steps, n, k))
    a[:, 0, :], a[:, 1, :], bt[:, 0, :], bt[:, 1, :] = -128, 127, -128, 127
    out = np.zeros((m, n), np.int32)
    dot_trans_b_kernel[(1,)](a, bt, out, steps, M=m, N=n, K=k, OUT_DTYPE=tl.int32)
    ref = sum(a[s].astype(np.int64) @ bt[s].astype(np.int64).T for s in range(steps))
    np.testing.assert_array_equal(out, ref.astype(np.int32))


@tilec.jit
def dot_fp64_kernel(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn)
    c = tl.dot(a, b)
    tl.static_assert(c.dtype == tl.float64)
    tl.store(out_ptr + rm * N + rn, c)


def test_dot_of_fp64_is_fp64():
    # As Triton's: fp64 operands give an fp64 product (without acc or out_dtype), here with
    # terms below fp32's resolution: (1 + 2^-40) times the identity is exact only in fp64.
    M = N = K = 16
    a = np.full((M, K), 1 + 2.0**-40)
    b = np.eye(K)
    out = np.zeros((M, N))
    dot_fp64_kernel[(1,)](a, b, out, M=M, N=N, K=K)
    np.testing.assert_array_equal(out, a @ b)
