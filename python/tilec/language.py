"""`import tilec.language as tl`: dtypes and `tl.constexpr` for kernel annotations.

Kernel bodies are compiled from source by tilec's C++ frontend, never run by
Python; the other `tl.*` names exist so that host code imports, and raise if
called from Python.
"""
import sys
import types


class dtype:
    """A scalar type; `str()` is the Triton spelling ("fp32")."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name

    def __repr__(self):
        return "tl." + _LONG_NAMES.get(self.name, self.name)

    def __eq__(self, other):
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def is_floating(self):
        return self.name in ("fp8e5", "fp8e4nv", "fp16", "bf16", "fp32", "fp64")

    def is_int(self):
        return self.name[0] in "iu"

    @property
    def primitive_bitwidth(self):
        return {"i1": 1, "i8": 8, "u8": 8, "fp8e5": 8, "fp8e4nv": 8, "i16": 16, "u16": 16,
                "fp16": 16, "bf16": 16,
                "i32": 32, "u32": 32, "fp32": 32, "i64": 64, "u64": 64, "fp64": 64}[self.name]


_LONG_NAMES = {"i1": "int1", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
               "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
               "fp8e5": "float8e5", "fp8e4nv": "float8e4nv", "fp16": "float16",
               "bf16": "bfloat16", "fp32": "float32", "fp64": "float64"}

int1 = dtype("i1")
int8 = dtype("i8")
int16 = dtype("i16")
int32 = dtype("i32")
int64 = dtype("i64")
uint8 = dtype("u8")
uint16 = dtype("u16")
uint32 = dtype("u32")
uint64 = dtype("u64")
float8e5 = dtype("fp8e5")
float8e4nv = dtype("fp8e4nv")
float16 = dtype("fp16")
bfloat16 = dtype("bf16")
float32 = dtype("fp32")
float64 = dtype("fp64")


class pointer_type:
    """`tl.pointer_type(tl.float32)` (annotations only)."""

    def __init__(self, element_ty):
        self.element_ty = element_ty

    def __str__(self):
        return "*" + str(self.element_ty)


class constexpr:
    """Marks a compile-time parameter: `BLOCK: tl.constexpr`."""

    def __init__(self, value=None):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return "constexpr[%r]" % (self.value,)


class PropagateNan:
    """`propagate_nan=` of tl.maximum/minimum/clamp."""
    NONE = 0x0000
    ALL = 0xFFFF


def _kernel_only(name):
    def stub(*args, **kwargs):
        raise RuntimeError("tl.%s can only be used inside a @tilec.jit kernel" % name)
    stub.__name__ = name
    return stub


def __getattr__(name):
    # tl.load, tl.arange, ...: fine to reference from host code, not to call.
    if name.startswith("__"):
        raise AttributeError(name)
    return _kernel_only(name)


def _kernel_only_module(qualname):
    """A module whose functions can be referenced from host code (e.g.
    `tl.extra.cuda.libdevice.exp`) but only called inside kernels."""
    module = types.ModuleType(qualname)

    def getattr_(name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _kernel_only(qualname.rsplit(".", 1)[-1] + "." + name)
    module.__getattr__ = getattr_
    return module


# `from triton.language.extra import libdevice` (also `.cuda`/`.hip`), tl.math, tl.random.
extra = types.ModuleType(__name__ + ".extra")
extra.libdevice = _kernel_only_module(extra.__name__ + ".libdevice")
for _backend in ("cuda", "hip"):
    _sub = types.ModuleType(extra.__name__ + "." + _backend)
    _sub.libdevice = extra.libdevice
    setattr(extra, _backend, _sub)
math = _kernel_only_module(__name__ + ".math")
random = _kernel_only_module(__name__ + ".random")
# `from tilec.language.extra import libdevice` imports these as modules.
sys.modules.update({extra.__name__: extra, extra.libdevice.__name__: extra.libdevice,
                    extra.cuda.__name__: extra.cuda, extra.hip.__name__: extra.hip,
                    extra.cuda.__name__ + ".libdevice": extra.libdevice,
                    extra.hip.__name__ + ".libdevice": extra.libdevice,
                    math.__name__: math, random.__name__: random})
