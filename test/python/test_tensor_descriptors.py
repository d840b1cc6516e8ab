"""Host TensorDescriptor kernel arguments: loads/stores with out-of-bounds padding, @jit helpers, block shapes changed by pre-hooks, and the errors."""
import numpy as np
import pytest

import tilec
import tilec.language as tl
from tilec._compat.triton.tools.tensor_descriptor import TensorDescriptor


def _aligned(shape, dtype, fill=0):
    """A C-contiguous array whose first element is 16-byte aligned (descriptors require it)."""
    dtype = np.dtype(dtype)
    n = int(np.prod(shape))
    raw = np.empty(n * dtype.itemsize + 16, dtype=np.uint8)
    offset = -raw.__array_interface__["data"][0] % 16
    a = raw[offset:offset + n * dtype.itemsize].view(dtype).reshape(shape)
    a[...] = fill
    return a


def _desc(a, block_shape, shape=None, padding="zero"):
    shape = list(a.shape) if shape is None else shape
    strides = [s // a.itemsize for s in a.strides]
    return TensorDescriptor(a, shape, strides, list(block_shape), padding)


@tilec.jit
def _load_at(desc, row, col):
    return desc.load([row, col])


@tilec.jit
def _store_twice(desc, row, col, value):
    desc.store([row, col], value * 2)


@tilec.jit
def helper_copy_kernel(x_desc, y_desc, BM: tl.constexpr):
    row = tl.program_id(0) * BM - 4
    _store_twice(y_desc, row, 8, _load_at(x_desc, row, 8))


def test_helpers_and_out_of_bounds():
    """Blocks reaching past every edge: reads outside `shape` give 0, writes there are dropped."""
    x = _aligned((20, 32), np.float32)
    x[...] = np.arange(20 * 32, dtype=np.float32).reshape(20, 32)
    y = _aligned((20, 32), np.float32, fill=-1)
    # y's descriptor is narrower than the array: columns 28.. are outside it.
    helper_copy_kernel[(3,)](_desc(x, [8, 32]), _desc(y, [8, 32], shape=[20, 28]), BM=8)
    want = np.full((20, 32), -1, np.float32)
    want[:, 8:28] = 2 * x[:, 8:28]
    # Programs cover rows -4..19; their column window is 8..39 (x's 32.. read as 0).
    np.testing.assert_array_equal(y, want)


@tilec.jit
def nan_pad_kernel(x_desc, out_ptr, BLOCK: tl.constexpr):
    v = x_desc.load([12])
    tl.store(out_ptr + tl.arange(0, BLOCK), v)


def test_nan_padding():
    x = _aligned((16,), np.float32)
    x[...] = np.arange(16)
    out = _aligned((8,), np.float32)
    nan_pad_kernel[(1,)](_desc(x, [8], padding="nan"), out, BLOCK=8)
    np.testing.assert_array_equal(out[:4], [12, 13, 14, 15])
    assert np.isnan(out[4:]).all()
    nan_pad_kernel[(1,)](_desc(x, [8]), out, BLOCK=8)
    np.testing.assert_array_equal(out, [12, 13, 14, 15, 0, 0, 0, 0])


@tilec.jit
def _maybe_make_desc(desc_or_ptr, n, BLOCK: tl.constexpr):
    if isinstance(desc_or_ptr, tl.tensor_descriptor):
        return desc_or_ptr
    else:
        return tl.make_tensor_descriptor(desc_or_ptr, shape=[n], strides=[1], block_shape=[BLOCK])


@tilec.jit
def either_kernel(src, dst, n, BLOCK: tl.constexpr):
    s = _maybe_make_desc(src, n, BLOCK)
    d = _maybe_make_desc(dst, n, BLOCK)
    off = tl.program_id(0) * BLOCK
    d.store([off], s.load([off]) + 1)


def test_host_or_device_descriptor():
    """Tutorial 06's pattern: a helper takes a host descriptor as it is, or makes one."""
    x = _aligned((40,), np.int32)
    x[...] = np.arange(40)
    for as_desc in (False, True):
        y = _aligned((40,), np.int32, fill=-7)
        src = _desc(x, [16]) if as_desc else x
        either_kernel[(3,)](src, y, 40, BLOCK=16)
        np.testing.assert_array_equal(y, np.arange(40) + 1)


@tilec.jit
def fill_kernel(desc, value):
    shape: tl.constexpr = desc.block_shape
    desc.store([0, 0], tl.full(shape, value, desc.dtype))


def test_block_shape_set_after_construction():
    """As autotuner pre-hooks do: each block shape is its own specialization."""
    y = _aligned((8, 8), np.float16)
    d = _desc(y, [1, 1])
    d.block_shape = [2, 8]
    fill_kernel[(1,)](d, 3.0)
    d.block_shape = [4, 8]
    fill_kernel[(1,)](d, 5.0)
    want = np.zeros((8, 8), np.float16)
    want[:4] = 5
    np.testing.assert_array_equal(y, want)


@tilec.jit
def load_kernel(desc, out_ptr):
    v = desc.load([0, 0])
    tl.store(out_ptr + tl.arange(0, 4), tl.sum(v, 1))


def test_bad_block_shape_is_a_located_error():
    x = _aligned((4, 16), np.float32)
    out = _aligned((4,), np.float32)
    d = _desc(x, [4, 16])
    d.block_shape = [4, 3]
    with pytest.raises(tilec.CompilationError, match="block_shape entries must be powers of 2"):
        load_kernel[(1,)](d, out)
    d.block_shape = [4, 2]
    with pytest.raises(tilec.CompilationError) as e:
        load_kernel[(1,)](d, out)
    # Located at the parameter, in Triton's words.
    assert "def load_kernel(desc, out_ptr)" in str(e.value)
    assert "at least 16 bytes in the last dimension, but got 2 * 4 = 8 bytes" in str(e.value)


def test_bad_descriptors_are_refused():
    x = _aligned((4, 16), np.float32)
    out = _aligned((4,), np.float32)
    with pytest.raises(AssertionError, match="Last dimension must be contiguous"):
        TensorDescriptor(x, [4, 16], [16, 2], [4, 16])
    with pytest.raises(ValueError, match="must be a power of 2"):
        TensorDescriptor(x, [4, 16], [16, 1], [4, 12])
    with pytest.raises(AssertionError, match="16-byte aligned"):
        TensorDescriptor(x.reshape(-1)[1:], [63], [1], [16])
    # Changed after construction: refused at the launch, naming the argument.
    d = _desc(x, [4, 16])
    d.strides = [16, 2]
    with pytest.raises(TypeError, match="argument 'desc': .*last dimension must be contiguous"):
        load_kernel[(1,)](d, out)
    d = _desc(x, [4, 16])
    d.base = x.reshape(-1)[1:]
    with pytest.raises(TypeError, match="argument 'desc': .*base must be 16-byte aligned"):
        load_kernel[(1,)](d, out)
    d = _desc(x, [4, 16])
    d.block_shape = [4]
    with pytest.raises(TypeError, match="argument 'desc': .*same length"):
        load_kernel[(1,)](d, out)


@tilec.jit
def pick_kernel(a_desc, b_desc, out_ptr, flag):
    if flag > 0:
        d = a_desc
    else:
        d = b_desc
    acc = tl.zeros([16], tl.float32)
    for i in range(0, 3):
        acc += d.load([i * 16])
        d = a_desc if i == 0 else d
    tl.store(out_ptr + tl.arange(0, 16), acc)


def test_descriptors_through_runtime_control_flow():
    """Descriptors chosen by runtime `if`s and conditional expressions, carried by a loop (a
    conditional expression of descriptors used to crash the compiler)."""
    a = _aligned((48,), np.float32)
    a[...] = np.arange(48)
    b = _aligned((48,), np.float32)
    b[...] = -np.arange(48)
    out = _aligned((16,), np.float32)
    for flag, want in ((1, 3 * np.arange(16) + 48), (0, np.arange(16) + 48)):
        pick_kernel[(1,)](_desc(a, [16]), _desc(b, [16]), out, flag)
        np.testing.assert_array_equal(out, want)


@tilec.jit
def matmul_desc_kernel(a_desc, b_desc, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([pid_m * BM, k * BK]), b_desc.load([k * BK, pid_n * BN]), acc)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.fixture
def simt_hopper(monkeypatch, tmp_path):
    """The SIMT emulator's model of sm_90a (wgmma, TMA), with a compiler of its own."""
    monkeypatch.setenv("TILEC_SIMT_WGMMA", "1")
    monkeypatch.delenv("TILEC_SIMT_WARP_SIZE", raising=False)
    old = tilec.get_compiler()
    tilec.set_compiler(tilec.Compiler(device="simt", cache_dir=str(tmp_path)))
    yield
    tilec.set_compiler(old)


@pytest.mark.parametrize("num_warps", [4, 8])
def test_host_descriptor_matmul_on_emulated_hopper(simt_hopper, num_warps):
    """Tutorial 09's TMA matmul shape: host TensorDescriptors of fp16 A and B, whose blocks the
    pipelined loop's wgmma dot reads. On the emulated sm_90a they are copied by TMA
    (test/Execution/simt_tma.py checks the copies in the compiled code); ragged M, N and K read
    zeros past the tensors' ends."""
    M, N, K, BM, BN, BK = 192, 160, 96, 128, 64, 32
    rng = np.random.default_rng(num_warps)
    a = _aligned((M, K), np.float16)
    a[...] = rng.uniform(-1, 1, (M, K))
    b = _aligned((K, N), np.float16)
    b[...] = rng.uniform(-1, 1, (K, N))
    c = _aligned((M, N), np.float32)
    grid = ((M + BM - 1) // BM, (N + BN - 1) // BN)
    matmul_desc_kernel[grid](_desc(a, [BM, BK]), _desc(b, [BK, BN]), c, M, N, K, BM=BM, BN=BN,
                             BK=BK, num_warps=num_warps, num_stages=3)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64), atol=1e-4)
