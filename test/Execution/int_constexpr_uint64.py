# Integer constexprs in [2**63, 2**64) are uint64 as in Triton (literals, -D values, folded Python
# arithmetic such as 1 << 63 and (1 << 64) - 5), mixed with uint64 tiles and scalars, int64 tiles
# (2**31 is int64 there) and fp32 tiles; expected values from Triton 3.9's interpreter.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def store_u64(o):
    tl.store(o, 1 << 63)
    tl.store(o + 1, 2**64 - 1)
    tl.store(o + 2, 0xFFFFFFFFFFFFFFFF >> 4)
    tl.store(o + 3, (1 << 64) - 5)


@jit
def u64_tile(x, o, C: tl.constexpr):
    a = tl.load(x + tl.arange(0, 4))
    tl.store(o + tl.arange(0, 4), a + C)
    tl.store(o + 4 + tl.arange(0, 4), a ^ C)
    tl.store(o + 8 + tl.arange(0, 4), (a < C).to(tl.uint64))
    tl.store(o + 12 + tl.arange(0, 4), a // (C // 2**60))


@jit
def add_tile(x, o, C: tl.constexpr):
    a = tl.load(x + tl.arange(0, 4))
    tl.store(o + tl.arange(0, 4), a + C)


@jit
def f32_tile(x, o, C: tl.constexpr):
    a = tl.load(x + tl.arange(0, 4))
    tl.store(o + tl.arange(0, 4), a * C)
    tl.store(o + 4 + tl.arange(0, 4), (a < C).to(tl.float32))


@jit
def full_u64(o, C: tl.constexpr):
    tl.store(o + tl.arange(0, 4), tl.full((4,), C, tl.uint64))


@jit
def fold(o, C: tl.constexpr):
    if C > 2**63:
        tl.store(o, 1)
    else:
        tl.store(o, 2)
    tl.store(o + 1, C // 3)
    tl.store(o + 2, C % 1000)
    tl.store(o + 3, -C + 2**64)
    tl.store(o + 4, C - 2**63)
    tl.store(o + 5, 1 << 63)


@jit
def u64_scalar(o, n):
    tl.store(o, n + (1 << 63))
    tl.store(o + 1, n ^ 0xFFFFFFFFFFFFFFFF)


def main():
    u64 = np.uint64
    out = np.zeros(4, u64)
    (got,) = run(__file__, "store_u64", 1, [out])
    check("uint64 literals", got, np.array([2**63, 2**64 - 1, 2**60 - 1, 2**64 - 5], u64))

    x = np.array([0, 1, 2**63, 2**64 - 1], u64)
    _, got = run(__file__, "u64_tile", 1, [x, np.zeros(16, u64)], {"C": 2**63 + 7})
    check("uint64 tile with a uint64 constexpr", got, np.array(
        [9223372036854775815, 9223372036854775816, 7, 9223372036854775814,
         9223372036854775815, 9223372036854775814, 7, 9223372036854775800,
         1, 1, 1, 0, 0, 0, 1152921504606846976, 2305843009213693951], u64))

    _, got = run(__file__, "add_tile", 1, [np.arange(4, dtype=np.int64), np.zeros(4, np.int64)],
                 {"C": 2**31})
    check("int64 tile + 2**31", got, np.array([2147483648, 2147483649, 2147483650, 2147483651]))

    _, got = run(__file__, "f32_tile", 1, [np.arange(4, dtype=np.float32),
                                           np.zeros(8, np.float32)], {"C": 2**63 + 1})
    check("fp32 tile with a uint64 constexpr", got,
          np.array([0.0, 9.223372036854776e18, 1.8446744073709552e19, 2.7670116110564327e19,
                    1, 1, 1, 1], np.float32))

    (got,) = run(__file__, "full_u64", 1, [np.zeros(4, u64)], {"C": 2**63 + 1})
    check("tl.full of a uint64 constexpr", got, np.full(4, 2**63 + 1, u64))

    (got,) = run(__file__, "fold", 1, [np.zeros(6, np.int64)], {"C": 2**63 + 10})
    check("constexpr folding beyond int64", got,
          np.array([1, 3074457345618258606, 818, 9223372036854775798, 10, -2**63]))

    out, _ = run(__file__, "u64_scalar", 1, [np.zeros(2, u64), 2**63 + 5])
    check("uint64 scalar with uint64 constants", out, np.array([5, 2**63 - 6], u64))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS uint64 literals
# CHECK: PASS uint64 tile with a uint64 constexpr
# CHECK: PASS int64 tile + 2**31
# CHECK: PASS fp32 tile with a uint64 constexpr
# CHECK: PASS tl.full of a uint64 constexpr
# CHECK: PASS constexpr folding beyond int64
# CHECK: PASS uint64 scalar with uint64 constants
