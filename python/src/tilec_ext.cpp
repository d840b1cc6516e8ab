//===- tilec_ext.cpp - nanobind extension `tilec._tilec` over the C++ JIT API ===//
//
// Compiler (compile / compile_image / load / device_info / stats), Kernel
// (launch), and `prepare`, which turns a tuple of Python launch arguments
// into runtime arguments plus the specialization key in one pass (numpy and
// other buffer-protocol arrays, objects with data_ptr()+dtype, __dlpack__
// capsules, ints, floats, bools).
//
//===----------------------------------------------------------------------===//
#include "tilec/JIT/JIT.h"

#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace nb = nanobind;
using namespace nb::literals;
using tilec::jit::Compiler;
using tilec::jit::Kernel;
using tilec::jit::KernelSpec;
using tilec::jit::Status;

namespace {

/// Launch arguments converted by `prepare`.
struct Packed {
  std::vector<tilec_arg> args;
  /// Indices of the arguments that are read-only buffers (`bytes`, a numpy
  /// array with writeable=False): refused where the kernel stores.
  std::vector<size_t> readOnly;
  /// Their Python type names, for the error.
  std::vector<std::string> readOnlyTypes;
};

/// Raises RuntimeError for a non-compile error.
[[noreturn]] void raiseStatus(const Status &s) {
  throw std::runtime_error(std::string(s.codeName()) + ": " + s.message());
}

struct PyCompiler {
  std::unique_ptr<Compiler> compiler;
};

struct PyKernel {
  Kernel kernel;
};

KernelSpec makeSpec(const std::string &source, const std::string &path, const std::string &name,
                    std::vector<std::string> signature,
                    std::vector<std::pair<std::string, std::string>> constexprs, unsigned numWarps,
                    unsigned numStages, const std::string &target, const std::string &arch,
                    const std::string &defaultDotInputPrecision, bool fpFusion) {
  KernelSpec spec;
  spec.source = source;
  spec.sourcePath = path;
  spec.kernelName = name;
  spec.signature = std::move(signature);
  spec.constexprs = std::move(constexprs);
  spec.numWarps = numWarps;
  spec.numStages = numStages;
  spec.defaultDotInputPrecision = defaultDotInputPrecision;
  spec.fpFusion = fpFusion;
  spec.target.target = target;
  spec.target.arch = arch;
  return spec;
}

//===----------------------------------------------------------------------===//
// Argument conversion
//===----------------------------------------------------------------------===//

/// Minimal DLPack ABI (dlpack.h v0.8 / v1 unversioned capsule "dltensor").
struct DLDevice {
  int32_t device_type;
  int32_t device_id;
};
struct DLDataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides;
  uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(DLManagedTensor *);
};

/// Pointer type from a signedness/kind letter ('i' signed, 'u', 'f', 'b' bool, 'B' bf16) and size.
tilec_type pointerType(char kind, size_t bytes) {
  // Spelled as a Triton signature pointer ("*i32", "*fp16", "*bf16", "*i1")
  // and parsed by the runtime, which knows which sizes exist.
  std::string bits = std::to_string(bytes * 8);
  std::string name;
  switch (kind) {
  case 'b':
    name = bytes == 1 ? "*i1" : "";
    break;
  case 'i':
  case 'u':
    name = std::string("*") + kind + bits;
    break;
  case 'f':
    name = "*fp" + bits;
    break;
  case 'B':
    name = "*bf" + bits;
    break;
  }
  return name.empty() ? TILEC_TYPE_INVALID : tilec_type_parse(name.c_str());
}

/// Buffer-protocol format character to a kind letter.
char formatKind(const char *format) {
  while (*format == '@' || *format == '=' || *format == '<' || *format == '>' || *format == '!')
    ++format;
  if (!format[0] || format[1])
    return 0;
  switch (format[0]) {
  case '?':
    return 'b';
  case 'b':
  case 'h':
  case 'i':
  case 'l':
  case 'q':
  case 'n':
    return 'i';
  case 'B':
  case 'H':
  case 'I':
  case 'L':
  case 'Q':
  case 'N':
    return 'u';
  case 'e':
  case 'f':
  case 'd':
    return 'f';
  }
  return 0;
}

