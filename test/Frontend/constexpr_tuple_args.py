# Tuple constexpr arguments (-D SHAPE='(4, 8)', as a launch passes `shape=(4, 8)`) are tuples, nested and one-element ones included, and `tuple * n` repeats a tuple as Triton's tl.tuple does (`[0] * rank`, test_cat_nd).
# RUN: tilec compile %s --kernel k --signature '*fp32' -D SHAPE='(4, 8)' -D NESTED='((1, "a,b"), [2])' -D ONE='(16,)' --emit tile -o - | FileCheck %s
# RUN: not tilec compile %s --kernel k --signature '*fp32' -D SHAPE='(4, 8)' -D NESTED='((1, "a,b"), [3])' -D ONE='(16,)' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BADNEST
# RUN: not tilec compile %s --kernel big --signature '*fp32' --emit tile -o - 2>&1 | FileCheck %s --check-prefix=BIG
import triton.language as tl
from triton import jit


@jit
def k(p, SHAPE: tl.constexpr, NESTED: tl.constexpr, ONE: tl.constexpr):
    rank: tl.constexpr = len(SHAPE)
    zeros = [0] * rank
    tl.static_assert(len(zeros) == 2 and zeros[1] == 0)
    tl.static_assert(len([1, 2] * 0) == 0)
    tl.static_assert(NESTED[0][1] == "a,b" and len(NESTED) == 2)
    tl.static_assert(NESTED[1][0] == 2, "nested tuple item")
    tl.static_assert(len(ONE) == 1 and ONE[0] == 16)
    x = tl.full(SHAPE, 1.0, tl.float32)
    tl.store(p + tl.arange(0, SHAPE[0])[:, None] * SHAPE[1] + tl.arange(0, SHAPE[1])[None, :], x)


@jit
def big(p):
    t = (1, 2) * 100000
# CHECK-LABEL: func.func @k(
# CHECK: arith.constant dense<1.000000e+00> : tensor<4x8xf32>
# BADNEST: constexpr_tuple_args.py:16:31: error: static assertion failed: nested tuple item
# BIG: constexpr_tuple_args.py:24:16: error: tuple repeated 100000 times: at most 65536 elements are supported
