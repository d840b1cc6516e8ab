"""`triton.runtime`: the driver, JITFunction, autotuner and runtime errors."""
from tilec.autotuner import Autotuner, Config, Heuristics, autotune, heuristics  # noqa: F401
from tilec.jit import JITFunction  # noqa: F401

from . import errors, jit  # noqa: F401
from .driver import driver  # noqa: F401
from .errors import InterpreterError, OutOfResources  # noqa: F401
