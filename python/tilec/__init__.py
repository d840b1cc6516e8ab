"""tilec: compile and launch Triton-language kernels with tilec's C++ compiler.

    import tilec
    import tilec.language as tl

    @tilec.jit
    def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr): ...

    add[(tilec.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
"""
from . import _tilec
from . import language
from . import testing
from .autotuner import Autotuner, Config, Heuristics, autotune, heuristics
from .jit import CompilationError, JITFunction, get_compiler, jit, set_compiler

__version__ = _tilec.version.split(" ")[-1]

__all__ = ["jit", "JITFunction", "CompilationError", "autotune", "Config", "heuristics",
           "Autotuner", "Heuristics", "cdiv", "next_power_of_2", "language", "testing",
           "device_info", "get_compiler", "set_compiler", "Compiler"]

Compiler = _tilec.Compiler


def cdiv(x, y):
    """Ceiling division."""
    return (x + y - 1) // y


def next_power_of_2(n):
    """The smallest power of two >= n (1 for n <= 1)."""
    n = int(n)
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def device_info():
    """The device kernels run on: driver, name, arch, features, ..."""
    return get_compiler().device_info()


def synchronize():
    """Waits for all launched work (GPU launches are asynchronous)."""
    get_compiler().synchronize()
