# Errors of reductions, scans, sorting and shape ops: each points at the call and says what was
# expected and what was found.
# RUN: not tilec compile %s --kernel split_dim --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SPLIT
# RUN: not tilec compile %s --kernel sort_dim --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=SORT
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


@jit
def sort_dim(p):
    x = tl.load(p + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :])
    y = tl.sort(x, dim=0)


@jit
def _one(a, i, b, j):
    return a + b


@jit
def count(p):
    x = tl.load(p + tl.arange(0, 8))
    v, i = tl.reduce((x, tl.arange(0, 8)), 0, _one)


@jit
def _half(a, b):
    return a * 0.5


@jit
def rtype(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.associative_scan(x, 0, _half)


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


@jit
def cat(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.cat(x, x)


@jit
def xor(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.xor_sum(x, 0)


@jit
def axis(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.sum(x, axis=2)


@jit
def notfn(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.reduce(x, 0, 3)


@jit
def scan_none(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.cumsum(x, axis=None)


@jit
def join_types(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.join(x, tl.arange(0, 8))


@jit
def hist(p):
    x = tl.load(p + tl.arange(0, 8))
    y = tl.histogram(x, 4)


@jit
def arg_none(p):
    x = tl.load(p + tl.arange(0, 8))
    v, i = tl.max(x, return_indices=True)


@jit
def shapes(p):
    x = tl.load(p + tl.arange(0, 8))
    v, i = tl.reduce((x, tl.arange(0, 4)), 0, _one)