/// A dtype name ("torch.float32", "float16", "bfloat16", "int64", "bool") to a pointer type.
tilec_type dtypeNameType(std::string name) {
  size_t dot = name.rfind('.');
  if (dot != std::string::npos)
    name = name.substr(dot + 1);
  static const struct {
    const char *name;
    tilec_type type;
  } table[] = {{"float32", TILEC_TYPE_PTR_FP32},  {"float", TILEC_TYPE_PTR_FP32},
               {"fp32", TILEC_TYPE_PTR_FP32},     {"float16", TILEC_TYPE_PTR_FP16},
               {"half", TILEC_TYPE_PTR_FP16},     {"fp16", TILEC_TYPE_PTR_FP16},
               {"bfloat16", TILEC_TYPE_PTR_BF16}, {"bf16", TILEC_TYPE_PTR_BF16},
               {"float64", TILEC_TYPE_PTR_FP64},  {"double", TILEC_TYPE_PTR_FP64},
               {"fp64", TILEC_TYPE_PTR_FP64},     {"int8", TILEC_TYPE_PTR_I8},
               {"int16", TILEC_TYPE_PTR_I16},     {"int32", TILEC_TYPE_PTR_I32},
               {"int", TILEC_TYPE_PTR_I32},       {"int64", TILEC_TYPE_PTR_I64},
               {"long", TILEC_TYPE_PTR_I64},      {"uint8", TILEC_TYPE_PTR_U8},
               {"uint16", TILEC_TYPE_PTR_U16},    {"uint32", TILEC_TYPE_PTR_U32},
               {"uint64", TILEC_TYPE_PTR_U64},    {"bool", TILEC_TYPE_PTR_I1},
               {"i8", TILEC_TYPE_PTR_I8},         {"i16", TILEC_TYPE_PTR_I16},
               {"i32", TILEC_TYPE_PTR_I32},       {"i64", TILEC_TYPE_PTR_I64},
               {"u8", TILEC_TYPE_PTR_U8},         {"i1", TILEC_TYPE_PTR_I1},
               {"u16", TILEC_TYPE_PTR_U16},       {"u32", TILEC_TYPE_PTR_U32},
               {"u64", TILEC_TYPE_PTR_U64},       {"int1", TILEC_TYPE_PTR_I1},
               {"bool_", TILEC_TYPE_PTR_I1},      {"short", TILEC_TYPE_PTR_I16}};
  for (const auto &entry : table)
    if (name == entry.name)
      return entry.type;
  return TILEC_TYPE_INVALID;
}

[[noreturn]] void argError(PyObject *names, size_t i, const std::string &what) {
  std::string name = "#" + std::to_string(i);
  if (names && PyTuple_Check(names) && size_t(PyTuple_GET_SIZE(names)) > i)
    name = nb::cast<std::string>(nb::handle(PyTuple_GET_ITEM(names, i)));
  throw nb::type_error(("argument '" + name + "': " + what).c_str());
}

/// As Triton: an int outside [-2**63, 2**64) is an OverflowError naming the
/// argument.
[[noreturn]] void argOverflow(PyObject *names, size_t i) {
  std::string name = "#" + std::to_string(i);
  if (names && PyTuple_Check(names) && size_t(PyTuple_GET_SIZE(names)) > i)
    name = nb::cast<std::string>(nb::handle(PyTuple_GET_ITEM(names, i)));
  PyErr_SetString(
      PyExc_OverflowError,
      ("argument '" + name + "': integer does not fit in 64 bits").c_str());
  throw nb::python_error();
}

std::string typeName(PyObject *obj) { return Py_TYPE(obj)->tp_name; }

/// str(obj) as UTF-8 ("" if str() fails).
std::string strOf(nb::handle obj) {
  PyObject *s = PyObject_Str(obj.ptr());
  if (!s) {
    PyErr_Clear();
    return "";
  }
  Py_ssize_t size = 0;
  const char *data = PyUnicode_AsUTF8AndSize(s, &size);
  std::string result = data ? std::string(data, size_t(size)) : std::string();
  if (!data)
    PyErr_Clear();
  Py_DECREF(s);
  return result;
}

/// Whether a buffer format's byte order is the host's ('@', '=', none, or the
/// explicit one that matches).
bool nativeByteOrder(const std::string &format) {
  if (format.empty())
    return true;
  char c = format[0];
  bool little = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__;
  if (c == '<')
    return little;
  if (c == '>' || c == '!')
    return !little;
  return true;
}

