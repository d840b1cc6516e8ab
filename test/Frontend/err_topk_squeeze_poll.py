# Errors of tl.topk, tl.bitonic_merge, tl.squeeze/unsqueeze and tl.atomic_poll, as Triton 3.9
# reports them (topk's dim must be the last one as given; k a power of two in 1..n).
# RUN: not tilec compile %s --kernel topk_dim --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=DIM
# RUN: not tilec compile %s --kernel topk_k3 --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=K3
# RUN: not tilec compile %s --kernel topk_k0 --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=K0
# RUN: not tilec compile %s --kernel topk_big --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BIG
# RUN: not tilec compile %s --kernel merge_order --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ORDER
# RUN: not tilec compile %s --kernel squeeze_size --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SIZE
# RUN: not tilec compile %s --kernel unsqueeze_range --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=RANGE
# RUN: not tilec compile %s --kernel poll_float --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PFLOAT
# RUN: not tilec compile %s --kernel poll_sem --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PSEM
# RUN: not tilec compile %s --kernel poll_timeout --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PTIME
# RUN: not tilec compile %s --kernel poll_timeout_float --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PTFLOAT
# RUN: not tilec compile %s --kernel poll_negative --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=PNEG
import triton.language as tl
from triton import jit


@jit
def topk_dim(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.topk(x, 2, dim=-1)
# DIM: {{.*}}err_topk_squeeze_poll.py:[[@LINE-1]]:27: error: tl.topk only supports the last dimension (dim 0 of [8]), got dim -1


@jit
def topk_k3(p):
    y = tl.topk(tl.load(p + tl.arange(0, 8)), 3)
# K3: {{.*}}:[[@LINE-1]]:47: error: tl.topk: k must be a power of two, got 3


@jit
def topk_k0(p):
    y = tl.topk(tl.load(p + tl.arange(0, 8)), 0)
# K0: error: tl.topk: k must be greater than 0, got 0


@jit
def topk_big(p):
    y = tl.topk(tl.load(p + tl.arange(0, 8)), 16)
# BIG: error: tl.topk: k must be at most the size of the last dimension, 8, got 16


@jit
def merge_order(p):
    y = tl.bitonic_merge(tl.load(p + tl.arange(0, 8)), descending=2)
# ORDER: error: tl.bitonic_merge's descending must be 0, 1 or a bool, got 2


@jit
def squeeze_size(p):
    y = tl.squeeze(tl.load(p + tl.arange(0, 8)[:, None]), 0)
# SIZE: {{.*}}:[[@LINE-1]]:59: error: tl.squeeze: dimension 0 of fp32[8, 1] has size 8, not 1


@jit
def unsqueeze_range(p):
    y = tl.unsqueeze(tl.load(p + tl.arange(0, 8)), -3)
# RANGE: error: tl.unsqueeze: dim -3 is out of range for fp32[8] (expected -2 <= dim < 2)


@jit
def poll_float(p):
    tl.atomic_poll(p, 1.0)
# PFLOAT: error: atomic_poll only supports integer elements with width {16, 32, 64}, got fp32


@jit
def poll_sem(p):
    tl.atomic_poll(p, 1, sem="release")
# PSEM: error: atomic_poll only supports acquire and relaxed semantics


@jit
def poll_timeout(p):
    tl.atomic_poll(p, 1, timeout_ns=tl.arange(0, 4))
# PTIME: :[[@LINE-1]]:40: error: atomic_poll timeout_ns must be a scalar integer


@jit
def poll_timeout_float(p):
    tl.atomic_poll(p, 1, timeout_ns=1.5)
# PTFLOAT: :[[@LINE-1]]:37: error: atomic_poll timeout_ns must be a scalar integer


@jit
def poll_negative(p):
    tl.atomic_poll(p, 1, timeout_ns=-1)
# PNEG: error: atomic_poll timeout_ns must be non-negative
