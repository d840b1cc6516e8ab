"""`triton.tools.tensor_descriptor`: TensorDescriptor, a host-side tensor descriptor."""
from dataclasses import dataclass
from typing import Any, List


@dataclass
class TensorDescriptor:
    """A tensor (base, shape, strides) and the block shape kernels load and store."""
    base: Any
    shape: List[int]
    strides: List[int]
    block_shape: List[int]
    padding: str = "zero"
    round_f32_to_tf32: bool = False

    def __post_init__(self):
        rank = len(self.shape)
        if not (len(self.strides) == rank and len(self.block_shape) == rank and 0 < rank <= 5):
            raise ValueError("TensorDescriptor: shape, strides and block_shape need the same "
                             "rank, 1 to 5: %r" % (self,))
        if self.strides[-1] != 1:
            raise ValueError("TensorDescriptor: the last dimension must be contiguous")
        if self.padding not in ("zero", "nan"):
            raise ValueError("TensorDescriptor: padding must be 'zero' or 'nan'")

    @staticmethod
    def from_tensor(tensor, block_shape, padding="zero", round_f32_to_tf32=False):
        return TensorDescriptor(tensor, list(tensor.shape), list(tensor.stride()),
                                list(block_shape), padding, round_f32_to_tf32)
