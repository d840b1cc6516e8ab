# Errors of reductions, scans, sorting and shape ops: each points at the call and says what was
# expected and what was found.
# RUN: not tilec compile %s --kernel split_dim --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SPLIT
# RUN: not tilec compile %s --kernel sort_dim --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SORT
# RUN: not tilec compile %s --kernel sort_fp8 --signature '*fp8e5' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SORTFP8
# RUN: not tilec compile %s --kernel topk_fp8 --signature '*fp8e4nv' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=TOPKFP8
# RUN: not tilec compile %s --kernel count --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=COUNT
# RUN: not tilec compile %s --kernel rtype --signature '*i32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=RTYPE
# RUN: not tilec compile %s --kernel flow --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=FLOW
# RUN: not tilec compile %s --kernel cat --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=CAT
# RUN: not tilec compile %s --kernel xor --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=XOR
# RUN: not tilec compile %s --kernel axis --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=AXIS
# RUN: not tilec compile %s --kernel notfn --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=NOTFN
# RUN: not tilec compile %s --kernel scan_none --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SCANNONE
# RUN: not tilec compile %s --kernel join_types --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=JOIN
# RUN: not tilec compile %s --kernel hist --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=HIST
# RUN: not tilec compile %s --kernel arg_none --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=ARGNONE
# RUN: not tilec compile %s --kernel shapes --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SHAPES
import triton.language as tl
from triton import jit


@jit
def split_dim(p):
    x = tl.load(p + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :])
    a, b = tl.split(x)
# SPLIT: {{.*}}err_reductions.py:[[@LINE-1]]:15: error: tl.split needs a tensor whose last dimension has size 2, got fp32[8, 4]
# SPLIT-NEXT: {{^}}    a, b = tl.split(x)
# SPLIT-NEXT: {{^}}              ^


@jit
def sort_dim(p):
    x = tl.load(p + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :])
    y = tl.sort(x, dim=0)
# SORT: {{.*}}err_reductions.py:[[@LINE-1]]:24: error: tl.sort only supports the last dimension (dim 1 of [8, 4]), got dim 0


# fp8 is storage only: the sorting network's '>' refuses it, for tl.sort (one tile.sort op) as for
# tl.topk (built in the frontend).
@jit
def sort_fp8(p):
    y = tl.sort(tl.load(p + tl.arange(0, 8)))
# SORTFP8: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: comparison '>' on fp8e5 values is not supported: fp8 types are storage only in tilec; convert with .to(tl.float16) or .to(tl.float32) first


@jit
def topk_fp8(p):
    y = tl.topk(tl.load(p + tl.arange(0, 8)), 2)
# TOPKFP8: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: comparison '>' on fp8e4nv values is not supported


@jit
def _one(a, i, b, j):
    return a + b


@jit
def count(p):
    x = tl.load(p + tl.arange(0, 8))
    v, i = tl.reduce((x, tl.arange(0, 8)), 0, _one)
# COUNT: {{.*}}err_reductions.py:[[@LINE-1]]:15: error: combine_fn '_one' returned 1 value but there are 2 inputs: it must return 2 (one per input)
# COUNT-NEXT: {{^}}    v, i = tl.reduce((x, tl.arange(0, 8)), 0, _one)


@jit
def _half(a, b):
    return a * 0.5


@jit
def rtype(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.associative_scan(x, 0, _half)
# RTYPE: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: combine_fn '_half' must return scalars of the input types: value 0 is fp32 but input 0 has dtype int32


@jit
def _branchy(a, b):
    if a > b:
        c = a
    else:
        c = b
    return c


@jit
def flow(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.reduce(x, 0, _branchy)
# FLOW: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: combine_fn '_branchy' uses 'scf.if': a combine function must be straight-line scalar code (arithmetic, comparisons, tl.where, math functions, constexpr branches)


@jit
def cat(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.cat(x, tl.load(p + tl.arange(0, 4)))
# CAT: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: tl.cat requires tensors of the same shape, got fp32[8] and fp32[4]


@jit
def xor(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.xor_sum(x, 0)
# XOR: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: xor_sum only supported for integers, got fp32[8]


@jit
def axis(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.sum(x, axis=2)
# AXIS: {{.*}}err_reductions.py:[[@LINE-1]]:24: error: tl.sum: axis 2 is out of range for a tensor of shape [8] (expected -1 <= axis < 1)


@jit
def notfn(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.reduce(x, 0, 3)
# NOTFN: {{.*}}err_reductions.py:[[@LINE-1]]:25: error: tl.reduce's combine_fn must be a @jit function, got constexpr int


@jit
def scan_none(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.cumsum(x, axis=None)
# SCANNONE: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: tl.cumsum needs an integer axis, got None


@jit
def join_types(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.join(x, tl.arange(0, 8))
# JOIN: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: tl.join needs two tensors of the same dtype, got fp32 and int32


@jit
def hist(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.histogram(x, 4)
# HIST: {{.*}}err_reductions.py:[[@LINE-1]]:12: error: tl.histogram only supports integer input, got fp32[8]


@jit
def arg_none(p):
    x = tl.load(p + tl.arange(0, 8))
    v, i = tl.max(x, return_indices=True)
# ARGNONE: {{.*}}err_reductions.py:[[@LINE-1]]:15: error: tl.max with indices needs an integer axis, got None


@jit
def shapes(p):
    x = tl.load(p + tl.arange(0, 8))
    v, i = tl.reduce((x, tl.arange(0, 4)), 0, _one)
# SHAPES: {{.*}}err_reductions.py:[[@LINE-1]]:15: error: tl.reduce inputs must all have the same shape, got [8] and [4]
