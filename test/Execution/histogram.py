# tl.histogram (tile.histogram) counts as Triton 3.9's interpreter does (bins [0, num_bins); masked values and values outside the bins, negative ones included, are dropped) on the CPU and on the SIMT emulator at 1, 4 and 8 warps and warp size 64: int8/uint8/int32/int64 inputs, masks, replicated layouts (16 inputs or 4 bins over 256 threads), two histograms in a row, 1024 bins x 1024 and 4096 inputs, and inputs up to 2^20 elements.
# REQUIRES: cpu-jit, simt
# RUN: timeout 900 %python %s | FileCheck %s
# CHECK-NOT: FAIL
# CHECK: PASS cpu int32 1024 x 1024
# CHECK: PASS cpu int32 4096 x 1024
# CHECK: PASS cpu int32 1048576 x 4
# CHECK: PASS simt w4 int32 1024 x 1024
# CHECK: PASS simt w4 int32 4096 x 1024
# CHECK: PASS simt w4 int32 65536 x 16
# CHECK: PASS simt w1 int32 1024 x 1024
# CHECK: PASS simt w8 uint8 256 x 256
# CHECK: PASS simt warp64 w4 int32 1024 x 1024
# CHECK: PASS simt warp64 w4 int64 64 x 16
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def hist(x_ptr, out_ptr, n, N: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + tl.arange(0, BINS), tl.histogram(x, BINS, mask=offs < n))
    tl.store(out_ptr + BINS + tl.arange(0, BINS), x.histogram(BINS))


def reference(x, n, bins):
    """Triton's interpreter: np.histogram over [0, bins) of the unmasked in-range values."""
    def counts(v):
        v = v.astype(np.int64)
        return np.bincount(v[(v >= 0) & (v < bins)], minlength=bins).astype(np.int32)
    return np.concatenate([counts(x[:n]), counts(x)])


def values(dtype, size, bins, rng):
    if dtype == "uint8":  # the top bit inside the bins (256 bins)
        return rng.integers(0, 256, size).astype(np.uint8)
    if dtype == "int64":  # far outside the bins on both sides too
        v = rng.integers(-3, bins + 3, size)
        v[::5] += np.int64(1) << 40
        v[1::7] -= np.int64(1) << 40
        return v
    return rng.integers(-3, bins + 3, size).astype(dtype)


# (dtype, N, BINS, n)
SMALL = [("int32", 1024, 1024, 1000), ("int32", 16, 4, 13), ("int8", 128, 32, 100),
         ("uint8", 256, 256, 250), ("int64", 64, 16, 60), ("int32", 256, 4, 256)]
LARGE = [("int32", 4096, 1024, 4000), ("int32", 4096, 512, 4095), ("int32", 4096, 256, 4000),
         ("int32", 32768, 32, 32768), ("int32", 65536, 16, 60000)]
HUGE = [("int32", 1 << 20, 4, (1 << 20) - 3)]

# (device, warp size, num_warps, cases)
RUNS = [("cpu", 32, 4, SMALL + LARGE + HUGE), ("simt", 32, 4, SMALL + LARGE),
        ("simt", 32, 1, SMALL), ("simt", 32, 8, SMALL), ("simt", 64, 4, SMALL)]
for device, warp_size, warps, cases in RUNS:
    os.environ["TILEC_DEVICE"] = device
    os.environ["TILEC_SIMT_WARP_SIZE"] = str(warp_size)
    name = device
    if device == "simt":
        name += "%s w%d" % (" warp64" if warp_size == 64 else "", warps)
    for dtype, size, bins, n in cases:
        rng = np.random.default_rng(size + bins)
        x = values(dtype, size, bins, rng)
        got = run(__file__, "hist", 1, [x, np.zeros(2 * bins, np.int32), n],
                  {"N": size, "BINS": bins}, flags=("--num-warps", str(warps)))[1]
        check("%s %s %d x %d" % (name, dtype, size, bins), got, reference(x, n, bins))
finish()
