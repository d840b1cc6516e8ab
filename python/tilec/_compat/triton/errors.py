"""`triton.errors`: the base error class."""
from tilec.jit import TritonError  # noqa: F401
