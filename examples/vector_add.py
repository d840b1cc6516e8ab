"""Vector addition: the hello world of Triton kernels, run with tilec."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tilec_example as ex  # noqa: E402
from tilec_example import jit, tl  # noqa: E402


@jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)


def main(n=98432, block=1024, bench=20):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    grid = (n + block - 1) // block
    (_, _, got, _), us = ex.run(__file__, "add_kernel", grid, [x, y, out, n],
                                {"BLOCK_SIZE": block}, bench)
    err = float(np.max(np.abs(got - (x + y))))
    return ex.report("vector_add n=%d" % n, err == 0.0, err, us)


if __name__ == "__main__":
    sys.exit(0 if main(*[int(a) for a in sys.argv[1:]]) else 1)
