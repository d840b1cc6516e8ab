# Kernels whose lowering used to take 8-85 s to compile (int8 64x64x64 tl.dot fully unrolled, a
# 16x256 tile through tl.sort + tl.cumsum + tl.argmax, widened axis=1 sums of 64x128 sub-32-bit
# tiles) run under a limit of 60 s of CPU time per process and match numpy, so a compile-time
# regression shows as a killed compile (CPU time, not wall-clock time: on a loaded machine the
# whole test once took 120 s of wall-clock time for 18 s of work; the 600 s timeout is for hangs).
# REQUIRES: cpu-jit
# RUN: timeout 600 %python %s | FileCheck %s
import os
import resource
import sys

# Inherited by every `tilec run` this test starts; each process gets its own 60 s.
resource.setrlimit(resource.RLIMIT_CPU, (60, 60))

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def int8_dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


@jit
def sort_scan_argmax_kernel(x_ptr, sorted_ptr, cum_ptr, arg_ptr, R: tl.constexpr, C: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :])
    tl.store(sorted_ptr + rows[:, None] * C + cols[None, :], tl.sort(x, 1))
    tl.store(cum_ptr + rows[:, None] * C + cols[None, :], tl.cumsum(x, 1))
    tl.store(arg_ptr + rows, tl.argmax(x, 1))


@jit
def row_sum_kernel(x_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr):
    rows = tl.arange(0, R)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :])
    tl.store(out_ptr + rows, tl.sum(x, axis=1))


def main():
    rng = np.random.default_rng(5)
    # CHECK: PASS int8 dot 64x64x64
    a = rng.integers(-128, 128, (64, 64)).astype(np.int8)
    b = rng.integers(-128, 128, (64, 64)).astype(np.int8)
    c = np.zeros((64, 64), dtype=np.int32)
    got = run(__file__, "int8_dot_kernel", 1, [a, b, c], {"M": 64, "N": 64, "K": 64})
    check("int8 dot 64x64x64", got[2], a.astype(np.int64) @ b.astype(np.int64))

    # CHECK: PASS sort 16x256
    # CHECK: PASS cumsum 16x256
    # CHECK: PASS argmax 16x256
    x = rng.permutation(16 * 256).reshape(16, 256).astype(np.int32)
    outs = [np.zeros((16, 256), np.int32), np.zeros((16, 256), np.int32), np.zeros(16, np.int32)]
    got = run(__file__, "sort_scan_argmax_kernel", 1, [x] + outs, {"R": 16, "C": 256})
    check("sort 16x256", got[1], np.sort(x, axis=1))
    check("cumsum 16x256", got[2], np.cumsum(x, axis=1))
    check("argmax 16x256", got[3], np.argmax(x, axis=1))

    # CHECK: PASS row sum 64x128 int8
    # CHECK: PASS row sum 64x128 uint8
    # CHECK: PASS row sum 64x128 int16
    # CHECK: PASS row sum 64x128 uint16
    # CHECK: PASS row sum 64x128 bool
    for name, dtype in (("int8", np.int8), ("uint8", np.uint8), ("int16", np.int16),
                        ("uint16", np.uint16), ("bool", np.bool_)):
        if dtype == np.bool_:
            x = rng.integers(0, 2, (64, 128)).astype(np.bool_)
        else:
            info = np.iinfo(dtype)
            x = rng.integers(info.min, info.max + 1, (64, 128)).astype(dtype)
        out = np.zeros(64, dtype=np.int32)
        got = run(__file__, "row_sum_kernel", 1, [x, out], {"R": 64, "C": 128})
        check("row sum 64x128 %s" % name, got[1], x.astype(np.int64).sum(axis=1))
    finish()


if __name__ == "__main__":
    main()
