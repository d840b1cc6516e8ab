# tilec's own fp64 math (lib/Transforms/ExpandMathF64.cpp, what AMD GPUs and NVPTX without libdevice
# run), forced on the CPU and on the SIMT emulator with --expand-f64-math: 22 unary functions and
# pow/atan2 on wide random ranges, special values (+-0, +-inf, NaN, denormals, overflow and underflow
# boundaries, sin/cos/tan near multiples of pi/2 up to 1e9, pow's C99 cases) within 4 ulp of numpy's
# float64 (glibc's libm); inf/NaN/zero results must match exactly.
# REQUIRES: cpu-jit
# RUN: %python %s cpu | FileCheck %s
# RUN: %if simt %{ %python %s simt | FileCheck %s %}
# The flag replaces every libm call and LLVM math intrinsic but sqrt/fma/fabs/rounding:
# RUN: tilec compile %s --kernel unary_kernel --signature '*fp64,*fp64,i32' -D BLOCK=256 --expand-f64-math --emit llvm -o - | FileCheck %s --check-prefix=IR
# RUN: tilec compile %s --kernel binary_kernel --signature '*fp64,*fp64,*fp64,i32' -D BLOCK=256 --expand-f64-math --emit llvm -o - | FileCheck %s --check-prefix=IR
# IR-LABEL: define {{.*}}_kernel
# IR-NOT: @{{(llvm\.)?(exp|exp2|expm1|log|log2|log10|log1p|sin|cos|tan|sinh|cosh|tanh|atan|atan2|asin|acos|acosh|atanh|cbrt|erf|erfc|pow)[.(]}}
# IR: @llvm.fma.v{{[0-9]+}}f64
# IR-NOT: @{{(llvm\.)?(exp|exp2|expm1|log|log2|log10|log1p|sin|cos|tan|sinh|cosh|tanh|atan|atan2|asin|acos|acosh|atanh|cbrt|erf|erfc|pow)[.(]}}
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import finish, jit, run, tl  # noqa: E402

try:
    from triton.language.extra import libdevice
except ImportError:
    libdevice = None


@jit
def unary_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + 0 * n + offs, tl.exp(tl.load(x_ptr + 0 * n + offs)))
    tl.store(out_ptr + 1 * n + offs, tl.exp2(tl.load(x_ptr + 1 * n + offs)))
    tl.store(out_ptr + 2 * n + offs, libdevice.expm1(tl.load(x_ptr + 2 * n + offs)))
    tl.store(out_ptr + 3 * n + offs, tl.log(tl.load(x_ptr + 3 * n + offs)))
    tl.store(out_ptr + 4 * n + offs, tl.log2(tl.load(x_ptr + 4 * n + offs)))
    tl.store(out_ptr + 5 * n + offs, libdevice.log10(tl.load(x_ptr + 5 * n + offs)))
    tl.store(out_ptr + 6 * n + offs, libdevice.log1p(tl.load(x_ptr + 6 * n + offs)))
    tl.store(out_ptr + 7 * n + offs, tl.sin(tl.load(x_ptr + 7 * n + offs)))
    tl.store(out_ptr + 8 * n + offs, tl.cos(tl.load(x_ptr + 8 * n + offs)))
    tl.store(out_ptr + 9 * n + offs, libdevice.tan(tl.load(x_ptr + 9 * n + offs)))
    tl.store(out_ptr + 10 * n + offs, libdevice.sinh(tl.load(x_ptr + 10 * n + offs)))
    tl.store(out_ptr + 11 * n + offs, libdevice.cosh(tl.load(x_ptr + 11 * n + offs)))
    tl.store(out_ptr + 12 * n + offs, libdevice.tanh(tl.load(x_ptr + 12 * n + offs)))
    tl.store(out_ptr + 13 * n + offs, libdevice.atan(tl.load(x_ptr + 13 * n + offs)))
    tl.store(out_ptr + 14 * n + offs, libdevice.asin(tl.load(x_ptr + 14 * n + offs)))
    tl.store(out_ptr + 15 * n + offs, libdevice.acos(tl.load(x_ptr + 15 * n + offs)))
    tl.store(out_ptr + 16 * n + offs, libdevice.asinh(tl.load(x_ptr + 16 * n + offs)))
    tl.store(out_ptr + 17 * n + offs, libdevice.acosh(tl.load(x_ptr + 17 * n + offs)))
    tl.store(out_ptr + 18 * n + offs, libdevice.atanh(tl.load(x_ptr + 18 * n + offs)))
    tl.store(out_ptr + 19 * n + offs, libdevice.cbrt(tl.load(x_ptr + 19 * n + offs)))
    tl.store(out_ptr + 20 * n + offs, tl.erf(tl.load(x_ptr + 20 * n + offs)))
    tl.store(out_ptr + 21 * n + offs, libdevice.erfc(tl.load(x_ptr + 21 * n + offs)))


