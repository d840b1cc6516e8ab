"""Vector addition with a streaming store: Triton's tutorial kernel plus cache_modifier=".cs"."""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    # The output is not read again: write it around the caches.
    tl.store(output_ptr + offsets, output, mask=mask, cache_modifier=".cs")
