# range() with int64 bounds near INT64_MAX/INT64_MIN and steps up to 2**63 - 1 (runtime bounds with runtime or constexpr steps, and all-constexpr bounds) ends with Python's trip count, first and last value on the CPU and the SIMT emulator (an i64 counter stepping past INT64_MAX would wrap and run again or forever); Triton 3.9's interpreter gives the same counts.
# REQUIRES: cpu-jit, simt
# RUN: timeout 300 %python %s | FileCheck %s
# CHECK-NOT: FAIL
# CHECK: PASS cpu runtime 5 9223372036854775807 9223372036854775806
# CHECK: PASS simt constexpr 0 9223372036854775806 4611686018427387904
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def trips(out, lo, hi, st):
    n = 0
    first = lo.to(tl.int64) - 1
    last = lo.to(tl.int64) - 1
    for i in range(lo, hi, st):
        if n == 0:
            first = i.to(tl.int64)
        n += 1
        last = i.to(tl.int64)
    tl.store(out, n)
    tl.store(out + 1, first)
    tl.store(out + 2, last)


@jit
def trips_step(out, lo, hi, ST: tl.constexpr):
    n = 0
    last = lo.to(tl.int64) - 1
    for i in range(lo, hi, ST):
        n += 1
        last = i
    tl.store(out, n)
    tl.store(out + 2, last)


@jit
def trips_const(out, LO: tl.constexpr, HI: tl.constexpr, ST: tl.constexpr):
    n = 0
    last = tl.full((), LO, tl.int64) - 1
    for i in range(LO, HI, ST):
        n += 1
        last = i
    tl.store(out, n)
    tl.store(out + 2, last)


M = 2**63 - 1
CASES = [(0, M - 1, 2**62), (M - 10, M, 3), (M - 10, M - 1, 4), (-M - 1, M, 2**62),
         (M, -M - 1, -(2**62)), (-M - 1 + 5, -M - 1, -3), (0, M, M), (-M - 1, M, M),
         (5, M, 2**63 - 2), (M, -M - 1, -M), (M - 2, M, 2**40)]


def wrap(v):
    """v as an int64 (the kernels' lo - 1 wraps)."""
    return (v + 2**63) % 2**64 - 2**63


def expected(lo, hi, st, with_first):
    r = range(lo, hi, st) if st else range(0)
    last = r[-1] if len(r) else wrap(lo - 1)
    first = (r[0] if len(r) else wrap(lo - 1)) if with_first else 0
    return np.array([len(r), first, last], np.int64)


for device in ("cpu", "simt"):
    os.environ["TILEC_DEVICE"] = device
    for lo, hi, st in CASES:
        name = "%s %%s %d %d %d" % (device, lo, hi, st)
        got = run(__file__, "trips", 1, [np.zeros(3, np.int64), lo, hi, st])[0]
        check(name % "runtime", got, expected(lo, hi, st, True))
        got = run(__file__, "trips_step", 1, [np.zeros(3, np.int64), lo, hi], {"ST": st})[0]
        check(name % "step", got, expected(lo, hi, st, False))
        got = run(__file__, "trips_const", 1, [np.zeros(3, np.int64)],
                  {"LO": lo, "HI": hi, "ST": st})[0]
        check(name % "constexpr", got, expected(lo, hi, st, False))
    # Runtime steps of 2**63 (as -2**63) and 0 (no iteration).
    for lo, hi, st in [(M, -M - 1, -M - 1), (3, 9, 0), (-M - 1, M, 0)]:
        got = run(__file__, "trips", 1, [np.zeros(3, np.int64), lo, hi, st])[0]
        check("%s runtime %d %d %d" % (device, lo, hi, st), got, expected(lo, hi, st, True))
finish()
