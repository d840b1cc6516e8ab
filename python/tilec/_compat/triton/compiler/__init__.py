"""`triton.compiler`: compilation errors (tilec compiles through its own C++ pipeline)."""
from . import errors  # noqa: F401
from .errors import CompilationError, CompileTimeAssertionFailure  # noqa: F401
