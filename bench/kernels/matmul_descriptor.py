# fp16 matmul through tensor descriptors (tl.make_tensor_descriptor, Triton 3.x's TMA idiom), for bench/gpu_codegen.py.
"""C = A @ B with A (M x K), B (K x N) and C (M x N) row-major, read and written through tensor
descriptors made in the kernel: on Hopper both compilers copy A's and B's blocks with the
tensor memory accelerator (cp.async.bulk.tensor) into the shared-memory tiles wgmma reads."""
from tilec_example import jit, tl  # noqa: F401 (tilec's frontend reads the kernel source)


@jit
def matmul_descriptor(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_SIZE_M: tl.constexpr,
                      BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_SIZE_M, BLOCK_SIZE_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1],
                                       block_shape=[BLOCK_SIZE_K, BLOCK_SIZE_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_SIZE_M, BLOCK_SIZE_N])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = a_desc.load([pid_m * BLOCK_SIZE_M, k * BLOCK_SIZE_K])
        b = b_desc.load([k * BLOCK_SIZE_K, pid_n * BLOCK_SIZE_N])
        accumulator = tl.dot(a, b, accumulator)
    c_desc.store([pid_m * BLOCK_SIZE_M, pid_n * BLOCK_SIZE_N], accumulator.to(tl.float16))
