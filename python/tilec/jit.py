"""`@tilec.jit` and `kernel[grid](*args, **constexprs)`.

The kernel's source file is read once (found with `inspect`) and compiled by
the C++ frontend, which sees every @jit function of the file. Launchers are
cached per (argument types + Triton specializations, constexpr values,
num_warps); a warm call converts the arguments in C++ (`_tilec.prepare`),
looks up the launcher and launches.
"""
import inspect
import json
import os
import threading

from . import _tilec
from . import language as _tl

__all__ = ["jit", "JITFunction", "CompilationError", "get_compiler", "set_compiler"]


class CompilationError(Exception):
    """A kernel failed to compile; the message holds the diagnostics
    (`file:line:col: error: ...`, the source line and a caret)."""

    def __init__(self, kernel, diagnostics):
        super().__init__(diagnostics)
        self.kernel = kernel
        self.diagnostics = diagnostics


_compiler = None
_compiler_lock = threading.Lock()


def get_compiler():
    """The process-wide compiler: device $TILEC_DEVICE (else the best one),
    cache $TILEC_CACHE_DIR (else ~/.cache/tilec)."""
    global _compiler
    if _compiler is None:
        with _compiler_lock:
            if _compiler is None:
                _compiler = _tilec.Compiler(device=os.environ.get("TILEC_DEVICE", ""))
                JITFunction._memory_kind = _compiler.memory_kind()
    return _compiler


def set_compiler(compiler):
    """Replaces the process-wide compiler (e.g. `_tilec.Compiler(cache_dir=...)`)
    and forgets every launcher compiled with the previous one."""
    global _compiler
    _compiler = compiler
    JITFunction._memory_kind = compiler.memory_kind()
    JITFunction._generation += 1


_sources = {}

# TILEC_RECORD_KERNELS=FILE.jsonl: every successful compile appends one JSON line describing the
# specialization (bench/conformance_gpu_compile.py reads them). Read once at import; when unset,
# the only cost is one `if` per compile (never on a warm launch).
_RECORD_PATH = os.environ.get("TILEC_RECORD_KERNELS")


def _record_kernel(fn, signature, constexprs, num_warps):
    """Appends the specialization just compiled to $TILEC_RECORD_KERNELS (one line, O_APPEND)."""
    line = json.dumps({"source": os.path.abspath(fn.src_path), "kernel": fn.__name__,
                       "signature": ",".join(signature), "constexprs": dict(constexprs),
                       "num_warps": num_warps,
                       "test": os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]})
    with open(_RECORD_PATH, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def _read_source(path):
    text = _sources.get(path)
    if text is None:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        _sources[path] = text
    return text


def _is_constexpr(annotation):
    if annotation is _tl.constexpr or (isinstance(annotation, type)
                                       and annotation.__name__ == "constexpr"):
        return True
    return isinstance(annotation, str) and annotation.split(".")[-1] == "constexpr"


def _constexpr_text(name, value):
    """A constexpr value as the frontend's -D NAME=VALUE text."""
    if isinstance(value, _tl.constexpr):
        value = value.value
    if value is None or isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, _tl.dtype):
        return repr(value)  # "tl.float16": the frontend reads it as a dtype, never as a str
    if isinstance(value, str):
        # Quoted, so that "nan", "inf", "1" or "True" stay strings (the frontend drops the quotes).
        return '"%s"' % value
    raise TypeError("constexpr '%s': unsupported value %r of type %s (expected int, float, "
                    "bool, None, str or a tl dtype)" % (name, value, type(value).__name__))


_LAUNCH_OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion",
                   "stream", "warmup")


