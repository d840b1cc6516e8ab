# tilec's own f32 atan2, acosh, erf and atanh (lib/Transforms/ExpandMath.cpp: the code AMD GPUs and
# NVPTX without libdevice compile, run here on the CPU) at their special values, against numpy's
# float32 results (C99): atan2 of every pair of zeros, infinities, NaN and finite values of both
# signs (atan2(-0, -1) = -pi, atan2(inf, -inf) = 3pi/4), acosh up to the float maximum (log(x) +
# ln 2 where x^2 would overflow), and the sign of zero kept by the odd functions erf and atanh.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402

try:  # the frontend reads this import from the source; Python need not resolve it
    from triton.language.extra import libdevice
except ImportError:
    libdevice = None


@jit
def edge_kernel(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    n = tl.num_programs(0) * BLOCK
    tl.store(out_ptr + offs, libdevice.atan2(y, x))
    tl.store(out_ptr + n + offs, libdevice.acosh(x))
    tl.store(out_ptr + 2 * n + offs, tl.erf(x))
    tl.store(out_ptr + 3 * n + offs, libdevice.atanh(x))


def edges(x, y):
    pad = (-x.size) % 64
    x = np.concatenate([x, np.ones(pad, np.float32)]).astype(np.float32)
    y = np.concatenate([y, np.ones(pad, np.float32)]).astype(np.float32)
    got = run(__file__, "edge_kernel", x.size // 64, [x, y, np.zeros(4 * x.size, np.float32)],
              {"BLOCK": 64})[2]
    return got.reshape(4, x.size)[:, :x.size - pad]


def same_sign(got, ref):
    return bool(np.all((np.signbit(got) == np.signbit(ref)) | np.isnan(ref)))


def main():
    values = np.array([0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 1e-30, -1e30, np.inf, -np.inf, np.nan],
                      np.float32)
    xs, ys = np.meshgrid(values, values)
    xs, ys = xs.ravel(), ys.ravel()
    got = edges(xs, ys)
    ref = np.arctan2(ys, xs)
    check("atan2 special values", got[0], ref, rtol=4e-7)
    print("%s atan2 signs" % ("PASS" if same_sign(got[0], ref) else "FAIL"))

    rng = np.random.default_rng(3)
    x = rng.standard_normal(4096).astype(np.float32) * np.exp(rng.uniform(-8, 8, 4096)).astype(
        np.float32)
    y = rng.standard_normal(4096).astype(np.float32)
    got = edges(x, y)
    # MLIR's f32 atan polynomial, as MLIR's own atan2 expansion: within 2.5e-6.
    check("atan2", got[0], np.arctan2(y.astype(np.float64), x.astype(np.float64)), atol=2.5e-6,
          rtol=1e-6)

    x = np.array([1.0, 1.5, 2.0, 1e5, 1e10, 1.6e7, 1.7e7, 1e19, 1e20, 1e30, 3e38, np.inf, 0.5,
                  np.nan], np.float32)
    with np.errstate(invalid="ignore"):
        got = edges(x, np.ones_like(x))
        check("acosh", got[1], np.arccosh(x.astype(np.float64)), rtol=4e-7)

    zeros = np.array([0.0, -0.0, 1e-30, -1e-30], np.float32)
    got = edges(zeros, np.ones_like(zeros))
    print("%s erf keeps the sign of zero" % ("PASS" if same_sign(got[2], zeros) else "FAIL"))
    print("%s atanh keeps the sign of zero" % ("PASS" if same_sign(got[3], zeros) else "FAIL"))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS atan2 special values
# CHECK: PASS atan2 signs
# CHECK: PASS atan2
# CHECK: PASS acosh
# CHECK: PASS erf keeps the sign of zero
# CHECK: PASS atanh keeps the sign of zero
