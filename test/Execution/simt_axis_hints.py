# Axis hints and Triton's `%`/`//` rules run on the SIMT emulator (fp16 matmul, 64x64x32, 3
# stages, 4 and 8 warps, against numpy): Triton's tutorial indexing (kernel grouped: grouped
# program ids, rows and columns wrapping with `% M`/`% N`, tl.multiple_of/tl.max_contiguous on
# the rows) on sizes that are and are not multiples of the tiles, and row strides that are not
# multiples of 16 (kernel matmul: A copied 2 bytes at a time), which give the same results as the
# aligned ones. test/Target/NVPTX/axis_info_alignment.py checks the vector widths of these kernels.
# REQUIRES: cpu-jit, simt
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
# CHECK: PASS grouped 128x128x64 w4
# CHECK: PASS grouped 100x72x40 w4
# CHECK: PASS grouped 100x72x40 w8
# CHECK: PASS matmul lda=40 w4
# CHECK: PASS matmul lda=41 w4
# CHECK: PASS matmul lda=41 w8
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
import tilec_check as tc  # noqa: E402
from tilec_check import jit, tl  # noqa: E402


@jit
def k_loop(a_ptrs, b_ptrs, K, stride_bk, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A (BM x BK) and B (BK x BN) tiles along K, the ragged end masked, summed in fp32.
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    return acc


@jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BM: tl.constexpr,
           BN: tl.constexpr, BK: tl.constexpr):
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :]
    acc = k_loop(a_ptrs, b_ptrs, K, stride_bk, BM, BN, BK)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :], acc.to(tl.float16), mask=mask)


@jit
def grouped(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BM: tl.constexpr,
            BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    group_id = pid // (GROUP * num_pid_n)
    first_pid_m = group_id * GROUP
    group_size_m = min(num_pid_m - first_pid_m, GROUP)
    pid_m = first_pid_m + ((pid % (GROUP * num_pid_n)) % group_size_m)
    pid_n = (pid % (GROUP * num_pid_n)) // group_size_m
    offs_am = (pid_m * BM + tl.arange(0, BM)) % M
    offs_am = tl.max_contiguous(tl.multiple_of(offs_am, BM), BM)
    offs_bn = (pid_n * BN + tl.arange(0, BN)) % N
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_am[:, None] * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_bn[None, :]
    acc = k_loop(a_ptrs, b_ptrs, K, stride_bk, BM, BN, BK)
    offs_cm = pid_m * BM + tl.arange(0, BM)
    offs_cn = pid_n * BN + tl.arange(0, BN)
    mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :], acc.to(tl.float16), mask=mask)


def reference(a, b, m, n, k):
    return (a[:m, :k].astype(np.float32) @ b[:k, :n].astype(np.float32)).astype(np.float16)


def run_grouped(m, n, k, warps):
    rng = np.random.default_rng(m + n + k + warps)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float16)
    grid = -(-m // 64) * -(-n // 64)
    out = tc.run(__file__, "grouped", grid, [a, b, c, m, n, k, k, n, n],
                 {"BM": 64, "BN": 64, "BK": 32, "GROUP": 8},
                 flags=["--num-warps", str(warps), "--num-stages", "3"])
    tc.check("grouped %dx%dx%d w%d" % (m, n, k, warps), out[2].astype(np.float32),
             reference(a, b, m, n, k).astype(np.float32), atol=2e-2, rtol=1e-2)


def run_rows(lda, warps, m=96, n=64, k=40):
    rng = np.random.default_rng(lda + warps)
    a = rng.uniform(-1, 1, (m, lda)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float16)
    out = tc.run(__file__, "matmul", (-(-m // 64), -(-n // 64)), [a, b, c, m, n, k, lda, n, n],
                 {"BM": 64, "BN": 64, "BK": 32},
                 flags=["--num-warps", str(warps), "--num-stages", "3"])
    tc.check("matmul lda=%d w%d" % (lda, warps), out[2].astype(np.float32),
             reference(a, b, m, n, k).astype(np.float32), atol=2e-2, rtol=1e-2)


if __name__ == "__main__":
    os.environ["TILEC_DEVICE"] = "simt"
    run_grouped(128, 128, 64, 4)
    run_grouped(100, 72, 40, 4)
    run_grouped(100, 72, 40, 8)
    run_rows(40, 4)
    run_rows(41, 4)
    run_rows(41, 8)
    tc.finish()
