# Streaming stores (cache_modifier=".cs", eviction_policy="evict_first") write the same values as
# plain stores: ragged tails (masked pieces), aligned and misaligned outputs (the versioned
# non-temporal path and its plain fallback), lanes outside the mask left untouched.
# REQUIRES: cpu-jit
# RUN: %python %s | FileCheck %s
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from tilec_check import check, finish, jit, run, tl  # noqa: E402


@jit
def stream_kernel(x_ptr, y_ptr, n, shift, BLOCK: tl.constexpr):
    # Writes y[shift + i] = 2 * x[i]: shift 1 makes every piece's address misaligned.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(y_ptr + shift + offs, x * 2.0, mask=offs < n, cache_modifier=".cs")


@jit
def evict_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs) + 1.0, eviction_policy="evict_first")


def main():
    rng = np.random.default_rng(21)
    for n, shift in ((1000, 0), (1000, 1), (4096, 0), (4096, 3)):
        x = rng.standard_normal(n, dtype=np.float32)
        y = np.full(n + 8, -7.0, dtype=np.float32)
        _, got, _, _ = run(__file__, "stream_kernel", (n + 255) // 256, [x, y, n, shift],
                           {"BLOCK": 256})
        ref = np.full(n + 8, -7.0, dtype=np.float32)
        ref[shift:shift + n] = x * np.float32(2)
        check("streaming n=%d shift=%d" % (n, shift), got, ref)
    x = rng.standard_normal(2048, dtype=np.float32)
    _, got = run(__file__, "evict_kernel", 2048 // 512, [x, np.zeros(2048, np.float32)],
                 {"BLOCK": 512})
    check("evict_first", got, x + np.float32(1))
    finish()


if __name__ == "__main__":
    main()

# CHECK: PASS streaming n=1000 shift=0
# CHECK-NEXT: PASS streaming n=1000 shift=1
# CHECK-NEXT: PASS streaming n=4096 shift=0
# CHECK-NEXT: PASS streaming n=4096 shift=3
# CHECK-NEXT: PASS evict_first
