//===- MLIRGenMath.cpp - MathEmitter: elementwise math, NaN propagation ---===//
//
// tl.exp, tl.abs, ... are the math dialect ops of the same name. libdevice
// functions are in MLIRGenLibdevice.cpp.
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSet.h"

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

std::optional<bool> MathEmitter::getPropagateNan(const Val &v) {
  if (v.isNone())
    return false;
  if (v.kind == Val::Kind::Int || v.kind == Val::Kind::Bool) {
    if (v.big == kPropagateNanNone)
      return false;
    if (v.big == kPropagateNanAll)
      return true;
  }
  g.error(v.loc, "propagate_nan must be tl.PropagateNan.NONE or "
                 "tl.PropagateNan.ALL, got " +
                     v.typeStr());
  return std::nullopt;
}

Val MathEmitter::mathUnary(StringRef name, const Val &xin, SMLoc l) {
  Val x = g.toTensor(xin, l, "'tl." + name.str() + "'");
  if (!x)
    return x;
  Location L = g.loc(l);
  if (name == "abs") {
    // As Triton: an fp8 value's magnitude is its byte without the sign bit.
    if (x.dtype.isFP8()) {
      Val mask = g.constant(Val::integer(0x7F), DType(DType::I8), x.shape, l);
      return mask ? Val::tensor(arith::AndIOp::create(b, L, x.value, mask.value), x.dtype, x.shape,
                                l)
                  : mask;
    }
    if (x.dtype.isFloat())
      return Val::tensor(math::AbsFOp::create(b, L, x.value), x.dtype, x.shape, l);
    if (x.dtype.isUnsigned() || x.dtype.isBool())
      return x;
    if (x.dtype.isInt())
      return Val::tensor(math::AbsIOp::create(b, L, x.value), x.dtype, x.shape, l);
  }
  if (!x.dtype.isFloat())
    return g.error(l, "'tl." + name + "' expects a floating-point argument, got " + x.typeStr());
  if (!g.fp8.rejectFP8Arithmetic(x.dtype, l, "tl." + name.str()))
    return Val();
  // Each of these is the math dialect op of the same name on the same type.
  static const llvm::StringSet<> unaryMath = {"exp", "exp2", "log",   "log2", "sqrt", "rsqrt",
                                              "sin", "cos",  "floor", "ceil", "erf"};
  if (!unaryMath.contains(name))
    return g.error(l, "unsupported function 'tl." + name + "'");
  OperationState state(L, ("math." + name).str());
  state.addOperands(x.value);
  state.addTypes(x.value.getType());
  Value r = b.create(state)->getResult(0);
  return Val::tensor(r, x.dtype, x.shape, l);
}
