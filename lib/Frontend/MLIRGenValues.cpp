//===- MLIRGenValues.cpp - MLIRGen: values, casts, broadcasting, ops ------===//
//
// Implements Triton's implicit conversions
// (python/triton/language/semantic.py): Python scalars are "weak", operands are
// promoted to a computation type and broadcast to a common shape, then upstream
// arith ops are emitted.
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include <cmath>

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

Location MLIRGen::loc(SMLoc l) {
  if (!l.isValid())
    return FileLineColLoc::get(fileName, 0, 0);
  auto lc = sourceMgr.getLineAndColumn(l);
  return FileLineColLoc::get(fileName, lc.first, lc.second);
}

Val MLIRGen::error(SMLoc l, const Twine &msg) {
  InFlightDiagnostic diag = emitError(loc(l)) << msg.str();
  // Show the chain of inlined @jit calls that led here.
  for (auto it = frames.rbegin(); it != frames.rend(); ++it)
    if (it->callLoc.isValid())
      diag.attachNote(loc(it->callLoc)) << "in call to '" << it->fn->name << "'";
  return Val();
}

Type MLIRGen::mlirType(DType dt, llvm::ArrayRef<int64_t> shape) {
  Type elt = dt.toMLIR(&ctx);
  if (shape.empty())
    return elt;
  return RankedTensorType::get(shape, elt);
}

Val MLIRGen::constant(const Val &number, DType dt, llvm::ArrayRef<int64_t> shape, SMLoc l) {
  if (number.kind == Val::Kind::Int && !dtypeOfInt(number.big).isValid())
    return nonrepresentable(number, l);
  Type elt = dt.toMLIR(&ctx);
  TypedAttr attr;
  if (dt.isFP8()) {
    double v = number.kind == Val::Kind::Float ? number.f : double(number.big);
    attr = IntegerAttr::get(elt, FP8Emitter::encodeFP8Constant(v, dt));
  } else if (dt.isFloat()) {
    double v = number.kind == Val::Kind::Float ? number.f : double(number.big);
    attr = FloatAttr::get(elt, v);
  } else if (dt.isInt() && number.kind == Val::Kind::Float) {
    // As Triton's cast of the fp constant: `!= 0` (NaN is true) to bool, else
    // toward zero, saturating (NaN is 0) as the GPUs' conversions do.
    llvm::APSInt r(dt.bitwidth(), dt.isUnsigned());
    bool exact = false;
    if (dt.isBool())
      r = llvm::APSInt(llvm::APInt(1, number.f != 0), /*isUnsigned=*/true);
    else
      (void)llvm::APFloat(number.f).convertToInteger(r, llvm::APFloat::rmTowardZero, &exact);
    attr = IntegerAttr::get(elt, static_cast<const llvm::APInt &>(r));
  } else if (dt.isInt()) {
    int64_t v = number.i;
    if (dt.isBool())
      v = number.big != 0;
    llvm::APInt ap(64, uint64_t(v));
    attr = IntegerAttr::get(elt, dt.bitwidth() < 64 ? ap.trunc(dt.bitwidth()) : ap);
  } else {
    return error(l, "cannot create a constant of type " + dt.str());
  }
  if (!shape.empty())
    attr = DenseElementsAttr::get(llvm::cast<ShapedType>(mlirType(dt, shape)),
                                  ArrayRef<Attribute>{attr});
  Value v = arith::ConstantOp::create(b, loc(l), attr);
  return Val::tensor(v, dt, shape, l);
}

Val MLIRGen::nonrepresentable(const Val &v, SMLoc l) {
  // Triton's to_tensor_type.
  return error(l, "Nonrepresentable integer " + bigIntStr(v.big) + ".");
}

Val MLIRGen::toTensor(const Val &v, SMLoc l, StringRef what) {
  switch (v.kind) {
  case Val::Kind::Tensor:
    return v;
  case Val::Kind::Int:
    return constant(v, dtypeOfInt(v.big), {}, l);
  case Val::Kind::Bool:
    return constant(v, DType(DType::I1), {}, l);
  case Val::Kind::Float:
    return constant(v, dtypeOfFloat(v.f), {}, l);
  case Val::Kind::Invalid:
    return v;
  default:
    return error(l, "expected a tensor or a number for " + what + ", got " + v.typeStr());
  }
}

