# Kernels written as Triton users write them, checked against numpy: a grouped-ordering matmul whose
# group size is Python min() of a runtime value, an online softmax started from tl.float32(-inf),
# and an RMS norm whose rsqrt is imported from triton.language.extra.libdevice at module level.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402

try:
    from triton.language.extra.libdevice import rsqrt
except ImportError:  # no Triton here: the frontend still resolves the import
    rsqrt = None


@jit
def grouped_matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                   BK: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    in_group = GROUP_M * num_pid_n
    first_m = (pid // in_group) * GROUP_M
    group_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_m)
    pid_n = (pid % in_group) // group_m
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@jit
def online_softmax(y_ptr, x_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = tl.float32(-float("inf"))
    d = tl.float32(0.0)
    for start in tl.range(0, n_cols, BLOCK, num_stages=2):
        idx = start + offs
        x = tl.load(x_ptr + row * n_cols + idx, mask=idx < n_cols, other=-float("inf"))
        new_m = max(m, tl.max(x, axis=0))
        d = d * tl.exp(m - new_m) + tl.sum(tl.exp(x - new_m), axis=0)
        m = new_m
    for start in tl.range(0, n_cols, BLOCK):
        idx = start + offs
        x = tl.load(x_ptr + row * n_cols + idx, mask=idx < n_cols, other=-float("inf"))
        tl.store(y_ptr + row * n_cols + idx, tl.exp(x - m) / d, mask=idx < n_cols)


@jit
def rms_norm(y_ptr, x_ptr, w_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=mask, other=0.0)
    r = rsqrt(tl.sum(x * x, axis=0) / n_cols + eps)
    tl.store(y_ptr + row * n_cols + offs, x * r * tl.load(w_ptr + offs, mask=mask), mask=mask)


rng = np.random.default_rng(7)

# 70x50 @ 50x90 with 16x16 tiles: 5 row blocks, so the last group of 4 has only 1 (min() < GROUP_M).
M, N, K = 70, 90, 50
a = rng.standard_normal((M, K)).astype(np.float32)
b = rng.standard_normal((K, N)).astype(np.float32)
grid = ((M + 15) // 16) * ((N + 15) // 16)
c = run(__file__, "grouped_matmul", grid, [a, b, np.zeros((M, N), np.float32), M, N, K],
        {"BM": 16, "BN": 16, "BK": 16, "GROUP_M": 4})[2]
check("grouped_matmul_min", c, a @ b, atol=1e-4, rtol=1e-4)
# CHECK: PASS grouped_matmul_min

x = (rng.standard_normal((5, 300)) * 4).astype(np.float32)
e = np.exp(x - x.max(1, keepdims=True))
y = run(__file__, "online_softmax", 5, [np.zeros_like(x), x, 300], {"BLOCK": 64})[0]
check("online_softmax_dtype_call", y, e / e.sum(1, keepdims=True), atol=1e-6, rtol=1e-5)
# CHECK: PASS online_softmax_dtype_call

x = rng.standard_normal((4, 100)).astype(np.float32)
w = rng.standard_normal(100).astype(np.float32)
y = run(__file__, "rms_norm", 4, [np.zeros_like(x), x, w, 100, 1e-6], {"BLOCK": 128})[0]
ref = x / np.sqrt((x.astype(np.float64) ** 2).mean(1, keepdims=True) + 1e-6) * w
check("rms_norm_libdevice_import", y, ref, atol=1e-5, rtol=1e-4)
# CHECK: PASS rms_norm_libdevice_import

finish()
