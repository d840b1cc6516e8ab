"""Launch arguments: torch tensors, views and strides, byte order, numpy scalars, out-of-type scalars."""
import numpy as np
import pytest

import tilec
import tilec.language as tl

import kernels


@tilec.jit
def strided_copy_kernel(src_ptr, dst_ptr, n, src_stride, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs * src_stride, mask=mask), mask=mask)


@tilec.jit
def fill_kernel(dst_ptr, value, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.zeros([BLOCK], dtype=tl.int64) + value, mask=offs < n)


@tilec.jit
def bounded_kernel(dst_ptr, n: tl.int32, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, offs, mask=offs < n)


def test_non_contiguous_numpy_views_are_refused():
    x = np.arange(32, dtype=np.float32)
    out = np.zeros(16, dtype=np.float32)
    with pytest.raises(TypeError, match="argument 'x_ptr': a non-contiguous"):
        kernels.add_kernel[(1,)](x[::2], x[:16], out, 16, BLOCK=16)
    with pytest.raises(TypeError, match="argument 'x_ptr': a non-contiguous"):
        kernels.add_kernel[(1,)](x[::-1][:16], x[:16], out, 16, BLOCK=16)
    fortran = np.asfortranarray(np.arange(16, dtype=np.float32).reshape(4, 4))
    with pytest.raises(TypeError, match="argument 'y_ptr': a non-contiguous"):
        kernels.add_kernel[(1,)](x[:16], fortran, out, 16, BLOCK=16)
    zero_stride = np.broadcast_to(np.float32(1), (16,))
    with pytest.raises(TypeError, match="non-contiguous"):
        kernels.add_kernel[(1,)](zero_stride, x[:16], out, 16, BLOCK=16)
    assert not out.any()  # nothing was launched
    # A contiguous slice is the view itself: its first element, its elements.
    kernels.add_kernel[(1,)](x[4:20], x[:16], out, 16, BLOCK=16)
    np.testing.assert_array_equal(out, x[4:20] + x[:16])


@pytest.mark.parametrize("num_warps", [0, 3, -1, 64, "4", 4.0, True])
def test_num_warps_must_be_a_power_of_two_up_to_32(num_warps):
    dst = np.zeros(8, dtype=np.int64)
    with pytest.raises(ValueError, match="num_warps must be a power of two between 1 and 32"):
        fill_kernel[(1,)](dst, 1, 8, BLOCK=8, num_warps=num_warps)


@pytest.mark.parametrize("grid", [None, lambda meta: None])
def test_grid_none_is_a_clear_error(grid):
    dst = np.zeros(8, dtype=np.int64)
    with pytest.raises(ValueError, match="grid must be a tuple of 1 to 3 ints"):
        fill_kernel[grid](dst, 1, 8, BLOCK=8)


def test_non_native_byte_order_is_refused():
    x = np.arange(16, dtype=np.float32)
    swapped = x.astype(x.dtype.newbyteorder("S"))
    out = np.zeros_like(x)
    with pytest.raises(TypeError, match="argument 'y_ptr': array of non-native byte order"):
        kernels.add_kernel[(1,)](x, swapped, out, 16, BLOCK=16)
    native = swapped.astype(swapped.dtype.newbyteorder("="))
    kernels.add_kernel[(1,)](x, native, out, 16, BLOCK=16)
    np.testing.assert_array_equal(out, 2 * x)


def test_numpy_scalars_and_0d_arrays_are_values():
    out = np.zeros(8, dtype=np.int64)
    for value in (np.int64(7), np.int32(7), np.uint8(7), np.array(7), np.array(7, np.int16)):
        out[:] = 0
        fill_kernel[(1,)](out, value, np.int64(8), BLOCK=8)
        np.testing.assert_array_equal(out, np.full(8, 7))
    x = np.arange(16, dtype=np.float32)
    res = np.zeros_like(x)
    kernels.scale_kernel[(1,)](x, res, np.float32(0.5), 16, BLOCK=16)
    np.testing.assert_array_equal(res, x * 0.5)
    with pytest.raises(TypeError, match="argument 'value'"):
        fill_kernel[(1,)](out, np.complex64(1), 8, BLOCK=8)


