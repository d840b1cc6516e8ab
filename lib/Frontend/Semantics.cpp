//===- Semantics.cpp - Triton dtypes and type promotion rules -------------===//
#include "MLIRGen.h"
#include "tilec/Dialect/Tile/TileTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>
#include <cstdlib>

using namespace tilec::frontend;
using llvm::StringRef;

unsigned DType::bitwidth() const {
  switch (kind) {
  case I1:
    return 1;
  case I8:
  case U8:
  case F8E5:
  case F8E4NV:
  case F8E4B15:
  case F8E4B8:
  case F8E5B16:
    return 8;
  case I16:
  case U16:
  case F16:
  case BF16:
    return 16;
  case I32:
  case U32:
  case F32:
    return 32;
  case I64:
  case U64:
  case F64:
  case Ptr:
    return 64;
  default:
    return 0;
  }
}

unsigned DType::mantissaWidth() const {
  switch (kind) {
  case F8E5:
  case F8E5B16:
    return 2;
  case F8E4NV:
  case F8E4B15:
  case F8E4B8:
    return 3;
  case F16:
    return 10;
  case BF16:
    return 7;
  case F32:
    return 23;
  case F64:
    return 52;
  default:
    return 0;
  }
}

static StringRef kindName(DType::Kind k) {
  switch (k) {
  case DType::I1:
    return "int1";
  case DType::I8:
    return "int8";
  case DType::I16:
    return "int16";
  case DType::I32:
    return "int32";
  case DType::I64:
    return "int64";
  case DType::U8:
    return "uint8";
  case DType::U16:
    return "uint16";
  case DType::U32:
    return "uint32";
  case DType::U64:
    return "uint64";
  case DType::F8E5:
    return "fp8e5";
  case DType::F8E4NV:
    return "fp8e4nv";
  case DType::F8E4B15:
    return "fp8e4b15";
  case DType::F8E4B8:
    return "fp8e4b8";
  case DType::F8E5B16:
    return "fp8e5b16";
  case DType::F16:
    return "fp16";
  case DType::BF16:
    return "bf16";
  case DType::F32:
    return "fp32";
  case DType::F64:
    return "fp64";
  default:
    return "<invalid>";
  }
}

std::string DType::str() const {
  if (kind == Ptr)
    return ((constPointer ? "const_pointer<" : "pointer<") + kindName(pointee) + ">").str();
  return kindName(kind).str();
}

mlir::Type DType::toMLIR(mlir::MLIRContext *ctx) const {
  switch (kind) {
  case F16:
    return mlir::Float16Type::get(ctx);
  case BF16:
    return mlir::BFloat16Type::get(ctx);
  case F32:
    return mlir::Float32Type::get(ctx);
  case F64:
    return mlir::Float64Type::get(ctx);
  case Ptr:
    return tilec::tile::PointerType::get(ctx, element().toMLIR(ctx));
  default:
    return mlir::IntegerType::get(ctx, bitwidth());
  }
}

DType DType::fromSignature(StringRef s) {
  s = s.trim();
  if (s.consume_front("*")) {
    // "*kfp32": a pointer to constant memory (Triton's `tl.const` parameters).
    bool isConst = s.consume_front("k");
    DType elt = fromSignature(s);
    if (!elt.isValid() || elt.isPtr())
      return DType();
    return pointerTo(elt, isConst);
  }
  Kind k = llvm::StringSwitch<Kind>(s)
               .Cases({"i1", "int1", "B"}, I1)
               .Cases({"i8", "int8"}, I8)
               .Cases({"i16", "int16"}, I16)
               .Cases({"i32", "int32"}, I32)
               .Cases({"i64", "int64"}, I64)
               .Cases({"u8", "uint8"}, U8)
               .Cases({"u16", "uint16"}, U16)
               .Cases({"u32", "uint32"}, U32)
               .Cases({"u64", "uint64"}, U64)
               .Cases({"fp8e5", "float8e5"}, F8E5)
               .Cases({"fp8e4nv", "float8e4nv"}, F8E4NV)
               .Cases({"fp8e4b15", "float8e4b15"}, F8E4B15)
               .Cases({"fp8e4b8", "float8e4b8"}, F8E4B8)
               .Cases({"fp8e5b16", "float8e5b16"}, F8E5B16)
               .Cases({"fp16", "f16", "float16"}, F16)
               .Cases({"bf16", "bfloat16"}, BF16)
               .Cases({"fp32", "f32", "float32"}, F32)
               .Cases({"fp64", "f64", "float64"}, F64)
               .Default(Invalid);
  return DType(k);
}

