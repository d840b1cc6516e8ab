# Unary minus flips a float's sign bit, as Triton's negf: -(+0.0) is -0.0 and -(-0.0) is +0.0 (0 - x
# would give +0.0 for both) in fp16, fp32 and fp64; on integers it still wraps (-(-128) is -128 in int8).
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, run, tl, jit  # noqa: E402


@jit
def neg_kernel(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(y_ptr + offs, -tl.load(x_ptr + offs))


def main():
    for dt in (np.float16, np.float32, np.float64):
        x = np.array([0.0, -0.0, 1.5, -np.inf], dtype=dt)
        got = run(__file__, "neg_kernel", 1, [x, np.zeros_like(x)], {"N": 4})[1]
        check("neg %s values" % dt.__name__, got, -x)
        check("neg %s sign bits" % dt.__name__, np.signbit(got), np.array([True, False, True, False]))
    x = np.array([-128, 0, 5, 127], dtype=np.int8)
    got = run(__file__, "neg_kernel", 1, [x, np.zeros_like(x)], {"N": 4})[1]
    check("neg int8 wraps", got, np.array([-128, 0, -5, -127], dtype=np.int8))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS neg float16 values
# CHECK-NEXT: PASS neg float16 sign bits
# CHECK-NEXT: PASS neg float32 values
# CHECK-NEXT: PASS neg float32 sign bits
# CHECK-NEXT: PASS neg float64 values
# CHECK-NEXT: PASS neg float64 sign bits
# CHECK-NEXT: PASS neg int8 wraps
# CHECK-NOT: FAIL
