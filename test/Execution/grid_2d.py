# 2-D and 3-D launch grids: tl.program_id(0/1/2) and tl.num_programs seen by every program, and a tiled
# 2-D transpose indexed by both program ids, all checked exactly against numpy. 19x3x2 and 17x5 run
# in the CPU's grouped order (groups of 8 x values, the last one of 3 or 1): still every program once.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def ids_kernel(out_ptr):
    pid0 = tl.program_id(0)
    pid1 = tl.program_id(axis=1)
    pid2 = tl.program_id(2)
    n0 = tl.num_programs(0)
    n1 = tl.num_programs(axis=1)
    n2 = tl.num_programs(2)
    linear = pid0 + n0 * (pid1 + n1 * pid2)
    base = out_ptr + linear * 8
    tl.store(base + 0, pid0)
    tl.store(base + 1, pid1)
    tl.store(base + 2, pid2)
    tl.store(base + 3, n0)
    tl.store(base + 4, n1)
    tl.store(base + 5, n2)
    tl.store(base + 6, linear)
    tl.store(base + 7, pid0 * 100 + pid1 * 10 + pid2)


@jit
def transpose_kernel(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask)
    tl.store(y_ptr + rn[None, :] * M + rm[:, None], x, mask=mask)


def reference_ids(g0, g1, g2):
    ref = np.zeros((g0 * g1 * g2, 8), dtype=np.int32)
    for z in range(g2):
        for y in range(g1):
            for x in range(g0):
                lin = x + g0 * (y + g1 * z)
                ref[lin] = [x, y, z, g0, g1, g2, lin, x * 100 + y * 10 + z]
    return ref


def main():
    for grid in [(3, 4, 1), (2, 3, 5), (1, 1, 1), (7, 1, 2), (19, 3, 2), (17, 5, 1)]:
        out = np.full((grid[0] * grid[1] * grid[2], 8), -1, dtype=np.int32)
        (got,) = run(__file__, "ids_kernel", grid, [out])
        check("ids %dx%dx%d" % grid, got, reference_ids(*grid))
    # Grid given as X,Y only: Z defaults to 1.
    out = np.full((6, 8), -1, dtype=np.int32)
    (got,) = run(__file__, "ids_kernel", (2, 3), [out])
    check("ids 2x3", got, reference_ids(2, 3, 1))

    rng = np.random.default_rng(7)
    m, n = 37, 21
    x = rng.standard_normal((m, n), dtype=np.float32)
    y = np.zeros((n, m), dtype=np.float32)
    grid = ((m + 15) // 16, (n + 7) // 8)
    _, got, _, _ = run(__file__, "transpose_kernel", grid, [x, y, m, n], {"BM": 16, "BN": 8})
    check("transpose 37x21", got, x.T)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS ids 3x4x1
# CHECK-NEXT: PASS ids 2x3x5
# CHECK-NEXT: PASS ids 1x1x1
# CHECK-NEXT: PASS ids 7x1x2
# CHECK-NEXT: PASS ids 19x3x2
# CHECK-NEXT: PASS ids 17x5x1
# CHECK-NEXT: PASS ids 2x3
# CHECK-NEXT: PASS transpose 37x21
# CHECK-NOT: FAIL
