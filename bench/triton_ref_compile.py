# Compiles kernels of tilec example or test files with Triton (run in the Triton venv by bench/gpu_codegen.py and bench/conformance_gpu_compile.py).
"""Usage: TRITON_PYTHON triton_ref_compile.py REQUEST.json
       TRITON_PYTHON triton_ref_compile.py --serve     (one request per stdin line, one reply
                                                       per stdout line, until end of input)

REQUEST.json: {"source", "kernel", "signature": ["*fp32:16", "i32", ...] (tilec/Triton AOT form,
one entry per non-constexpr parameter), "constexprs": {NAME: VALUE}, "target": "nvptx"|"amdgpu",
"arch": "sm_90"|"gfx942", "num_warps", "out_dir"}; optional "loader": "copy" (default) or
"module", and "constexpr_text": true when the constexpr values are tilec's `-D` text
("128", "True", "None", "tl.float16", '"str"'), as recorded by TILEC_RECORD_KERNELS.

--serve replies {"ok": true, ...} as below or {"ok": false, "error": first line, "detail": the
traceback's last lines}; the times are those of triton.compile alone in a fresh cache (the
interpreter and `import triton` are paid once per server).

The example files bind `jit` and `tl` to stand-ins (examples/tilec_example.py); this script
copies their `@jit` functions unchanged into a module where `jit` is `triton.jit` and `tl` is
`triton.language`, compiles the kernel with `triton.compile` as Triton's AOT compiler does
(`:16` becomes `tt.divisibility`, `:1` a constant), writes the assembly (`kernel.ptx`, or
`kernel.amdgcn` and `kernel.hsaco`) into out_dir and prints one JSON line: the compile time and
Triton's metadata (dynamic shared memory).
"""
import ast
import importlib.abc
import importlib.util
import json
import os
import re
import sys
import tempfile
import time
import traceback

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


class TilecAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Makes `import tilec`, `import tilec.language as tl`, ... import Triton's modules, so that a
    test file written against tilec's package runs its kernels through Triton."""

    def find_spec(self, name, path=None, target=None):
        if name == "tilec" or name.startswith("tilec."):
            return importlib.util.spec_from_loader(name, self)
        return None

    def create_module(self, spec):
        return importlib.import_module("triton" + spec.name[len("tilec"):])

    def exec_module(self, module):
        pass


_modules = {}


def load_module_kernel(source_path, kernel_name):
    """kernel_name as a Triton JITFunction, from a test-style file (conformance suite) run
    statement by statement: its imports (tilec's mapped to Triton's), module-level assignments
    (constexpr globals) and @jit functions. Other statements (test functions, host helpers,
    imports this venv lacks) are skipped: kernels reference none of them. Compiled with the
    file's name and line numbers, so Triton reads the source and reports lines of the file."""
    namespace = _modules.get(source_path)
    if namespace is None:
        if not any(isinstance(f, TilecAlias) for f in sys.meta_path):
            sys.meta_path.insert(0, TilecAlias())
        directory = os.path.dirname(os.path.abspath(source_path))
        if directory not in sys.path:
            sys.path.append(directory)
        with open(source_path) as f:
            tree = ast.parse(f.read(), source_path)
        namespace = {"__name__": "triton_ref_" + re.sub(r"\W", "_", source_path),
                     "__file__": source_path}
        for node in tree.body:
            is_def = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if is_def and not (isinstance(node, ast.FunctionDef)
                               and any(map(is_jit_decorator, node.decorator_list))):
                continue
            if not is_def and not isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign,
                                                    ast.AnnAssign, ast.Try)):
                continue
            code = compile(ast.Module(body=[node], type_ignores=[]), source_path, "exec")
            try:
                exec(code, namespace)
            except Exception:
                if is_def:
                    raise
        _modules[source_path] = namespace
    if kernel_name not in namespace:
        raise ValueError("%s: no @jit function %s at module level" % (source_path, kernel_name))
    return namespace[kernel_name]


def constexpr_value(text):
    """A Python value from tilec's `-D` text of a constexpr (see python/tilec/jit.py)."""
    import triton.language as tl
    if text in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[text]
    if re.fullmatch(r"[-+]?\d+", text):
        return int(text)
    if text.startswith("tl."):
        return getattr(tl, text[3:])
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1]
    try:
        return float(text)
    except ValueError:
        return text


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


def compile_request(request):
    """Compiles one request; returns the reply dict (raises on a compile error)."""
    out_dir = request["out_dir"]
    if request.get("loader", "copy") == "module":
        kernel = load_module_kernel(request["source"], request["kernel"])
    else:
        kernel = load_kernel(request["source"], request["kernel"], out_dir)
    constexprs = request["constexprs"]
    if request.get("constexpr_text"):
        constexprs = {name: constexpr_value(text) for name, text in constexprs.items()}
    source = make_source(kernel, request["signature"], constexprs)
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
    return {"compile_s": seconds, "triton_version": triton.__version__,
            "shared": compiled.metadata.shared, "num_warps": compiled.metadata.num_warps}


def serve():
    """One request per stdin line; one JSON reply per stdout line (errors are replies).
    Whatever else writes to stdout (static_print, Triton's or LLVM's messages) goes to stderr."""
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = dict(compile_request(json.loads(line)), ok=True)
        except Exception as e:  # a compile error of Triton, reported to the harness
            text = "".join(traceback.format_exception_only(type(e), e)).strip()
            lines = [l for l in text.splitlines() if l.strip()]
            reply = {"ok": False, "error": lines[-1] if lines else type(e).__name__,
                     "detail": "\n".join(traceback.format_exc().splitlines()[-25:])}
        replies.write(json.dumps(reply) + "\n")
        replies.flush()


def main():
    if sys.argv[1:] == ["--serve"]:
        serve()
        return
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        sys.exit("usage: %s REQUEST.json | --serve" % sys.argv[0])
    with open(sys.argv[1]) as f:
        request = json.load(f)
    print(json.dumps(compile_request(request)))


if __name__ == "__main__":
    main()
