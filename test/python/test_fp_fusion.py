"""Triton's enable_fp_fusion: by default (Triton 3.9) the kernel's `x * y + z` is one fused
multiply-add, rounded once; `enable_fp_fusion=False`, $TRITON_DEFAULT_FP_FUSION=0 or
$TRITON_FORCE_DISABLE_FP_FUSION=1 round the product first. Each setting is its own
specialization, so switching does not reuse the other's code."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def mul_add_kernel(x_ptr, y_ptr, z_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = tl.load(z_ptr + offs)
    tl.store(out_ptr + offs, x * y + z)


# x * y = 1 + 2^-11 + 2^-24 exactly: rounded to fp32 it loses the 2^-24 (a tie, to even), so
# x * y - 1 is 2^-11 unfused and 2^-11 + 2^-24 fused. The second lane is exact either way.
N = 16
X = np.full(N, 1 + 2.0**-12, dtype=np.float32)
Z = np.full(N, -1.0, dtype=np.float32)
X[1], Z[1] = 3.0, 0.5
FUSED = np.full(N, 2.0**-11 + 2.0**-24, dtype=np.float32)
UNFUSED = np.full(N, 2.0**-11, dtype=np.float32)
FUSED[1] = UNFUSED[1] = 9.5


def run(**options):
    out = np.zeros(N, dtype=np.float32)
    mul_add_kernel[(1,)](X, X, Z, out, N=N, **options)
    return out


def test_fused_by_default(monkeypatch):
    monkeypatch.delenv("TRITON_DEFAULT_FP_FUSION", raising=False)
    monkeypatch.delenv("TRITON_FORCE_DISABLE_FP_FUSION", raising=False)
    np.testing.assert_array_equal(run(), FUSED)
    np.testing.assert_array_equal(run(enable_fp_fusion=True), FUSED)


def test_launch_option_turns_fusion_off(monkeypatch):
    monkeypatch.delenv("TRITON_FORCE_DISABLE_FP_FUSION", raising=False)
    np.testing.assert_array_equal(run(enable_fp_fusion=False), UNFUSED)
    # The fused specialization is still there, and still fused.
    np.testing.assert_array_equal(run(enable_fp_fusion=True), FUSED)


@pytest.mark.parametrize("value, fused", [("0", False), ("false", False), ("1", True),
                                          ("ON", True)])
def test_default_from_environment(monkeypatch, value, fused):
    monkeypatch.delenv("TRITON_FORCE_DISABLE_FP_FUSION", raising=False)
    monkeypatch.setenv("TRITON_DEFAULT_FP_FUSION", value)
    np.testing.assert_array_equal(run(), FUSED if fused else UNFUSED)
    # A launch's own choice wins over the default.
    np.testing.assert_array_equal(run(enable_fp_fusion=not fused), UNFUSED if fused else FUSED)


def test_force_disable_wins(monkeypatch):
    monkeypatch.setenv("TRITON_FORCE_DISABLE_FP_FUSION", "1")
    np.testing.assert_array_equal(run(enable_fp_fusion=True), UNFUSED)
    np.testing.assert_array_equal(run(), UNFUSED)
