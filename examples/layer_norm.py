"""Fused layer norm forward (Triton's tutorial 05), run with tilec."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tilec_example as ex  # noqa: E402
from tilec_example import jit, tl  # noqa: E402


@jit
def _layer_norm_fwd_fused(X, Y, W, B, Mean, Rstd, stride, N, eps,
                          BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    # Mean of the row, accumulated block by block.
    mean = 0
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    # Variance.
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    # Normalize and apply the affine transform.
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)


def main(rows=1151, cols=1000, bench=20):
    rng = np.random.default_rng(2)
    x = rng.standard_normal((rows, cols), dtype=np.float32)
    w = rng.standard_normal(cols, dtype=np.float32)
    b = rng.standard_normal(cols, dtype=np.float32)
    y = np.zeros_like(x)
    mean = np.zeros(rows, dtype=np.float32)
    rstd = np.zeros(rows, dtype=np.float32)
    eps = 1e-5
    (_, got, _, _, got_mean, got_rstd, _, _, _), us = ex.run(
        __file__, "_layer_norm_fwd_fused", rows, [x, y, w, b, mean, rstd, cols, cols, eps],
        {"BLOCK_SIZE": 256}, bench)
    x64 = x.astype(np.float64)
    ref_mean = x64.mean(axis=1)
    ref_rstd = 1.0 / np.sqrt(x64.var(axis=1) + eps)
    ref = (x64 - ref_mean[:, None]) * ref_rstd[:, None] * w + b
    err = max(float(np.max(np.abs(got - ref))), float(np.max(np.abs(got_mean - ref_mean))),
              float(np.max(np.abs(got_rstd - ref_rstd) / ref_rstd)))
    return ex.report("layer_norm %dx%d" % (rows, cols), err < 1e-4, err, us)


if __name__ == "__main__":
    sys.exit(0 if main(*[int(a) for a in sys.argv[1:]]) else 1)