Val MLIRGen::cast(const Val &v, DType to, SMLoc l, bool bitcast) {
  DType from = v.dtype;
  if (from == to)
    return v;
  Location L = loc(l);
  Type resTy = mlirType(to, v.shape);
  auto result = [&](Value r) { return Val::tensor(r, to, v.shape, l); };
  // Pointers, as Triton casts them (also under bitcast=True): to another
  // pointer type, to int64 (int1: not null) and from int64.
  if (from.isPtr() && to.isPtr())
    return result(tile::PtrCastOp::create(b, L, resTy, v.value));
  if (from.isPtr() && to.isInt() && (to.bitwidth() == 64 || to.isBool())) {
    Type addrTy = mlirType(DType(DType::I64), v.shape);
    Value addr = tile::PtrToIntOp::create(b, L, addrTy, v.value);
    if (to.bitwidth() == 64)
      return result(addr);
    Val zero = constant(Val::integer(0), DType(DType::I64), v.shape, l);
    return result(arith::CmpIOp::create(b, L, arith::CmpIPredicate::ne, addr, zero.value));
  }
  if (from.isInt() && from.bitwidth() == 64 && to.isPtr())
    return result(tile::IntToPtrOp::create(b, L, resTy, v.value));
  if (from.isPtr() && to.isInt())
    return error(l, "cannot cast " + from.str() + " to " + to.str() +
                        ": a pointer converts to int64 or int1 only");
  if (to.isPtr() && from.isInt())
    return error(l, "cannot cast " + from.str() + " to " + to.str() +
                        ": only 64-bit integers convert to pointers");
  if (from.isPtr() || to.isPtr())
    return error(l, "cannot cast " + from.str() + " to " + to.str());
  if (!bitcast && (from.isFP8() || to.isFP8()))
    return fp8.castFP8(v, to, l);
  if (bitcast) {
    if (from.bitwidth() != to.bitwidth())
      return error(l, "Cannot bitcast data-type of size " + Twine(from.bitwidth()) +
                          " to data-type of size " + Twine(to.bitwidth()) + " (" + from.str() +
                          " to " + to.str() + ")");
    if (from.toMLIR(&ctx) == to.toMLIR(&ctx))
      return result(v.value);
    return result(arith::BitcastOp::create(b, L, resTy, v.value));
  }
  if (from.isFloat() && to.isFloat()) {
    if (from.bitwidth() == to.bitwidth()) { // fp16 <-> bf16 through fp32
      Value wide = arith::ExtFOp::create(b, L, mlirType(DType(DType::F32), v.shape), v.value);
      return result(arith::TruncFOp::create(b, L, resTy, wide));
    }
    if (to.bitwidth() > from.bitwidth())
      return result(arith::ExtFOp::create(b, L, resTy, v.value));
    return result(arith::TruncFOp::create(b, L, resTy, v.value));
  }
  if (from.isInt() && to.isInt()) {
    if (to.isBool()) {
      Val zero = constant(Val::integer(0), from, v.shape, l);
      return result(arith::CmpIOp::create(b, L, arith::CmpIPredicate::ne, v.value, zero.value));
    }
    if (from.bitwidth() == to.bitwidth())
      return result(v.value); // Only the signedness changes.
    if (to.bitwidth() < from.bitwidth())
      return result(arith::TruncIOp::create(b, L, resTy, v.value));
    if (from.isSigned() && !from.isBool())
      return result(arith::ExtSIOp::create(b, L, resTy, v.value));
    return result(arith::ExtUIOp::create(b, L, resTy, v.value));
  }
  if (from.isInt() && to.isFloat()) {
    if (from.isBool() || from.isUnsigned())
      return result(arith::UIToFPOp::create(b, L, resTy, v.value));
    return result(arith::SIToFPOp::create(b, L, resTy, v.value));
  }
  if (from.isFloat() && to.isInt()) {
    if (to.isBool()) {
      Val zero = constant(Val::floating(0), from, v.shape, l);
      return result(arith::CmpFOp::create(b, L, arith::CmpFPredicate::UNE, v.value, zero.value));
    }
    if (to.isUnsigned())
      return result(arith::FPToUIOp::create(b, L, resTy, v.value));
    return result(arith::FPToSIOp::create(b, L, resTy, v.value));
  }
  return error(l, "cannot cast " + from.str() + " to " + to.str());
}

Val MLIRGen::expandDims(const Val &v, int64_t axis, SMLoc l) {
  llvm::SmallVector<int64_t, 4> shape(v.shape.begin(), v.shape.end());
  if (axis < 0)
    axis += shape.size() + 1;
  if (axis < 0 || axis > int64_t(shape.size()))
    return error(l, "axis " + Twine(axis) + " is out of range for a tensor of rank " +
                        Twine(shape.size()));
  shape.insert(shape.begin() + axis, 1);
  if (v.shape.empty()) {
    Value r = tile::SplatOp::create(b, loc(l), mlirType(v.dtype, shape), v.value);
    return Val::tensor(r, v.dtype, shape, l);
  }
  Value r =
      tile::ExpandDimsOp::create(b, loc(l), mlirType(v.dtype, shape), v.value, uint32_t(axis));
  return Val::tensor(r, v.dtype, shape, l);
}

Val MLIRGen::broadcastTo(const Val &v, llvm::ArrayRef<int64_t> shape, SMLoc l, StringRef context,
                         bool sameRank) {
  if (llvm::ArrayRef<int64_t>(v.shape) == shape)
    return v;
  if (v.shape.empty()) {
    Value r = tile::SplatOp::create(b, loc(l), mlirType(v.dtype, shape), v.value);
    return Val::tensor(r, v.dtype, shape, l);
  }
  auto fail = [&] {
    return error(l, "cannot broadcast " + context + " of shape " + shapeStr(v.shape) +
                        " to shape " + shapeStr(shape));
  };
  if (v.shape.size() > shape.size())
    return fail();
  if (sameRank && v.shape.size() != shape.size())
    return error(l, "cannot broadcast " + context + " of shape " + shapeStr(v.shape) +
                        " to shape " + shapeStr(shape) + ": rank mismatch (" +
                        Twine(v.shape.size()) + " vs " + Twine(shape.size()) + "), as in Triton");
  Val cur = v;
  while (cur.shape.size() < shape.size())
    if (!(cur = expandDims(cur, 0, l)))
      return cur;
  for (size_t i = 0; i < shape.size(); ++i)
    if (cur.shape[i] != shape[i] && cur.shape[i] != 1)
      return fail();
  if (llvm::ArrayRef<int64_t>(cur.shape) == shape)
    return cur;
  Value r = tile::BroadcastOp::create(b, loc(l), mlirType(cur.dtype, shape), cur.value);
  return Val::tensor(r, cur.dtype, shape, l);
}

