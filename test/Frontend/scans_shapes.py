# Scans, sorting and shape ops in tile IR: tl.cumsum of int8 widens to int32 and becomes
# tile.scan, a reverse associative_scan carries `reverse`, tl.flip/tl.join/tl.split/tl.cat are
# single tile.shuffle ops, tl.sort is a bitonic network of shuffle + compare + select steps.
# RUN: tilec compile %s --kernel scans --signature '*i8,*fp32' --emit tile -o - | FileCheck %s
import triton.language as tl
from triton import jit


@jit
def _mul(a, b):
    return a * b


@jit
def scans(q_ptr, x_ptr):
    r = tl.arange(0, 4)
    q = tl.load(q_ptr + r)
    c = tl.cumsum(q, 0)
    x = tl.load(x_ptr + r[:, None] * 2 + tl.arange(0, 2)[None, :])
    p = tl.associative_scan(x, 1, _mul, reverse=True)
    f = tl.flip(x, 0)
    j = tl.join(q, q)
    lo, hi = tl.split(j)
    k = tl.cat(lo, hi, can_reorder=True)
    s = tl.sort(q, descending=True)
