"""`@tilec.jit` and `kernel[grid](*args, **constexprs)`.

The kernel's source file is read once (found with `inspect`) and compiled by
the C++ frontend, which sees every @jit function of the file. Launchers are
cached per (argument types + Triton specializations, constexpr values,
num_warps); a warm call converts the arguments in C++ (`_tilec.prepare`),
looks up the launcher and launches.
"""
import collections
import inspect
import itertools
import linecache
import json
import os
import re
import textwrap
import threading

from . import _tilec
from . import language as _tl

__all__ = ["jit", "JITFunction", "CompilationError", "TritonError", "get_compiler",
           "set_compiler", "TensorWrapper", "reinterpret"]


class TritonError(Exception):
    """Base of the errors tilec raises for kernels (Triton's `TritonError`)."""


class CompilationError(TritonError):
    """A kernel failed to compile; the message holds the diagnostics
    (`file:line:col: error: ...`, the source line and a caret).

    As Triton's, `error_message` is the first error's text without its location, and
    `__cause__` an exception carrying that text (Triton chains the semantic error that
    stopped code generation; tilec's diagnostics have no Python type, so it is a ValueError)."""

    def __init__(self, kernel, diagnostics):
        super().__init__(diagnostics)
        self.kernel = kernel
        self.diagnostics = diagnostics
        match = re.search(r"(?m)^.*?: error: (.*)$", diagnostics)
        self.error_message = match.group(1) if match else diagnostics
        self.__cause__ = ValueError(self.error_message)

    def __reduce__(self):
        return type(self), (self.kernel, self.diagnostics)


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


# Triton's default num_stages on NVIDIA GPUs: loads feeding tensor-core dots in
# loops are triple-buffered where the device has asynchronous copies.
_DEFAULT_NUM_STAGES = 3


def _check_num_warps(value):
    """`num_warps=` of a launch: None is the default (4); otherwise a power of two from 1 to 32,
    as the compiler (and Triton's power-of-two assert) require."""
    if value is None:
        return 4
    if (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 32
            or value & (value - 1)):
        raise ValueError("num_warps must be a power of two between 1 and 32, got %r" % (value,))
    return value