/// Whether `obj` is a numpy scalar or 0-d array (a value, never an address).
bool isNumpyScalar(PyObject *obj) {
  const char *name = Py_TYPE(obj)->tp_name;
  if (std::strncmp(name, "numpy.", 6) != 0)
    return false;
  PyObject *ndim = PyObject_GetAttrString(obj, "ndim");
  if (!ndim) {
    PyErr_Clear();
    return false;
  }
  bool scalar = PyLong_Check(ndim) && PyLong_AsLong(ndim) == 0;
  Py_DECREF(ndim);
  return scalar;
}

/// Converts one pointer-like argument; returns false if `obj` is not one.
/// Where the device reads memory: 0 host (cpu driver), 1 CUDA, 2 HIP.
enum DeviceKind { HostMemory = 0, CudaMemory = 1, HipMemory = 2 };

/// The signature name of an fp8 dtype tilec compiles ("fp8e5", "fp8e4nv",
/// "fp8e4b15", "fp8e4b8", "fp8e5b16"), from torch's (`torch.float8_e5m2`,
/// `torch.float8_e4m3fn`, `torch.float8_e4m3fnuz`, `torch.float8_e5m2fnuz`)
/// or Triton's (`fp8e5`, `float8e4b15`, from triton.reinterpret) spelling;
/// null otherwise.
const char *fp8SignatureName(std::string name) {
  size_t dot = name.rfind('.');
  if (dot != std::string::npos)
    name = name.substr(dot + 1);
  if (name == "float8_e5m2" || name == "fp8e5" || name == "float8e5")
    return "fp8e5";
  if (name == "float8_e4m3fn" || name == "fp8e4nv" || name == "float8e4nv")
    return "fp8e4nv";
  if (name == "fp8e4b15" || name == "float8e4b15")
    return "fp8e4b15";
  if (name == "float8_e4m3fnuz" || name == "fp8e4b8" || name == "float8e4b8")
    return "fp8e4b8";
  if (name == "float8_e5m2fnuz" || name == "fp8e5b16" || name == "float8e5b16")
    return "fp8e5b16";
  return nullptr;
}