std::optional<llvm::SmallVector<int64_t, 4>> MLIRGen::broadcastShape(llvm::ArrayRef<int64_t> a,
                                                                     llvm::ArrayRef<int64_t> b,
                                                                     SMLoc l, StringRef context) {
  size_t rank = std::max(a.size(), b.size());
  llvm::SmallVector<int64_t, 4> as(rank - a.size(), 1), bs(rank - b.size(), 1);
  as.append(a.begin(), a.end());
  bs.append(b.begin(), b.end());
  llvm::SmallVector<int64_t, 4> target;
  for (size_t i = 0; i < rank; ++i) {
    if (as[i] == bs[i] || bs[i] == 1)
      target.push_back(as[i]);
    else if (as[i] == 1)
      target.push_back(bs[i]);
    else {
      error(l, "incompatible shapes " + shapeStr(a) + " and " + shapeStr(b) + " in " + context);
      return std::nullopt;
    }
  }
  return target;
}

bool MLIRGen::broadcastPair(Val &a, Val &bv, SMLoc l, StringRef context) {
  if (a.shape == bv.shape)
    return true;
  if (a.shape.empty()) {
    a = broadcastTo(a, bv.shape, l, context);
    return bool(a);
  }
  if (bv.shape.empty()) {
    bv = broadcastTo(bv, a.shape, l, context);
    return bool(bv);
  }
  std::optional<llvm::SmallVector<int64_t, 4>> target =
      broadcastShape(a.shape, bv.shape, l, context);
  if (!target)
    return false;
  a = broadcastTo(a, *target, l, context);
  if (!a)
    return false;
  bv = broadcastTo(bv, *target, l, context);
  return bool(bv);
}

static DType scalarDType(const Val &v) {
  if (v.kind == Val::Kind::Bool)
    return DType(DType::I1);
  if (v.kind == Val::Kind::Int)
    return dtypeOfInt(v.big);
  if (v.kind == Val::Kind::Float)
    return dtypeOfFloat(v.f);
  return v.dtype;
}

bool MLIRGen::binaryTypeCheck(Val &a, Val &bv, SMLoc l, StringRef opName, bool allowLhsPtr,
                              bool allowRhsPtr, bool arithCheck, bool divOrMod) {
  if ((!a.isTensor() && !a.isNumber()) || (!bv.isTensor() && !bv.isNumber())) {
    error(l,
          "unsupported operand types for " + opName + ": " + a.typeStr() + " and " + bv.typeStr());
    return false;
  }
  bool aScalar = a.isNumber(), bScalar = bv.isNumber();
  DType at = scalarDType(a), bt = scalarDType(bv);
  for (const Val *v : {&a, &bv})
    if (v->kind == Val::Kind::Int && !scalarDType(*v).isValid()) {
      nonrepresentable(*v, l);
      return false;
    }
  auto invalid = [&] {
    error(l, "invalid operands of type " + at.str() + " and " + bt.str() + " for " + opName);
    return false;
  };
  auto checkPtr = [&](DType x, DType y, bool allow) {
    if (!x.isPtr())
      return true;
    if (!allow || (y.isPtr() && x != y) || y.isFloat())
      return false;
    return true;
  };
  if (!checkPtr(at, bt, allowLhsPtr) || !checkPtr(bt, at, allowRhsPtr))
    return invalid();
  if (arithCheck && !at.isPtr() && !bt.isPtr()) {
    std::string err;
    DType ret = computationType(at, aScalar, bt, bScalar, divOrMod, err);
    if (!ret.isValid()) {
      error(l, err + " for " + opName);
      return false;
    }
    if (!fp8.rejectFP8Arithmetic(ret, l, opName))
      return false;
    for (Val *v : {&a, &bv}) {
      if (!v->isNumber()) {
        if (!(*v = cast(*v, ret, l)))
          return false;
        continue;
      }
      if (ret.isUnsigned() && v->kind != Val::Kind::Float && v->big < 0) {
        error(l, "cannot perform " + opName +
                     " between an unsigned tensor and a negative scalar; "
                     "cast one of them explicitly");
        return false;
      }
      if (ret.isInt() && !ret.isBool() && v->kind == Val::Kind::Int) {
        unsigned bw = ret.bitwidth();
        bool fits = ret.isUnsigned()
                        ? v->big < (BigInt(1) << bw)
                        : (v->big >= -(BigInt(1) << (bw - 1)) && v->big < (BigInt(1) << (bw - 1)));
        if (!fits) {
          // Triton's wording (_cast_to_computation_type).
          error(l, "Scalar " + bigIntStr(v->big) + " is out of range for type " + ret.str());
          return false;
        }
      }
      if (!(*v = constant(*v, ret, {}, l)))
        return false;
    }
  } else {
    if (!(a = toTensor(a, l, opName)) || !(bv = toTensor(bv, l, opName)))
      return false;
  }
  return broadcastPair(a, bv, l, opName);
}

