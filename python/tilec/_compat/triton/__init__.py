"""The `triton` package tilec serves (tilec.triton_compat loads it, or PYTHONPATH finds it)."""
import tilec
import tilec.triton_compat

tilec.triton_compat.register_language()  # triton.language is tilec.language
from tilec import language  # noqa: E402,F401
from tilec.autotuner import Autotuner, Config, Heuristics, autotune, heuristics  # noqa: F401
from tilec.jit import (CompilationError, JITFunction, MockTensor, TensorWrapper,  # noqa: F401
                       TritonError, jit, reinterpret)

from . import errors, knobs, runtime, compiler, testing, tools  # noqa: F401
from .runtime._allocation import set_allocator  # noqa: F401

# A PEP 440 version (libraries parse it): Triton 3.9, whose semantics tilec follows, and
# tilec's own version as the local part.
__version__ = "3.9.0+tilec." + tilec.__version__.replace("+", ".")
__tilec_compat__ = True

cdiv = tilec.cdiv
next_power_of_2 = tilec.next_power_of_2


def constexpr_function(fn):
    """`@triton.constexpr_function`: a host function kernels may call on
    constexpr arguments. tilec's frontend cannot run Python inside kernels,
    so the function is returned unchanged (callable from host code)."""
    return fn


def must_use_result(x, s=True):
    return x