def _check_num_stages(value):
    """`num_stages=` of a launch: None is the default; otherwise 0..16."""
    if value is None:
        return _DEFAULT_NUM_STAGES
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 16:
        raise ValueError("num_stages must be an integer between 0 and 16, got %r" % (value,))
    return value


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
        # "tl.float16": the frontend reads it as a dtype, never as a str.
        return "tl." + value.attribute_name()
    if isinstance(value, str):
        # Quoted, so that "nan", "inf", "1" or "True" stay strings (the frontend drops the quotes).
        return '"%s"' % value
    if isinstance(value, tuple):
        # Triton's tuple constexprs (`shape=(8, 16)`): "(8, 16)", "(8,)".
        items = [_constexpr_text(name, item) for item in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    raise TypeError("constexpr '%s': unsupported value %r of type %s (expected int, float, "
                    "bool, None, str, a tl dtype or a tuple of them)"
                    % (name, value, type(value).__name__))


# Launch and backend options (Triton's, of every backend): accepted by a launch unless
# the kernel has a parameter of that name; num_warps, num_stages, enable_fp_fusion and
# default_dot_input_precision mean something to tilec.
_LAUNCH_OPTIONS = frozenset((
    "num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion", "stream", "warmup",
    "debug", "sanitize_overflow", "launch_cooperative_grid", "launch_pdl", "arch",
    "enable_reflect_ftz", "extern_libs", "instrumentation_mode", "matrix_instr_nonkdim",
    "kpack", "waves_per_eu", "num_buffers_warp_spec", "num_consumer_groups",
    "reg_dec_producer", "reg_inc_consumer", "schedule_hint", "ir_override",
    "max_num_imprecise_acc_default", "allowed_dot_input_precisions", "grf_mode",
    "generate_native_code", "supported_fp8_dtypes", "deprecated_fp8_dot_operand_dtypes",
    "default_dot_input_precision", "backend_name", "cluster_dims", "ctas_per_cga",
    "launch_cluster", "minRegAutoWS", "maxRegAutoWS", "pingpongAutoWS"))


_DOT_INPUT_PRECISIONS = ("ieee", "tf32", "tf32x3", "bf16x3", "bf16x6")


def _parse_flag(text):
    """A boolean environment value as Triton reads it: "1", "true" and "on" (any
    case) are true, anything else false."""
    return text.strip().lower() in ("1", "true", "on")


def _env_flag(name, default):
    """A boolean environment variable (_parse_flag); unset is `default`."""
    value = os.environ.get(name)
    return default if value is None else _parse_flag(value)


def _fp_fusion(requested):
    """Whether a launch's kernel may fuse float multiplies and adds into fmas,
    as Triton 3.9 decides (knobs.language.fp_fusion_enabled): never under
    $TRITON_FORCE_DISABLE_FP_FUSION, else the launch's `enable_fp_fusion`, else
    $TRITON_DEFAULT_FP_FUSION (default on). Read at each launch; part of the key."""
    if _env_flag("TRITON_FORCE_DISABLE_FP_FUSION", False):
        return False
    if requested is None:
        return _env_flag("TRITON_DEFAULT_FP_FUSION", True)
    return bool(requested)


def _dot_input_precision(option):
    """The input_precision of `tl.dot`s that give neither it nor allow_tf32, as
    the frontend takes it: $TRITON_F32_DEFAULT (as Triton's tl.dot; read when a
    kernel compiles and not part of the launcher's key, as in Triton), else the
    launch option `default_dot_input_precision`, else "" (the target's default:
    tf32 on NVIDIA and the emulator at warp size 32, ieee elsewhere)."""
    precision = os.environ.get("TRITON_F32_DEFAULT") or option or ""
    if precision and precision not in _DOT_INPUT_PRECISIONS:
        raise ValueError("default dot input_precision must be one of %s, got %r (from %s)" % (
            ", ".join(_DOT_INPUT_PRECISIONS), precision,
            "TRITON_F32_DEFAULT" if os.environ.get("TRITON_F32_DEFAULT")
            else "default_dot_input_precision"))
    return precision


def _function_source(fn):
    """Triton's `JITFunction.src`: the dedented source from `def` on (no decorators)."""
    try:
        src = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        return None
    match = re.search(r"^def\s+\w+\s*\(", src, re.MULTILINE)
    return src[match.start():] if match else src


def _source_origin(fn):
    """(file, line of `def`, indentation) of `fn`'s source, or None: where the
    dedented `src` a synthetic source holds came from (_map_diagnostics)."""
    try:
        path = inspect.getsourcefile(fn)
        lines, first = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    for i, line in enumerate(lines):
        if re.match(r"\s*(async\s+)?def\s", line):
            return path, first + i, len(line) - len(line.lstrip())
    return None


_DIAGNOSTIC = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note|remark): (.*)$")


_MISSING = object()
_LANGUAGE_MODULES = {"libdevice": "triton.language.extra.libdevice", "math": "triton.language.math",
                     "random": "triton.language.random"}


def _language_function_path(value):
    """(module, name) a tl/libdevice function object is imported from (`act` bound by
    `from triton.language.extra.libdevice import log as act`), or None."""
    if getattr(value, "__qualname__", "") != "_kernel_only.<locals>.stub":
        return None
    head, _, tail = value.__name__.rpartition(".")
    return (_LANGUAGE_MODULES.get(head, "triton.language") if head else "triton.language"), tail


def _imports_name(jf, name):
    """Whether jf's file binds `name` by an import statement."""
    try:
        text = _read_source(jf.src_path) if jf.src_path else ""
    except OSError:
        return False
    return re.search(r"\bimport\b[^\n]*\b%s\b" % re.escape(name), text) is not None


