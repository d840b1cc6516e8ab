# tl.gather against numpy's take_along_axis: 1-D permutations, 2-D gathers along either axis with
# index tiles larger and smaller than the source along the axis, int64 and int8 indices, and
# gathered int32 and float16 values.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def gather_1d_kernel(x_ptr, i_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    y = tl.gather(tl.load(x_ptr + offs), tl.load(i_ptr + offs), 0)
    tl.store(y_ptr + offs, y)


@jit
def gather_2d_kernel(x_ptr, i_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr, IM: tl.constexpr,
                     IN: tl.constexpr, AXIS: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    idx = tl.load(i_ptr + tl.arange(0, IM)[:, None] * IN + tl.arange(0, IN)[None, :])
    y = tl.gather(x, idx, axis=AXIS)
    tl.store(y_ptr + tl.arange(0, IM)[:, None] * IN + tl.arange(0, IN)[None, :], y)


def main():
    rng = np.random.default_rng(11)
    for dtype in (np.float32, np.int32, np.float16):
        x = (rng.standard_normal(64) * 100).astype(dtype)
        idx = rng.permutation(64).astype(np.int32)
        y = np.zeros(64, dtype=dtype)
        _, _, got = run(__file__, "gather_1d_kernel", 1, [x, idx, y], {"N": 64})
        check("1-D gather %s" % np.dtype(dtype).name, got, x[idx])

    for (m, n, im, inn, axis, idx_type) in ((8, 16, 8, 32, 1, np.int32),
                                             (8, 16, 4, 16, 0, np.int64),
                                             (16, 4, 16, 2, 1, np.int8),
                                             (4, 8, 16, 8, 0, np.int32)):
        x = rng.standard_normal((m, n)).astype(np.float32)
        bound = x.shape[axis]
        idx = rng.integers(0, bound, (im, inn)).astype(idx_type)
        y = np.zeros((im, inn), dtype=np.float32)
        _, _, got = run(__file__, "gather_2d_kernel", 1, [x, idx, y],
                        {"M": m, "N": n, "IM": im, "IN": inn, "AXIS": axis})
        check("2-D gather %dx%d by %dx%d %s along axis %d" % (m, n, im, inn,
                                                                np.dtype(idx_type).name, axis),
              got, np.take_along_axis(x, idx.astype(np.int64), axis=axis))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS 1-D gather float32
# CHECK-NEXT: PASS 1-D gather int32
# CHECK-NEXT: PASS 1-D gather float16
# CHECK-NEXT: PASS 2-D gather 8x16 by 8x32 int32 along axis 1
# CHECK-NEXT: PASS 2-D gather 8x16 by 4x16 int64 along axis 0
# CHECK-NEXT: PASS 2-D gather 16x4 by 16x2 int8 along axis 1
# CHECK-NEXT: PASS 2-D gather 4x8 by 16x8 int32 along axis 0
# CHECK-NOT: FAIL