/// Offsets for tile.addptr must be i32 or i64.
static DType offsetType(DType t) {
  if (t.isUnsigned())
    return DType(t.kind == DType::U64 ? DType::I64 : DType::I64);
  if (t.bitwidth() < 32)
    return DType(DType::I32);
  return t;
}

Val MLIRGen::binary(BinaryOp op, const Val &lhs, const Val &rhs, SMLoc l) {
  if (!lhs || !rhs)
    return Val();
  if (!lhs.isTensor() && !rhs.isTensor())
    return foldBinary(op, lhs, rhs, l);
  std::string opName = ("binary '" + spell(op) + "'").str();
  Val a = lhs, c = rhs;
  Location L = loc(l);
  switch (op) {
  case BinaryOp::Add:
  case BinaryOp::Sub: {
    bool isAdd = op == BinaryOp::Add;
    if (!binaryTypeCheck(a, c, l, opName, true, isAdd, true, false))
      return Val();
    if (a.dtype.isPtr() && c.dtype.isPtr())
      return error(l, "cannot add pointers together");
    if (c.dtype.isPtr())
      std::swap(a, c);
    if (a.dtype.isPtr()) {
      if (!c.dtype.isInt())
        return error(l, "invalid pointer offset of type " + c.dtype.str());
      Val off = c;
      DType ot = offsetType(off.dtype);
      if (ot != off.dtype) {
        if (off.dtype.isUnsigned() && off.dtype.bitwidth() == 64)
          off.dtype = ot; // Same bits, only the signedness changes.
        else if (!(off = cast(off, ot, l)))
          return Val();
      }
      if (!isAdd) {
        Val zero = constant(Val::integer(0), off.dtype, off.shape, l);
        off = Val::tensor(arith::SubIOp::create(b, L, zero.value, off.value), off.dtype, off.shape,
                          l);
      }
      Value r = tile::AddPtrOp::create(b, L, a.value.getType(), a.value, off.value);
      return Val::tensor(r, a.dtype, a.shape, l);
    }
    Value r;
    if (a.dtype.isFloat())
      r = isAdd ? Value(arith::AddFOp::create(b, L, a.value, c.value))
                : Value(arith::SubFOp::create(b, L, a.value, c.value));
    else
      r = isAdd ? Value(arith::AddIOp::create(b, L, a.value, c.value))
                : Value(arith::SubIOp::create(b, L, a.value, c.value));
    return Val::tensor(r, a.dtype, a.shape, l);
  }
  case BinaryOp::Mul: {
    if (!binaryTypeCheck(a, c, l, opName, false, false, true, false))
      return Val();
    Value r = a.dtype.isFloat() ? Value(arith::MulFOp::create(b, L, a.value, c.value))
                                : Value(arith::MulIOp::create(b, L, a.value, c.value));
    return Val::tensor(r, a.dtype, a.shape, l);
  }
  case BinaryOp::Div: {
    if (!binaryTypeCheck(a, c, l, opName, false, false, true, true))
      return Val();
    if (a.dtype.isInt()) {
      if (!(a = cast(a, DType(DType::F32), l)) || !(c = cast(c, DType(DType::F32), l)))
        return Val();
    }
    Value r = arith::DivFOp::create(b, L, a.value, c.value);
    return Val::tensor(r, a.dtype, a.shape, l);
  }
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod: {
    if (!binaryTypeCheck(a, c, l, opName, false, false, true, true))
      return Val();
    bool isDiv = op == BinaryOp::FloorDiv;
    Value r;
    if (a.dtype.isFloat()) {
      if (isDiv)
        return error(l, "operator '//' is not supported for type " + a.dtype.str());
      r = arith::RemFOp::create(b, L, a.value, c.value);
    } else if (a.dtype.isUnsigned()) {
      r = isDiv ? Value(arith::DivUIOp::create(b, L, a.value, c.value))
                : Value(arith::RemUIOp::create(b, L, a.value, c.value));
    } else {
      r = isDiv ? Value(arith::DivSIOp::create(b, L, a.value, c.value))
                : Value(arith::RemSIOp::create(b, L, a.value, c.value));
    }
    return Val::tensor(r, a.dtype, a.shape, l);
  }
  case BinaryOp::LShift:
  case BinaryOp::RShift:
  case BinaryOp::BitAnd:
  case BinaryOp::BitOr:
  case BinaryOp::BitXor: {
    if (!binaryTypeCheck(a, c, l, opName, false, false, true, false))
      return Val();
    if (!a.dtype.isInt())
      return error(l, "invalid operands of type " + lhs.typeStr() + " and " + rhs.typeStr() +
                          ": bitwise operator '" + spell(op) + "' requires integer operands");
    Value r;
    switch (op) {
    case BinaryOp::LShift:
      r = arith::ShLIOp::create(b, L, a.value, c.value);
      break;
    case BinaryOp::RShift: {
      // As Triton: the tensor operand's own signedness (the left one, or the
      // right one of `constexpr >> tensor`), before promotion, picks the
      // shift: int32 >> uint32 shifts the promoted uint32 arithmetically.
      const Val &chooser = lhs.isTensor() ? lhs : rhs;
      r = chooser.dtype.isSigned() && !chooser.dtype.isBool()
              ? Value(arith::ShRSIOp::create(b, L, a.value, c.value))
              : Value(arith::ShRUIOp::create(b, L, a.value, c.value));
      break;
    }
    case BinaryOp::BitAnd:
      r = arith::AndIOp::create(b, L, a.value, c.value);
      break;
    case BinaryOp::BitOr:
      r = arith::OrIOp::create(b, L, a.value, c.value);
      break;
    default:
      r = arith::XOrIOp::create(b, L, a.value, c.value);
      break;
    }
    return Val::tensor(r, a.dtype, a.shape, l);
  }
  case BinaryOp::Pow:
    return error(l, "operator '**' is only supported on constexpr values");
  case BinaryOp::MatMul:
    return error(l, "operator '@' is not supported; use tl.dot");
  }
  return error(l, "unsupported operator");
}

