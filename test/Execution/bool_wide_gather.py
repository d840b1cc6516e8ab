# Wide (chunked) gathers of bool tiles: a 128-lane i1 load is gathered 16 lanes at a time through
# a stack buffer; each lane must come back from its own byte (exact vs numpy).
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def bool_and_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Masked bool loads with other=False, combined and stored back as bool.
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=False)
    y = tl.load(y_ptr + offs, mask=mask, other=False)
    tl.store(out_ptr + offs, x & y, mask=mask)


def main():
    rng = np.random.default_rng(5)
    for n, block in [(100, 128), (256, 256)]:
        x = rng.integers(0, 2, n).astype(np.bool_)
        y = rng.integers(0, 2, n).astype(np.bool_)
        out = np.zeros(n, dtype=np.bool_)
        got = run(__file__, "bool_and_kernel", 1, [x, y, out, n], {"BLOCK": block})
        check("bool gather %d of %d" % (n, block), got[2], x & y)
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS bool gather 100 of 128
# CHECK-NEXT: PASS bool gather 256 of 256
# CHECK-NOT: FAIL
