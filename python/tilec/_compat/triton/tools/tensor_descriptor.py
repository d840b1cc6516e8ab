"""`triton.tools.tensor_descriptor`: TensorDescriptor, a host-side tensor descriptor."""
from dataclasses import dataclass
from typing import Any, List

# Triton's TRITON_MAX_TENSOR_NUMEL: the most elements a block may have.
_MAX_BLOCK_NUMEL = 1048576


def _address(base):
    """The address of a tensor's (`data_ptr()`) or numpy array's first element."""
    if hasattr(base, "data_ptr"):
        return base.data_ptr()
    return base.__array_interface__["data"][0]


def _is_floating_point(dtype):
    """Whether a torch or numpy dtype is a floating-point type."""
    flag = getattr(dtype, "is_floating_point", None)
    return bool(flag) if flag is not None else getattr(dtype, "kind", "") == "f"


def _validate_block_shape(block_shape):
    """Triton's `validate_block_shape`: powers of two of at most 2**20 elements in all."""
    numel = 1
    for i, d in enumerate(block_shape):
        if not isinstance(d, int):
            raise TypeError(f"Shape element {i} must have type `constexpr[int]`, got "
                            f"`constexpr[{type(d)}]")
        if d <= 0 or d & (d - 1):
            raise ValueError(f"Shape element {i} must be a power of 2")
        numel *= d
    if numel > _MAX_BLOCK_NUMEL:
        raise ValueError(f"numel ({numel}) exceeds triton maximum tensor numel "
                         f"({_MAX_BLOCK_NUMEL})")


@dataclass
class TensorDescriptor:
    """A tensor (base, shape, strides, in elements) and the block shape kernels load and store.

    Passed to a kernel, the parameter is a tensor descriptor (`desc.load(offsets)`,
    `desc.store(offsets, value)`: out-of-bounds elements read as the padding, 0 or NaN, and
    are not written). Checked as Triton checks it: 1 to 5 dimensions, a 16-byte aligned base
    and strides, positive sizes, a contiguous last dimension, power-of-two block sizes."""
    base: Any
    shape: List[int]
    strides: List[int]
    block_shape: List[int]
    padding: str = "zero"
    round_f32_to_tf32: bool = False

    def __post_init__(self):
        rank = len(self.shape)
        assert len(self.strides) == rank, f"rank mismatch: {self}"
        assert len(self.block_shape) == rank, f"rank mismatch: {self}"
        assert rank > 0, "rank must not be zero"
        assert rank <= 5, "rank cannot be more than 5"
        assert _address(self.base) % 16 == 0, "base must be 16-byte aligned"
        _validate_block_shape(self.block_shape)
        elem_bytes = self.base.dtype.itemsize
        for stride in self.strides[:-1]:
            assert (stride * elem_bytes) % 16 == 0, "strides must be 16-byte aligned"
        for shape_dim in self.shape:
            assert shape_dim > 0, "shape must be positive"
        assert self.strides[-1] == 1, "Last dimension must be contiguous"
        assert self.padding == "zero" or self.padding == "nan", "Illegal value for padding"
        if self.padding == "nan":
            assert _is_floating_point(self.base.dtype), \
                "Padding option `nan` is only supported for floating point tensors"

    @staticmethod
    def from_tensor(tensor, block_shape, padding="zero", round_f32_to_tf32=False):
        return TensorDescriptor(tensor, list(tensor.shape), list(tensor.stride()),
                                list(block_shape), padding, round_f32_to_tf32)
