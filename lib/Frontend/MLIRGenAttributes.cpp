//===- MLIRGenAttributes.cpp - PythonObjectEmitter: imports, isinstance ---===//
//
// Python features of Triton kernels that are about names and types rather
// than computation: module-level imports (`from triton.language.extra import
// libdevice`), `x.type`, `x.numel`, dtype predicates (`dt.is_int8()`),
// dtypes called as functions (`tl.float32(0.0)`), the classes `tl.tensor` /
// `tl.dtype`, and `isinstance`.
//
//===----------------------------------------------------------------------===//
#include "Binder.h"
#include "MLIRGen.h"

#include "llvm/ADT/StringSwitch.h"

using namespace tilec::frontend;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

/// A Builtin value standing for a Python object that is not a function of
/// `tl` (`s` is its tag, `elems` what it refers to).
static Val pythonObject(std::string tag, std::vector<Val> refs, SMLoc l) {
  Val v;
  v.kind = Val::Kind::Builtin;
  v.s = std::move(tag);
  v.elems = std::move(refs);
  v.loc = l;
  return v;
}

/// Triton's dtype predicates that MLIRGenExpr's `dtype:` methods do not
/// cover, for scalar dtypes and, through `.scalar`, block types. `isBlock`
/// answers `is_block()`.
static std::optional<bool> extraDTypePredicate(DType dt, StringRef name, bool isBlock) {
  return llvm::StringSwitch<std::optional<bool>>(name)
      .Case("is_block", isBlock)
      .Case("is_void", false)
      .Case("is_const", false)
      .Case("is_int1", dt.kind == DType::I1)
      .Case("is_int8", dt.kind == DType::I8)
      .Case("is_int16", dt.kind == DType::I16)
      .Case("is_int32", dt.kind == DType::I32)
      .Case("is_int64", dt.kind == DType::I64)
      .Case("is_uint8", dt.kind == DType::U8)
      .Case("is_uint16", dt.kind == DType::U16)
      .Case("is_uint32", dt.kind == DType::U32)
      .Case("is_uint64", dt.kind == DType::U64)
      .Case("is_standard_floating", dt.isFloat())
      .Case("is_fp8", dt.isFP8())
      .Case("is_fp8e4nv", dt.kind == DType::F8E4NV)
      .Case("is_fp8e4b8", dt.kind == DType::F8E4B8)
      .Case("is_fp8e4b15", dt.kind == DType::F8E4B15)
      .Case("is_fp8e5", dt.kind == DType::F8E5)
      .Case("is_fp8e5b16", dt.kind == DType::F8E5B16)
      .Default(std::nullopt);
}

std::optional<bool> tilec::frontend::basicDTypePredicate(DType dt, StringRef name) {
  return llvm::StringSwitch<std::optional<bool>>(name)
      .Case("is_floating", dt.isFloat())
      .Case("is_int", dt.isInt())
      .Case("is_int_signed", dt.isSigned())
      .Case("is_int_unsigned", dt.isUnsigned())
      .Case("is_bool", dt.isBool())
      .Case("is_ptr", dt.isPtr())
      .Case("is_fp16", dt.kind == DType::F16)
      .Case("is_bf16", dt.kind == DType::BF16)
      .Case("is_fp32", dt.kind == DType::F32)
      .Case("is_fp64", dt.kind == DType::F64)
      .Default(std::nullopt);
}

std::optional<Val> PythonObjectEmitter::resolveImport(const ModuleImport &imp, SMLoc l) {
  llvm::SmallVector<StringRef, 6> parts;
  StringRef(imp.target).split(parts, '.');
  StringRef root = parts.front();
  if (root != "triton" && root != "tilec")
    return std::nullopt;
  Val v;
  v.kind = Val::Kind::Module;
  v.s = root.str();
  v.loc = l;
  for (StringRef part : llvm::ArrayRef(parts).drop_front()) {
    v = g.exprs.attributeOf(v, part, l);
    if (!v)
      return v;
  }
  v.loc = l;
  return v;
}