@jit
def binary_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + offs, libdevice.pow(x, y))
    tl.store(out_ptr + n + offs, libdevice.atan2(x, y))


N = 1 << 14
BLOCK = 256
rng = np.random.default_rng(11)
SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, -1e-300,
           1.0, -1.0]


def log_uniform(lo, hi, size, signed=False):
    v = 10.0 ** rng.uniform(lo, hi, size)
    return v * rng.choice([-1.0, 1.0], size) if signed else v


def inputs(*parts):
    """The parts (special values first), then random picks among them up to N."""
    v = np.concatenate([np.asarray(p, dtype=np.float64).ravel() for p in parts])
    assert len(v) <= N, len(v)
    return np.concatenate([v, rng.choice(v, N - len(v))])


def ulps(got, ref):
    """|got - ref| in units of ref's last place; inf where only one is inf, NaN or a zero's sign differs."""
    with np.errstate(all="ignore"):
        d = np.abs(got - ref) / np.spacing(np.abs(ref))
    same = ((got == ref) & (np.signbit(got) == np.signbit(ref))) | (np.isnan(got) & np.isnan(ref))
    d[same] = 0.0
    d[~same & (np.isinf(ref) | np.isnan(ref) | np.isinf(got) | np.isnan(got) | (ref == 0))] = np.inf
    return d


def report(name, x, got, ref, limit=4.0):
    d = ulps(got, ref)
    i = int(np.argmax(d))
    worst = d[i]
    if worst <= limit:
        print("PASS fp64 %s: max %g ulp" % (name, worst))
    else:
        print("FAIL fp64 %s: %g ulp at x=%r (got %r, numpy %r)" % (name, worst, x[i], got[i], ref[i]))
        FAILED.append(name)


FAILED = []