def _defined_again(path, fn):
    """Whether the file defines another module-level function of fn's name (a kernel
    redefined further down, or defined twice): the frontend, which finds kernels by name,
    is then given fn's own source (the synthetic path)."""
    try:
        text = _read_source(path) if path else None
    except OSError:
        return False
    if text is None:
        return False
    defs = re.findall(r"^[ \t]*def\s+%s\s*\(" % re.escape(fn.__name__), text, re.M)
    return len(defs) > 1


def _global_text(value):
    """A closure value as the right-hand side of a module-level constant the
    frontend reads, or None (not a compile-time literal)."""
    if isinstance(value, _tl.constexpr):
        value = value.value
    if value is None or isinstance(value, (bool, int, str)):
        return repr(value)
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else None
    if isinstance(value, _tl.dtype):
        return "tl." + value.attribute_name()
    if isinstance(value, tuple):
        items = [_global_text(item) for item in value]
        if any(item is None for item in items):
            return None
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    return None


_unique = itertools.count()

# One signature entry: a tuple ("(*fp32:16,i32)"), a tensor descriptor ("tensordesc<fp32[16,32]>",
# whose block shape has commas) or anything up to the next comma.
_SIGNATURE_ENTRY = re.compile(r"\([^()]*\)|tensordesc<[^>]*>|[^,]+")


def _split_signature(sigkey):
    """The entries of a specialization key (one per runtime argument)."""
    return _SIGNATURE_ENTRY.findall(sigkey)


_Specialization = collections.namedtuple("SpecializationProxy", ["constants", "signature"])


