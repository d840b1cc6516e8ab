# lit configuration for tilec's regression and execution tests.
import os
import platform
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config

config.name = "tilec"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".py"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "python", "conformance", "triton", "install"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilec_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tilec_tools_dir, append_path=True)

tools = ["tilec-opt", "tilec"]
if os.path.exists(os.path.join(config.tilec_tools_dir, "tilec-runner")):
    tools.append("tilec-runner")
llvm_config.add_tool_substitutions(tools, [config.tilec_tools_dir, config.llvm_tools_dir])

python = config.python_executable or shutil.which("python3")
# Replace lit's default %python (its own interpreter, which may lack numpy).
config.substitutions = [(k, v) for (k, v) in config.substitutions if k != "%python"]
config.substitutions.append(("%python", python))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%examples", os.path.join(config.tilec_src_root, "examples")))

# Feature gates for execution and tool-dependent tests.
def has_module(name):
    return subprocess.call([python, "-c", "import " + name],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0

if platform.machine() in ("x86_64", "aarch64") and has_module("numpy"):
    config.available_features.add("cpu-jit")
# x86 execution tests that also run code compiled for older x86 CPUs (--arch x86-64-v3).
if platform.machine() == "x86_64":
    config.available_features.add("x86_64-host")
# The SIMT emulator (target and device simt) runs wherever the host CPU target does.
if platform.machine() in ("x86_64", "aarch64"):
    config.available_features.add("simt")
ptxas = shutil.which("ptxas") or ("/usr/local/cuda/bin/ptxas"
                                  if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
# libdevice, found as tilec finds it (tilec::findLibdevice, which reads these variables): NVPTX
# math links it.
llvm_config.with_system_environment(["TILEC_LIBDEVICE", "CUDA_HOME", "CUDA_PATH"])
_libdevice = os.environ.get("TILEC_LIBDEVICE")
if _libdevice is None:
    _libdevice = next((p for p in (os.path.join(root, "nvvm", "libdevice", "libdevice.10.bc")
                                   for root in (os.environ.get("CUDA_HOME"),
                                                os.environ.get("CUDA_PATH"), "/usr/local/cuda")
                                   if root) if os.path.isfile(p)), "")
if _libdevice and os.path.isfile(_libdevice):
    config.available_features.add("libdevice")
# bench/reference/reference.cpp (x86 intrinsics, OpenBLAS) builds with clang++-22.
if platform.machine() == "x86_64" and shutil.which("clang++-22"):
    config.available_features.add("bench-reference")
if shutil.which("qemu-aarch64") and os.path.isdir("/usr/aarch64-linux-gnu"):
    config.available_features.add("qemu-aarch64")
for lib, feature in (("libcuda.so.1", "cuda"), ("libamdhip64.so", "rocm")):
    try:
        import ctypes
        ctypes.CDLL(lib)
        config.available_features.add(feature)
    except OSError:
        pass
