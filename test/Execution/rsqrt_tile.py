# tl.rsqrt on a tile vs 1/sqrt in float64 (rtol 5e-7); it once crashed tilec-expand-math.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def rsqrt_kernel(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(y_ptr + offs, tl.rsqrt(tl.load(x_ptr + offs)))


def main():
    x = np.exp(np.linspace(-40, 40, 128)).astype(np.float32)
    y = np.zeros_like(x)
    got = run(__file__, "rsqrt_kernel", 1, [x, y], {"N": 128})[1]
    check("rsqrt tile", got, 1 / np.sqrt(x.astype(np.float64)), rtol=5e-7)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS rsqrt tile
