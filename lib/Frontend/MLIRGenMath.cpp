//===- MLIRGenMath.cpp - MathEmitter: elementwise math, libdevice, NaN ----===//
//
// tl.exp, tl.abs, ... are the math dialect ops of the same name.
// `libdevice.<name>` (from triton.language.extra[.cuda|.hip] import libdevice)
// maps the common CUDA/HIP device-library functions onto math/arith ops, so
// they work on every tilec target; the others are refused by name.
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

namespace {
/// How a libdevice function is generated.
enum class LibdeviceKind {
  MathUnary,  // `op` is a math dialect op on one float
  MathBinary, // `op` is a math/arith op on two floats of one type
  Fma,        // math.fma
  IsNan,      // int32 predicates, as libdevice returns them
  IsInf,
  IsFinite,
  SignBit,
  Asinh, // sign(x) * log1p(|x| + x^2 / (1 + sqrt(1 + x^2))): no cancellation; for large
         // |x|, sign(x) * (ln|x| + ln2)
};
struct LibdeviceFn {
  LibdeviceKind kind;
  const char *op;
};
} // namespace

/// libdevice names tilec implements (their `fast_` forms map to the same op:
/// tilec's math has one accuracy).
static const llvm::StringMap<LibdeviceFn> &libdeviceTable() {
  using K = LibdeviceKind;
  static const llvm::StringMap<LibdeviceFn> table = {
      {"exp", {K::MathUnary, "math.exp"}},
      {"fast_expf", {K::MathUnary, "math.exp"}},
      {"exp2", {K::MathUnary, "math.exp2"}},
      {"expm1", {K::MathUnary, "math.expm1"}},
      {"log", {K::MathUnary, "math.log"}},
      {"fast_logf", {K::MathUnary, "math.log"}},
      {"log2", {K::MathUnary, "math.log2"}},
      {"fast_log2f", {K::MathUnary, "math.log2"}},
      {"log10", {K::MathUnary, "math.log10"}},
      {"fast_log10f", {K::MathUnary, "math.log10"}},
      {"log1p", {K::MathUnary, "math.log1p"}},
      {"sqrt", {K::MathUnary, "math.sqrt"}},
      {"rsqrt", {K::MathUnary, "math.rsqrt"}},
      {"cbrt", {K::MathUnary, "math.cbrt"}},
      {"sin", {K::MathUnary, "math.sin"}},
      {"fast_sinf", {K::MathUnary, "math.sin"}},
      {"cos", {K::MathUnary, "math.cos"}},
      {"fast_cosf", {K::MathUnary, "math.cos"}},
      {"tan", {K::MathUnary, "math.tan"}},
      {"fast_tanf", {K::MathUnary, "math.tan"}},
      {"tanh", {K::MathUnary, "math.tanh"}},
      {"sinh", {K::MathUnary, "math.sinh"}},
      {"cosh", {K::MathUnary, "math.cosh"}},
      {"asin", {K::MathUnary, "math.asin"}},
      {"acos", {K::MathUnary, "math.acos"}},
      {"atan", {K::MathUnary, "math.atan"}},
      {"asinh", {K::Asinh, ""}},
      {"acosh", {K::MathUnary, "math.acosh"}},
      {"atanh", {K::MathUnary, "math.atanh"}},
      {"erf", {K::MathUnary, "math.erf"}},
      {"erfc", {K::MathUnary, "math.erfc"}},
      {"floor", {K::MathUnary, "math.floor"}},
      {"ceil", {K::MathUnary, "math.ceil"}},
      {"trunc", {K::MathUnary, "math.trunc"}},
      {"round", {K::MathUnary, "math.round"}},
      {"rint", {K::MathUnary, "math.roundeven"}},
      {"nearbyint", {K::MathUnary, "math.roundeven"}},
      {"fabs", {K::MathUnary, "math.absf"}},
      {"abs", {K::MathUnary, "math.absf"}},
      {"pow", {K::MathBinary, "math.powf"}},
      {"powf", {K::MathBinary, "math.powf"}},
      {"fast_powf", {K::MathBinary, "math.powf"}},
      {"fmod", {K::MathBinary, "arith.remf"}},
      {"fmax", {K::MathBinary, "arith.maxnumf"}},
      {"fmin", {K::MathBinary, "arith.minnumf"}},
      {"atan2", {K::MathBinary, "math.atan2"}},
      {"copysign", {K::MathBinary, "math.copysign"}},
      {"div_rn", {K::MathBinary, "arith.divf"}},
      {"fast_dividef", {K::MathBinary, "arith.divf"}},
      {"fma", {K::Fma, "math.fma"}},
      {"fma_rn", {K::Fma, "math.fma"}},
      {"isnan", {K::IsNan, ""}},
      {"isinf", {K::IsInf, ""}},
      {"finitef", {K::IsFinite, ""}},
      {"isfinited", {K::IsFinite, ""}},
      {"signbit", {K::SignBit, ""}},
  };
  return table;
}