/// Converts one pointer-like argument; sets `fp8` to the signature name of an
/// fp8 tensor's element type (the argument is then a byte pointer).
bool convertPointer(PyObject *obj, PyObject *names, size_t i, tilec_arg &arg,
                    int device, bool &readOnly, const char *&fp8) {
  // 1. Buffer protocol (numpy arrays, memoryview, array.array): host memory.
  if (PyObject_CheckBuffer(obj)) {
    if (device != HostMemory)
      argError(names, i,
               "a host array (" + typeName(obj) +
                   ") cannot be passed to a GPU device; pass device memory (an object with "
                   "data_ptr() or __dlpack__ on the device) or set TILEC_DEVICE=cpu");
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO) != 0) {
      PyErr_Clear();
      argError(names, i, "cannot access the buffer of a " + typeName(obj));
    }
    std::string format = view.format ? view.format : "B";
    char kind = formatKind(format.c_str());
    arg.type = pointerType(kind, size_t(view.itemsize));
    arg.ptr = view.buf;
    readOnly = view.readonly;
    bool contiguous = PyBuffer_IsContiguous(&view, 'C');
    PyBuffer_Release(&view);
    if (arg.type == TILEC_TYPE_INVALID)
      argError(names, i, "unsupported array dtype (buffer format '" + format + "')");
    // A kernel indexes a buffer as contiguous elements from its first one: a
    // strided, reversed or Fortran-order view would read and write other
    // elements than the view's (a tensor with data_ptr() instead follows
    // Triton's contract: the kernel receives the strides as arguments).
    if (!contiguous)
      argError(names, i,
               "a non-contiguous " + typeName(obj) +
                   " (strided, negative-stride or Fortran-order view) cannot be passed: the "
                   "kernel would index other elements than the view's; pass a C-contiguous "
                   "copy (numpy.ascontiguousarray)");
    if (!nativeByteOrder(format))
      argError(names, i,
               "array of non-native byte order (buffer format '" + format +
                   "') cannot be passed; convert it with .astype(dtype.newbyteorder('='))");
    return true;
  }
  nb::handle h(obj);
  // 2. torch-like: data_ptr() + dtype (+ device): as Triton, the kernel gets
  // the address of the first element and indexes with the strides it is
  // passed, so views of any layout are honoured.
  if (nb::hasattr(h, "data_ptr")) {
    std::string dtype = nb::hasattr(h, "dtype") ? strOf(h.attr("dtype")) : std::string("?");
    if (nb::hasattr(h, "device")) {
      nb::object dev = h.attr("device");
      std::string type = nb::hasattr(dev, "type") ? strOf(dev.attr("type")) : strOf(dev);
      type = type.substr(0, type.find(':'));
      bool reachable = device == HostMemory ? (type == "cpu")
                                            : (type == "cuda" || type == "hip");
      if (!reachable)
        argError(names, i,
                 "a tensor on device '" + type + "' is not accessible from the opened device (" +
                     (device == HostMemory ? "host memory: the CPU" : "a GPU") +
                     "); move it with .to(...) or set TILEC_DEVICE");
    }
    arg.type = dtypeNameType(dtype);
    // fp8 elements are bytes to the runtime (the compiler maps *fp8e5 to *u8).
    if ((fp8 = fp8SignatureName(dtype)))
      arg.type = TILEC_TYPE_PTR_U8;
    if (arg.type == TILEC_TYPE_INVALID)
      argError(names, i,
               "unsupported tensor dtype '" + dtype +
                   "' (of torch's fp8 types tilec has float8_e5m2, float8_e4m3fn, "
                   "float8_e4m3fnuz and float8_e5m2fnuz; pass others as a uint8 view and "
                   "convert in the kernel)");
    nb::object ptr = h.attr("data_ptr")();
    if (!PyLong_Check(ptr.ptr()))
      argError(names, i, "data_ptr() returned a " + typeName(ptr.ptr()) + ", not an int");
    arg.ptr = reinterpret_cast<void *>(uintptr_t(PyLong_AsUnsignedLongLongMask(ptr.ptr())));
    return true;
  }
  // 3. DLPack.
  if (nb::hasattr(h, "__dlpack__")) {
    nb::object capsule = h.attr("__dlpack__")();
    auto *managed = static_cast<DLManagedTensor *>(PyCapsule_GetPointer(capsule.ptr(), "dltensor"));
    if (!managed) {
      PyErr_Clear();
      argError(names, i, "__dlpack__ did not return a 'dltensor' capsule");
    }
    const DLTensor &t = managed->dl_tensor;
    // kDLCPU 1, kDLCUDA 2, kDLCUDAHost 3, kDLROCM 10, kDLROCMHost 11, kDLCUDAManaged 13.
    int dt = t.device.device_type;
    bool reachable = device == HostMemory   ? (dt == 1 || dt == 3 || dt == 11 || dt == 13)
                     : device == CudaMemory ? (dt == 2 || dt == 3 || dt == 13)
                                            : (dt == 10 || dt == 11);
    if (!reachable)
      argError(names, i,
               "DLPack tensor on device type " + std::to_string(dt) +
                   " is not accessible from the opened device");
    char kind = 0;
    switch (t.dtype.code) {
    case 0:
      kind = 'i';
      break;
    case 1:
      kind = 'u';
      break;
    case 2:
      kind = 'f';
      break;
    case 4:
      kind = 'B';
      break;
    case 6:
      kind = 'b';
      break;
    }
    if (t.dtype.code == 1 && t.dtype.bits == 1)
      kind = 'b';
    arg.type = t.dtype.lanes == 1 ? pointerType(kind, (t.dtype.bits + 7) / 8) : TILEC_TYPE_INVALID;
    arg.ptr = static_cast<char *>(t.data) + t.byte_offset;
    // As for buffers: only a C-contiguous tensor is indexed as the view.
    if (t.strides) {
      int64_t expected = 1;
      for (int32_t d = t.ndim - 1; d >= 0; --d) {
        if (t.shape[d] != 1 && t.strides[d] != expected)
          argError(names, i,
                   "a non-contiguous DLPack tensor cannot be passed: the kernel would index "
                   "other elements than the view's; pass a contiguous copy");
        expected *= t.shape[d];
      }
    }
    if (arg.type == TILEC_TYPE_INVALID)
      argError(names, i,
               "unsupported DLPack dtype (code " + std::to_string(t.dtype.code) + ", bits " +
                   std::to_string(t.dtype.bits) + ")");
    return true; // The capsule (unconsumed) frees the managed tensor.
  }
  return false;
}

/// Whether `obj` is a host tensor descriptor (`triton.tools.tensor_descriptor.TensorDescriptor`
/// or an object of that name with its fields).
bool isTensorDescriptor(PyObject *obj) {
  nb::handle h(obj);
  std::string name = typeName(obj);
  return name == "TensorDescriptor" && nb::hasattr(h, "base") && nb::hasattr(h, "shape") &&
         nb::hasattr(h, "strides") && nb::hasattr(h, "block_shape");
}