def main():
    device = sys.argv[1]
    flags = ("--expand-f64-math",) + (("--device", "simt") if device == "simt" else ("--device", "cpu"))
    near_half_pi = np.arange(-2000, 2000) * (np.pi / 2)
    trig = inputs(SPECIAL, rng.uniform(-10, 10, 3000), rng.uniform(-1e9, 1e9, 2000),
                  log_uniform(-300, 0, 1000, True), near_half_pi, near_half_pi * 1e5)
    logs = [SPECIAL, log_uniform(-323, 308, 3000), 1 + rng.uniform(-0.3, 0.42, 2000),
            1 + log_uniform(-16, -1, 1000, True), [-1.0, -5.0]]
    erf = np.vectorize(math.erf)
    erfc = np.vectorize(math.erfc)
    cases = [
        ("exp", np.exp, inputs(SPECIAL, rng.uniform(-745.2, 709.8, 4000), rng.uniform(-1, 1, 2000),
                               log_uniform(-300, 0, 1000, True), [709.78, 709.79, -745.13, -745.14, -708.4])),
        ("exp2", np.exp2, inputs(SPECIAL, rng.uniform(-1075, 1024, 4000), rng.uniform(-1, 1, 2000),
                                 [1023.99, 1024.0, -1074.0, -1074.5, -1075.0, -1022.5])),
        ("expm1", np.expm1, inputs(SPECIAL, rng.uniform(-50, 709.8, 3000), rng.uniform(-2, 2, 2000),
                                   log_uniform(-320, 0, 2000, True), [709.78, 709.79, -40.0, 0.35, -0.35])),
        ("log", np.log, inputs(*logs)),
        ("log2", np.log2, inputs(*logs, 2.0 ** np.arange(-1074, 1024, 7))),
        ("log10", np.log10, inputs(*logs, 10.0 ** np.arange(-300, 300, 7))),
        ("log1p", np.log1p, inputs(SPECIAL, log_uniform(-323, 308, 3000), log_uniform(-320, 0, 2000, True),
                                   -1 + log_uniform(-16, -0.01, 1000), [-1.5, -0.5, 2.0 ** 53, 2.0 ** 53 + 2])),
        ("sin", np.sin, trig),
        ("cos", np.cos, trig),
        ("tan", np.tan, trig),
        ("sinh", np.sinh, inputs(SPECIAL, rng.uniform(-711, 711, 3000), rng.uniform(-2, 2, 2000),
                                 log_uniform(-320, 0, 1000, True), [710.47, 710.48, -710.47])),
        ("cosh", np.cosh, inputs(SPECIAL, rng.uniform(-711, 711, 3000), rng.uniform(-2, 2, 2000),
                                 [710.47, 710.48, -710.47])),
        ("tanh", np.tanh, inputs(SPECIAL, rng.uniform(-25, 25, 3000), rng.uniform(-2, 2, 2000),
                                 log_uniform(-320, 0, 1000, True))),
        ("atan", np.arctan, inputs(SPECIAL, log_uniform(-320, 308, 4000, True), rng.uniform(-3, 3, 3000))),
        ("asin", np.arcsin, inputs(SPECIAL, rng.uniform(-1, 1, 4000), log_uniform(-320, 0, 2000, True),
                                   1 - log_uniform(-16, -1, 1000), [1.5, -2.0])),
        ("acos", np.arccos, inputs(SPECIAL, rng.uniform(-1, 1, 4000), log_uniform(-320, 0, 1000, True),
                                   1 - log_uniform(-16, -1, 1000), -1 + log_uniform(-16, -1, 1000), [1.5, -2.0])),
        ("asinh", np.arcsinh, inputs(SPECIAL, log_uniform(-320, 308, 4000, True), rng.uniform(-3, 3, 3000))),
        ("acosh", np.arccosh, inputs(SPECIAL, 1 + log_uniform(-16, 308, 4000), rng.uniform(1, 3, 3000),
                                     [0.5, -1.0, 2.0 ** 60, 2.0 ** 61])),
        ("atanh", np.arctanh, inputs(SPECIAL, rng.uniform(-1, 1, 4000), log_uniform(-320, 0, 2000, True),
                                     1 - log_uniform(-16, -1, 1000), [1.5, -2.0])),
        ("cbrt", np.cbrt, inputs(SPECIAL, log_uniform(-323, 308, 5000, True), rng.uniform(-10, 10, 2000))),
        ("erf", erf, inputs(SPECIAL, rng.uniform(-7, 7, 4000), log_uniform(-320, 0, 2000, True),
                            rng.uniform(-1.2, 1.2, 2000))),
        ("erfc", erfc, inputs(SPECIAL, rng.uniform(-7, 28, 4000), log_uniform(-320, 0, 1000, True),
                              rng.uniform(-1.2, 1.2, 2000), rng.uniform(26, 27.5, 1000))),
    ]
    x = np.concatenate([c[2] for c in cases])
    got = run(__file__, "unary_kernel", N // BLOCK, [x, np.zeros_like(x), N], {"BLOCK": BLOCK}, flags=flags)[1]
    got = got.reshape(len(cases), N)
    # CHECK: PASS fp64 exp:
    # CHECK: PASS fp64 exp2:
    # CHECK: PASS fp64 expm1:
    # CHECK: PASS fp64 log:
    # CHECK: PASS fp64 log2:
    # CHECK: PASS fp64 log10:
    # CHECK: PASS fp64 log1p:
    # CHECK: PASS fp64 sin:
    # CHECK: PASS fp64 cos:
    # CHECK: PASS fp64 tan:
    # CHECK: PASS fp64 sinh:
    # CHECK: PASS fp64 cosh:
    # CHECK: PASS fp64 tanh:
    # CHECK: PASS fp64 atan:
    # CHECK: PASS fp64 asin:
    # CHECK: PASS fp64 acos:
    # CHECK: PASS fp64 asinh:
    # CHECK: PASS fp64 acosh:
    # CHECK: PASS fp64 atanh:
    # CHECK: PASS fp64 cbrt:
    # CHECK: PASS fp64 erf:
    # CHECK: PASS fp64 erfc:
    for i, (name, ref_fn, xi) in enumerate(cases):
        with np.errstate(all="ignore"):
            report(name, xi, got[i], ref_fn(xi))

    # pow and atan2: every pair of special values, wide random ranges, integer exponents of
    # negative bases, and exponents that put the result anywhere between underflow and overflow.
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 2.5,
                        -2.5, 5e-324, 1e300, -1e300, 2.0 ** 53, 2.0 ** 53 + 2])
    gx, gy = np.meshgrid(special, special)
    x = np.concatenate([gx.ravel(), log_uniform(-300, 300, 2000), log_uniform(-3, 3, 2000),
                        -log_uniform(-3, 3, 1000)])
    y = np.concatenate([gy.ravel(), rng.uniform(-1, 1, 2000), rng.uniform(-300, 300, 2000),
                        np.round(rng.uniform(-100, 100, 1000))])
    base = log_uniform(-3, 3, N - len(x))
    x = np.concatenate([x, base])
    y = np.concatenate([y, rng.uniform(-1074, 1024, len(base)) / np.log2(base)])
    got = run(__file__, "binary_kernel", N // BLOCK, [x, y, np.zeros(2 * N), N], {"BLOCK": BLOCK},
              flags=flags)[2].reshape(2, N)
    with np.errstate(all="ignore"):
        # CHECK: PASS fp64 pow:
        report("pow", x, got[0], np.power(x, y))
        # CHECK: PASS fp64 atan2:
        report("atan2", x, got[1], np.arctan2(x, y))
    sys.stdout.flush()
    sys.exit(1 if FAILED else 0)


if __name__ == "__main__":
    main()
