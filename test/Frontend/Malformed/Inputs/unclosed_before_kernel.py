import triton
x = (1,


@triton.jit
def k(a):
    pass
