import triton


@triton.jit
def k(a):
    # ) closes [
    x = foo(a, [1)