Val MLIRGen::compare(CmpOp op, const Val &lhs, const Val &rhs, SMLoc l) {
  if (!lhs || !rhs)
    return Val();
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    bool same;
    if (lhs.isNone() || rhs.isNone())
      same = lhs.isNone() && rhs.isNone();
    else if (!lhs.isTensor() && !rhs.isTensor())
      same = sameVal(lhs, rhs);
    else if (lhs.isTensor() && rhs.isTensor())
      same = lhs.value == rhs.value;
    else
      same = false;
    return Val::boolean(op == CmpOp::Is ? same : !same, l);
  }
  if (op == CmpOp::In || op == CmpOp::NotIn) {
    if (rhs.kind != Val::Kind::Tuple || lhs.isTensor())
      return error(l, "operator '" + spell(op) + "' is only supported on constexpr tuples");
    bool found = llvm::any_of(rhs.elems, [&](const Val &e) { return sameVal(e, lhs); });
    return Val::boolean(op == CmpOp::In ? found : !found, l);
  }
  if (!lhs.isTensor() && !rhs.isTensor())
    return foldCompare(op, lhs, rhs, l);
  std::string opName = ("comparison '" + spell(op) + "'").str();
  Val a = lhs, c = rhs;
  if (!binaryTypeCheck(a, c, l, opName, false, false, true, false))
    return Val();
  Location L = loc(l);
  Value r;
  if (a.dtype.isFloat()) {
    arith::CmpFPredicate p;
    switch (op) {
    case CmpOp::Lt:
      p = arith::CmpFPredicate::OLT;
      break;
    case CmpOp::Gt:
      p = arith::CmpFPredicate::OGT;
      break;
    case CmpOp::Le:
      p = arith::CmpFPredicate::OLE;
      break;
    case CmpOp::Ge:
      p = arith::CmpFPredicate::OGE;
      break;
    case CmpOp::Eq:
      p = arith::CmpFPredicate::OEQ;
      break;
    default:
      p = arith::CmpFPredicate::UNE;
      break;
    }
    r = arith::CmpFOp::create(b, L, p, a.value, c.value);
  } else {
    bool u = a.dtype.isUnsigned();
    arith::CmpIPredicate p;
    switch (op) {
    case CmpOp::Lt:
      p = u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
      break;
    case CmpOp::Gt:
      p = u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
      break;
    case CmpOp::Le:
      p = u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
      break;
    case CmpOp::Ge:
      p = u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
      break;
    case CmpOp::Eq:
      p = arith::CmpIPredicate::eq;
      break;
    default:
      p = arith::CmpIPredicate::ne;
      break;
    }
    r = arith::CmpIOp::create(b, L, p, a.value, c.value);
  }
  return Val::tensor(r, DType(DType::I1), a.shape, l);
}

Val MLIRGen::unary(UnaryOp op, const Val &v, SMLoc l) {
  if (!v)
    return v;
  if (!v.isTensor()) {
    if (op == UnaryOp::Not) {
      std::optional<bool> t = constexprTruth(v);
      return Val::boolean(!*t, l);
    }
    if (!v.isNumber())
      return error(l, "bad operand type for unary '" + spell(op) + "': " + v.typeStr());
    switch (op) {
    case UnaryOp::Plus:
      return v.kind == Val::Kind::Bool ? Val::integer(v.i, l) : v;
    case UnaryOp::Minus:
      if (v.kind == Val::Kind::Float)
        return Val::floating(-v.f, l);
      if (v.big == kBigIntMin)
        return error(l, "integer overflow in constant expression");
      return Val::bigInteger(-v.big, l);
    case UnaryOp::Invert:
      if (v.kind == Val::Kind::Float)
        return error(l, "bad operand type for unary '~': constexpr float");
      return Val::bigInteger(~v.big, l);
    default:
      break;
    }
    return v;
  }
  if (op != UnaryOp::Not && !fp8.rejectFP8Arithmetic(v.dtype, l, "unary '" + spell(op).str() + "'"))
    return Val();
  Location L = loc(l);
  switch (op) {
  case UnaryOp::Plus:
    return v;
  case UnaryOp::Minus: {
    if (v.dtype.isPtr())
      return error(l, "wrong type argument to unary '-' (" + v.dtype.str() + ")");
    // Floats flip the sign bit (-(0.0) is -0.0, as Triton's negf); 0 - x
    // would give +0.0.
    if (v.dtype.isFloat())
      return Val::tensor(arith::NegFOp::create(b, L, v.value), v.dtype, v.shape, l);
    Val zero = constant(Val::integer(0), v.dtype, {}, l);
    return binary(BinaryOp::Sub, zero, v, l);
  }
  case UnaryOp::Invert: {
    if (v.dtype.isPtr() || v.dtype.isFloat())
      return error(l, "wrong type argument to unary '~' (" + v.dtype.str() + ")");
    Val ones = constant(Val::integer(-1), v.dtype, v.shape, l);
    return Val::tensor(arith::XOrIOp::create(b, L, v.value, ones.value), v.dtype, v.shape, l);
  }
  case UnaryOp::Not: {
    Val c = v.dtype.isBool() ? v : cast(v, DType(DType::I1), l);
    if (!c)
      return c;
    Val t = constant(Val::boolean(true), c.dtype, c.shape, l);
    return Val::tensor(arith::XOrIOp::create(b, L, c.value, t.value), c.dtype, c.shape, l);
  }
  }
  return v;
}

