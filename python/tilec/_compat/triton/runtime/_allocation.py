"""`triton.runtime._allocation`: the global scratch allocator hook (`triton.set_allocator`)."""


class NullAllocator:
    """The default: kernels that need global scratch memory fail to launch."""

    def __call__(self, size, alignment, stream):
        raise RuntimeError("Kernel requires a runtime memory allocation, but no allocator was "
                           "set. Use triton.set_allocator to specify an allocator.")


_allocator = NullAllocator()


def set_allocator(allocator):
    """Sets the allocator of global scratch memory. tilec never calls it (its
    runtime allocates what kernels need); it is kept for get_allocator()."""
    global _allocator
    _allocator = allocator


def get_allocator():
    return _allocator
