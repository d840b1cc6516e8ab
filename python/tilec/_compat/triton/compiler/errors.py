"""`triton.compiler.errors`: the compilation error classes tilec raises."""
from tilec.jit import CompilationError, TritonError  # noqa: F401


class CompileTimeAssertionFailure(CompilationError):
    """A failed `tl.static_assert` (tilec reports it as a CompilationError)."""


class UnsupportedLanguageConstruct(CompilationError):
    """A construct the kernel language does not support."""
