"""tl.dot integer operands, on the CPU and on the SIMT emulator at warp size 32 (mma.sync m16n8k32
.s8 for 16x8x32 blocks) and 64 (i8 MFMA): int8 operands are signed and sum exactly in int32
(numpy's int64 product of inputs down to -128); uint8 x uint8, uint8 x int8 and int32 operands
are compile errors at the tl.dot (Triton 3.9: "only int8 supported!", "Both operands must be
same dtype"), never a dot that sign-extends 200 to -56."""
import numpy as np
import pytest

import tilec
import tilec.language as tl


@tilec.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


@pytest.fixture(params=["cpu", "simt32", "simt64"])
def device(request, monkeypatch, tmp_path):
    if request.param != "cpu":
        monkeypatch.setenv("TILEC_SIMT_WARP_SIZE", request.param[4:])
    old = tilec.get_compiler()
    tilec.set_compiler(tilec.Compiler(device=request.param[:4] if request.param != "cpu"
                                      else "cpu", cache_dir=str(tmp_path)))
    yield request.param
    tilec.set_compiler(old)


def test_int8_is_signed_and_exact(device):
    rng = np.random.default_rng(3)
    a = rng.integers(-128, 128, (32, 64)).astype(np.int8)
    b = rng.integers(-128, 128, (64, 32)).astype(np.int8)
    a[0, :] = -128
    b[:, 0] = -128
    c = np.zeros((32, 32), np.int32)
    dot_kernel[(1,)](a, b, c, M=32, N=32, K=64)
    np.testing.assert_array_equal(c, a.astype(np.int64) @ b.astype(np.int64))
    assert c[0, 0] == 64 * 128 * 128


@pytest.mark.parametrize("a_type,b_type,message", [
    (np.uint8, np.uint8, "tl.dot supports int8 integer operands only, got uint8"),
    (np.uint8, np.int8, "tl.dot operands must have the same dtype, got uint8 and int8"),
    (np.int8, np.uint8, "tl.dot operands must have the same dtype, got int8 and uint8"),
    (np.int32, np.int32, "tl.dot supports int8 integer operands only, got int32"),
])
def test_other_integer_operands_are_errors(device, a_type, b_type, message):
    a = np.full((32, 64), 200 if a_type == np.uint8 else 3, a_type)
    b = np.full((64, 32), 2, b_type)
    c = np.zeros((32, 32), np.int32)
    with pytest.raises(tilec.CompilationError) as info:
        dot_kernel[(1,)](a, b, c, M=32, N=32, K=64)
    assert info.value.error_message == message
    assert "test_dot_int_operands.py:20:" in str(info.value)
    assert not c.any()
