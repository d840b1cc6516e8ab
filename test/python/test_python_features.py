"""Triton usage patterns in the Python package: None arguments specialize their
parameter to the constexpr None, and device-function imports of unmodified
Triton files run under tilec.triton_compat."""
import os
import subprocess
import sys
import textwrap

import numpy as np

import tilec
import tilec.language as tl


@tilec.jit
def scale_bias_kernel(x_ptr, bias_ptr, out_ptr, n, scale, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    y = tl.load(x_ptr + offs, mask=mask) * scale
    if bias_ptr is not None:
        y += tl.load(bias_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, y, mask=mask)


def test_none_argument_specializes_to_constexpr_none():
    rng = np.random.default_rng(3)
    x = rng.standard_normal(300).astype(np.float32)
    bias = rng.standard_normal(300).astype(np.float32)
    out = np.zeros_like(x)
    grid = (tilec.cdiv(300, 128),)
    scale_bias_kernel[grid](x, None, out, 300, 2.0, BLOCK=128)
    np.testing.assert_allclose(out, x * 2.0, rtol=1e-6)
    scale_bias_kernel[grid](x, bias, out, 300, 2.0, BLOCK=128)
    np.testing.assert_allclose(out, x * 2.0 + bias, rtol=1e-6)
    # Back to None: the None kernel is cached apart from the pointer one.
    scale_bias_kernel[grid](x, None, out, 300, 3.0, BLOCK=128)
    np.testing.assert_allclose(out, x * 3.0, rtol=1e-6)


SCRIPT = textwrap.dedent('''
    import numpy as np
    import triton
    import triton.language as tl
    try:
        from triton.language.extra.libdevice import rsqrt
    except ModuleNotFoundError:
        from triton.language.extra.cuda.libdevice import rsqrt
    from triton.language.math import exp2


    @triton.jit
    def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n, other=1.0)
        tl.store(y_ptr + offs, rsqrt(x) + exp2(x), mask=offs < n)


    x = np.linspace(0.5, 4.0, 50).astype(np.float32)
    y = np.zeros_like(x)
    kernel[(1,)](x, y, 50, BLOCK=64)
    np.testing.assert_allclose(y, 1 / np.sqrt(x) + np.exp2(x), rtol=1e-5)
    print("compat-ok")
''')


def test_triton_compat_device_function_imports(tmp_path):
    script = tmp_path / "uses_libdevice.py"
    script.write_text(SCRIPT)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(tilec.__file__))] + sys.path)
    proc = subprocess.run([sys.executable, "-m", "tilec.triton_compat", str(script)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "compat-ok" in proc.stdout
