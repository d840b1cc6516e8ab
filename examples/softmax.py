"""Fused row softmax (Triton's tutorial 02), run with tilec."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tilec_example as ex  # noqa: E402
from tilec_example import jit, tl  # noqa: E402


@jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows,
                   n_cols, BLOCK_SIZE: tl.constexpr):
    row_idx = tl.program_id(0)
    row_start_ptr = input_ptr + row_idx * input_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    input_ptrs = row_start_ptr + col_offsets
    mask = col_offsets < n_cols
    row = tl.load(input_ptrs, mask=mask, other=-float('inf'))
    row_minus_max = row - tl.max(row, axis=0)
    numerator = tl.exp(row_minus_max)
    denominator = tl.sum(numerator, axis=0)
    softmax_output = numerator / denominator
    output_row_start_ptr = output_ptr + row_idx * output_row_stride
    output_ptrs = output_row_start_ptr + col_offsets
    tl.store(output_ptrs, softmax_output, mask=mask)


def next_power_of_2(n):
    return 1 << (n - 1).bit_length()


def main(rows=1823, cols=781, bench=20):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((rows, cols), dtype=np.float32)
    y = np.zeros_like(x)
    (got, _, _, _, _, _), us = ex.run(__file__, "softmax_kernel", rows,
                                      [y, x, cols, cols, rows, cols],
                                      {"BLOCK_SIZE": next_power_of_2(cols)}, bench)
    z = x - x.max(axis=1, keepdims=True)
    ref = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    err = float(np.max(np.abs(got - ref)))
    return ex.report("softmax %dx%d" % (rows, cols), err < 1e-6, err, us)


if __name__ == "__main__":
    sys.exit(0 if main(*[int(a) for a in sys.argv[1:]]) else 1)