Val MathEmitter::callLibdevice(StringRef name, std::vector<Val> args,
                               std::vector<std::pair<std::string, Val>> kwargs, SMLoc l) {
  auto it = libdeviceTable().find(name);
  if (it == libdeviceTable().end())
    return g.error(l, "libdevice." + name + " is not supported by tilec");
  const LibdeviceFn &fn = it->second;
  std::string fname = "libdevice." + name.str();
  size_t arity = fn.kind == LibdeviceKind::MathBinary ? 2 : fn.kind == LibdeviceKind::Fma ? 3 : 1;
  if (!kwargs.empty())
    return g.error(kwargs.front().second.loc, "'" + fname + "' takes no keyword arguments");
  if (args.size() != arity)
    return g.error(l, "'" + fname + "' takes " + Twine(arity) + " arguments (" +
                          Twine(args.size()) + " given)");
  // Operands share one float type (Triton's libdevice dispatches on fp32
  // and fp64; other types are refused like there).
  // Twice: a later operand can widen the type of the earlier ones.
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 1; i < args.size(); ++i)
      if (!g.binaryTypeCheck(args[0], args[i], l, fname, false, false, true, false))
        return Val();
  Val x = g.toTensor(args[0], l, "'" + fname + "'");
  if (!x)
    return x;
  if (x.dtype.kind != DType::F32 && x.dtype.kind != DType::F64)
    return g.error(l, "'" + fname + "' expects fp32 or fp64 arguments, got " + x.typeStr());
  args[0] = x;
  Location L = g.loc(l);
  Type ty = x.value.getType();
  DType i32(DType::I32);
  auto asInt32 = [&](Value pred) {
    Type resTy = g.mlirType(i32, x.shape);
    return Val::tensor(arith::ExtUIOp::create(b, L, resTy, pred), i32, x.shape, l);
  };
  auto absValue = [&]() { return math::AbsFOp::create(b, L, x.value); };
  auto inf = [&]() {
    return g
        .constant(Val::floating(std::numeric_limits<double>::infinity(), l), x.dtype, x.shape, l)
        .value;
  };
  switch (fn.kind) {
  case LibdeviceKind::MathUnary:
  case LibdeviceKind::MathBinary:
  case LibdeviceKind::Fma: {
    OperationState state(L, fn.op);
    for (const Val &a : args)
      state.addOperands(a.value);
    state.addTypes(ty);
    return Val::tensor(b.create(state)->getResult(0), x.dtype, x.shape, l);
  }
  case LibdeviceKind::IsNan:
    return asInt32(arith::CmpFOp::create(b, L, arith::CmpFPredicate::UNO, x.value, x.value));
  case LibdeviceKind::IsInf:
    return asInt32(arith::CmpFOp::create(b, L, arith::CmpFPredicate::OEQ, absValue(), inf()));
  case LibdeviceKind::IsFinite:
    return asInt32(arith::CmpFOp::create(b, L, arith::CmpFPredicate::OLT, absValue(), inf()));
  case LibdeviceKind::Asinh: {
    Value a = absValue();
    Value one = g.constant(Val::floating(1.0, l), x.dtype, x.shape, l).value;
    Value sq = arith::MulFOp::create(b, L, a, a);
    Value root = math::SqrtOp::create(b, L, arith::AddFOp::create(b, L, one, sq));
    Value frac = arith::DivFOp::create(b, L, sq, arith::AddFOp::create(b, L, one, root));
    Value mag = math::Log1pOp::create(b, L, arith::AddFOp::create(b, L, a, frac));
    // Where a * a would overflow (and 1/(4a^2) is below the precision):
    // asinh(a) = ln(a) + ln(2), also for a = inf.
    double large = x.dtype.kind == DType::F64 ? 0x1p28 : 0x1p12;
    Value threshold = g.constant(Val::floating(large, l), x.dtype, x.shape, l).value;
    Value ln2 = g.constant(Val::floating(0.6931471805599453, l), x.dtype, x.shape, l).value;
    Value far = arith::AddFOp::create(b, L, math::LogOp::create(b, L, a), ln2);
    Value isLarge = arith::CmpFOp::create(b, L, arith::CmpFPredicate::OGT, a, threshold);
    mag = arith::SelectOp::create(b, L, isLarge, far, mag);
    return Val::tensor(math::CopySignOp::create(b, L, mag, x.value), x.dtype, x.shape, l);
  }
  case LibdeviceKind::SignBit: {
    DType bits(x.dtype.kind == DType::F32 ? DType::I32 : DType::I64);
    Val raw = g.cast(x, bits, l, /*bitcast=*/true);
    Val zero = g.constant(Val::integer(0), bits, x.shape, l);
    return asInt32(arith::CmpIOp::create(b, L, arith::CmpIPredicate::slt, raw.value, zero.value));
  }
  }
  return g.error(l, "libdevice." + name + " is not supported by tilec");
}

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
