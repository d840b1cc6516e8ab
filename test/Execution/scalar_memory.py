# Scalar loads and stores: a scalar read through a pointer, scalar pointer arithmetic, a scalar
# accumulated from loaded scalars in a loop, and one scalar written per program (exact vs numpy).
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def scale_by_scalar_kernel(x_ptr, s_ptr, y_ptr, BLOCK: tl.constexpr):
    # The factor is a scalar load from s_ptr[1]; the output offset a scalar load from an int array.
    s = tl.load(s_ptr + 1)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs) * s)


@jit
def scalar_walk_kernel(x_ptr, out_ptr, n):
    # Sums x[0..n) one scalar at a time and writes the running max per program.
    acc = 0.0
    best = tl.load(x_ptr)
    p = x_ptr
    for i in range(n):
        v = tl.load(p)
        acc += v
        best = tl.maximum(best, v)
        p += 1
    pid = tl.program_id(0)
    tl.store(out_ptr + 2 * pid, acc * (pid + 1))
    tl.store(out_ptr + 2 * pid + 1, best)


@jit
def gather_kernel(idx_ptr, x_ptr, y_ptr):
    pid = tl.program_id(0)
    i = tl.load(idx_ptr + pid)
    tl.store(y_ptr + pid, tl.load(x_ptr + i))


def main():
    x = np.arange(64, dtype=np.float32) - 20
    s = np.array([9.0, -0.25, 3.0], dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    got = run(__file__, "scale_by_scalar_kernel", 4, [x, s, y], {"BLOCK": 16})
    check("scalar factor", got[2], x * np.float32(-0.25))

    x = np.array([1.5, -2.0, 8.25, 0.5, 3.0], dtype=np.float32)
    out = np.zeros(6, dtype=np.float32)
    _, got, _ = run(__file__, "scalar_walk_kernel", 3, [x, out, 5])
    total = float(x.sum())
    check("scalar loop loads", got,
          np.array([total, 8.25, total * 2, 8.25, total * 3, 8.25], dtype=np.float32))

    idx = np.array([4, 0, 3, 3, 1], dtype=np.int32)
    x = np.array([10, 20, 30, 40, 50], dtype=np.int64)
    y = np.zeros(5, dtype=np.int64)
    got = run(__file__, "gather_kernel", 5, [idx, x, y])
    check("scalar gather", got[2], x[idx])
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS scalar factor
# CHECK-NEXT: PASS scalar loop loads
# CHECK-NEXT: PASS scalar gather
# CHECK-NOT: FAIL
