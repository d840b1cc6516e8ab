"""pytest setup: a private cache directory and the CPU device for every test run."""
import os
import sys
import tempfile

os.environ.setdefault("TILEC_DEVICE", "cpu")
os.environ["TILEC_CACHE_DIR"] = tempfile.mkdtemp(prefix="tilec-pytest-cache-")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
