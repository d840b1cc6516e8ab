# `tilec run` specializes integer arguments equal to 1 (and divisible by 16) as Triton's JIT does:
# the tutorial matmul gives the same results with unit strides (compiled as constants) and with
# strides other than 1 (transposed operands and output, padded rows: the general accesses), and
# with M = 1 (a size argument specialized to 1), vs float64 numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr):
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


BLOCKS = {"BLOCK_SIZE_M": 16, "BLOCK_SIZE_N": 16, "BLOCK_SIZE_K": 16}


def matmul(name, m, n, k, a_t=False, b_t=False, c_t=False, pad=0):
    """C = A @ B with A stored transposed when a_t (and so on), rows padded by `pad` elements."""
    rng = np.random.default_rng(m * 1000 + n + k)
    a = rng.standard_normal((m, k), dtype=np.float32)
    b = rng.standard_normal((k, n), dtype=np.float32)

    def store(x, transposed):
        rows, cols = x.T.shape if transposed else x.shape
        buf = np.zeros((rows, cols + pad), dtype=np.float32)
        buf[:, :cols] = x.T if transposed else x
        # (element strides of x's dimensions 0 and 1 in buf)
        strides = (1, cols + pad) if transposed else (cols + pad, 1)
        return buf, strides

    a_buf, (sam, sak) = store(a, a_t)
    b_buf, (sbk, sbn) = store(b, b_t)
    c_buf, (scm, scn) = store(np.zeros((m, n), np.float32), c_t)
    grid = ((m + 15) // 16, (n + 15) // 16)
    got = run(__file__, "matmul_kernel", grid,
              [a_buf, b_buf, c_buf, m, n, k, sam, sak, sbk, sbn, scm, scn], BLOCKS)[2]
    c = got[:n, :m].T if c_t else got[:m, :n]
    check(name, c, a.astype(np.float64) @ b.astype(np.float64), 1e-3)


def main():
    matmul("unit strides", 37, 29, 23)
    matmul("transposed a", 37, 29, 23, a_t=True)
    matmul("transposed b", 37, 29, 23, b_t=True)
    matmul("transposed c", 37, 29, 23, c_t=True)
    matmul("all transposed, padded rows", 33, 20, 48, True, True, True, pad=3)
    matmul("one row", 1, 48, 32)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS unit strides
# CHECK: PASS transposed a
# CHECK: PASS transposed b
# CHECK: PASS transposed c
# CHECK: PASS all transposed, padded rows
# CHECK: PASS one row
