import triton


@triton.jit
def k(a):
    # no opener
    x = a)