def test_scalars_outside_the_parameter_type_are_refused():
    out = np.zeros(8, dtype=np.int32)
    with pytest.raises(TypeError, match="argument 'n' must be i32, got fp32"):
        bounded_kernel[(1,)](out, float("inf"), BLOCK=8)
    with pytest.raises(TypeError, match="argument 'n' must be i32, got fp32"):
        bounded_kernel[(1,)](out, 3.0, BLOCK=8)
    with pytest.raises(TypeError, match="'n'.*does not fit in i32"):
        bounded_kernel[(1,)](out, 2**40, BLOCK=8)
    # As Triton: an int outside [-2**63, 2**64) is an OverflowError.
    with pytest.raises(OverflowError, match="argument 'n': integer does not fit in 64 bits"):
        bounded_kernel[(1,)](out, 2**70, BLOCK=8)
    with pytest.raises(OverflowError, match="argument 'value': integer does not fit in 64 bits"):
        fill_kernel[(1,)](out, -2**63 - 1, 8, BLOCK=8)
    with pytest.raises(OverflowError, match="argument 'value'"):
        fill_kernel[(1,)](out, 2**64, 8, BLOCK=8)
    bounded_kernel[(1,)](out, 5, BLOCK=8)
    np.testing.assert_array_equal(out, [0, 1, 2, 3, 4, 0, 0, 0])


@tilec.jit
def _store_through(p, offs, v):
    tl.store(p + offs, v)


