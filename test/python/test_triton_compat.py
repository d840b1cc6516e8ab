"""`python3 -m tilec.triton_compat script.py` runs unmodified Triton scripts."""
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent('''
    import numpy as np
    import triton
    import triton.language as tl
    from triton.language.extra.cuda import libdevice


    @triton.autotune(configs=[triton.Config({"BLOCK_SIZE": 128}, num_warps=4),
                              triton.Config({"BLOCK_SIZE": 512}, num_warps=4)],
                     key=["n_elements"])
    @triton.jit
    def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
        pid = tl.program_id(axis=0)
        offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
        mask = offsets < n_elements
        x = tl.load(x_ptr + offsets, mask=mask)
        y = tl.load(y_ptr + offsets, mask=mask)
        tl.store(output_ptr + offsets, libdevice.fma(x, 1.0, y), mask=mask)


    if __name__ == "__main__":
        n = 10000
        x = np.random.rand(n).astype(np.float32)
        y = np.random.rand(n).astype(np.float32)
        out = np.empty_like(x)
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)
        add_kernel[grid](x, y, out, n)
        assert np.array_equal(out, x + y)
        ms = triton.testing.do_bench(lambda: add_kernel[grid](x, y, out, n), warmup=1, rep=5)
        print("OK", tl.float32, ms > 0)
''')


def _run(tmp_path, *extra, env_extra=None):
    path = tmp_path / "triton_script.py"
    path.write_text(SCRIPT)
    env = dict(os.environ, **(env_extra or {}))
    return subprocess.run([sys.executable, "-m", "tilec.triton_compat", *extra, str(path)],
                          capture_output=True, text=True, env=env, timeout=300)


def test_runs_unmodified_triton_script(tmp_path):
    proc = _run(tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "OK fp32 True" in proc.stdout


def test_refuses_when_real_triton_is_importable(tmp_path):
    fake = tmp_path / "site"
    (fake / "triton").mkdir(parents=True)
    (fake / "triton" / "__init__.py").write_text("")
    pythonpath = os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")])
    proc = _run(tmp_path, env_extra={"PYTHONPATH": pythonpath})
    assert proc.returncode == 2
    assert "real 'triton'" in proc.stderr
    proc = _run(tmp_path, "--force", env_extra={"PYTHONPATH": pythonpath})
    assert proc.returncode == 0, proc.stderr


KNOBS_SCRIPT = textwrap.dedent('''
    import os
    import numpy as np
    import triton
    import triton.language as tl
    from triton import knobs


    @triton.jit
    def mul_add(x_ptr, out_ptr):
        offs = tl.arange(0, 16)
        x = tl.load(x_ptr + offs)
        tl.store(out_ptr + offs, x * x - 1.0)


    x = np.full(16, 1 + 2.0**-12, dtype=np.float32)
    out = np.zeros(16, dtype=np.float32)
    assert knobs.language.default_fp_fusion is True
    mul_add[(1,)](x, out)
    fused = out[0]
    with knobs.language.scope():
        knobs.language.default_fp_fusion = False
        assert os.environ["TRITON_DEFAULT_FP_FUSION"] == "0"
        assert not knobs.language.fp_fusion_enabled(None)
        mul_add[(1,)](x, out)
        unfused = out[0]
    assert "TRITON_DEFAULT_FP_FUSION" not in os.environ
    assert fused == 2.0**-11 + 2.0**-24 and unfused == 2.0**-11, (fused, unfused)
    knobs.language.fp32_default = "ieee"
    assert os.environ["TRITON_F32_DEFAULT"] == "ieee" and knobs.language.fp32_default == "ieee"
    knobs.language.reset()
    assert knobs.language.fp32_default is None
    assert not hasattr(knobs.runtime, "interpret")  # knobs tilec does not honour are absent
    print("KNOBS OK")
''')


def test_knobs_are_environment_backed(tmp_path):
    # Setting triton.knobs.language.default_fp_fusion changes the next launch, as in Triton.
    path = tmp_path / "knobs_script.py"
    path.write_text(KNOBS_SCRIPT)
    env = {k: v for k, v in os.environ.items()
           if k not in ("TRITON_DEFAULT_FP_FUSION", "TRITON_FORCE_DISABLE_FP_FUSION",
                        "TRITON_F32_DEFAULT")}
    proc = subprocess.run([sys.executable, "-m", "tilec.triton_compat", str(path)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "KNOBS OK" in proc.stdout
