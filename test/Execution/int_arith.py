# int32 and int64 arithmetic: + - * // % with negative operands (C semantics: quotient truncated toward
# zero, remainder takes the dividend's sign), bitwise ops and shifts, int64 values beyond 2^31, an i64
# scalar argument, and int32 -> int64 promotion, all exact vs numpy.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def int_kernel(a_ptr, b_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(out_ptr + 0 * N + offs, a + b)
    tl.store(out_ptr + 1 * N + offs, a - b)
    tl.store(out_ptr + 2 * N + offs, a * b)
    tl.store(out_ptr + 3 * N + offs, a // b)
    tl.store(out_ptr + 4 * N + offs, a % b)
    tl.store(out_ptr + 5 * N + offs, a & b)
    tl.store(out_ptr + 6 * N + offs, a | b)
    tl.store(out_ptr + 7 * N + offs, a ^ b)
    tl.store(out_ptr + 8 * N + offs, a >> 2)
    tl.store(out_ptr + 9 * N + offs, a << 3)
    tl.store(out_ptr + 10 * N + offs, -a)


@jit
def scalar_div_kernel(out_ptr, p, q):
    # Scalar (not tile) // and % of runtime i32 arguments.
    tl.store(out_ptr, p // q)
    tl.store(out_ptr + 1, p % q)


@jit
def i64_scalar_kernel(x_ptr, out_ptr, big, N: tl.constexpr):
    # big is an i64 argument; x is int32 and promotes to int64 when combined with it.
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x * 3 + big)
    tl.store(out_ptr + N + offs, (big + x) // 7)
    tl.store(out_ptr + 2 * N + offs, (x - big) % 1000)


def c_div(a, b):
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q).astype(a.dtype)


def reference(a, b):
    q = c_div(a, b)
    return np.stack([a + b, a - b, a * b, q, a - q * b, a & b, a | b, a ^ b, a >> 2, a << 3, -a])


def main():
    n = 16
    base = np.array([7, -7, 7, -7, 0, 1, -1, 13, -13, 100, -100, 5, -6, 9, 123, -123])
    divs = np.array([2, 2, -2, -2, 3, -5, 5, 4, 4, -7, 7, 5, 6, -9, 10, -10])
    for dtype, scale in [(np.int32, 1), (np.int64, 10**10)]:
        a = (base * scale + np.sign(base)).astype(dtype)
        b = divs.astype(dtype)
        out = np.zeros((11, n), dtype=dtype)
        _, _, got = run(__file__, "int_kernel", 1, [a, b, out], {"N": n})
        name = np.dtype(dtype).name
        ref = reference(a, b)
        for i, op in enumerate(["add", "sub", "mul", "floordiv", "mod", "and", "or", "xor",
                                "shr", "shl", "neg"]):
            check("%s %s" % (name, op), got[i], ref[i])

    for p, q in [(7, 2), (-7, 2), (7, -2), (-7, -2), (-1, 3)]:
        out = np.zeros(2, dtype=np.int32)
        (got, _, _) = run(__file__, "scalar_div_kernel", 1, [out, p, q])
        quo = int(p / q)
        check("scalar %d//%d, %d%%%d" % (p, q, p, q), got, np.array([quo, p - quo * q]))

    x = np.arange(-8, 8, dtype=np.int32) * 12345
    big = 5000000000
    out = np.zeros((3, n), dtype=np.int64)
    _, got, _ = run(__file__, "i64_scalar_kernel", 1, [x, out, big], {"N": n})
    x64 = x.astype(np.int64)
    ref = np.stack([x64 * 3 + big, c_div(big + x64, np.full(n, 7, dtype=np.int64)),
                    (x64 - big) - c_div(x64 - big, np.full(n, 1000, dtype=np.int64)) * 1000])
    check("i64 scalar and promotion", got, ref)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS int32 add
# CHECK: PASS int32 floordiv
# CHECK-NEXT: PASS int32 mod
# CHECK: PASS int32 neg
# CHECK: PASS int64 add
# CHECK: PASS int64 floordiv
# CHECK-NEXT: PASS int64 mod
# CHECK: PASS int64 neg
# CHECK-NEXT: PASS scalar 7//2, 7%2
# CHECK-NEXT: PASS scalar -7//2, -7%2
# CHECK-NEXT: PASS scalar 7//-2, 7%-2
# CHECK-NEXT: PASS scalar -7//-2, -7%-2
# CHECK-NEXT: PASS scalar -1//3, -1%3
# CHECK-NEXT: PASS i64 scalar and promotion
# CHECK-NOT: FAIL