Val MLIRGen::minMax(bool isMax, const Val &x, const Val &y, SMLoc l, StringRef name,
                    bool propagateNan) {
  if (!x || !y)
    return Val();
  if (!x.isTensor() && !y.isTensor() && x.isNumber() && y.isNumber()) {
    Val less = foldCompare(CmpOp::Lt, x, y, l);
    return (less.i != 0) == isMax ? y : x;
  }
  Val a = x, c = y;
  if (!binaryTypeCheck(a, c, l, name.str(), false, false, true, false))
    return Val();
  Location L = loc(l);
  Value r;
  if (a.dtype.isFloat() && propagateNan)
    r = isMax ? Value(arith::MaximumFOp::create(b, L, a.value, c.value))
              : Value(arith::MinimumFOp::create(b, L, a.value, c.value));
  else if (a.dtype.isFloat())
    r = isMax ? Value(arith::MaxNumFOp::create(b, L, a.value, c.value))
              : Value(arith::MinNumFOp::create(b, L, a.value, c.value));
  else if (a.dtype.isUnsigned())
    r = isMax ? Value(arith::MaxUIOp::create(b, L, a.value, c.value))
              : Value(arith::MinUIOp::create(b, L, a.value, c.value));
  else
    r = isMax ? Value(arith::MaxSIOp::create(b, L, a.value, c.value))
              : Value(arith::MinSIOp::create(b, L, a.value, c.value));
  return Val::tensor(r, a.dtype, a.shape, l);
}

Val MLIRGen::logical(bool isAnd, const Val &x, const Val &y, SMLoc l) {
  StringRef what = isAnd ? "'and'" : "'or'";
  Val a = toTensor(x, l, what), c = toTensor(y, l, what);
  if (!a || !c)
    return Val();
  if (!(a = cast(a, DType(DType::I1), l)) || !(c = cast(c, DType(DType::I1), l)))
    return Val();
  if (!broadcastPair(a, c, l, isAnd ? "'and'" : "'or'"))
    return Val();
  Location L = loc(l);
  Value r = isAnd ? Value(arith::AndIOp::create(b, L, a.value, c.value))
                  : Value(arith::OrIOp::create(b, L, a.value, c.value));
  return Val::tensor(r, a.dtype, a.shape, l);
}

std::optional<bool> MLIRGen::constexprTruth(const Val &v) {
  switch (v.kind) {
  case Val::Kind::Tensor:
  case Val::Kind::Invalid:
    return std::nullopt;
  case Val::Kind::Int:
  case Val::Kind::Bool:
    return v.big != 0;
  case Val::Kind::Float:
    return v.f != 0;
  case Val::Kind::Str:
    return !v.s.empty();
  case Val::Kind::None:
    return false;
  case Val::Kind::Tuple:
    return !v.elems.empty();
  default:
    return true;
  }
}

Value MLIRGen::toCondition(const Val &v, SMLoc l, StringRef what) {
  if (!v)
    return Value();
  if (std::optional<bool> t = constexprTruth(v))
    return constant(Val::boolean(*t), DType(DType::I1), {}, l).value;
  if (v.isBlock()) {
    error(l, "the condition of " + what + " must be a scalar, got " + v.typeStr());
    return Value();
  }
  Val c = cast(v, DType(DType::I1), l);
  return c ? c.value : Value();
}

//===----------------------------------------------------------------------===//
// Constexpr folding (Python semantics)
//===----------------------------------------------------------------------===//

static BigInt pyFloorDiv(BigInt a, BigInt b) {
  BigInt q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}
