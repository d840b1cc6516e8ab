# tilec's own f32 expansions of tan, sinh, cosh, log10, pow and exp2 (lib/Transforms/ExpandMath.cpp), which
# AMD GPUs and NVPTX without libdevice compile, run here on the CPU (the same target-independent
# MLIR): vs float64 numpy over wide ranges, near tan's poles, sinh near 0, cosh/sinh up to their
# overflow, pow up to overflow and into denormal results, and pow's special cases (zeros,
# infinities, NaN, negative bases with integer exponents) exactly as numpy's float32 power (C99 powf).
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402

try:
    from triton.language.extra import libdevice
except ImportError:
    libdevice = None


@jit
def unary_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    n = tl.num_programs(0) * BLOCK
    tl.store(out_ptr + offs, libdevice.tan(x))
    tl.store(out_ptr + n + offs, libdevice.sinh(x))
    tl.store(out_ptr + 2 * n + offs, libdevice.cosh(x))
    tl.store(out_ptr + 3 * n + offs, libdevice.log10(x))
    tl.store(out_ptr + 4 * n + offs, tl.exp2(x))


@jit
def pow_kernel(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, libdevice.pow(tl.load(x_ptr + offs), tl.load(y_ptr + offs)))


def unary(x):
    n = x.size
    got = run(__file__, "unary_kernel", n // 64, [x, np.zeros(5 * n, np.float32)], {"BLOCK": 64})[1]
    return got.reshape(5, n)


def power(x, y):
    got = run(__file__, "pow_kernel", x.size // 64, [x, y, np.zeros(x.size, np.float32)],
              {"BLOCK": 64})[2]
    return got


def main():
    rng = np.random.default_rng(7)
    n = 4096
    x64 = lambda v: v.astype(np.float64)  # noqa: E731

    # tan: wide range, and next to its poles (k * pi/2), where it is large.
    x = np.concatenate([rng.uniform(-1e4, 1e4, n // 2), rng.uniform(-3, 3, n // 4),
                        (rng.integers(-2000, 2000, n // 4) + 0.5) * np.pi
                        + rng.uniform(-1e-3, 1e-3, n // 4)]).astype(np.float32)
    got = unary(x)
    check("tan", got[0], np.tan(x64(x)), atol=1e-6, rtol=4e-6)

    # sinh/cosh near 0 (sinh's cancellation), moderate, and up to their overflow at ~89.4.
    x = np.concatenate([rng.uniform(-1e-3, 1e-3, n // 4), rng.uniform(-2, 2, n // 4),
                        rng.uniform(-89, 89, n // 2)]).astype(np.float32)
    got = unary(x)
    with np.errstate(over="ignore"):
        check("sinh", got[1], np.sinh(x64(x)), rtol=2e-6)
        check("cosh", got[2], np.cosh(x64(x)), rtol=2e-6)
    edges = np.array([0.0, -0.0, 89.5, -89.5, 1e-30, -1e-30, np.inf, -np.inf, np.nan] + [1.0] * 55,
                     np.float32)
    got = unary(edges)
    with np.errstate(over="ignore"):
        check("sinh edges", got[1], np.sinh(edges), rtol=2e-6)
        check("cosh edges", got[2], np.cosh(edges), rtol=2e-6)

    # log10 over the whole float range (denormals included) and its special values.
    x = np.concatenate([np.exp(rng.uniform(-100, 88, n - 64)), [1.0, 10.0, 1e-40, 0.0, -0.0, -1.0,
                                                                np.inf, np.nan] * 8]).astype(np.float32)
    got = unary(x)
    with np.errstate(divide="ignore", invalid="ignore"):
        check("log10", got[3], np.log10(x64(x)), atol=1e-7, rtol=2e-7)

    # exp2 (vectorized on CPUs) up to overflow and into denormal results.
    x = np.concatenate([rng.uniform(-155, 130, n - 64), [0.0, -0.0, 1.0, -1.0, 127.0, 128.0, -126.0,
                                                          -149.0, -150.0, np.inf, -np.inf, np.nan,
                                                          0.5, -0.5, 1e-8, -1e-8] * 4])
    x = x.astype(np.float32)
    with np.errstate(over="ignore", under="ignore"):
        check("exp2", unary(x)[4], np.exp2(x64(x)).astype(np.float32), atol=2.0 ** -149,
              rtol=2.5e-7)

    # pow: positive bases over wide ranges, up to results near overflow and underflow.
    x = np.exp(rng.uniform(-20, 20, n)).astype(np.float32)
    y = rng.uniform(-4, 4, n).astype(np.float32)
    with np.errstate(over="ignore", under="ignore"):
        ref = np.power(x64(x), x64(y))
        check("pow x > 0", power(x, y), ref, rtol=4e-7)
        x = np.exp(rng.uniform(-3, 3, n)).astype(np.float32)
        y = (rng.uniform(-126, 126, n) / np.log2(x64(x))).astype(np.float32)
        check("pow large exponents", power(x, y), np.power(x64(x), x64(y)), rtol=4e-7)
    # Negative bases with integer exponents (odd keep the sign), and with fractional ones (NaN).
    x = -np.exp(rng.uniform(-5, 5, n)).astype(np.float32)
    y = np.concatenate([rng.integers(-15, 15, n // 2), rng.uniform(-5, 5, n // 2)]).astype(np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        check("pow x < 0", power(x, y), np.power(x64(x), x64(y)), rtol=4e-7)
    # Results in the denormal range.
    x = np.exp(rng.uniform(-3, 3, n)).astype(np.float32)
    y = (rng.uniform(-149, -126, n) / np.log2(x64(x))).astype(np.float32)
    with np.errstate(under="ignore"):
        ref = np.power(x64(x), x64(y))
        check("pow denormal results", power(x, y), ref, atol=0.51 * 2.0 ** -149, rtol=4e-7)
    # Every pair of special values, exactly as numpy's float32 power (C99 powf).
    values = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 2.5, -2.5, 1e30,
                       -1e30, 16777216.0, -16777215.0, np.inf, -np.inf, np.nan, -131.0, 140.5],
                      np.float32)
    xs, ys = np.meshgrid(values, values)
    xs, ys = xs.ravel(), ys.ravel()
    pad = (-xs.size) % 64
    xs = np.concatenate([xs, np.ones(pad, np.float32)])
    ys = np.concatenate([ys, np.ones(pad, np.float32)])
    with np.errstate(all="ignore"):
        check("pow special values", power(xs, ys), np.power(xs, ys), rtol=2e-7)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS tan
# CHECK: PASS sinh
# CHECK: PASS cosh
# CHECK: PASS sinh edges
# CHECK: PASS cosh edges
# CHECK: PASS log10
# CHECK: PASS exp2
# CHECK: PASS pow x > 0
# CHECK: PASS pow large exponents
# CHECK: PASS pow x < 0
# CHECK: PASS pow denormal results
# CHECK: PASS pow special values
# CHECK-NOT: FAIL