/// The ints of a descriptor's list field (`shape`, `strides`, `block_shape`).
std::vector<int64_t> descriptorInts(nb::handle desc, const char *field, PyObject *names, size_t i) {
  std::vector<int64_t> values;
  nb::object list = desc.attr(field);
  PyObject *seq = PySequence_Fast(list.ptr(), "");
  if (!seq) {
    PyErr_Clear();
    argError(names, i, std::string("tensor descriptor ") + field + " must be a list of ints");
  }
  for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(seq); ++k) {
    PyObject *item = PySequence_Fast_GET_ITEM(seq, k);
    int overflow = 0;
    long long v = PyLong_Check(item) && !PyBool_Check(item)
                      ? PyLong_AsLongLongAndOverflow(item, &overflow)
                      : 0;
    if (!PyLong_Check(item) || PyBool_Check(item) || overflow) {
      Py_DECREF(seq);
      argError(names, i,
               std::string("tensor descriptor ") + field + " must be a list of 64-bit ints, got " +
                   strOf(list));
    }
    values.push_back(v);
  }
  Py_DECREF(seq);
  return values;
}

/// Appends a host tensor descriptor argument to `packed` as the kernel's
/// parameters for it (frontend::expandSignatureEntry: base pointer, sizes,
/// strides) and its signature entry to `key`: `tensordesc<fp32[16,32]>`, with
/// ",nan" for NaN padding. Checks what Triton's TensorDescriptor asserts and
/// what the kernel relies on (a 16-byte aligned base, a last stride of 1).
void convertTensorDescriptor(PyObject *obj, PyObject *names, size_t i, int device, Packed &packed,
                             std::string &key) {
  nb::handle desc(obj);
  std::vector<int64_t> shape = descriptorInts(desc, "shape", names, i);
  std::vector<int64_t> strides = descriptorInts(desc, "strides", names, i);
  std::vector<int64_t> block = descriptorInts(desc, "block_shape", names, i);
  size_t rank = shape.size();
  if (rank < 1 || rank > 5 || strides.size() != rank || block.size() != rank)
    argError(names, i,
             "tensor descriptor shape, strides and block_shape need the same length, 1 to 5; got " +
                 std::to_string(rank) + ", " + std::to_string(strides.size()) + " and " +
                 std::to_string(block.size()));
  if (strides.back() != 1)
    argError(names, i,
             "tensor descriptor: the last dimension must be contiguous (stride 1), got stride " +
                 std::to_string(strides.back()));
  std::string padding = nb::hasattr(desc, "padding") ? strOf(desc.attr("padding")) : "zero";
  if (padding != "zero" && padding != "nan")
    argError(names, i, "tensor descriptor padding must be 'zero' or 'nan', got '" + padding + "'");
  if (nb::hasattr(desc, "round_f32_to_tf32") &&
      PyObject_IsTrue(desc.attr("round_f32_to_tf32").ptr()) == 1)
    argError(names, i, "tensor descriptor round_f32_to_tf32=True is not supported by tilec");
  tilec_arg base{};
  bool readOnly = false;
  const char *fp8 = nullptr;
  nb::object baseObj = desc.attr("base");
  if (!convertPointer(baseObj.ptr(), names, i, base, device, readOnly, fp8))
    argError(names, i,
             "tensor descriptor base must be a tensor or array, got '" + typeName(baseObj.ptr()) +
                 "'");
  if (reinterpret_cast<uintptr_t>(base.ptr) % 16 != 0)
    argError(names, i, "tensor descriptor base must be 16-byte aligned");
  if (readOnly) {
    packed.readOnly.push_back(packed.args.size());
    packed.readOnlyTypes.push_back(typeName(baseObj.ptr()));
  }
  packed.args.push_back(base);
  for (const std::vector<int64_t> *list : {&shape, &strides})
    for (int64_t v : *list) {
      tilec_arg &a = packed.args.emplace_back();
      a.type = TILEC_TYPE_I64;
      a.i = v;
    }
  key += "tensordesc<";
  key += fp8 ? std::string(fp8) : std::string(tilec_type_name(base.type)).substr(1);
  key += '[';
  for (size_t d = 0; d < rank; ++d)
    key += (d ? "," : "") + std::to_string(block[d]);
  key += padding == "nan" ? "],nan>" : "]>";
}

