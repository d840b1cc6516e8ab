@jit
def a
@jit
def b
@jit
def
@jit
def ok(p):
    tl.store(p, 1)