DType DType::fromTritonName(StringRef s) {
  Kind k = llvm::StringSwitch<Kind>(s)
               .Case("int1", I1)
               .Case("int8", I8)
               .Case("int16", I16)
               .Case("int32", I32)
               .Case("int64", I64)
               .Case("uint8", U8)
               .Case("uint16", U16)
               .Case("uint32", U32)
               .Case("uint64", U64)
               .Case("float8e5", F8E5)
               .Case("float8e4nv", F8E4NV)
               .Case("float8e4b15", F8E4B15)
               .Case("float8e4b8", F8E4B8)
               .Case("float8e5b16", F8E5B16)
               .Case("float16", F16)
               .Case("bfloat16", BF16)
               .Case("float32", F32)
               .Case("float64", F64)
               .Default(Invalid);
  return DType(k);
}

DType tilec::frontend::integerPromote(DType a, DType b) {
  unsigned ar = a.bitwidth(), br = b.bitwidth();
  bool au = a.isUnsigned(), bu = b.isUnsigned();
  if (au == bu)
    return ar > br ? a : b;
  if (au)
    return ar >= br ? a : b;
  return br >= ar ? b : a;
}

DType tilec::frontend::computationType(DType a, bool aIsScalar, DType b,
                                       bool bIsScalar, bool divOrMod,
                                       std::string &err) {
  // A Python scalar of a lower or equal kind does not take part in promotion.
  if (aIsScalar != bIsScalar) {
    DType scalar = aIsScalar ? a : b, tensor = aIsScalar ? b : a;
    if (scalar.kindRank() <= tensor.kindRank()) {
      if (divOrMod && (tensor.kind == DType::F16 || tensor.kind == DType::BF16))
        return DType(DType::F32);
      return tensor;
    }
  }
  if (a.kind == DType::F64 || b.kind == DType::F64)
    return DType(DType::F64);
  if (a.kind == DType::F32 || b.kind == DType::F32)
    return DType(DType::F32);
  if (a.kind == DType::F16 || b.kind == DType::F16)
    return DType(divOrMod ? DType::F32 : DType::F16);
  if (a.kind == DType::BF16 && b.kind == DType::BF16)
    return DType(divOrMod ? DType::F32 : DType::BF16);
  if (a.kind == DType::BF16 || b.kind == DType::BF16)
    return DType(DType::F32);
  if (a.isFP8() && b.isFP8())
    return a == b ? a : DType(DType::F16);
  if (!a.isInt() || !b.isInt()) {
    err = "invalid operands of type " + a.str() + " and " + b.str();
    return DType();
  }
  if (divOrMod && a.isUnsigned() != b.isUnsigned()) {
    // Triton's wording (its tests match it).
    err = "Cannot use /, //, or % with " + a.str() + " and " + b.str() +
          " because they have different signedness; this is unlikely to result "
          "in a useful answer. Cast them to the same signedness.";
    return DType();
  }
  return integerPromote(a, b);
}

DType tilec::frontend::dtypeOfInt(BigInt v) {
  if (v >= INT32_MIN && v <= INT32_MAX)
    return DType(DType::I32);
  if (v > INT32_MAX && v <= BigInt(UINT32_MAX))
    return DType(DType::U32);
  if (v >= INT64_MIN && v <= INT64_MAX)
    return DType(DType::I64);
  if (v > INT64_MAX && v <= BigInt(UINT64_MAX))
    return DType(DType::U64);
  return DType();
}