/// prepare(args, names, nospec_mask) -> (key, Packed). The key has one
/// signature entry per argument: its type, plus for ints/pointers (unless the
/// argument's bit is set in nospec_mask) Triton's specialization, spelled as
/// in Triton's AOT signatures: ":1" (value 1) or ":16" (divisible by 16).
std::pair<std::string, Packed> prepare(nb::handle argsObj, nb::handle namesObj, uint64_t nospec,
                                       int device) {
  if (!PyTuple_Check(argsObj.ptr()))
    throw nb::type_error("prepare: args must be a tuple");
  PyObject *args = argsObj.ptr(), *names = namesObj.ptr();
  size_t n = size_t(PyTuple_GET_SIZE(args));
  std::pair<std::string, Packed> result;
  std::string &key = result.first;
  key.reserve(n * 8);
  Packed &packed = result.second;
  packed.args.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    PyObject *obj = PyTuple_GET_ITEM(args, i);
    // A numpy scalar or 0-d array is its value (`.item()`: a Python int,
    // float or bool), never the address of its buffer.
    nb::object item;
    if (isNumpyScalar(obj)) {
      item = nb::steal(PyObject_CallMethod(obj, "item", nullptr));
      if (!item.is_valid()) {
        PyErr_Clear();
        argError(names, i, "cannot convert the numpy scalar to a Python value");
      }
      obj = item.ptr();
    }
    bool specialize = i >= 64 || !((nospec >> i) & 1);
    if (i)
      key += ',';
    if (isTensorDescriptor(obj)) {
      convertTensorDescriptor(obj, names, i, device, packed, key);
      continue;
    }
    tilec_arg &arg = packed.args.emplace_back();
    bool readOnly = false;
    const char *fp8 = nullptr;
    if (PyBool_Check(obj)) {
      arg.type = TILEC_TYPE_I1;
      arg.i = obj == Py_True;
      key += "i1";
    } else if (PyLong_Check(obj)) {
      int overflow = 0;
      long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
      if (overflow > 0) {
        unsigned long long u = PyLong_AsUnsignedLongLong(obj);
        if (PyErr_Occurred()) {
          PyErr_Clear();
          argOverflow(names, i);
        }
        arg.type = TILEC_TYPE_U64;
        arg.i = int64_t(u);
        key += "u64";
        if (specialize)
          key += tilec_arg_specialization(&arg);
        continue;
      }
      if (overflow < 0)
        argOverflow(names, i);
      arg.type = (v >= INT32_MIN && v <= INT32_MAX) ? TILEC_TYPE_I32 : TILEC_TYPE_I64;
      arg.i = v;
      key += arg.type == TILEC_TYPE_I32 ? "i32" : "i64";
      if (specialize)
        key += tilec_arg_specialization(&arg);
    } else if (PyFloat_Check(obj)) {
      arg.type = TILEC_TYPE_FP32;
      arg.f = PyFloat_AS_DOUBLE(obj);
      key += "fp32";
    } else if (convertPointer(obj, names, i, arg, device, readOnly, fp8)) {
      if (readOnly) {
        packed.readOnly.push_back(packed.args.size() - 1);
        packed.readOnlyTypes.push_back(typeName(obj));
      }
      key += fp8 ? std::string("*") + fp8 : std::string(tilec_type_name(arg.type));
      if (specialize)
        key += tilec_arg_specialization(&arg);
    } else {
      argError(names, i,
               "unsupported argument of type '" + typeName(obj) +
                   "' (expected an array/tensor, int, float or bool)");
    }
  }
  return result;
}

/// Parses a grid: an int or a tuple/list of 1-3 non-negative ints.
void parseGrid(nb::handle grid, uint32_t out[3]) {
  out[0] = out[1] = out[2] = 1;
  auto dim = [](PyObject *o, int d) -> uint32_t {
    if (!PyLong_Check(o) || PyBool_Check(o))
      throw nb::value_error(("grid[" + std::to_string(d) + "] must be an int, got " +
                             std::string(Py_TYPE(o)->tp_name))
                                .c_str());
    long long v = PyLong_AsLongLong(o);
    if (v < 0 || v > UINT32_MAX) {
      PyErr_Clear();
      throw nb::value_error(
          ("grid[" + std::to_string(d) + "] out of range: " + std::to_string(v)).c_str());
    }
    return uint32_t(v);
  };
  PyObject *g = grid.ptr();
  if (PyLong_Check(g)) {
    out[0] = dim(g, 0);
    return;
  }
  if (PyTuple_Check(g) || PyList_Check(g)) {
    Py_ssize_t n = PySequence_Fast_GET_SIZE(g);
    if (n < 1 || n > 3)
      throw nb::value_error(("grid must have 1 to 3 dimensions, got " + std::to_string(n)).c_str());
    PyObject **items = PySequence_Fast_ITEMS(g);
    for (Py_ssize_t d = 0; d < n; ++d)
      out[d] = dim(items[d], int(d));
    return;
  }
  throw nb::value_error(("grid must be a tuple of 1 to 3 ints (or a callable returning one), got " +
                         std::string(Py_TYPE(g)->tp_name))
                            .c_str());
}

