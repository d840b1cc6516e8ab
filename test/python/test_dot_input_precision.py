"""The default input_precision of fp32 tl.dot: the launch option default_dot_input_precision and
$TRITON_F32_DEFAULT (which wins, as in Triton's tl.dot; read when a kernel compiles) reach the
frontend; an explicit input_precision or allow_tf32 wins over both. Run on the SIMT emulator at
warp size 32, where the target's default is tf32 (tensor cores: errors above 3e-5 relative to
the sum of |products|) and "ieee", "tf32x3" and "bf16x6" are within fp32 error (1e-6) of the
exact product, "bf16x3" within 1e-4; an unknown value is a ValueError naming its source."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, EXPLICIT: tl.constexpr):
    r = tl.arange(0, 32)
    a = tl.load(a_ptr + r[:, None] * 32 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 32 + r[None, :])
    if EXPLICIT == "tf32":
        c = tl.dot(a, b, input_precision="tf32")
    elif EXPLICIT == "allow_tf32":
        c = tl.dot(a, b, allow_tf32=True)
    else:
        c = tl.dot(a, b)
    tl.store(c_ptr + r[:, None] * 32 + r[None, :], c)


@pytest.fixture
def simt32(monkeypatch, tmp_path):
    monkeypatch.setenv("TILEC_SIMT_WARP_SIZE", "32")
    monkeypatch.delenv("TRITON_F32_DEFAULT", raising=False)
    old = tilec.get_compiler()
    tilec.set_compiler(tilec.Compiler(device="simt", cache_dir=str(tmp_path)))
    yield monkeypatch
    tilec.set_compiler(old)


def relative_error(explicit="", **options):
    """The largest error of the 32x32x32 product, relative to the sum of |products|."""
    rng = np.random.default_rng(7)
    a = rng.uniform(-2, 2, (32, 32)).astype(np.float32)
    b = rng.uniform(-2, 2, (32, 32)).astype(np.float32)
    c = np.zeros((32, 32), np.float32)
    mm_kernel[(1,)](a, b, c, EXPLICIT=explicit, **options)
    exact = a.astype(np.float64) @ b.astype(np.float64)
    scale = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
    return float(np.max(np.abs(c - exact) / scale))


def test_launch_option_sets_the_default(simt32):
    assert relative_error() > 3e-5  # the emulator's default: tf32
    assert relative_error(default_dot_input_precision="ieee") < 1e-6
    assert relative_error(default_dot_input_precision="tf32x3") < 1e-6
    assert relative_error(default_dot_input_precision="tf32") > 3e-5
    # Triton's bf16 splits: 16 bits of each operand (3 bf16 mmas) or all 24 (6).
    assert 1e-6 < relative_error(default_dot_input_precision="bf16x3") < 1e-4
    assert relative_error(default_dot_input_precision="bf16x6") < 1e-6


def test_explicit_precision_wins(simt32):
    assert relative_error("tf32", default_dot_input_precision="ieee") > 3e-5
    assert relative_error("allow_tf32", default_dot_input_precision="ieee") > 3e-5


def test_triton_f32_default_wins_over_the_option(simt32):
    simt32.setenv("TRITON_F32_DEFAULT", "ieee")
    assert relative_error() < 1e-6
    assert relative_error(default_dot_input_precision="tf32") < 1e-6
    assert relative_error("tf32") > 3e-5


def test_triton_f32_default_is_read_when_compiling(simt32):
    assert relative_error() > 3e-5
    simt32.setenv("TRITON_F32_DEFAULT", "ieee")
    assert relative_error() > 3e-5  # the launcher compiled before is kept, as in Triton
    assert relative_error(default_dot_input_precision="tf32") < 1e-6  # a new one reads it


def test_unknown_precision_is_an_error(simt32):
    with pytest.raises(ValueError, match="default_dot_input_precision"):
        relative_error(default_dot_input_precision="bf16x4")
    simt32.setenv("TRITON_F32_DEFAULT", "tf32x4")
    with pytest.raises(ValueError, match="TRITON_F32_DEFAULT"):
        relative_error()
