# Loops with carried values: a runtime-bound for loop carrying a tile and scalars, a stepped loop,
# a nested loop, a while loop and tl.static_range unrolling, each checked exactly or to 1e-5 vs numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def row_sums_kernel(x_ptr, out_ptr, cnt_ptr, n_cols, BLOCK: tl.constexpr):
    # acc (tile), total (scalar fp32) and count (scalar i32) are all carried by the loop.
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    total = 0.0
    count = 0
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        acc += x
        total = total + tl.sum(x * x, axis=0)
        count += 1
    tl.store(out_ptr + row * 2, tl.sum(acc, axis=0))
    tl.store(out_ptr + row * 2 + 1, total)
    tl.store(cnt_ptr + row, count)


@jit
def nested_kernel(out_ptr, n, m):
    # out[0] = sum_{i<n, j<m} (i * j + 1); out[1] = iterations of a while loop halving n * m.
    s = 0
    for i in range(n):
        for j in range(1, m + 1, 2):
            s += i * j + 1
    v = n * m
    steps = 0
    while v > 1:
        v = v // 2
        steps += 1
    tl.store(out_ptr, s)
    tl.store(out_ptr + 1, steps)


@jit
def unrolled_kernel(x_ptr, out_ptr, N: tl.constexpr, REPS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.zeros([N], dtype=tl.float32)
    for r in tl.static_range(REPS):
        y = y * 0.5 + x * (r + 1)
    tl.store(out_ptr + offs, y)


def main():
    rng = np.random.default_rng(11)
    rows, cols, block = 5, 203, 64
    x = rng.standard_normal((rows, cols), dtype=np.float32)
    out = np.zeros((rows, 2), dtype=np.float32)
    cnt = np.zeros(rows, dtype=np.int32)
    _, got, got_cnt, _ = run(__file__, "row_sums_kernel", rows, [x, out, cnt, cols],
                             {"BLOCK": block})
    x64 = x.astype(np.float64)
    ref = np.stack([x64.sum(axis=1), (x64 * x64).sum(axis=1)], axis=1)
    check("carried tile and scalar", got, ref, atol=1e-4, rtol=1e-5)
    check("carried counter", got_cnt, np.full(rows, (cols + block - 1) // block))

    for n, m in [(6, 7), (0, 5), (13, 1)]:
        out = np.zeros(2, dtype=np.int32)
        (got, _, _) = run(__file__, "nested_kernel", 1, [out, n, m])
        s = sum(i * j + 1 for i in range(n) for j in range(1, m + 1, 2))
        v, steps = n * m, 0
        while v > 1:
            v //= 2
            steps += 1
        check("nested and while n=%d m=%d" % (n, m), got, np.array([s, steps]))

    x = rng.standard_normal(32, dtype=np.float32)
    out = np.zeros(32, dtype=np.float32)
    _, got = run(__file__, "unrolled_kernel", 1, [x, out], {"N": 32, "REPS": 4})
    y = np.zeros(32, dtype=np.float32)
    for r in range(4):
        y = y * np.float32(0.5) + x * np.float32(r + 1)
    check("static_range", got, y, atol=1e-6, rtol=1e-6)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS carried tile and scalar
# CHECK-NEXT: PASS carried counter
# CHECK-NEXT: PASS nested and while n=6 m=7
# CHECK-NEXT: PASS nested and while n=0 m=5
# CHECK-NEXT: PASS nested and while n=13 m=1
# CHECK-NEXT: PASS static_range
# CHECK-NOT: FAIL
