"""Run unmodified Triton scripts on tilec.

    python3 -m tilec.triton_compat [--force] script.py [args...]

installs `triton`, `triton.language`, `triton.testing` (and `triton.runtime`)
aliases of tilec's modules into sys.modules, then runs the script as __main__.
It refuses when a real Triton is importable (exit status 2) unless --force.
`install()` does the same from Python (an opt-in import hook).
"""
import importlib.util
import os
import runpy
import sys
import types

__all__ = ["install", "main", "real_triton_available"]


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
    """Makes `import triton` give tilec. Raises RuntimeError if a real Triton
    is importable, unless `force`."""
    if sys.modules.get("triton") is not None and getattr(sys.modules["triton"],
                                                         "__tilec_compat__", False):
        return sys.modules["triton"]
    if real_triton_available() and not force:
        raise RuntimeError("a real 'triton' package is installed: tilec.triton_compat will not "
                           "shadow it (pass force=True / --force to do so anyway)")
    import tilec
    from tilec import language, testing

    triton = types.ModuleType("triton")
    triton.__tilec_compat__ = True
    triton.__version__ = "3.0.0+tilec." + tilec.__version__
    triton.__path__ = []
    for name in ("jit", "autotune", "heuristics", "Config", "cdiv", "next_power_of_2",
                 "CompilationError", "JITFunction"):
        setattr(triton, name, getattr(tilec, name))
    triton.language = language
    triton.testing = testing
    runtime = types.ModuleType("triton.runtime")
    runtime.jit = types.ModuleType("triton.runtime.jit")
    runtime.jit.JITFunction = tilec.JITFunction
    runtime.Autotuner = tilec.Autotuner
    runtime.Config = tilec.Config
    triton.runtime = runtime
    # triton.language.extra[.cuda|.hip][.libdevice], .math, .random: tilec's stand-ins.
    sys.modules.update({"triton.language." + name[len(language.__name__) + 1:]: module
                        for name, module in list(sys.modules.items())
                        if name.startswith(language.__name__ + ".")})
    sys.modules.update({"triton": triton, "triton.language": language,
                        "triton.testing": testing, "triton.runtime": runtime,
                        "triton.runtime.jit": runtime.jit})
    _install_language_submodules()
    return triton


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
    script = argv[0]
    if not os.path.exists(script):
        print("tilec.triton_compat: no such script: %s" % script, file=sys.stderr)
        return 2
    try:
        install(force=force)
    except RuntimeError as e:
        print("tilec.triton_compat: error: %s" % e, file=sys.stderr)
        return 2
    sys.argv = argv
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
