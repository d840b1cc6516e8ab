"""A kernel with a compile error, for the error-message tests."""
import tilec
import tilec.language as tl


@tilec.jit
def broken_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, undefined_value)