std::optional<Val> PythonObjectEmitter::pythonAttribute(const Val &base, StringRef attr, SMLoc l) {
  switch (base.kind) {
  case Val::Kind::Module: {
    StringRef mod = base.s;
    if (mod == "tilec" && attr == "language") {
      Val m = base;
      m.s = "tl";
      m.loc = l;
      return m;
    }
    if (!mod.starts_with("tl"))
      return std::nullopt;
    // tl.core is tl itself (libdevice modules are resolved by attributeOf).
    if (mod == "tl" && attr == "core") {
      Val m = base;
      m.loc = l;
      return m;
    }
    if (attr == "tensor" || attr == "dtype" || attr == "tuple" || attr == "tensor_descriptor" ||
        attr == "block_type" || attr == "pointer_type")
      return pythonObject(("class:tl." + attr).str(), {}, l);
    if (attr == "inline_asm_elementwise")
      return g.error(l, "tl.inline_asm_elementwise is not supported: tilec "
                        "kernels cannot embed target assembly");
    return std::nullopt;
  }
  case Val::Kind::Tensor:
    if (attr == "type") {
      if (base.shape.empty())
        return Val::dtypeObj(base.dtype, l);
      return pythonObject("type:block", {base}, l);
    }
    if (attr == "numel") {
      int64_t n = 1;
      for (int64_t d : base.shape)
        n *= d;
      return Val::integer(n, l);
    }
    return std::nullopt;
  case Val::Kind::DTypeObj:
    if (attr == "scalar")
      return base;
    if (attr == "int_bitwidth") {
      if (!base.dtype.isInt())
        return g.error(l, "'int_bitwidth' requires an integer dtype, got " + base.dtype.str());
      return Val::integer(base.dtype.bitwidth(), l);
    }
    if (attr == "fp_mantissa_width") {
      if (!base.dtype.isFloat())
        return g.error(l, "'fp_mantissa_width' requires a floating-point "
                          "dtype, got " +
                              base.dtype.str());
      return Val::integer(base.dtype.mantissaWidth(), l);
    }
    if (extraDTypePredicate(base.dtype, attr, false))
      return pythonObject(("type:dtype." + attr).str(), {base}, l);
    return std::nullopt;
  case Val::Kind::Builtin: {
    if (base.s != "type:block")
      return std::nullopt;
    const Val &t = base.elems.front();
    if (attr == "scalar" || attr == "element_ty")
      return Val::dtypeObj(t.dtype, l);
    if (attr == "shape") {
      std::vector<Val> dims;
      for (int64_t d : t.shape)
        dims.push_back(Val::integer(d, l));
      return Val::tuple(std::move(dims), l);
    }
    if (attr == "numel")
      return pythonAttribute(t, "numel", l);
    if (attr == "name")
      return Val::str("<" + shapeStr(t.shape) + ", " + t.dtype.str() + ">", l);
    if (basicDTypePredicate(t.dtype, attr) || extraDTypePredicate(t.dtype, attr, true))
      return pythonObject(("type:block." + attr).str(), {t}, l);
    return g.error(l, "unsupported attribute '" + attr + "' of the block type " + t.typeStr());
  }
  default:
    return std::nullopt;
  }
}

/// Triton's Python name of a scalar dtype (`float32` for fp32).
static std::string tritonLongName(DType dt) {
  switch (dt.kind) {
  case DType::I1:
    return "int1";
  case DType::F16:
    return "float16";
  case DType::BF16:
    return "bfloat16";
  case DType::F32:
    return "float32";
  case DType::F64:
    return "float64";
  default: // int8 ... uint64 are spelled alike
    return dt.str();
  }
}

