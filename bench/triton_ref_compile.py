# Compiles one kernel of a tilec example file with Triton (run in the Triton venv by bench/gpu_codegen.py).
"""Usage: TRITON_PYTHON triton_ref_compile.py REQUEST.json

REQUEST.json: {"source", "kernel", "signature": ["*fp32:16", "i32", ...] (tilec/Triton AOT form,
one entry per non-constexpr parameter), "constexprs": {NAME: VALUE}, "target": "nvptx"|"amdgpu",
"arch": "sm_90"|"gfx942", "num_warps", "out_dir"}.

The example files bind `jit` and `tl` to stand-ins (examples/tilec_example.py); this script
copies their `@jit` functions unchanged into a module where `jit` is `triton.jit` and `tl` is
`triton.language`, compiles the kernel with `triton.compile` as Triton's AOT compiler does
(`:16` becomes `tt.divisibility`, `:1` a constant), writes the assembly (`kernel.ptx`, or
`kernel.amdgcn` and `kernel.hsaco`) into out_dir and prints one JSON line: the compile time and
Triton's metadata (dynamic shared memory).
"""
import ast
import importlib.util
import json
import os
import sys
import tempfile
import time

import triton
from triton.backends.compiler import GPUTarget

MODULE_HEADER = "import triton\nimport triton.language as tl\njit = triton.jit\n\n"


def is_jit_decorator(node):
    """True for `@jit`, `@triton.jit`, `@tilec.jit` (with or without call arguments)."""
    target = node.func if isinstance(node, ast.Call) else node
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
    return name == "jit"


def load_kernel(source_path, kernel_name, work_dir):
    """Imports the @jit functions of source_path as Triton JITFunctions; returns kernel_name's."""
    with open(source_path) as f:
        text = f.read()
    lines = text.splitlines(keepends=True)
    pieces = []
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef) and any(map(is_jit_decorator, node.decorator_list)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            pieces.append("".join(lines[first - 1:node.end_lineno]))
    module_path = os.path.join(work_dir, "triton_kernels.py")
    with open(module_path, "w") as f:
        f.write(MODULE_HEADER + "\n\n".join(pieces))
    spec = importlib.util.spec_from_file_location("triton_kernels", module_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, kernel_name)


def make_source(kernel, signature_entries, constexprs):
    """An ASTSource with the AOT signature's specializations (as triton/tools/compile.py)."""
    runtime_names = [n for n in kernel.arg_names if n not in constexprs]
    if len(runtime_names) != len(signature_entries):
        raise ValueError("signature has %d entries, kernel %d runtime parameters"
                         % (len(signature_entries), len(runtime_names)))
    signature = {name: "constexpr" for name in constexprs}
    constants = dict(constexprs)
    attrs = {}
    for name, entry in zip(runtime_names, signature_entries):
        type_name, _, hint = entry.partition(":")
        if hint == "1":
            signature[name] = "constexpr"
            constants[name] = 1
            continue
        signature[name] = type_name
        if hint == "16":
            attrs[(kernel.arg_names.index(name),)] = [["tt.divisibility", 16]]
    ordered = {name: signature[name] for name in kernel.arg_names}
    return triton.compiler.ASTSource(fn=kernel, signature=ordered, constexprs=constants,
                                     attrs=attrs)


def make_target(target, arch):
    if target == "nvptx":
        return GPUTarget("cuda", int(arch.removeprefix("sm_")), 32)
    return GPUTarget("hip", arch, 64)


def main():
    with open(sys.argv[1]) as f:
        request = json.load(f)
    out_dir = request["out_dir"]
    kernel = load_kernel(request["source"], request["kernel"], out_dir)
    source = make_source(kernel, request["signature"], request["constexprs"])
    target = make_target(request["target"], request["arch"])
    backend = triton.compiler.make_backend(target)
    options = backend.parse_options({"num_warps": request["num_warps"]})
    # A fresh cache, so the time is a cold compile and nothing is reused across runs.
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(dir=out_dir, prefix="cache")
    start = time.perf_counter()
    compiled = triton.compile(source, target=target, options=options.__dict__)
    seconds = time.perf_counter() - start
    if request["target"] == "nvptx":
        with open(os.path.join(out_dir, "kernel.ptx"), "w") as f:
            f.write(compiled.asm["ptx"])
    else:
        with open(os.path.join(out_dir, "kernel.amdgcn"), "w") as f:
            f.write(compiled.asm["amdgcn"])
        with open(os.path.join(out_dir, "kernel.hsaco"), "wb") as f:
            f.write(compiled.asm["hsaco"])
    print(json.dumps({"compile_s": seconds, "triton_version": triton.__version__,
                      "shared": compiled.metadata.shared,
                      "num_warps": compiled.metadata.num_warps}))


if __name__ == "__main__":
    main()