nb::dict infoDict(const tilec_device_info &info) {
  nb::dict d;
  d["driver"] = std::string(info.driver);
  d["ordinal"] = info.ordinal;
  d["name"] = std::string(info.name);
  d["arch"] = std::string(info.arch);
  d["features"] = std::string(info.features);
  d["compute_units"] = info.compute_units;
  d["memory_bytes"] = info.memory_bytes;
  return d;
}

} // namespace

NB_MODULE(_tilec, m) {
  m.doc() = "tilec's native extension: the C++ JIT API (use the `tilec` package)";
  m.attr("version") = Compiler::version();
  // Kernels cached by module-level @jit functions are alive at interpreter exit (torch and
  // pytest keep modules referenced): not leaks worth a report on every run.
  nb::set_leak_warnings(false);

  nb::class_<Packed>(m, "Packed");

  nb::class_<PyKernel>(m, "Kernel")
      .def_prop_ro("name", [](const PyKernel &k) { return k.kernel.name(); })
      .def_prop_ro("cache_key", [](const PyKernel &k) { return k.kernel.cacheKey(); })
      .def_prop_ro("param_names", [](const PyKernel &k) { return k.kernel.paramNames(); })
      .def_prop_ro("param_types",
                   [](const PyKernel &k) {
                     std::vector<std::string> types;
                     for (tilec_type t : k.kernel.paramTypes())
                       types.push_back(tilec_type_name(t));
                     return types;
                   })
      .def(
          "launch",
          [](const PyKernel &k, nb::handle grid, const Packed &packed) {
            uint32_t g[3];
            parseGrid(grid, g);
            // A read-only buffer where the kernel stores is refused, not
            // written.
            for (size_t j = 0; j < packed.readOnly.size(); ++j) {
              size_t i = packed.readOnly[j];
              if (!tilec_kernel_param_stored(k.kernel.handle(), i))
                continue;
              std::string name = i < k.kernel.paramNames().size()
                                     ? k.kernel.paramNames()[i]
                                     : "";
              throw nb::type_error(
                  ("argument '" +
                   (name.empty() ? "#" + std::to_string(i) : name) +
                   "': a read-only " + packed.readOnlyTypes[j] +
                   " is passed where kernel '" + k.kernel.name() +
                   "' stores; pass a writable array (a numpy array with "
                   "flags.writeable, or "
                   "a copy)")
                      .c_str());
            }
            Status s;
            {
              nb::gil_scoped_release release;
              s = k.kernel.launch(g, packed.args.data(), packed.args.size());
            }
            if (s) {
              if (s.code() == Status::Code::InvalidArgument)
                throw nb::type_error(s.message().c_str());
              raiseStatus(s);
            }
          },
          "grid"_a, "packed"_a, "Launches over `grid` with arguments from prepare().");

  m.def("prepare", &prepare, "args"_a, "names"_a, "nospec"_a = 0, "device"_a = 0,
        "Converts launch arguments: returns (specialization key, packed arguments).");

  nb::class_<PyCompiler>(m, "Compiler")
      .def(
          "__init__",
          [](PyCompiler *self, const std::string &device, const std::string &cacheDir,
             bool diskCache, uint64_t cacheMaxBytes, bool noDevice) {
            tilec::jit::CompilerOptions options;
            options.device = device;
            options.cacheDir = cacheDir;
            options.diskCache = diskCache;
            options.cacheMaxBytes = cacheMaxBytes;
            options.noDevice = noDevice;
            auto compiler = Compiler::create(options);
            if (!compiler.ok())
              raiseStatus(compiler.status());
            new (self) PyCompiler{compiler.take()};
          },
          "device"_a = "", "cache_dir"_a = "", "disk_cache"_a = true, "cache_max_bytes"_a = 0,
          "no_device"_a = false)
      .def(
          "compile",
          [](PyCompiler &self, const std::string &source, const std::string &path,
             const std::string &name, std::vector<std::string> signature,
             std::vector<std::pair<std::string, std::string>> constexprs, unsigned numWarps,
             unsigned numStages, const std::string &defaultDotInputPrecision, bool fpFusion) {
            KernelSpec spec =
                makeSpec(source, path, name, std::move(signature), std::move(constexprs), numWarps,
                         numStages, "", "", defaultDotInputPrecision, fpFusion);
            tilec::jit::Expected<Kernel> kernel = [&] {
              nb::gil_scoped_release release;
              return self.compiler->compile(spec);
            }();
            if (!kernel.ok())
              return nb::make_tuple(nb::none(), kernel.status().codeName(),
                                    kernel.status().message());
            return nb::make_tuple(nb::cast(PyKernel{kernel.take()}), "Ok", "");
          },
          "source"_a, "path"_a, "name"_a, "signature"_a, "constexprs"_a, "num_warps"_a = 4,
          "num_stages"_a = 3, "default_dot_input_precision"_a = "", "enable_fp_fusion"_a = true,
          "Returns (Kernel or None, status code name, diagnostics).")
      .def(
          "compile_image",
          [](PyCompiler &self, const std::string &source, const std::string &path,
             const std::string &name, std::vector<std::string> signature,
             std::vector<std::pair<std::string, std::string>> constexprs, unsigned numWarps,
             unsigned numStages, const std::string &target, const std::string &arch,
             const std::string &defaultDotInputPrecision, bool wgmmaTransposedB, bool fpFusion) {
            KernelSpec spec =
                makeSpec(source, path, name, std::move(signature), std::move(constexprs), numWarps,
                         numStages, target, arch, defaultDotInputPrecision, fpFusion);
            spec.wgmmaTransposedB = wgmmaTransposedB;
            tilec::jit::Expected<std::string> image = [&] {
              nb::gil_scoped_release release;
              return self.compiler->compileImage(spec);
            }();
            if (!image.ok())
              return nb::make_tuple(nb::none(), image.status().codeName(),
                                    image.status().message());
            return nb::make_tuple(nb::bytes(image->data(), image->size()), "Ok", "");
          },
          "source"_a, "path"_a, "name"_a, "signature"_a, "constexprs"_a, "num_warps"_a = 4,
          "num_stages"_a = 3, "target"_a = "", "arch"_a = "", "default_dot_input_precision"_a = "",
          "wgmma_transposed_b"_a = false, "enable_fp_fusion"_a = true,
          "Returns (module image bytes or None, status code name, diagnostics).")
      .def(
          "load",
          [](PyCompiler &self, nb::bytes image, const std::string &name) {
            auto kernel = self.compiler->load(std::string(image.c_str(), image.size()), name);
            if (!kernel.ok())
              raiseStatus(kernel.status());
            return PyKernel{kernel.take()};
          },
          "image"_a, "name"_a, "Loads a module image and returns its kernel `name`.")
      .def(
          "memory_kind",
          [](const PyCompiler &self) {
            if (!self.compiler->device())
              return 0;
            std::string driver = self.compiler->deviceInfo().driver;
            return driver == "cuda" ? 1 : driver == "hip" ? 2 : 0;
          },
          "0: host memory (cpu), 1: CUDA, 2: HIP; the `device` argument of prepare().")
      .def("device_info",
           [](const PyCompiler &self) {
             if (!self.compiler->device())
               return nb::dict();
             return infoDict(self.compiler->deviceInfo());
           })
      .def("synchronize",
           [](const PyCompiler &self) {
             if (self.compiler->device())
               if (Status s =
                       Status::fromRuntime(tilec_device_synchronize(self.compiler->device())))
                 raiseStatus(s);
           })
      .def("stats",
           [](const PyCompiler &self) {
             tilec::jit::CompilerStats s = self.compiler->stats();
             nb::dict d;
             d["memory_hits"] = s.memoryHits;
             d["disk_hits"] = s.diskHits;
             d["compiles"] = s.compiles;
             d["corrupt_entries"] = s.corruptEntries;
             d["evictions"] = s.evictions;
             return d;
           })
      .def("clear_memory_cache", [](PyCompiler &self) { self.compiler->clearMemoryCache(); })
      .def_prop_ro("cache_dir", [](const PyCompiler &self) { return self.compiler->cacheDir(); });
}
