# tl.histogram over inputs and bins whose (input x bins) comparison tile exceeds 32768 elements (65536 x 16, 2**20 x 4, 32768 x 32, 4096 x 256, with a mask and out-of-range values) counts as Triton 3.9's interpreter (np.histogram over [0, bins), masked and out-of-range values dropped) on the CPU and the SIMT emulator; too many bins for a large input is a located error.
# REQUIRES: cpu-jit, simt
# RUN: timeout 600 %python %s | FileCheck %s
# RUN: not tilec compile %s --kernel hist --signature '*i32,*i32,i32' -D N=4096 -D BINS=512 --emit tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
# CHECK-NOT: FAIL
# CHECK: PASS cpu 65536 x 16
# CHECK: PASS simt 4096 x 256
# CHECK-NOT: FAIL
# ERR: histogram_large.py:[[# @LINE+14]]:12: error: tl.histogram of 4096 elements into 512 bins needs a comparison tile of 2097152 elements, over the maximum tile size (1048576 elements); tilec counts up to 256 bins of a larger input one bin at a time
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def hist(x_ptr, out_ptr, n, N: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    h = tl.histogram(x, BINS, mask=offs < n)
    tl.store(out_ptr + tl.arange(0, BINS), h)


def reference(x, n, bins):
    v = x[:n].astype(np.int64)
    return np.bincount(v[(v >= 0) & (v < bins)], minlength=bins).astype(np.int32)


CASES = [(65536, 16, 60000), (1 << 20, 4, (1 << 20) - 3), (32768, 32, 32768), (4096, 256, 4000)]
for device in ("cpu", "simt"):
    os.environ["TILEC_DEVICE"] = device
    for size, bins, n in CASES:
        if device == "simt" and size > 65536:
            continue  # the emulator runs one thread at a time: keep it short
        rng = np.random.default_rng(size + bins)
        x = rng.integers(-3, bins + 3, size).astype(np.int32)
        got = run(__file__, "hist", 1, [x, np.zeros(bins, np.int32), n],
                  {"N": size, "BINS": bins})[1]
        check("%s %d x %d" % (device, size, bins), got, reference(x, n, bins))
finish()