@tilec.jit
def helper_store_kernel(src_ptr, dst_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    _store_through(dst_ptr, offs, tl.load(src_ptr + offs))


@tilec.jit
def atomic_add_kernel(dst_ptr, BLOCK: tl.constexpr):
    tl.atomic_add(dst_ptr + tl.arange(0, BLOCK), 1.0)


def test_read_only_buffers_are_refused_where_the_kernel_stores():
    x = np.arange(16, dtype=np.float32)
    out = np.zeros(16, dtype=np.float32)
    frozen = np.zeros(16, dtype=np.float32)
    frozen.flags.writeable = False
    with pytest.raises(TypeError, match="argument 'out_ptr': a read-only numpy.ndarray is passed "
                                        "where kernel 'add_kernel' stores"):
        kernels.add_kernel[(1,)](x, x, frozen, 16, BLOCK=16)
    with pytest.raises(TypeError, match="argument 'dst_ptr': a read-only bytes"):
        helper_store_kernel[(1,)](x, bytes(64), BLOCK=16)
    with pytest.raises(TypeError, match="argument 'dst_ptr': a read-only numpy.ndarray"):
        atomic_add_kernel[(1,)](frozen, BLOCK=16)
    assert not frozen.any()
    # Read-only inputs are fine: the kernel only loads from them.
    ro = np.arange(16, dtype=np.float32)
    ro.flags.writeable = False
    kernels.add_kernel[(1,)](ro, np.frombuffer(x.tobytes(), dtype=np.float32), out, 16, BLOCK=16)
    np.testing.assert_array_equal(out, 2 * x)
    helper_store_kernel[(1,)](ro, out, BLOCK=16)
    np.testing.assert_array_equal(out, x)


torch = pytest.importorskip("torch")


def test_torch_tensors_of_every_dtype():
    for dtype in (torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.int8,
                  torch.int16, torch.int32, torch.int64, torch.uint8):
        x = torch.arange(100).to(dtype)
        y = torch.ones(100, dtype=dtype)
        out = torch.zeros(100, dtype=dtype)
        kernels.add_kernel[(1,)](x, y, out, 100, BLOCK=128)
        assert torch.equal(out, x + y), dtype


def test_torch_views_follow_triton_strides():
    # As in Triton: a view is passed as the address of its first element, and the
    # kernel indexes it with the strides it is given.
    base = torch.arange(64, dtype=torch.float32)
    view = base[3::4]
    out = torch.zeros(16)
    strided_copy_kernel[(1,)](view, out, 16, view.stride(0), BLOCK=16)
    assert torch.equal(out, view)
    matrix = torch.arange(64, dtype=torch.float32).reshape(8, 8).t()  # column of the original
    column = torch.zeros(8)
    strided_copy_kernel[(1,)](matrix[:, 2], column, 8, matrix.stride(0), BLOCK=8)
    assert torch.equal(column, matrix[:, 2])
    expanded = torch.tensor([5.0]).expand(8)  # zero stride
    strided_copy_kernel[(1,)](expanded, column, 8, expanded.stride(0), BLOCK=8)
    assert torch.equal(column, torch.full((8,), 5.0))


def test_torch_bool_and_unsupported_fp8_tensors():
    flags = torch.tensor([True, False, True, True])
    out = torch.zeros(4, dtype=torch.bool)
    kernels.add_kernel[(1,)](flags, torch.zeros(4, dtype=torch.bool), out, 4, BLOCK=4)
    assert torch.equal(out, flags)
    # torch's e8m0 scale format is no Triton dtype either.
    x = torch.zeros(4, dtype=torch.float8_e8m0fnu)
    with pytest.raises(TypeError, match="argument 'x_ptr': unsupported tensor dtype "
                       "'torch.float8_e8m0fnu' \\(of torch's fp8 types tilec has float8_e5m2, "
                       "float8_e4m3fn, float8_e4m3fnuz and float8_e5m2fnuz"):
        kernels.add_kernel[(1,)](x, x, x, 4, BLOCK=4)


@tilec.jit
def fp8_convert_kernel(src_ptr, f32_ptr, dst_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(src_ptr + offs)
    tl.store(f32_ptr + offs, x.to(tl.float32))
    tl.store(dst_ptr + offs, x.to(tl.float32).to(dst_ptr.dtype.element_ty))


def test_torch_fp8_tensors_are_fp8_pointers():
    torch.manual_seed(0)
    for fp8 in (torch.float8_e5m2, torch.float8_e4m3fn, torch.float8_e4m3fnuz,
                torch.float8_e5m2fnuz):
        # fp8 -> fp32 is exact, and back gives the same bytes.
        src = torch.randn(64).to(fp8)
        f32 = torch.zeros(64)
        dst = torch.zeros(64, dtype=fp8)
        fp8_convert_kernel[(1,)](src, f32, dst, BLOCK=64)
        assert torch.equal(f32, src.to(torch.float32))
        assert torch.equal(dst.view(torch.uint8), src.view(torch.uint8))
        # fp16 -> fp8 rounds as torch does (to nearest, ties to even).
        half = torch.randn(64, dtype=torch.float16)
        out = torch.zeros(64, dtype=fp8)
        fp8_convert_kernel[(1,)](half, torch.zeros(64), out, BLOCK=64)
        assert torch.equal(out.view(torch.uint8), half.to(fp8).view(torch.uint8))


def test_torch_fnuz_tensors_decode_every_byte_as_torch():
    """All 256 bytes of torch's fnuz tensors decode as torch decodes them (0x80 is NaN)."""
    for fp8 in (torch.float8_e4m3fnuz, torch.float8_e5m2fnuz):
        src = torch.arange(256, dtype=torch.int32).to(torch.uint8).view(fp8)
        f32 = torch.zeros(256)
        dst = torch.zeros(256, dtype=fp8)
        fp8_convert_kernel[(1,)](src, f32, dst, BLOCK=256)
        assert torch.equal(f32.isnan(), src.to(torch.float32).isnan())
        assert f32.isnan().sum() == 1 and f32[0x80].isnan()
        assert torch.equal(f32.nan_to_num(), src.to(torch.float32).nan_to_num())
        assert torch.equal(dst.view(torch.uint8), src.view(torch.uint8))


def test_reinterpret_passes_the_tensor_as_another_dtype():
    from tilec.jit import reinterpret
    x = torch.tensor([-1, 2, -3, 4], dtype=torch.int32)
    out = torch.zeros(4, dtype=torch.int32)
    wrapped = reinterpret(x, tl.uint32)
    compiled = kernels.add_kernel[(1,)](wrapped, reinterpret(torch.zeros_like(x), tl.uint32),
                                        reinterpret(out, tl.uint32), 4, BLOCK=4)
    assert compiled.param_types[0] == "*u32"
    assert torch.equal(out, x)

