"""tilec's compile cache: memory and disk hits, two processes at once, corrupt entries, eviction."""
import glob
import os
import subprocess
import sys
import textwrap

import numpy as np

import tilec
import kernels

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = open(kernels.__file__).read()
SIG = ["*fp32", "*fp32", "*fp32", "i32"]


def _compile(comp, block=64):
    kernel, code, message = comp.compile(SOURCE, kernels.__file__, "add_kernel", SIG,
                                         [("BLOCK", str(block))])
    assert kernel is not None, message
    return kernel


def _entries(directory):
    return sorted(glob.glob(os.path.join(directory, "*.tcm")))


def test_memory_and_disk_hits(tmp_path):
    comp = tilec.Compiler(device="cpu", cache_dir=str(tmp_path))
    k1 = _compile(comp)
    k2 = _compile(comp)
    assert k1.cache_key == k2.cache_key
    stats = comp.stats()
    assert stats["compiles"] == 1 and stats["memory_hits"] == 1
    assert len(_entries(tmp_path)) == 1
    fresh = tilec.Compiler(device="cpu", cache_dir=str(tmp_path))
    _compile(fresh)
    assert fresh.stats()["disk_hits"] == 1 and fresh.stats()["compiles"] == 0
    # Another constexpr value is another entry.
    _compile(fresh, block=128)
    assert len(_entries(tmp_path)) == 2


def test_corrupted_entry_is_rebuilt(tmp_path):
    comp = tilec.Compiler(device="cpu", cache_dir=str(tmp_path))
    _compile(comp)
    (entry,) = _entries(tmp_path)
    data = bytearray(open(entry, "rb").read())
    data[len(data) // 2] ^= 0xFF
    open(entry, "wb").write(bytes(data))
    comp2 = tilec.Compiler(device="cpu", cache_dir=str(tmp_path))
    kernel = _compile(comp2)
    assert comp2.stats()["corrupt_entries"] == 1 and comp2.stats()["compiles"] == 1
    x = np.ones(64, np.float32)
    out = np.zeros(64, np.float32)
    kernel.launch((1,), tilec._tilec.prepare((x, x, out, 64), ())[1])
    assert (out == 2).all()
    comp3 = tilec.Compiler(device="cpu", cache_dir=str(tmp_path))
    _compile(comp3)
    assert comp3.stats()["disk_hits"] == 1, "the corrupt entry was not overwritten"
    # Truncated entry.
    (entry,) = _entries(tmp_path)
    os.truncate(entry, 10)
    comp4 = tilec.Compiler(device="cpu", cache_dir=str(tmp_path))
    _compile(comp4)
    assert comp4.stats()["corrupt_entries"] == 1


def test_size_cap_evicts_least_recently_used(tmp_path):
    comp = tilec.Compiler(device="cpu", cache_dir=str(tmp_path), cache_max_bytes=1)
    _compile(comp, 32)
    _compile(comp, 64)
    assert len(_entries(tmp_path)) == 1
    assert comp.stats()["evictions"] >= 1


def test_two_processes_compile_the_same_kernel_at_once(tmp_path):
    script = textwrap.dedent("""
        import sys
        sys.path.insert(0, %r)
        import numpy as np
        import tilec, kernels
        x = np.arange(1000, dtype=np.float32)
        out = np.zeros_like(x)
        kernels.add_kernel[(4,)](x, x, out, 1000, BLOCK=256)
        assert (out == 2 * x).all()
        print(tilec.get_compiler().stats()["compiles"] + tilec.get_compiler().stats()["disk_hits"])
    """ % HERE)
    env = dict(os.environ, TILEC_CACHE_DIR=str(tmp_path), TILEC_DEVICE="cpu")
    procs = [subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        assert out.strip() == "1"
    assert len(_entries(tmp_path)) == 1
    assert not glob.glob(os.path.join(str(tmp_path), "*.tmp-*")), "temporary files left behind"
    # A third process finds the entry on disk.
    p = subprocess.run([sys.executable, "-c", script.replace(
        '["compiles"] + tilec.get_compiler().stats()["disk_hits"]', '["disk_hits"]')],
        env=env, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "1"


def test_set_compiler_resets_launchers(tmp_path):
    old = tilec.get_compiler()
    try:
        tilec.set_compiler(tilec.Compiler(device="cpu", cache_dir=str(tmp_path)))
        x = np.ones(16, np.float32)
        out = np.zeros(16, np.float32)
        kernels.add_kernel[(1,)](x, x, out, 16, BLOCK=16)
        assert tilec.get_compiler().stats()["compiles"] == 1
    finally:
        tilec.set_compiler(old)