class JITFunction:
    """A @jit kernel; `kernel[grid](...)` launches it."""

    _generation = 0
    _memory_kind = None  # set with the compiler: 0 host, 1 CUDA, 2 HIP

    def __init__(self, fn, do_not_specialize=(), **unused_options):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.__module__ = fn.__module__
        sig = inspect.signature(fn)
        self.params = list(sig.parameters.values())
        self.arg_names = [p.name for p in self.params]
        self.defaults = {p.name: p.default for p in self.params
                         if p.default is not inspect.Parameter.empty}
        self.constexpr_idx = [i for i, p in enumerate(self.params) if _is_constexpr(p.annotation)]
        self.runtime_idx = [i for i in range(len(self.params)) if i not in self.constexpr_idx]
        self.runtime_names = tuple(self.arg_names[i] for i in self.runtime_idx)
        self.constexpr_names = tuple(self.arg_names[i] for i in self.constexpr_idx)
        mask = 0
        for item in do_not_specialize:
            index = item if isinstance(item, int) else self.arg_names.index(item)
            name = self.arg_names[index]
            if name in self.runtime_names:
                mask |= 1 << self.runtime_names.index(name)
        self.nospec_mask = mask
        # Annotated types of runtime parameters (`x: tl.pointer_type(tl.float32)`,
        # `n: tl.int64`): checked (pointers) or used as the signature type (scalars).
        self.annotated = {}
        for j, i in enumerate(self.runtime_idx):
            ann = self.params[i].annotation
            if isinstance(ann, (_tl.dtype, _tl.pointer_type)):
                self.annotated[j] = str(ann)
        self.src_path = inspect.getsourcefile(fn)
        self.cache = {}
        self._lock = threading.Lock()
        self._generation_seen = JITFunction._generation
        # Fast binding: all runtime parameters come first, constexprs after.
        n_runtime = len(self.runtime_idx)
        self._runtime_first = self.runtime_idx == list(range(n_runtime))

    def __repr__(self):
        return "JITFunction(%s:%s)" % (self.fn.__module__, self.__name__)

    def __call__(self, *args, **kwargs):
        raise RuntimeError("%s is a @jit kernel: launch it as %s[grid](...)"
                           % (self.__name__, self.__name__))

    def __getitem__(self, grid):
        def launcher(*args, **kwargs):
            return self.run(*args, grid=grid, **kwargs)
        return launcher

    def _bind(self, args, kwargs):
        """Returns the list of all parameter values (positional, keyword, defaults)."""
        names = self.arg_names
        if len(args) > len(names):
            raise TypeError("%s() takes %d arguments but %d were given"
                            % (self.__name__, len(names), len(args)))
        values = list(args)
        for name in kwargs:
            if name not in self.defaults and name not in names:
                raise TypeError("%s() got an unexpected keyword argument '%s'"
                                % (self.__name__, name))
            if names.index(name) < len(args):
                raise TypeError("%s() got multiple values for argument '%s'"
                                % (self.__name__, name))
        for name in names[len(args):]:
            if name in kwargs:
                values.append(kwargs[name])
            elif name in self.defaults:
                values.append(self.defaults[name])
            else:
                raise TypeError("%s() missing required argument '%s'" % (self.__name__, name))
        return values

    def run(self, *args, grid, **kwargs):
        num_warps = 4
        if kwargs:
            options = [k for k in kwargs if k in _LAUNCH_OPTIONS]
            if options:
                kwargs = dict(kwargs)
                num_warps = kwargs.pop("num_warps", None) or 4
                for k in options:
                    kwargs.pop(k, None)
        if self._runtime_first and len(args) == len(self.runtime_idx):
            runtime = args
            if kwargs or self.constexpr_idx:
                values = self._bind(args, kwargs)
                cvals = tuple(values[i] for i in self.constexpr_idx)
            else:
                values, cvals = args, ()
        else:
            values = self._bind(args, kwargs)
            runtime = tuple(values[i] for i in self.runtime_idx)
            cvals = tuple(values[i] for i in self.constexpr_idx)
        memory = JITFunction._memory_kind
        if memory is None:
            memory = get_compiler().memory_kind()
        nones = ()
        try:
            sigkey, packed = _tilec.prepare(runtime, self.runtime_names, self.nospec_mask, memory)
        except TypeError:
            if not any(v is None for v in runtime):
                raise
            # As in Triton, a None argument specializes its parameter to the
            # constexpr None: it leaves the signature and joins the key.
            nones = tuple(j for j, v in enumerate(runtime) if v is None)
            keep = [j for j in range(len(runtime)) if j not in nones]
            nospec = sum(1 << k for k, j in enumerate(keep) if self.nospec_mask >> j & 1)
            sigkey, packed = _tilec.prepare(tuple(runtime[j] for j in keep),
                                            tuple(self.runtime_names[j] for j in keep),
                                            nospec, memory)
            cvals = cvals + (nones,)
        if self._generation_seen != JITFunction._generation:
            self.cache = {}
            self._generation_seen = JITFunction._generation
        try:
            kernel = self.cache.get((sigkey, cvals, num_warps))
        except TypeError:
            raise TypeError("%s(): constexpr values must be hashable, got %r"
                            % (self.__name__, cvals)) from None
        if kernel is None:
            kernel = self._compile(sigkey, cvals, num_warps, nones)
        if callable(grid):
            meta = dict(zip(self.arg_names, values))
            meta["num_warps"] = num_warps
            grid = grid(meta)
        kernel.launch(grid, packed)
        return kernel

    def _compile(self, sigkey, cvals, num_warps, nones=()):
        """Compiles for a signature key; `nones` are the runtime parameters
        (indices) whose argument is None, appended to `cvals` by run()."""
        with self._lock:
            key = (sigkey, cvals, num_warps)
            kernel = self.cache.get(key)
            if kernel is not None:
                return kernel
            keep = [j for j in range(len(self.runtime_names)) if j not in nones]
            runtime_names = tuple(self.runtime_names[j] for j in keep)
            annotated = {k: self.annotated[j] for k, j in enumerate(keep) if j in self.annotated}
            # The key's entries are signature entries with Triton's
            # specializations ("i32:1", "*fp32:16"), which the compiler applies.
            signature = sigkey.split(",") if sigkey else []
            for j, want in annotated.items():
                got, _, spec = signature[j].partition(":")
                if want.startswith("*") or got.startswith("*"):
                    if want != got:
                        raise TypeError("%s(): argument '%s' must be %s, got %s" % (
                            self.__name__, runtime_names[j], want, got))
                elif (want[0] in "iu") != (got[0] in "iu"):
                    raise TypeError("%s(): argument '%s' must be %s, got %s" % (
                        self.__name__, runtime_names[j], want, got))
                else:
                    # An annotated integer type keeps the value's specialization.
                    keep = spec and want[0] in "iu" and want != "i1"
                    signature[j] = want + (":" + spec if keep else "")
            constexprs = [(n, _constexpr_text(n, v)) for n, v in zip(self.constexpr_names, cvals)]
            constexprs += [(self.runtime_names[j], "None") for j in nones]
            try:
                source = _read_source(self.src_path)
            except (OSError, TypeError) as e:
                raise CompilationError(self.__name__, "cannot read the source of %s: %s"
                                       % (self.__name__, e)) from None
            kernel, code, message = get_compiler().compile(
                source, self.src_path, self.__name__, signature, constexprs, num_warps)
            if kernel is None:
                if code == "CompileError":
                    raise CompilationError(self.__name__, message)
                raise RuntimeError("%s: %s" % (code, message))
            if _RECORD_PATH:
                _record_kernel(self, signature, constexprs, num_warps)
            self.cache[key] = kernel
            return kernel

    def warmup(self, *args, grid=None, **kwargs):
        """Compiles for these arguments without launching (grid ignored)."""
        saved = JITFunction.run
        return saved(self, *args, grid=(0,), **kwargs)


def jit(fn=None, *, do_not_specialize=(), debug=None, noinline=None, **options):
    """`@tilec.jit` or `@tilec.jit(do_not_specialize=["n"])`."""
    def decorate(f):
        return JITFunction(f, do_not_specialize=do_not_specialize, **options)
    return decorate(fn) if fn is not None else decorate
