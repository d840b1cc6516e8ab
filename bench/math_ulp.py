#!/usr/bin/env python3
"""Accuracy of tilec's math functions in ulp against mpmath, on the device tilec picks
(TILEC_DEVICE=cpu|simt): the largest error of each fp32 (and with --fp64, fp64) function over
random arguments, and where it occurs.

Usage: PYTHONPATH=build/python TILEC_DEVICE=cpu python3 bench/math_ulp.py [--fp64] [--n N]
       [--only NAME[,NAME]]
Needs mpmath (a torch dependency). The ulp is the spacing of the dtype at the exact result;
results beyond the dtype's range or below its smallest normal are skipped.
"""
import argparse
import math

import mpmath
import numpy as np

import tilec
import tilec.language as tl
from tilec.language.extra import libdevice

# name -> (mpmath reference, argument transform applied in the kernel and for the reference)
FUNCTIONS = {
    "exp": mpmath.exp, "exp2": lambda v: mpmath.power(2, v), "exp10": lambda v: mpmath.power(10, v),
    "expm1": mpmath.expm1, "log": mpmath.log, "log2": lambda v: mpmath.log(v, 2),
    "log10": mpmath.log10, "log1p": mpmath.log1p, "sin": mpmath.sin, "cos": mpmath.cos,
    "tan": mpmath.tan, "sinpi": mpmath.sinpi, "cospi": mpmath.cospi, "tanh": mpmath.tanh,
    "sinh": mpmath.sinh, "cosh": mpmath.cosh, "asin": mpmath.asin, "acos": mpmath.acos,
    "atan": mpmath.atan, "asinh": mpmath.asinh, "acosh": mpmath.acosh, "atanh": mpmath.atanh,
    "erf": mpmath.erf, "erfc": mpmath.erfc, "erfinv": mpmath.erfinv,
    "erfcinv": lambda v: mpmath.erfinv(1 - v), "normcdf": mpmath.ncdf,
    "normcdfinv": lambda v: -mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * v),
    "lgamma": lambda v: mpmath.log(abs(mpmath.gamma(v))), "cbrt": mpmath.cbrt,
    "rcbrt": lambda v: 1 / mpmath.cbrt(v), "rsqrt": lambda v: 1 / mpmath.sqrt(v),
    "cyl_bessel_i0": lambda v: mpmath.besseli(0, v), "cyl_bessel_i1": lambda v: mpmath.besseli(1, v),
    "erfcx": lambda v: mpmath.exp(v * v) * mpmath.erfc(v),
}
# the arguments: (low, high, log-uniform)
DOMAINS = {"log": (1e-30, 1e30, True), "log2": (1e-30, 1e30, True), "log10": (1e-30, 1e30, True),
           "log1p": (-0.99, 1e4, False), "asin": (-1, 1, False), "acos": (-1, 1, False),
           "atanh": (-0.999, 0.999, False), "acosh": (1, 1e4, False), "erfinv": (-1, 1, False),
           "erfcinv": (1e-30, 1, True), "normcdfinv": (1e-30, 1, True), "cbrt": (1e-30, 1e30, True),
           "rcbrt": (1e-30, 1e30, True), "rsqrt": (1e-30, 1e30, True), "exp": (-80, 80, False),
           "exp10": (-35, 35, False), "exp2": (-120, 120, False), "sinh": (-80, 80, False),
           "cosh": (-80, 80, False), "lgamma": (0.01, 50, False), "sin": (-1e4, 1e4, False),
           "cos": (-1e4, 1e4, False), "tan": (-1e4, 1e4, False), "sinpi": (-1e3, 1e3, False),
           "cospi": (-1e3, 1e3, False), "cyl_bessel_i0": (-80, 80, False),
           "cyl_bessel_i1": (-80, 80, False), "erfcx": (-9, 1e3, False)}


@tilec.jit
def math_kernel(x_ptr, out_ptr, FN: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, getattr(libdevice, FN)(x))


def arguments(name, dtype, n, rng):
    low, high, logarithmic = DOMAINS.get(name, (-10, 10, False))
    if logarithmic:
        values = np.exp(rng.uniform(math.log(low), math.log(high), n))
    else:
        values = rng.uniform(low, high, n)
    return values.astype(dtype)


def worst_error(name, dtype, x, got):
    """The largest error in ulp of the exact result, and its argument."""
    fn = FUNCTIONS[name]
    info = np.finfo(dtype)
    worst, where = 0.0, None
    with mpmath.workdps(60):
        for value, result in zip(x.tolist(), got.tolist()):
            try:
                exact = fn(mpmath.mpf(value))
            except (ValueError, ZeroDivisionError):
                continue
            if not mpmath.isfinite(exact) or isinstance(exact, mpmath.mpc):
                continue
            magnitude = abs(exact)
            if magnitude > info.max or magnitude < info.tiny:
                continue
            ulp = mpmath.mpf(2) ** (mpmath.floor(mpmath.log(magnitude, 2)) - (info.nmant))
            error = float(abs(mpmath.mpf(result) - exact) / ulp) if math.isfinite(result) else math.inf
            if error > worst:
                worst, where = error, value
    return worst, where


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fp64", action="store_true", help="also measure the fp64 functions")
    parser.add_argument("--n", type=int, default=1024, help="arguments per function (power of 2)")
    parser.add_argument("--only", default="", help="comma-separated function names")
    args = parser.parse_args()
    names = [n for n in FUNCTIONS if not args.only or n in args.only.split(",")]
    dtypes = [np.float32] + ([np.float64] if args.fp64 else [])
    info = tilec.device_info()
    print("device: %s %s; %d random arguments per function" % (info["driver"], info["arch"], args.n))
    print("%-14s %s" % ("function", "  ".join("%-28s" % ("max ulp (at x), " + d.__name__)
                                                for d in dtypes)))
    for name in names:
        cells = []
        for dtype in dtypes:
            rng = np.random.default_rng(7)
            x = arguments(name, dtype, args.n, rng)
            out = np.zeros(args.n, dtype)
            with np.errstate(all="ignore"):
                math_kernel[(1,)](x, out, FN=name, N=args.n)
            worst, where = worst_error(name, dtype, x, out)
            cells.append("%-28s" % ("%8.2f (%.6g)" % (worst, where if where is not None else 0)))
        print("%-14s %s" % (name, "  ".join(cells)))


if __name__ == "__main__":
    main()
