"""`triton.runtime.errors`: runtime error classes."""
from tilec.jit import TritonError


class InterpreterError(TritonError):
    """Raised by Triton's interpreter (never by tilec, which compiles)."""

    def __init__(self, error_message=None):
        super().__init__(error_message)
        self.error_message = error_message

    def __str__(self):
        return self.error_message or ""


class OutOfResources(TritonError):
    """A kernel needs more of a resource than the device has."""

    def __init__(self, required, limit, name):
        super().__init__(required, limit, name)
        self.required, self.limit, self.name = required, limit, name

    def __str__(self):
        return "out of resource: %s, Required: %s, Hardware limit: %s" % (
            self.name, self.required, self.limit)


class PTXASError(TritonError):
    """ptxas failed."""


class AutotunerError(TritonError):
    """Autotuning failed (e.g. every config failed to compile)."""
