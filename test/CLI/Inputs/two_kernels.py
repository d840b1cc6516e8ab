# Two @jit kernels and a helper, plus host code, for `tilec list`.
import triton
import triton.language as tl


@triton.jit
def _helper(x):
    return x * 2


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, _helper(tl.load(x_ptr + offs, mask=offs < n)) * alpha, mask=offs < n)


@triton.jit
def copy_kernel(src, dst):
    tl.store(dst, tl.load(src))


def host():
    return "not a kernel"
