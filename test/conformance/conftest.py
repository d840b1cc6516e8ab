"""pytest setup of the conformance suite: the CPU device and a fresh kernel cache per session."""
import os
import shutil
import sys
import tempfile

os.environ.setdefault("TILEC_DEVICE", "cpu")
_CACHE_DIR = tempfile.mkdtemp(prefix="tilec-conformance-cache-")
os.environ["TILEC_CACHE_DIR"] = _CACHE_DIR
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_CACHE_DIR, ignore_errors=True)