static BigInt pyMod(BigInt a, BigInt b) {
  BigInt r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

/// The most elements `tuple * n` may make (a bound on the compiler's memory).
static constexpr size_t kMaxTupleRepeat = 1 << 16;

Val MLIRGen::foldBinary(BinaryOp op, const Val &a, const Val &c, SMLoc l) {
  if (op == BinaryOp::Add && a.kind == Val::Kind::Str && c.kind == Val::Kind::Str)
    return Val::str(a.s + c.s, l);
  if (op == BinaryOp::Add && a.kind == Val::Kind::Tuple && c.kind == Val::Kind::Tuple) {
    std::vector<Val> elems = a.elems;
    elems.insert(elems.end(), c.elems.begin(), c.elems.end());
    return Val::tuple(std::move(elems), l);
  }
  // `[0] * rank`: a tuple repeated a constexpr number of times (Triton's
  // tl.tuple.__mul__; a count below 1 gives the empty tuple, as in Python).
  if (op == BinaryOp::Mul && a.kind == Val::Kind::Tuple && c.kind == Val::Kind::Int) {
    if (c.big > BigInt(kMaxTupleRepeat))
      return error(l, "tuple repeated " + bigIntStr(c.big) + " times: at most " +
                          Twine(kMaxTupleRepeat) + " elements are supported");
    std::vector<Val> elems;
    for (BigInt n = 0; n < c.big; ++n)
      elems.insert(elems.end(), a.elems.begin(), a.elems.end());
    if (elems.size() > kMaxTupleRepeat)
      return error(l, "tuple of " + Twine(elems.size()) + " elements: at most " +
                          Twine(kMaxTupleRepeat) + " are supported");
    return Val::tuple(std::move(elems), l);
  }
  if (!a.isNumber() || !c.isNumber())
    return error(l, "unsupported operand types for binary '" + spell(op) + "': " + a.typeStr() +
                        " and " + c.typeStr());
  if (a.kind == Val::Kind::Float || c.kind == Val::Kind::Float || op == BinaryOp::Div) {
    double x = a.kind == Val::Kind::Float ? a.f : double(a.big);
    double y = c.kind == Val::Kind::Float ? c.f : double(c.big);
    switch (op) {
    case BinaryOp::Add:
      return Val::floating(x + y, l);
    case BinaryOp::Sub:
      return Val::floating(x - y, l);
    case BinaryOp::Mul:
      return Val::floating(x * y, l);
    case BinaryOp::Div:
      if (y == 0)
        return error(l, "division by zero in constant expression");
      return Val::floating(x / y, l);
    case BinaryOp::FloorDiv:
      if (y == 0)
        return error(l, "division by zero in constant expression");
      return Val::floating(std::floor(x / y), l);
    case BinaryOp::Mod: {
      if (y == 0)
        return error(l, "division by zero in constant expression");
      double r = std::fmod(x, y);
      if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
      return Val::floating(r, l);
    }
    case BinaryOp::Pow:
      return Val::floating(std::pow(x, y), l);
    default:
      return error(l, "unsupported operand types for binary '" + spell(op) + "': " + a.typeStr() +
                          " and " + c.typeStr());
    }
  }
  // Python ints are unbounded; tilec folds in 128 bits and reports results
  // beyond them.
  const BigInt kMin = kBigIntMin, kMax = kBigIntMax;
  BigInt x = a.big, y = c.big, r = 0;
  bool overflow = false;
  switch (op) {
  case BinaryOp::Add:
    overflow = __builtin_add_overflow(x, y, &r);
    break;
  case BinaryOp::Sub:
    overflow = __builtin_sub_overflow(x, y, &r);
    break;
  case BinaryOp::Mul:
    overflow = __builtin_mul_overflow(x, y, &r);
    break;
  case BinaryOp::FloorDiv:
  case BinaryOp::Mod:
    if (y == 0)
      return error(l, "integer division or modulo by zero in constant expression");
    if (x == kMin && y == -1)
      overflow = true;
    else
      r = op == BinaryOp::FloorDiv ? pyFloorDiv(x, y) : pyMod(x, y);
    break;
  case BinaryOp::Pow:
    if (y < 0 && x == 0)
      return error(l, "0.0 cannot be raised to a negative power");
    if (y < 0)
      return Val::floating(std::pow(double(x), double(y)), l);
    // 0, 1 and -1 never overflow; any other base overflows 128 bits within
    // 127 multiplications, so the loop is short even for a huge y.
    if (x == 0 || x == 1)
      r = y == 0 ? 1 : x;
    else if (x == -1)
      r = y % 2 ? -1 : 1;
    else {
      r = 1;
      for (BigInt k = 0; k < y && !overflow; ++k)
        overflow = __builtin_mul_overflow(r, x, &r);
    }
    break;
  case BinaryOp::LShift:
    if (y < 0)
      return error(l, "negative shift count");
    if (y >= 127 || (x != 0 && (x > (kMax >> y) || x < (kMin >> y))))
      overflow = x != 0;
    else
      r = BigInt((unsigned __int128)x << int(y));
    break;
  case BinaryOp::RShift:
    if (y < 0)
      return error(l, "negative shift count");
    r = y >= 127 ? (x < 0 ? -1 : 0) : x >> int(y);
    break;
  case BinaryOp::BitAnd:
    r = x & y;
    break;
  case BinaryOp::BitOr:
    r = x | y;
    break;
  case BinaryOp::BitXor:
    r = x ^ y;
    break;
  default:
    return error(l, "unsupported operand types for binary '" + spell(op) + "': " + a.typeStr() +
                        " and " + c.typeStr());
  }
  if (overflow)
    return error(l, "integer overflow in constant expression");
  bool bothBool = a.kind == Val::Kind::Bool && c.kind == Val::Kind::Bool;
  if (bothBool && (op == BinaryOp::BitAnd || op == BinaryOp::BitOr || op == BinaryOp::BitXor))
    return Val::boolean(r != 0, l);
  return Val::bigInteger(r, l);
}

Val MLIRGen::foldCompare(CmpOp op, const Val &a, const Val &c, SMLoc l) {
  int cmp = 0;
  if (a.isNumber() && c.isNumber()) {
    if (a.kind == Val::Kind::Float || c.kind == Val::Kind::Float) {
      double x = a.kind == Val::Kind::Float ? a.f : double(a.big);
      double y = c.kind == Val::Kind::Float ? c.f : double(c.big);
      if (std::isnan(x) || std::isnan(y))
        return Val::boolean(op == CmpOp::Ne, l);
      cmp = x < y ? -1 : x > y ? 1 : 0;
    } else {
      cmp = a.big < c.big ? -1 : a.big > c.big ? 1 : 0;
    }
  } else if (a.kind == Val::Kind::Str && c.kind == Val::Kind::Str) {
    cmp = a.s.compare(c.s);
    cmp = cmp < 0 ? -1 : cmp > 0 ? 1 : 0;
  } else if (op == CmpOp::Eq || op == CmpOp::Ne) {
    bool eq = sameVal(a, c);
    return Val::boolean(op == CmpOp::Eq ? eq : !eq, l);
  } else {
    return error(l, "unsupported operand types for comparison '" + spell(op) + "': " + a.typeStr() +
                        " and " + c.typeStr());
  }
  bool r = false;
  switch (op) {
  case CmpOp::Lt:
    r = cmp < 0;
    break;
  case CmpOp::Gt:
    r = cmp > 0;
    break;
  case CmpOp::Le:
    r = cmp <= 0;
    break;
  case CmpOp::Ge:
    r = cmp >= 0;
    break;
  case CmpOp::Eq:
    r = cmp == 0;
    break;
  case CmpOp::Ne:
    r = cmp != 0;
    break;
  default:
    break;
  }
  return Val::boolean(r, l);
}

bool MLIRGen::sameVal(const Val &a, const Val &c) {
  if (a.isNumber() && c.isNumber()) {
    if (a.kind == Val::Kind::Float || c.kind == Val::Kind::Float)
      return (a.kind == Val::Kind::Float ? a.f : double(a.big)) ==
             (c.kind == Val::Kind::Float ? c.f : double(c.big));
    return a.big == c.big;
  }
  if (a.kind != c.kind)
    return false;
  switch (a.kind) {
  case Val::Kind::Tensor:
    return a.value == c.value;
  case Val::Kind::Str:
  case Val::Kind::Builtin:
  case Val::Kind::Module:
    return a.s == c.s;
  case Val::Kind::None:
    return true;
  case Val::Kind::DTypeObj:
    return a.dtype == c.dtype;
  case Val::Kind::Function:
    return a.fn == c.fn;
  case Val::Kind::BlockPtr:
  case Val::Kind::TensorDesc:
    if (a.value != c.value)
      return false;
    [[fallthrough]];
  case Val::Kind::Tuple:
    if (a.elems.size() != c.elems.size())
      return false;
    for (size_t i = 0; i < a.elems.size(); ++i)
      if (!sameVal(a.elems[i], c.elems[i]))
        return false;
    return true;
  default:
    return false;
  }
}

std::optional<int64_t> MLIRGen::getConstInt(const Val &v, StringRef what) {
  if ((v.kind == Val::Kind::Int || v.kind == Val::Kind::Bool) && !v.fitsInt64()) {
    error(v.loc, what + " " + bigIntStr(v.big) + " is out of int64's range");
    return std::nullopt;
  }
  if (v.kind == Val::Kind::Int || v.kind == Val::Kind::Bool)
    return v.i;
  if (v)
    error(v.loc, what + " must be a constexpr int, got " + v.typeStr());
  return std::nullopt;
}

/// "(a, b, c)" for error messages.
static std::string describeShape(llvm::ArrayRef<int64_t> shape) {
  std::string text = "(";
  for (auto [i, d] : llvm::enumerate(shape))
    text += (i ? ", " : "") + std::to_string(d);
  return text + (shape.size() == 1 ? ",)" : ")");
}

std::optional<llvm::SmallVector<int64_t, 4>> MLIRGen::getShape(const Val &v, StringRef what) {
  llvm::SmallVector<int64_t, 4> shape;
  if (v.kind == Val::Kind::Tuple) {
    for (const Val &e : v.elems) {
      std::optional<int64_t> d = getConstInt(e, (what + " elements").str());
      if (!d)
        return std::nullopt;
      shape.push_back(*d);
    }
  } else {
    std::optional<int64_t> d = getConstInt(v, what);
    if (!d)
      return std::nullopt;
    shape.push_back(*d);
  }
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i] <= 0 || (shape[i] & (shape[i] - 1))) {
      error(v.loc, what + " element " + Twine(i) + " must be a power of 2, got " + Twine(shape[i]));
      return std::nullopt;
    }
  // Powers of 2 up to 2^62 each: the product is checked before it overflows.
  int64_t numel = 1;
  for (int64_t d : shape) {
    if (d > kMaxTileElements || numel * d > kMaxTileElements) {
      error(v.loc, what + " " + describeShape(shape) + " exceeds the maximum tile size (" +
                       Twine(kMaxTileElements) + " elements, as in Triton)");
      return std::nullopt;
    }
    numel *= d;
  }
  return shape;
}