class JITFunction:
    """A @jit kernel; `kernel[grid](...)` launches it."""

    _generation = 0
    _memory_kind = None  # set with the compiler: 0 host, 1 CUDA, 2 HIP

    def __init__(self, fn, do_not_specialize=(), repr=None, **unused_options):
        self.fn = fn
        # Triton's `@jit(repr=f)`: f(specialization) names each compiled kernel.
        self._repr = repr
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
        for item in do_not_specialize or ():
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
        try:
            self.src_path = inspect.getsourcefile(fn)
        except TypeError:
            self.src_path = None
        self._src = _function_source(fn)
        self._src_origin = _source_origin(fn)
        # A module-level kernel whose source is unchanged compiles its file as it is
        # (exact line numbers); others (nested, closures, _unsafe_update_src) compile
        # the file plus the kernel's source and its closure's constants and kernels.
        self._file_exact = ("<locals>" not in fn.__qualname__ and not fn.__code__.co_freevars
                            and not _defined_again(self.src_path, fn))
        self._synthetic = None  # (source, kernel name in it)
        # Module globals the compiled kernels read, with the values they were compiled with
        # (a later change is an error at launch, as in Triton).
        self._used_globals = {}
        self.cache = {}
        self._lock = threading.Lock()
        self._generation_seen = JITFunction._generation
        # Fast binding: all runtime parameters come first, constexprs after.
        n_runtime = len(self.runtime_idx)
        self._runtime_first = self.runtime_idx == list(range(n_runtime))

    def __repr__(self):
        return "JITFunction(%s:%s)" % (self.fn.__module__, self.__name__)

    @property
    def src(self):
        """The kernel's source from `def` on (dedented), as Triton's."""
        return self._src

    def _unsafe_update_src(self, new_src):
        """Replaces the kernel's source (Triton's test helper `patch_kernel`
        edits it): compiled launchers are dropped."""
        self._src = new_src
        self._src_origin = None  # positions are then the new source's
        self._file_exact = False
        self._synthetic = None
        self.cache = {}

    def _compile_source(self):
        """(source text, kernel name) handed to the frontend."""
        file_text = _read_source(self.src_path) if self.src_path else ""
        if self._file_exact and not self._calls_inexact():
            return file_text + self._runtime_globals_text(), self.__name__
        if self._synthetic is None:
            if self._src is None:
                raise OSError("the source of %s is unavailable" % self.__name__)
            parts, origins, renames, seen = [], [], {}, set()
            self._append_closure(self, parts, origins, renames, seen, top=True)
            chunk = "\n\n".join(parts)
            for old, new in renames.items():
                chunk = re.sub(r"(?<![\w.])%s\b" % re.escape(old), new, chunk)
            prefix = (file_text + self._runtime_globals_text()
                      + "\n\n# --- tilec: kernel %s and its closure ---\n" % self.__name__)
            # Where each appended function came from: (first and last line of its `def`
            # and body in the synthetic text, its file, the line of its `def`, its indent).
            spans, line = [], prefix.count("\n") + 1
            for part, origin in zip(parts, origins):
                last = line + part.count("\n")
                if origin is not None:
                    spans.append((line + 1, last) + origin)  # after the "@jit" line
                line = last + 2
            self._synthetic = (prefix + chunk + "\n", renames[self.__name__])
            self._synthetic_spans = spans
            self._synthetic_renames = {new: old for old, new in renames.items()}
        return self._synthetic

    def _map_diagnostics(self, message):
        """Diagnostics of a synthetic source (_compile_source) at the places the
        user wrote: a position in an appended function becomes its file, line
        and column (the source line shown again as written, the caret under the
        same token), and tilec's unique renames become the original names."""
        if self._file_exact or self._synthetic is None:
            return message
        renames = self._synthetic_renames
        # Longest first: `k__tilec10` is not `k__tilec1` followed by a 0.
        pattern = "|".join(re.escape(n) for n in sorted(renames, key=len, reverse=True))
        unrename = (lambda text: re.sub(pattern, lambda m: renames[m.group(0)], text)) if (
            renames) else (lambda text: text)
        synthetic_lines = self._synthetic[0].split("\n")
        lines = message.split("\n")
        out, i = [], 0
        while i < len(lines):
            match = _DIAGNOSTIC.match(lines[i])
            span = None
            if match and match.group(1) == (self.src_path or "<%s>" % self.__name__):
                row = int(match.group(2))
                span = next((sp for sp in self._synthetic_spans if sp[0] <= row <= sp[1]), None)
            if span is None:
                out.append(unrename(lines[i]))
                i += 1
                continue
            first, _, path, def_line, indent = span
            row, col = int(match.group(2)), int(match.group(3))
            original_row = def_line + row - first
            written = synthetic_lines[row - 1] if row <= len(synthetic_lines) else ""
            original_col = len(unrename(written[:col - 1])) + indent + 1
            out.append("%s:%d:%d: %s: %s" % (path, original_row, original_col, match.group(4),
                                             unrename(match.group(5))))
            i += 1
            # The source line and the caret under it, as the frontend printed them.
            if i + 1 < len(lines) and re.fullmatch(r"\s*\^~*\s*", lines[i + 1]):
                source = linecache.getline(path, original_row).rstrip("\n")
                out.append(source if source else unrename(lines[i]))
                out.append(" " * (original_col - 1) + lines[i + 1].strip())
                i += 2
        return "\n".join(out)

    def _runtime_globals_text(self):
        """Assignments appended to a module-level kernel's file: the values the globals
        the kernel (and the @jit functions of its module it calls) reads have now, which
        is what Triton compiles with, whatever the file's text would give (`if`/`try`
        blocks, values computed in Python, later reassignments). Records them in
        _used_globals."""
        module = self.fn.__globals__
        lines, seen, pending = [], set(), [self]
        while pending:
            jf = pending.pop()
            if id(jf) in seen:
                continue
            seen.add(id(jf))
            for name in jf.fn.__code__.co_names:
                if name not in module or jf.fn.__globals__ is not module:
                    continue
                value = module[name]
                if isinstance(value, JITFunction):
                    pending.append(value)
                    continue
                if name in self._used_globals:
                    continue
                if value is None and _imports_name(jf, name):
                    # `try: from triton.language.extra import libdevice / except
                    # ImportError: libdevice = None`: the kernel sees the import, what
                    # runs where Triton is installed (the frontend resolves it).
                    continue
                text = _global_text(value)
                imported = None if text is not None else _language_function_path(value)
                if text is not None:
                    lines.append("%s = %s" % (name, text))
                elif imported:
                    lines.append("from %s import %s as %s" % (imported + (name,)))
                else:
                    continue
                self._used_globals[name] = value
        if not lines:
            return ""
        return ("\n\n# --- tilec: the module globals' values at compile time ---\n"
                + "\n".join(lines) + "\n")

    def _calls_inexact(self):
        """Whether a @jit function this kernel calls through its module's globals (also
        indirectly) cannot be read from the file by name (redefined, nested, patched): the
        kernel then compiles from its own source and its closure (the synthetic path)."""
        seen, pending = set(), [self]
        while pending:
            jf = pending.pop()
            if id(jf) in seen:
                continue
            seen.add(id(jf))
            if jf is not self and not jf._file_exact:
                return True
            for name in jf.fn.__code__.co_names:
                value = jf.fn.__globals__.get(name)
                if isinstance(value, JITFunction):
                    pending.append(value)
        return False

    def _check_used_globals(self):
        """Triton's check at launch: a global the kernel was compiled with has not
        changed since."""
        module = self.fn.__globals__
        for name, value in self._used_globals.items():
            now = module.get(name, _MISSING)
            if now is not value and now != value:
                raise RuntimeError("Global variable %s has changed since we compiled this "
                                   "kernel, from %r to %r" % (name, value, now))

    @staticmethod
    def _append_closure(jf, parts, origins, renames, seen, top=False):
        """Appends to `parts` the constants and @jit functions `jf` refers to
        through its closure (and nested kernels it calls), then `jf` itself,
        renamed uniquely so that no function of the file shadows it; `origins`
        gets each part's _source_origin (None for constants)."""
        if id(jf) in seen:
            return
        seen.add(id(jf))
        fn = jf.fn
        cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
        names = list(cells)
        # Nested kernels reached through globals (rare) are included too.
        names += [n for n in fn.__code__.co_names if n not in cells]
        for name in names:
            if name in cells:
                try:
                    value = cells[name].cell_contents
                except ValueError:
                    continue
            elif name in fn.__globals__:
                value = fn.__globals__[name]
                if not (isinstance(value, JITFunction) and not value._file_exact):
                    continue
            else:
                continue
            if isinstance(value, JITFunction):
                if value._file_exact and name == value.__name__:
                    continue  # in the file already
                JITFunction._append_closure(value, parts, origins, renames, seen)
                if name != value.__name__:
                    renames.setdefault(name, renames[value.__name__])
                continue
            text = _global_text(value)
            if text is not None:
                parts.append("%s = %s" % (name, text))
                origins.append(None)
        renames[jf.__name__] = "%s__tilec%d" % (jf.__name__, next(_unique))
        # `src` starts at `def` (as Triton's): the decorator marks it for the frontend.
        parts.append("@jit\n" + (jf._src if jf._src is not None else ""))
        origins.append(jf._src_origin)

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
        num_stages = _DEFAULT_NUM_STAGES
        launch = True
        precision = ""
        fusion = None
        if kwargs:
            options = [k for k in kwargs if k in _LAUNCH_OPTIONS and k not in self.arg_names]
            if options:
                kwargs = dict(kwargs)
                if "num_warps" in options:
                    num_warps = _check_num_warps(kwargs.pop("num_warps", None))
                if "num_stages" in options:
                    num_stages = _check_num_stages(kwargs.pop("num_stages", None))
                if "warmup" in options:
                    launch = not kwargs.pop("warmup")
                if "default_dot_input_precision" in options:
                    precision = kwargs.pop("default_dot_input_precision") or ""
                if "enable_fp_fusion" in options:
                    fusion = kwargs.pop("enable_fp_fusion")
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
            if not any(v is None or isinstance(v, tuple) for v in runtime):
                raise
            sigkey, packed, nones = self._prepare_nones_and_tuples(runtime, memory)
            if nones:
                cvals = cvals + (nones,)
        if self._generation_seen != JITFunction._generation:
            self.cache = {}
            self._generation_seen = JITFunction._generation
        fusion = _fp_fusion(fusion)
        try:
            kernel = self.cache.get((sigkey, cvals, num_warps, num_stages, precision, fusion))
        except TypeError:
            raise TypeError("%s(): constexpr values must be hashable, got %r"
                            % (self.__name__, cvals)) from None
        if kernel is None:
            kernel = self._compile(sigkey, cvals, num_warps, nones, num_stages, precision, fusion)
        if self._used_globals:
            self._check_used_globals()
        if not launch:
            return kernel
        if callable(grid):
            meta = dict(zip(self.arg_names, values))
            meta["num_warps"] = num_warps
            grid = grid(meta)
        if grid is None:
            raise ValueError("grid must be a tuple of 1 to 3 ints (or a callable returning one), "
                             "got None")
        kernel.launch(grid, packed)
        return kernel

    def _prepare_nones_and_tuples(self, runtime, memory):
        """_tilec.prepare for launches with None or tuple arguments, as Triton's: a None
        argument specializes its parameter to the constexpr None (it leaves the signature and
        joins the key); a tuple of scalars and tensors is passed as its elements, and its
        signature entry is theirs in parentheses ("(*fp32:16,i32)"). Returns (key, packed
        arguments, indices of the None parameters)."""
        nones = tuple(j for j, v in enumerate(runtime) if v is None)
        flat, names, nospec, groups = [], [], 0, []
        for j, value in enumerate(runtime):
            if value is None:
                continue
            unspecialized = self.nospec_mask >> j & 1
            items = value if isinstance(value, tuple) else (value,)
            for k, item in enumerate(items):
                if item is None or isinstance(item, tuple):
                    raise TypeError("%s(): argument '%s': element %d is %s; a tuple passed as a "
                                    "runtime argument holds scalars and tensors only (tuples "
                                    "of other values are tl.constexpr arguments)"
                                    % (self.__name__, self.runtime_names[j], k,
                                       "None" if item is None else "a tuple"))
                nospec |= unspecialized << len(flat)
                flat.append(item)
                names.append("%s[%d]" % (self.runtime_names[j], k)
                             if isinstance(value, tuple) else self.runtime_names[j])
            groups.append(len(value) if isinstance(value, tuple) else None)
        sigkey, packed = _tilec.prepare(tuple(flat), tuple(names), nospec, memory)
        if any(group is not None for group in groups):
            entries, grouped, k = _split_signature(sigkey), [], 0
            for group in groups:
                if group is None:
                    grouped.append(entries[k])
                    k += 1
                else:
                    grouped.append("(" + ",".join(entries[k:k + group]) + ")")
                    k += group
            sigkey = ",".join(grouped)
        return sigkey, packed, nones

    def _compile(self, sigkey, cvals, num_warps, nones=(), num_stages=None, precision="",
                 fusion=True):
        """Compiles for a signature key; `nones` are the runtime parameters
        (indices) whose argument is None, appended to `cvals` by run();
        `precision` is the launch's default_dot_input_precision ("": none) and
        `fusion` whether float multiplies and adds may fuse (_fp_fusion)."""
        if num_stages is None:
            num_stages = _DEFAULT_NUM_STAGES
        with self._lock:
            key = (sigkey, cvals, num_warps, num_stages, precision, fusion)
            kernel = self.cache.get(key)
            if kernel is not None:
                return kernel
            keep = [j for j in range(len(self.runtime_names)) if j not in nones]
            runtime_names = tuple(self.runtime_names[j] for j in keep)
            annotated = {k: self.annotated[j] for k, j in enumerate(keep) if j in self.annotated}
            # The key's entries are signature entries with Triton's
            # specializations ("i32:1", "*fp32:16"), which the compiler applies.
            signature = _split_signature(sigkey)
            for j, want in annotated.items():
                got, _, spec = signature[j].partition(":")
                if want.startswith("*") or got.startswith(("*", "tensordesc")):
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
                source, name = self._compile_source()
            except (OSError, TypeError) as e:
                raise CompilationError(self.__name__, "cannot read the source of %s: %s"
                                       % (self.__name__, e)) from None
            kernel, code, message = get_compiler().compile(
                source, self.src_path or "<%s>" % self.__name__, name, signature, constexprs,
                num_warps, num_stages,
                default_dot_input_precision=_dot_input_precision(precision),
                enable_fp_fusion=fusion)
            if kernel is None:
                if code == "CompileError":
                    raise CompilationError(self.__name__, self._map_diagnostics(message))
                raise RuntimeError("%s: %s" % (code, message))
            if _RECORD_PATH:
                _record_kernel(self, signature, constexprs, num_warps)
            kernel = CompiledKernel(self, kernel, num_warps)
            if self._repr is not None:
                kernel._name = self._repr(self._specialization(runtime_names, signature, constexprs,
                                                               cvals, nones))
                kernel.metadata.name = kernel._name
            self.cache[key] = kernel
            return kernel

    def _specialization(self, runtime_names, signature, constexprs, cvals, nones):
        """What Triton passes to `repr`: `signature` (each parameter's type, e.g. "i32", "*fp32",
        "constexpr") and `constants` (constexprs, ints specialized to 1, None arguments)."""
        types, constants = {}, {}
        entries = dict(zip(runtime_names, signature))
        values = dict(zip(self.constexpr_names, cvals))
        none_names = {self.runtime_names[j] for j in nones}
        for name in self.arg_names:
            if name in values:
                types[name], constants[name] = "constexpr", values[name]
            elif name in none_names:
                types[name], constants[name] = "constexpr", None
            else:
                ty, _, spec = entries[name].partition(":")
                if spec == "1":
                    types[name], constants[name] = "constexpr", 1
                else:
                    types[name] = ty
        return _Specialization(constants, types)

    def warmup(self, *args, grid=None, **kwargs):
        """Compiles for these arguments without launching (grid ignored); as in
        Triton, a torch dtype stands for a tensor of that dtype (MockTensor)."""
        args = [MockTensor.wrap_dtype(arg) for arg in args]
        return JITFunction.run(self, *args, grid=grid, warmup=True, **kwargs)


