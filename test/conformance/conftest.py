"""pytest setup of the conformance suite: the CPU device (TILEC_DEVICE overrides: `simt` runs
the suite through the SIMT emulator), a fresh kernel cache per session, and
TILEC_CONFORMANCE_NUM_WARPS=N, the num_warps of every launch that does not give one."""
import os
import shutil
import sys
import tempfile

os.environ.setdefault("TILEC_DEVICE", "cpu")
_CACHE_DIR = tempfile.mkdtemp(prefix="tilec-conformance-cache-")
os.environ["TILEC_CACHE_DIR"] = _CACHE_DIR
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

_NUM_WARPS = os.environ.get("TILEC_CONFORMANCE_NUM_WARPS")
if _NUM_WARPS:
    import importlib

    _jit = importlib.import_module("tilec.jit")  # the module (tilec.jit is the decorator)

    _run = _jit.JITFunction.run

    def _run_with_num_warps(self, *args, grid, **kwargs):
        kwargs.setdefault("num_warps", int(_NUM_WARPS))
        return _run(self, *args, grid=grid, **kwargs)

    _jit.JITFunction.run = _run_with_num_warps


def pytest_report_header(config):
    import tilec

    info = tilec.device_info()
    assert info["driver"] == os.environ["TILEC_DEVICE"], info
    return "tilec device: %s %s, num_warps: %s" % (info["driver"], info["arch"], _NUM_WARPS or "4")


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_CACHE_DIR, ignore_errors=True)
