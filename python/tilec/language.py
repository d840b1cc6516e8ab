"""`import tilec.language as tl`: dtypes and `tl.constexpr` for kernel annotations.

Kernel bodies are compiled from source by tilec's C++ frontend, never run by
Python; the other `tl.*` names exist so that host code imports, and raise if
called from Python.
"""
import sys
import types


class dtype:
    """A scalar type. `.name` is Triton's name ("int32", "fp32", "bf16",
    "fp8e4nv"); `str()` is the signature spelling ("i32", "fp32")."""

    SINT_TYPES = ["int8", "int16", "int32", "int64"]
    UINT_TYPES = ["int1", "uint8", "uint16", "uint32", "uint64"]
    FP_TYPES = ["fp8e4b15", "fp8e4nv", "fp8e4b8", "fp8e5", "fp8e5b16", "fp16", "bf16",
                "fp32", "fp64"]
    STANDARD_FP_TYPES = ["fp16", "bf16", "fp32", "fp64"]
    OTHER_TYPES = ["void"]

    __slots__ = ("name", "_sig")

    def __init__(self, name):
        name = _TRITON_NAMES.get(name, name)
        if name not in _SIGNATURE_NAMES:
            raise ValueError("unknown dtype %r" % (name,))
        self.name = name
        self._sig = _SIGNATURE_NAMES[name]

    def __str__(self):
        return self._sig

    def __repr__(self):
        return "triton.language." + _ATTRIBUTE_NAMES[self.name]  # Triton's repr

    def attribute_name(self):
        """The `tl.` attribute spelling ("float32")."""
        return _ATTRIBUTE_NAMES[self.name]

    def __eq__(self, other):
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def is_floating(self):
        return self.name in dtype.FP_TYPES

    def is_standard_floating(self):
        return self.name in dtype.STANDARD_FP_TYPES

    def is_int(self):
        return self.name in dtype.SINT_TYPES or self.name in dtype.UINT_TYPES

    def is_int_signed(self):
        return self.name in dtype.SINT_TYPES

    def is_int_unsigned(self):
        return self.name in dtype.UINT_TYPES

    def is_bool(self):
        return self.name == "int1"

    def is_fp8(self):
        return self.name.startswith("fp8")

    def is_fp16(self):
        return self.name == "fp16"

    def is_bf16(self):
        return self.name == "bf16"

    def is_fp32(self):
        return self.name == "fp32"

    def is_fp64(self):
        return self.name == "fp64"

    def is_void(self):
        return self.name == "void"

    def is_ptr(self):
        return False

    def is_block(self):
        return False

    @property
    def primitive_bitwidth(self):
        if self.name == "void":
            return 0
        if self.name == "int1":
            return 1
        return int("".join(c for c in self.name.split("e")[0] if c.isdigit()) or 0)

    @property
    def int_bitwidth(self):
        return self.primitive_bitwidth if self.is_int() else None

    @property
    def itemsize(self):
        return max(1, self.primitive_bitwidth // 8)

    @property
    def fp_mantissa_width(self):
        return {"fp8e4b15": 3, "fp8e4nv": 3, "fp8e4b8": 3, "fp8e5": 2, "fp8e5b16": 2,
                "fp16": 10, "bf16": 7, "fp32": 23, "fp64": 52}[self.name]

    @property
    def exponent_bias(self):
        return {"fp8e4b15": 15, "fp8e4nv": 7, "fp8e4b8": 8, "fp8e5": 15, "fp8e5b16": 16,
                "fp16": 15, "bf16": 127, "fp32": 127, "fp64": 1023}[self.name]

    @property
    def scalar(self):
        return self

    def to_ir(self, builder):
        raise RuntimeError("tl.dtype.to_ir: tilec compiles kernels from source")


# Triton's dtype names -> signature spelling, and the `tl.` attribute of each.
_SIGNATURE_NAMES = {"int1": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
                    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
                    "fp8e5": "fp8e5", "fp8e5b16": "fp8e5b16", "fp8e4nv": "fp8e4nv",
                    "fp8e4b8": "fp8e4b8", "fp8e4b15": "fp8e4b15", "fp16": "fp16", "bf16": "bf16",
                    "fp32": "fp32", "fp64": "fp64", "void": "void"}
_ATTRIBUTE_NAMES = {"int1": "int1", "int8": "int8", "int16": "int16", "int32": "int32",
                    "int64": "int64", "uint8": "uint8", "uint16": "uint16", "uint32": "uint32",
                    "uint64": "uint64", "fp8e5": "float8e5", "fp8e5b16": "float8e5b16",
                    "fp8e4nv": "float8e4nv", "fp8e4b8": "float8e4b8", "fp8e4b15": "float8e4b15",
                    "fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
                    "void": "void"}
# Other accepted spellings: signature names ("i32") and attribute names ("float32").
_TRITON_NAMES = {sig: name for name, sig in _SIGNATURE_NAMES.items()}
_TRITON_NAMES.update({attr: name for name, attr in _ATTRIBUTE_NAMES.items()})
_TRITON_NAMES.update({"bool": "int1", "float8_e4m3fn": "fp8e4nv", "float8_e5m2": "fp8e5",
                      "float8_e4m3fnuz": "fp8e4b8", "float8_e5m2fnuz": "fp8e5b16"})

for _name, _attr in _ATTRIBUTE_NAMES.items():
    globals()[_attr] = dtype(_name)
float8e4b15x4 = float8e4b15
float8e4b8 = globals()["float8e4b8"]
pi32_t = None  # set below, after pointer_type


def str_to_ty(name, c=None):
    """A dtype (or `*dtype` pointer type) from Triton's spelling."""
    if name.startswith("*"):
        return pointer_type(str_to_ty(name[1:]))
    return dtype(name)


class pointer_type:
    """`tl.pointer_type(tl.float32)` (annotations only)."""

    def __init__(self, element_ty, address_space=1, const=False):
        self.element_ty = element_ty
        self.address_space = address_space
        self.const = const
        self.name = "pointer<%s>" % (element_ty.name,)

    def __str__(self):
        return "*" + str(self.element_ty)

    def __repr__(self):
        return "tl.pointer_type(%r)" % (self.element_ty,)

    def __eq__(self, other):
        return isinstance(other, pointer_type) and other.element_ty == self.element_ty

    def __hash__(self):
        return hash(("ptr", self.element_ty))

    def is_ptr(self):
        return True

    @property
    def scalar(self):
        return self


def const(*args, **kwargs):
    raise RuntimeError("tl.const can only be used inside a @tilec.jit kernel")


pi32_t = pointer_type(globals()["int32"])


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