Val PythonObjectEmitter::callPythonObject(const Val &callee, std::vector<Val> args,
                                          std::vector<std::pair<std::string, Val>> kwargs,
                                          SMLoc l) {
  if (callee.kind == Val::Kind::DTypeObj) {
    // `tl.float32(x)`: a constant becomes a runtime scalar of the dtype, a
    // tensor is cast to it.
    std::string fname = "tl." + tritonLongName(callee.dtype);
    Binder a{g, fname, l, {}, {}};
    if (!a.bind({"value"}, args, kwargs))
      return Val();
    const Val &x = a[0];
    if (callee.dtype.isPtr())
      return g.error(l, "a pointer dtype cannot be called");
    if (x.isNumber())
      return g.constant(x, callee.dtype, {}, l);
    if (x.isTensor())
      return g.cast(x, callee.dtype, l);
    return g.error(x.loc, "'" + fname + "' expects a number or a tensor, got " + x.typeStr());
  }
  StringRef tag = callee.s;
  // `tl.pointer_type(tl.float16)`: the dtype of pointers to an element dtype.
  if (tag == "class:tl.pointer_type") {
    Binder a{g, "tl.pointer_type", l, {}, {}};
    if (!a.bind({"element_ty", "address_space?", "const?"}, args, kwargs))
      return Val();
    if (a[0].kind != Val::Kind::DTypeObj || a[0].dtype.isPtr())
      return g.error(a[0].loc.isValid() ? a[0].loc : l,
                     "tl.pointer_type expects a scalar dtype (e.g. tl.float16), got " +
                         a[0].typeStr());
    if (!a[1].isNone() && !(a[1].kind == Val::Kind::Int && a[1].i == 1))
      return g.error(a[1].loc, "tl.pointer_type: only address_space=1 (global memory) is "
                               "supported, got " +
                                   a[1].typeStr());
    return Val::dtypeObj(DType::pointerTo(a[0].dtype), l);
  }
  if (tag.consume_front("class:"))
    return g.error(l, "'" + tag + "' cannot be called in a kernel");
  bool isBlock = tag.consume_front("type:block.");
  if (!isBlock && !tag.consume_front("type:dtype."))
    return g.error(l, "'" + tag + "' object is not callable");
  if (!args.empty() || !kwargs.empty())
    return g.error(l, "'" + tag + "' takes no arguments");
  DType dt = callee.elems.front().dtype;
  std::optional<bool> r = extraDTypePredicate(dt, tag, isBlock);
  if (!r)
    r = basicDTypePredicate(dt, tag);
  if (!r)
    return g.error(l, "unsupported type method '" + tag + "'");
  return Val::boolean(*r, l);
}

Val PythonObjectEmitter::isInstance(const Val &obj, const Val &classInfo, SMLoc l) {
  if (classInfo.kind == Val::Kind::Tuple) {
    for (const Val &c : classInfo.elems) {
      Val r = isInstance(obj, c, l);
      if (!r || r.i)
        return r;
    }
    return Val::boolean(false, l);
  }
  if (classInfo.kind != Val::Kind::Builtin)
    return g.error(classInfo.loc, "isinstance() arg 2 must be a type, got " + classInfo.typeStr());
  // As in Triton, constexpr arguments are unwrapped before the call, so a
  // constexpr is never an instance of tl.constexpr but is one of int/float/...
  StringRef cls = classInfo.s;
  std::optional<bool> r =
      llvm::StringSwitch<std::optional<bool>>(cls)
          .Case("int", obj.kind == Val::Kind::Int || obj.kind == Val::Kind::Bool)
          .Case("float", obj.kind == Val::Kind::Float)
          .Case("bool", obj.kind == Val::Kind::Bool)
          .Case("str", obj.kind == Val::Kind::Str)
          .Case("tl.constexpr", false)
          .Case("class:tl.tensor", obj.isTensor())
          .Case("class:tl.dtype", obj.kind == Val::Kind::DTypeObj)
          .Case("class:tl.tuple", obj.kind == Val::Kind::Tuple)
          .Case("class:tl.tensor_descriptor", obj.kind == Val::Kind::TensorDesc)
          .Case("class:tl.block_type", false) // types are dtypes or tensors here
          .Case("class:tl.pointer_type", obj.kind == Val::Kind::DTypeObj && obj.dtype.isPtr())
          .Default(std::nullopt);
  if (!r)
    return g.error(classInfo.loc,
                   "isinstance() with class '" + cls + "' is not supported in tilec kernels");
  return Val::boolean(*r, l);
}
