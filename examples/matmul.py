"""fp32 matrix multiplication with ragged edges and masks (Triton's tutorial 03), run with tilec."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tilec_example as ex  # noqa: E402
from tilec_example import jit, tl  # noqa: E402


@jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr,
                  BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_am = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_bn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        k_left = K - k * BLOCK_SIZE_K
        a = tl.load(a_ptrs, mask=(offs_am[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_bn[None, :] < N), other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, accumulator, mask=c_mask)


def main(m=333, n=271, k=197, bench=10):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((m, k), dtype=np.float32)
    b = rng.standard_normal((k, n), dtype=np.float32)
    c = np.zeros((m, n), dtype=np.float32)
    bm, bn, bk = 32, 32, 16
    grid = ((m + bm - 1) // bm, (n + bn - 1) // bn)
    outs, us = ex.run(__file__, "matmul_kernel", grid,
                      [a, b, c, m, n, k, k, 1, n, 1, n, 1],
                      {"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn, "BLOCK_SIZE_K": bk}, bench)
    got = outs[2]
    ref = a.astype(np.float64) @ b.astype(np.float64)
    err = float(np.max(np.abs(got - ref)))
    # On NVIDIA tensor cores (and the SIMT emulator at warp size 32) an fp32 tl.dot is tf32 by
    # default, as in Triton: its operands are rounded to 10 fraction bits (nearest, ties away).
    ref_tf32 = tf32(a).astype(np.float64) @ tf32(b).astype(np.float64)
    err_tf32 = float(np.max(np.abs(got - ref_tf32)))
    return ex.report("matmul %dx%dx%d" % (m, n, k), min(err, err_tf32) < 1e-3, err, us)


def tf32(x):
    """float32 `x` rounded to tf32 as cvt.rna.tf32.f32."""
    bits = x.view(np.uint32).astype(np.uint64)
    return ((bits + 0x1000) & 0xFFFFE000).astype(np.uint32).view(np.float32)


if __name__ == "__main__":
    sys.exit(0 if main(*[int(a) for a in sys.argv[1:]]) else 1)
