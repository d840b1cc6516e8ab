"""`pip install .`: builds tilec's Python package with CMake and installs it as `tilec`.

The build is the project's own (clang-22, Ninja, lld, Debian's LLVM/MLIR 22; see
scripts/install-deps.sh) in TILEC_PIP_BUILD_DIR (default build-pip/ in the checkout, kept
between installs so that a reinstall is incremental; an existing build directory such as
build/ may be named instead). Only the target `tilec-python` is built: the extension
`tilec._tilec` (the compiler and runtime linked in, LLVM/MLIR from the system) and the pure
Python modules, which are copied as they are into the wheel. TILEC_JOBS caps the build's
parallelism.
"""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    """Builds `tilec-python` with CMake and copies <build>/python/tilec into the wheel."""

    def run(self):
        build = os.path.abspath(os.environ.get("TILEC_PIP_BUILD_DIR") or os.path.join(ROOT, "build-pip"))
        if not os.path.exists(os.path.join(build, "build.ninja")):
            subprocess.check_call([
                "cmake", "-G", "Ninja", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                "-DCMAKE_C_COMPILER=clang-22", "-DCMAKE_CXX_COMPILER=clang++-22",
                "-DLLVM_USE_LINKER=lld", "-DTILEC_ENABLE_TESTS=OFF",
                "-DPython3_EXECUTABLE=" + sys.executable, "-DPython_EXECUTABLE=" + sys.executable])
        jobs = os.environ.get("TILEC_JOBS") or str(os.cpu_count() or 1)
        subprocess.check_call(["cmake", "--build", build, "--target", "tilec-python", "-j", jobs])
        package = os.path.join(build, "python", "tilec")
        if not os.path.exists(package):
            sys.exit("tilec: the build made no Python package in %s (are Python's headers and "
                     "nanobind installed? see CMake's output)" % package)
        target = os.path.join(os.path.abspath(self.build_lib), "tilec")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(package, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(
    ext_modules=[Extension("tilec._tilec", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own staging stays out of build/ (CMake's usual build directory).
    options={"build": {"build_base": os.path.join("build-pip", "setuptools")}},
    zip_safe=False,
)
