import triton


@triton.jit
def k(a):
    # the list is never closed
    x = foo(a, [1,
    y = 2
