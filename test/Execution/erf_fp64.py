# tl.erf on fp64 (failed with "translation to LLVM IR failed"): on CPUs a libm call, so it matches
# math.erf to 1e-15, including the tails (erf(+-6) = +-1), zero and NaN. (On GPUs without
# libdevice it is tilec's own f64 expansion, test/Execution/math_fp64_expansions.py.)
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def erf_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.erf(x))


def main():
    # CHECK: PASS erf fp64
    x = np.concatenate([np.linspace(-6.0, 6.0, 250), [0.0, -0.0, 1e-300, np.nan, np.inf, -np.inf]])
    x = np.resize(x, 256).astype(np.float64)
    x[-6:] = [0.0, -0.0, 1e-300, np.nan, np.inf, -np.inf]
    out = np.zeros_like(x)
    got = run(__file__, "erf_kernel", 1, [x, out], {"N": 256})
    ref = np.array([math.erf(v) if not np.isnan(v) else np.nan for v in x])
    check("erf fp64", got[1], ref, atol=1e-15)
    finish()


if __name__ == "__main__":
    main()
