# tl.dot with fp16 inputs and an fp32 accumulator over a K loop, tl.dot without an accumulator (fp32
# result), and a fused epilogue (bias + ReLU), at ragged M/N/K with masks; vs float64 numpy (atol 1e-3).
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def dot16_kernel(a_ptr, b_ptr, bias_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                 BK: tl.constexpr, RELU: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        ks = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + ks[None, :],
                    mask=(rm[:, None] < M) & (ks[None, :] < K), other=0.0)
        b = tl.load(b_ptr + ks[:, None] * N + rn[None, :],
                    mask=(ks[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0)
    acc = acc + bias[None, :]
    if RELU:
        acc = tl.maximum(acc, 0.0)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@jit
def dot_single_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)


def main():
    rng = np.random.default_rng(21)
    m, n, k = 45, 19, 70
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    bias = rng.standard_normal(n).astype(np.float32)
    ref = a.astype(np.float64) @ b.astype(np.float64) + bias
    for relu in (0, 1):
        c = np.full((m, n), 7.0, dtype=np.float32)
        grid = ((m + 15) // 16, (n + 15) // 16)
        got = run(__file__, "dot16_kernel", grid, [a, b, bias, c, m, n, k],
                  {"BM": 16, "BN": 16, "BK": 32, "RELU": relu})
        check("fp16 dot relu=%d" % relu, got[3], np.maximum(ref, 0) if relu else ref, atol=1e-3)

    a = rng.standard_normal((16, 32)).astype(np.float16)
    b = rng.standard_normal((32, 8)).astype(np.float16)
    c = np.zeros((16, 8), dtype=np.float32)
    got = run(__file__, "dot_single_kernel", 1, [a, b, c], {"M": 16, "N": 8, "K": 32})
    check("fp16 dot no acc", got[2], a.astype(np.float64) @ b.astype(np.float64), atol=1e-3)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS fp16 dot relu=0
# CHECK-NEXT: PASS fp16 dot relu=1
# CHECK-NEXT: PASS fp16 dot no acc
# CHECK-NOT: FAIL
