"""Module globals as Triton reads them: a kernel compiles with the values its module's globals
have when it is compiled (whatever branch, import or Python expression set them), a global
changed after that is an error at launch, and a kernel or @jit helper defined twice under one
name is the definition the launch refers to."""
import math

import numpy as np
import pytest

import tilec
import tilec.language as tl

if math.pi > 4:  # false: the value comes from the else branch
    BRANCH = tl.constexpr(100.0)
else:
    BRANCH = tl.constexpr(2.0)
LOG2E = math.log2(math.e)  # computed in Python
try:
    import a_module_that_does_not_exist  # noqa: F401
    HAS_EXTENSION = True
except ImportError:
    HAS_EXTENSION = False
if math.pi > 4:
    from tilec.language.extra.libdevice import exp as activation
else:
    from tilec.language.extra.libdevice import log as activation
CHANGED = tl.constexpr(3.0)


@tilec.jit
def globals_kernel(out_ptr):
    tl.store(out_ptr + 0, BRANCH + 0.0)
    tl.store(out_ptr + 1, LOG2E + 0.0)
    if HAS_EXTENSION:
        tl.store(out_ptr + 2, 1.0)
    else:
        tl.store(out_ptr + 2, -1.0)
    tl.store(out_ptr + 3, activation(tl.full([], 2.0, tl.float32)))


def test_globals_take_their_runtime_values():
    out = np.zeros(4, np.float32)
    globals_kernel[(1,)](out)
    np.testing.assert_allclose(out, [2.0, math.log2(math.e), -1.0, math.log(2.0)], rtol=1e-6)


@tilec.jit
def changed_kernel(out_ptr):
    tl.store(out_ptr, CHANGED + 0.0)


def test_changed_global_is_an_error():
    global CHANGED
    out = np.zeros(1, np.float32)
    changed_kernel[(1,)](out)
    assert out[0] == 3.0
    saved, CHANGED = CHANGED, tl.constexpr(5.0)
    try:
        with pytest.raises(RuntimeError, match="Global variable CHANGED has changed since we "
                                               "compiled this kernel"):
            changed_kernel[(1,)](out)
    finally:
        CHANGED = saved


@tilec.jit
def helper(x):
    return x * 2


@tilec.jit
def twice_defined(out_ptr):
    tl.store(out_ptr, 1.0)


if math.pi < 4:
    @tilec.jit
    def helper(x):  # noqa: F811
        return x * 3

    @tilec.jit
    def twice_defined(out_ptr):  # noqa: F811
        tl.store(out_ptr, helper(tl.full([], 2.0, tl.float32)))


def test_redefined_kernel_and_helper_are_the_ones_bound():
    out = np.zeros(1, np.float32)
    twice_defined[(1,)](out)
    assert out[0] == 6.0