class MockTensor:
    """Triton's stand-in for a tensor when only the kernel's types matter
    (`kernel.warmup(MockTensor(torch.float32), ...)`, or a torch dtype, which
    warmup wraps): its dtype and shape, contiguous strides and address 0."""

    @staticmethod
    def wrap_dtype(arg):
        if arg.__class__.__name__ == "dtype" and arg.__class__.__module__ == "torch":
            return MockTensor(arg)
        return arg

    def __init__(self, dtype, shape=None):
        self.dtype = dtype
        self.shape = [1] if shape is None else shape

    def stride(self):
        strides = [1]
        for size in self.shape[1:]:
            strides.append(strides[-1] * size)
        return tuple(reversed(strides))

    @staticmethod
    def data_ptr():
        return 0  # an aligned null address: warmup compiles, never launches

    @staticmethod
    def ptr_range():
        return 0


class CompiledKernel:
    """A compiled kernel (what a launch or `warmup` returns), with the parts of Triton's
    CompiledKernel that host code uses: `name`, `metadata`, `n_regs`, `n_spills`,
    `_init_handles()`, `kernel[grid](*all_args)`; `asm` is empty (tilec keeps no
    intermediate text). `param_types`, `param_names`, `cache_key`: tilec's."""

    __slots__ = ("_fn", "_native", "_name", "launch", "num_warps", "metadata", "n_regs",
                 "n_spills", "n_max_threads", "asm")

    def __init__(self, fn, native, num_warps):
        self._fn = fn
        self._native = native
        self._name = None  # set by a `repr=` jit option
        self.launch = native.launch
        self.num_warps = num_warps
        props = _device_resources()
        # A program's resources as Triton's occupancy formulas read them
        # (registers * warp size * warps <= registers per SM, shared <= shared per SM): on
        # the CPU a program occupies a whole core (one resident program per core); on GPUs
        # tilec does not report usage, so the same whole-SM figures make the formulas
        # choose one program per SM, never more than fit.
        self.n_regs = max(1, props["max_num_regs"] // (props["warpSize"] * num_warps))
        self.n_spills = 0
        self.n_max_threads = props["warpSize"] * num_warps
        self.metadata = _Metadata(name=native.name, num_warps=num_warps,
                                  shared=props["max_shared_mem"], num_ctas=1, num_stages=1)
        self.asm = {}

    @property
    def name(self):
        return self._native.name if self._name is None else self._name

    @property
    def param_types(self):
        return self._native.param_types

    @property
    def param_names(self):
        return self._native.param_names

    @property
    def cache_key(self):
        return self._native.cache_key

    def _init_handles(self):
        """Loaded already (tilec loads a kernel when it is compiled)."""

    def __getitem__(self, grid):
        def runner(*args, **kwargs):
            return self._fn.run(*args, grid=grid, num_warps=self.num_warps, **kwargs)
        return runner

    def __repr__(self):
        return "CompiledKernel(%s, %s)" % (self.name, self.param_types)


class _Metadata:
    """`CompiledKernel.metadata`: attributes as Triton's (name, num_warps, shared, ...)."""

    def __init__(self, **fields):
        self.__dict__.update(fields)


def _device_resources():
    """Per-SM (per-core on the CPU) resources, as triton.runtime.driver reports them."""
    info = get_compiler().device_info()
    hip = info.get("driver") == "hip"
    gpu = hip or info.get("driver") == "cuda"
    return {"max_num_regs": 65536, "warpSize": 64 if hip else 32,
            "max_shared_mem": (65536 if hip else 232448) if gpu else 1 << 20}


class TensorWrapper:
    """A tensor whose data is viewed as another dtype (`triton.reinterpret`):
    passed to kernels as a pointer to `dtype`."""

    def __init__(self, base, dtype):
        self.base = base
        self.dtype = dtype
        self.data = base.data
        self.device = base.device
        self.shape = tuple(base.shape)

    def data_ptr(self):
        return self.base.data_ptr()

    def stride(self, *args):
        return self.base.stride(*args)

    def element_size(self):
        return self.base.element_size()

    def numel(self):
        return self.base.numel()

    def dim(self):
        return self.base.dim()

    def __str__(self):
        return "TensorWrapper[%s](%s)" % (self.dtype, self.base)

    def cpu(self):
        return TensorWrapper(self.base.cpu(), self.dtype)

    def copy_(self, other):
        self.base.copy_(other.base if isinstance(other, TensorWrapper) else other)

    def clone(self):
        return TensorWrapper(self.base.clone(), self.dtype)

    def to(self, device):
        return TensorWrapper(self.base.to(device), self.dtype)

    def new_empty(self, sizes):
        return TensorWrapper(self.base.new_empty(sizes), self.dtype)


def reinterpret(tensor, dtype):
    """Views `tensor`'s memory as `dtype` (a tl dtype of the same size) in kernels."""
    if isinstance(tensor, TensorWrapper):
        if dtype == tensor.base.dtype:
            return tensor.base
        tensor = tensor.base
    if hasattr(tensor, "data_ptr"):
        return TensorWrapper(tensor, dtype)
    raise TypeError("cannot reinterpret a tensor of type %s" % type(tensor).__name__)


def jit(fn=None, *, do_not_specialize=(), debug=None, noinline=None, **options):
    """`@tilec.jit` or `@tilec.jit(do_not_specialize=["n"])`."""
    def decorate(f):
        return JITFunction(f, do_not_specialize=do_not_specialize, **options)
    return decorate(fn) if fn is not None else decorate
