"""Run unmodified Triton scripts on tilec.

    python3 -m tilec.triton_compat [--force] script.py [args...]
    python3 -m tilec.triton_compat [--force] -m module [args...]   (e.g. -m pytest ...)

loads tilec's `triton` package (python/tilec/triton) as `triton`, with
`triton.language` being `tilec.language`, then runs the script or module as
__main__.
It refuses when a real Triton is importable (exit status 2) unless --force.
`install()` does the same from Python (an opt-in import hook).
"""
import importlib.util
import os
import runpy
import sys
import types

__all__ = ["install", "main", "real_triton_available", "PACKAGE_PATH"]

# The directory holding tilec's `triton` package; main() puts it on PYTHONPATH, so that
# subprocesses (pytest-xdist workers, multiprocessing) import it as `triton` too.
PACKAGE_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_compat")


def real_triton_available():
    """Whether a real `triton` package is importable (ignoring our alias)."""
    module = sys.modules.get("triton")
    if module is not None:
        return not getattr(module, "__tilec_compat__", False)
    try:
        return importlib.util.find_spec("triton") is not None
    except (ImportError, ValueError):
        return False


def install(force=False):
    """Makes `import triton` give tilec's `triton` package (python/tilec/triton:
    triton.language, .runtime, .testing, .compiler, .tools, ._internal_testing).
    Raises RuntimeError if a real Triton is importable, unless `force`."""
    if sys.modules.get("triton") is not None and getattr(sys.modules["triton"],
                                                         "__tilec_compat__", False):
        return sys.modules["triton"]
    if real_triton_available() and not force:
        raise RuntimeError("a real 'triton' package is installed: tilec.triton_compat will not "
                           "shadow it (pass force=True / --force to do so anyway)")
    for name in [n for n in sys.modules if n == "triton" or n.startswith("triton.")]:
        del sys.modules[name]  # a real Triton imported before (--force)
    spec = importlib.util.spec_from_file_location(
        "triton", os.path.join(PACKAGE_PATH, "triton", "__init__.py"),
        submodule_search_locations=[os.path.join(PACKAGE_PATH, "triton")])
    triton = importlib.util.module_from_spec(spec)
    sys.modules["triton"] = triton
    try:
        spec.loader.exec_module(triton)
    except BaseException:
        del sys.modules["triton"]
        raise
    return triton


def register_language():
    """Registers `triton.language` (and its extra/math/random submodules) as
    tilec.language's modules; run by the `triton` package's __init__."""
    from tilec import language

    sys.modules.update({"triton.language" + name[len(language.__name__):]: module
                        for name, module in list(sys.modules.items())
                        if name == language.__name__
                        or name.startswith(language.__name__ + ".")})
    _install_language_submodules()


def _kernel_only_module(name):
    """A module whose every attribute is a kernel-only function stub (as
    `tilec.language`'s): importing device functions from it works in host
    code, and the kernels that use them are compiled from source."""
    from tilec import language

    module = types.ModuleType(name)
    module.__path__ = []

    def __getattr__(attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        return language.__getattr__(attr)

    module.__getattr__ = __getattr__
    return module


def _install_language_submodules():
    """`triton.language.math`, `.core`, `.standard`, `.extra`, `.extra.libdevice`
    and `.extra.<backend>.libdevice`, so that the usual imports of device
    functions (`from triton.language.extra.cuda.libdevice import rsqrt`) run."""
    from tilec import language

    names = ["math", "core", "standard", "extra", "extra.libdevice"]
    for backend in ("cuda", "hip", "intel"):
        names += ["extra." + backend, "extra.%s.libdevice" % backend]
    for sub in names:
        full = "triton.language." + sub
        if full in sys.modules:
            continue
        module = _kernel_only_module(full)
        sys.modules[full] = module
        parent_name, _, leaf = full.rpartition(".")
        setattr(sys.modules[parent_name], leaf, module)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    force = False
    if argv and argv[0] == "--force":
        force = True
        argv.pop(0)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    module = None
    if argv[0] == "-m":
        if len(argv) < 2:
            print("tilec.triton_compat: -m needs a module name", file=sys.stderr)
            return 2
        module = argv[1]
        argv = argv[1:]
    elif not os.path.exists(argv[0]):
        print("tilec.triton_compat: no such script: %s" % argv[0], file=sys.stderr)
        return 2
    try:
        install(force=force)
    except RuntimeError as e:
        print("tilec.triton_compat: error: %s" % e, file=sys.stderr)
        return 2
    sys.argv = argv
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [PACKAGE_PATH] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
    sys.path.insert(0, PACKAGE_PATH)  # pytest-xdist gives its workers this process's sys.path
    if module is not None:
        # As `python -m module`: the current directory is on sys.path.
        sys.path.insert(0, os.getcwd())
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    else:
        sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))
        runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