std::string tilec::frontend::bigIntStr(BigInt v) {
  bool neg = v < 0;
  // The magnitude as unsigned, so that -2**127 does not overflow.
  unsigned __int128 m = neg ? 0 - (unsigned __int128)v : (unsigned __int128)v;
  std::string digits;
  do {
    digits.insert(digits.begin(), char('0' + int(m % 10)));
    m /= 10;
  } while (m);
  return neg ? "-" + digits : digits;
}

std::string tilec::frontend::floatStr(double v) {
  // The shortest form that reads back as the same double, as Python's repr.
  std::string s;
  for (int digits = 1; digits <= 17; ++digits) {
    s = llvm::formatv("{0}", llvm::format("%.*g", digits, v)).str();
    if (std::strtod(s.c_str(), nullptr) == v)
      break;
  }
  if (s.find_first_of(".eEni") == std::string::npos)
    s += ".0";
  return s;
}

DType tilec::frontend::dtypeOfFloat(double v) {
  double a = std::fabs(v);
  const double minF32 = std::ldexp(1.0, -126);
  const double maxF32 = (2 - std::ldexp(1.0, -23)) * std::ldexp(1.0, 127);
  if (std::isinf(a) || a == 0.0 || std::isnan(v) ||
      (a >= minF32 && a <= maxF32))
    return DType(DType::F32);
  return DType(DType::F64);
}

//===----------------------------------------------------------------------===//
// Val
//===----------------------------------------------------------------------===//

Val Val::tensor(mlir::Value v, DType dt, llvm::ArrayRef<int64_t> shape,
                llvm::SMLoc loc) {
  Val r;
  r.kind = Kind::Tensor;
  r.value = v;
  r.dtype = dt;
  r.shape.assign(shape.begin(), shape.end());
  r.loc = loc;
  return r;
}
Val Val::integer(int64_t v, llvm::SMLoc loc) {
  Val r;
  r.kind = Kind::Int;
  r.i = v;
  r.big = v;
  r.loc = loc;
  return r;
}
Val Val::bigInteger(BigInt v, llvm::SMLoc loc) {
  Val r = integer(int64_t(uint64_t((unsigned __int128)v)), loc);
  r.big = v;
  return r;
}
Val Val::floating(double v, llvm::SMLoc loc) {
  Val r;
  r.kind = Kind::Float;
  r.f = v;
  r.loc = loc;
  return r;
}
Val Val::boolean(bool v, llvm::SMLoc loc) {
  Val r;
  r.kind = Kind::Bool;
  r.i = v;
  r.big = v;
  r.loc = loc;
  return r;
}
Val Val::str(std::string v, llvm::SMLoc loc) {
  Val r;
  r.kind = Kind::Str;
  r.s = std::move(v);
  r.loc = loc;
  return r;
}
Val Val::none(llvm::SMLoc loc) {
  Val r;
  r.kind = Kind::None;
  r.loc = loc;
  return r;
}
Val Val::dtypeObj(DType dt, llvm::SMLoc loc) {
  Val r;
  r.kind = Kind::DTypeObj;
  r.dtype = dt;
  r.loc = loc;
  return r;
}
Val Val::tuple(std::vector<Val> elems, llvm::SMLoc loc) {
  Val r;
  r.kind = Kind::Tuple;
  r.elems = std::move(elems);
  r.loc = loc;
  return r;
}

std::string tilec::frontend::shapeStr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string Val::typeStr() const {
  switch (kind) {
  case Kind::Tensor:
    return shape.empty() ? dtype.str() : dtype.str() + shapeStr(shape);
  case Kind::Int:
    return "constexpr int";
  case Kind::Float:
    return "constexpr float";
  case Kind::Bool:
    return "constexpr bool";
  case Kind::Str:
    return "constexpr str";
  case Kind::None:
    return "None";
  case Kind::DTypeObj:
    return "dtype";
  case Kind::Tuple:
    return "tuple";
  case Kind::Function:
    return "function";
  case Kind::Builtin:
    return "builtin function";
  case Kind::Module:
    return "module";
  case Kind::BlockPtr:
    return "block pointer to " + dtype.element().str() + shapeStr(shape);
  case Kind::TensorDesc:
    return "tensor descriptor of " + dtype.element().str() + shapeStr(shape);
  default:
    return "<error>";
  }
}
