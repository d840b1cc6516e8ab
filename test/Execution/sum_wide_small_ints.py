# tl.sum of >= 4096-element uint8/int8/int16/uint16/bool tiles (1-D, and 2-D along either axis):
# the widened int32 source is reduced in bounded chunks (LLVM segfaulted on the unbounded shuffle
# tree for uint8 x 4096); vs numpy int64 sums.
# REQUIRES: cpu-jit
# RUN: timeout 300 %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def sum_1d_kernel(x_ptr, out_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    tl.store(out_ptr, tl.sum(x))


@jit
def sum_2d_kernel(x_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr, AXIS: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :])
    s = tl.sum(x, axis=AXIS)
    if AXIS == 0:
        tl.store(out_ptr + cols, s)
    else:
        tl.store(out_ptr + rows, s)


def sample(rng, dtype, shape):
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(np.bool_)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max + 1, shape).astype(dtype)


def main():
    rng = np.random.default_rng(11)
    # CHECK: PASS sum 1-D 4096 uint8
    # CHECK: PASS sum 1-D 16384 uint8
    # CHECK: PASS sum 2-D 64x128 axis=0 uint8
    # CHECK: PASS sum 2-D 64x128 axis=1 uint8
    # CHECK: PASS sum 1-D 4096 int8
    # CHECK: PASS sum 1-D 4096 int16
    # CHECK: PASS sum 1-D 4096 uint16
    # CHECK: PASS sum 1-D 4096 bool
    # CHECK: PASS sum 2-D 64x128 axis=0 bool
    for name, dtype in (("uint8", np.uint8), ("int8", np.int8), ("int16", np.int16),
                        ("uint16", np.uint16), ("bool", np.bool_)):
        sizes = (4096, 16384) if dtype == np.uint8 else (4096,)
        for n in sizes:
            x = sample(rng, dtype, n)
            out = np.zeros(1, dtype=np.int32)
            got = run(__file__, "sum_1d_kernel", 1, [x, out], {"N": n})
            check("sum 1-D %d %s" % (n, name), got[1], x.astype(np.int64).sum(keepdims=True))
        axes = (0, 1) if dtype == np.uint8 else ((0,) if dtype == np.bool_ else ())
        for axis in axes:
            x = sample(rng, dtype, (64, 128))
            out = np.zeros(128 if axis == 0 else 64, dtype=np.int32)
            got = run(__file__, "sum_2d_kernel", 1, [x, out], {"R": 64, "C": 128, "AXIS": axis})
            check("sum 2-D 64x128 axis=%d %s" % (axis, name), got[1],
                  x.astype(np.int64).sum(axis=axis))
    finish()


if __name__ == "__main__":
    main()
