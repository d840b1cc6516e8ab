"""Compile errors of kernels defined inside functions (compiled from a synthetic source: the
file plus the kernel and its closure, renamed) point where the user wrote the code: the file,
line and column of the kernel or helper, the source line as written and the caret under the
token, and the helpers' own names."""
import inspect

import numpy as np
import pytest

import tilec
import tilec.language as tl


def make_kernels():
    @tilec.jit
    def helper(x):
        return x + undefined_name  # noqa: F821

    @tilec.jit
    def kernel(y_ptr):
        tl.store(y_ptr, helper(1.0))

    return kernel


def line_of(text):
    lines, first = inspect.getsourcelines(make_kernels)
    return first + next(i for i, line in enumerate(lines) if text in line)


def test_nested_kernel_error_points_at_the_source():
    kernel = make_kernels()
    with pytest.raises(tilec.CompilationError) as info:
        kernel[(1,)](np.zeros(1, dtype=np.float32))
    lines = str(info.value).splitlines()
    error_line = line_of("undefined_name  #")
    call_line = line_of("helper(1.0)")
    assert lines[0] == "%s:%d:20: error: unknown name 'undefined_name'" % (__file__, error_line)
    assert lines[1] == "        return x + undefined_name  # noqa: F821"
    assert lines[2] == " " * 19 + "^"
    assert lines[3] == "%s:%d:25: note: in call to 'helper'" % (__file__, call_line)
    assert lines[4] == "        tl.store(y_ptr, helper(1.0))"
    assert lines[5] == " " * 24 + "^"
    assert info.value.error_message == "unknown name 'undefined_name'"
