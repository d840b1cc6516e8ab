"""The `triton` package tilec serves, `-m pytest` under triton_compat, nested kernels and JITFunction's Triton API."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tilec
import tilec.language as tl
from tilec.jit import MockTensor


def _compat(tmp_path, *args, env_extra=None):
    env = dict(os.environ, **(env_extra or {}))
    # The child runs in tmp_path: relative PYTHONPATH entries would no longer find tilec.
    env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in
                                        env.get("PYTHONPATH", "").split(os.pathsep) if p)
    return subprocess.run([sys.executable, "-m", "tilec.triton_compat", *args],
                          capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)


NAMESPACE_TEST = textwrap.dedent('''
    import numpy as np
    import triton
    import triton.language as tl
    from triton.tools.tensor_descriptor import TensorDescriptor
    from triton.runtime.errors import InterpreterError, OutOfResources
    from triton.compiler.errors import CompilationError, CompileTimeAssertionFailure
    from triton._internal_testing import is_interpreter, numpy_random, str_to_triton_dtype


    def test_namespace():
        assert triton.__tilec_compat__ and not is_interpreter()
        assert issubclass(CompilationError, triton.TritonError)
        assert triton.CompilationError is CompilationError
        assert issubclass(InterpreterError, triton.TritonError)
        assert tl.dtype.SINT_TYPES == ["int8", "int16", "int32", "int64"]
        assert "fp8e4b15" in tl.dtype.FP_TYPES and tl.float8e4b15.name == "fp8e4b15"
        assert (tl.float8e4b15.exponent_bias, tl.float8e4nv.exponent_bias, tl.float32.exponent_bias) \
            == (15, 7, 127)
        assert tl.int32.name == "int32" and str(tl.int32) == "i32" and tl.dtype("int32") == tl.int32
        assert str_to_triton_dtype("uint16") == tl.uint16
        assert triton.runtime.driver.active.get_current_target().backend == "cpu"
        assert triton.constexpr_function(len)("abc") == 3
        triton.set_allocator(lambda size, align, stream: None)
        assert numpy_random(4, "int8").dtype == np.int8


    @triton.jit
    def copy_kernel(src, dst, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(dst + offs, tl.load(src + offs, mask=offs < n), mask=offs < n)


    def test_kernel_in_test_module():
        x = np.arange(8, dtype=np.float32)
        y = np.zeros_like(x)
        copy_kernel[(1,)](x, y, 8, BLOCK=8)
        assert (x == y).all()
''')


def test_m_pytest_runs_under_triton_compat_with_xdist(tmp_path):
    pytest.importorskip("xdist")
    (tmp_path / "test_ns.py").write_text(NAMESPACE_TEST)
    proc = _compat(tmp_path, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                   "test_ns.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 passed" in proc.stdout


def test_m_refuses_when_real_triton_is_importable(tmp_path):
    fake = tmp_path / "site"
    (fake / "triton").mkdir(parents=True)
    (fake / "triton" / "__init__.py").write_text("")
    pythonpath = os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")])
    proc = _compat(tmp_path, "-m", "pytest", "--version", env_extra={"PYTHONPATH": pythonpath})
    assert proc.returncode == 2 and "real 'triton'" in proc.stderr
    proc = _compat(tmp_path, "--force", "-m", "pytest", "--version",
                   env_extra={"PYTHONPATH": pythonpath})
    assert proc.returncode == 0, proc.stderr


OFFSET = 3


def _make_adder(amount, scale_dtype):
    @tilec.jit
    def helper(x):
        return x * 2

    @tilec.jit
    def kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs)
        tl.store(out_ptr + offs, (helper(x) + amount + OFFSET).to(scale_dtype))
    return kernel


def test_kernels_defined_in_functions_see_their_closure():
    x = np.arange(8, dtype=np.float32)
    out = np.zeros_like(x)
    _make_adder(5, tl.float32)[(1,)](x, out, BLOCK=8)
    np.testing.assert_array_equal(out, 2 * x + 8)
    _make_adder(-1, tl.float32)[(1,)](x, out, BLOCK=8)  # another closure, another kernel
    np.testing.assert_array_equal(out, 2 * x + 2)


def _make_polynomial(coeffs):
    COEFFS = tl.constexpr(coeffs)

    @tilec.jit
    def kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs)
        tl.store(out_ptr + offs, COEFFS[0] + COEFFS[1][0] * x + COEFFS[1][1] * x * x)

    return kernel


def test_closure_tuples_are_constants():
    # A tuple (nested, wrapped in tl.constexpr) captured by a kernel's closure is a
    # constant of the kernel, as in Triton.
    x = np.arange(8, dtype=np.float32)
    out = np.zeros_like(x)
    _make_polynomial((1.0, (2.0, 0.5)))[(1,)](x, out, BLOCK=8)
    np.testing.assert_array_equal(out, 1 + 2 * x + 0.5 * x * x)


def test_src_and_unsafe_update_src():
    @tilec.jit
    def kernel(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, GENERATE_TEST_HERE)  # noqa: F821

    assert kernel.src.startswith("def kernel(x_ptr, BLOCK: tl.constexpr):")
    x = np.zeros(4, dtype=np.int32)
    with pytest.raises(tilec.CompilationError):
        kernel[(1,)](x, BLOCK=4)
    patched = tilec.JITFunction(kernel.fn)
    patched._unsafe_update_src(kernel.src.replace("GENERATE_TEST_HERE", "offs * 3"))
    patched[(1,)](x, BLOCK=4)
    np.testing.assert_array_equal(x, [0, 3, 6, 9])
    patched._unsafe_update_src(kernel.src.replace("GENERATE_TEST_HERE", "offs + 1"))
    patched[(1,)](x, BLOCK=4)
    np.testing.assert_array_equal(x, [1, 2, 3, 4])


@tilec.jit
def option_named_kernel(out_ptr, num_warps, debug: tl.constexpr):
    tl.store(out_ptr, num_warps + debug)


def test_parameters_named_like_launch_options_and_warmup():
    out = np.zeros(1, dtype=np.int32)
    option_named_kernel[(1,)](out, 40, debug=2)
    assert out[0] == 42
    out[0] = 0
    option_named_kernel[(1,)](out, num_warps=7, debug=1, num_stages=3, waves_per_eu=2)
    assert out[0] == 8
    out[0] = 0
    compiled = option_named_kernel.warmup(out, 5, debug=1, grid=(1,))
    assert out[0] == 0 and compiled.param_types[0] == "*i32"  # compiled, not launched


def test_warmup_with_dtypes_instead_of_tensors():
    # As Triton's warmup: a torch dtype (or a MockTensor) stands for a tensor of that dtype.
    torch = pytest.importorskip("torch")
    compiled = option_named_kernel.warmup(torch.int16, 5, debug=1, grid=(1,))
    assert compiled.param_types[0] == "*i16"
    mock = MockTensor(torch.float32, shape=[4, 3])
    assert mock.stride() == (3, 1) and mock.data_ptr() == 0
    compiled = option_named_kernel.warmup(mock, 5, debug=1, grid=(1,))
    assert compiled.param_types[0] == "*fp32"


@tilec.autotune(configs=[tilec.Config({"BLOCK": 3}), tilec.Config({"BLOCK": 5}, waves_per_eu=2)],
                key=["n"])
@tilec.jit
def bad_block_kernel(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1)


def test_autotune_reports_why_every_config_failed():
    with pytest.raises(tilec.CompilationError) as info:
        bad_block_kernel[(1,)](np.zeros(8, np.int32), 8)
    message = str(info.value)
    assert "every autotune config of bad_block_kernel failed" in message
    assert "BLOCK: 3" in message and "BLOCK: 5" in message and "waves_per_eu: 2" in message
    assert "power of 2" in message or "power of two" in message
