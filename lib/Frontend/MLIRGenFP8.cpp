//===- MLIRGenFP8.cpp - FP8Emitter: fp8 storage types, rounding-mode casts ===//
//
// tl.float8e5 (e5m2), tl.float8e4nv (e4m3fn), tl.float8e4b15, tl.float8e4b8
// (e4m3fnuz) and tl.float8e5b16 (e5m2fnuz) are 8-bit storage types: their
// values are i8 in the IR, loaded and stored as bytes, and converted to and
// from fp32 with integer arithmetic, because LLVM has no fp8 arithmetic.
// Conversions to e5m2/e4m3fn round to nearest even and saturate to the
// largest finite value, NaN stays NaN (as Triton's cvt.rn.satfinite on
// sm_89+). e4b15 has no NaN or infinity (exponent 15 is an ordinary binade,
// up to 1.875); conversions to it round to nearest with ties away from zero
// and saturate NaN, infinities and all magnitudes from 1.75 up to 1.75, as
// Triton's NVIDIA conversion (convert_custom_float8). The fnuz formats have
// one NaN (0x80), no infinity and no negative zero; conversions to them round
// to nearest even, saturate finite overflow to the largest value, turn NaN
// and infinities into 0x80 and zeros of either sign into 0x00, as Triton's
// AMD conversions (downcastToFp8rtneOneValue, and gfx942's v_cvt_pk_fp8_f32
// under the clamping mode Triton sets).
//
//===----------------------------------------------------------------------===//
#include "MLIRGen.h"
#include "tilec/Dialect/Tile/FP8.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include <cmath>

using namespace tilec::frontend;
using namespace mlir;
using llvm::SMLoc;
using llvm::StringRef;
using tilec::tile::FP8Format;

/// The layout of an fp8 dtype (tile/FP8.h, shared with tilec-upcast-fp8-dots).
static FP8Format formatOf(DType dt) { return *FP8Format::byName(dt.str()); }

namespace {
/// Elementwise i32/f32 arithmetic on values of one shape.
struct BitOps {
  OpBuilder &b;
  Location L;
  llvm::ArrayRef<int64_t> shape;

  Type type(Type elt) const {
    if (shape.empty())
      return elt;
    return RankedTensorType::get(shape, elt);
  }
  Value i32(int64_t v) const {
    Type t = type(b.getI32Type());
    TypedAttr a = b.getI32IntegerAttr(int32_t(v));
    if (!shape.empty())
      a = DenseElementsAttr::get(cast<ShapedType>(t), Attribute(a));
    return arith::ConstantOp::create(b, L, t, a);
  }
  Value f32(double v) const {
    Type t = type(b.getF32Type());
    TypedAttr a = b.getF32FloatAttr(float(v));
    if (!shape.empty())
      a = DenseElementsAttr::get(cast<ShapedType>(t), Attribute(a));
    return arith::ConstantOp::create(b, L, t, a);
  }
  Value andI(Value x, int64_t m) { return arith::AndIOp::create(b, L, x, i32(m)); }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, L, x, y); }
  Value shl(Value x, int64_t n) { return arith::ShLIOp::create(b, L, x, i32(n)); }
  Value shr(Value x, int64_t n) { return arith::ShRUIOp::create(b, L, x, i32(n)); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, L, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, int64_t c) {
    return arith::CmpIOp::create(b, L, p, x, i32(c));
  }
  Value select(Value c, Value x, Value y) { return arith::SelectOp::create(b, L, c, x, y); }
  Value toFloat(Value bits) { return arith::BitcastOp::create(b, L, type(b.getF32Type()), bits); }
  Value toBits(Value f) { return arith::BitcastOp::create(b, L, type(b.getI32Type()), f); }
};
} // namespace

/// f32 to fp8 bytes (i8): round to nearest even or toward zero, saturating.
static Value encodeFP8(BitOps &o, Value f, const FP8Format &fmt, bool towardZero) {
  unsigned m = fmt.mantissa;
  unsigned drop = 23 - m;
  Value bits = o.toBits(f);
  Value sign = o.andI(o.shr(bits, 24), 0x80);
  Value mag = o.andI(bits, 0x7FFFFFFF);
  // Normal range: round the f32 mantissa to m bits in the integer domain (a
  // carry moves to the exponent), then rebias.
  Value rounded = mag;
  if (!towardZero && fmt.tiesAway()) {
    rounded = o.add(mag, o.i32(1 << (drop - 1)));
  } else if (!towardZero) {
    Value lsb = o.andI(o.shr(mag, drop), 1);
    rounded = o.add(o.add(mag, o.i32((1 << (drop - 1)) - 1)), lsb);
  }
  Value normal = o.add(o.shr(rounded, drop), o.i32(-(int64_t(127 - fmt.bias) << m)));
  // Subnormal range: count units of the smallest subnormal, rounded.
  Value scaled = arith::MulFOp::create(o.b, o.L, o.toFloat(mag),
                                       o.f32(std::ldexp(1.0, fmt.bias - 1 + int(m))));
  Value units = scaled;
  if (!towardZero && fmt.tiesAway())
    units = math::RoundOp::create(o.b, o.L, scaled);
  else if (!towardZero)
    units = math::RoundEvenOp::create(o.b, o.L, scaled);
  Value sub = arith::FPToUIOp::create(o.b, o.L, o.type(o.b.getI32Type()), units);
  uint32_t minNormalBits = uint32_t(127 + 1 - fmt.bias) << 23;
  Value code = o.select(o.cmp(arith::CmpIPredicate::uge, mag, minNormalBits), normal, sub);
  code = o.select(o.cmp(arith::CmpIPredicate::ugt, code, fmt.maxCode), o.i32(fmt.maxCode), code);
  Value byte;
  if (fmt.fnuz()) {
    // No negative zero: a zero code stays unsigned. NaN and infinities (all
    // exponent bits set) become the NaN.
    Value signedCode = o.select(o.cmp(arith::CmpIPredicate::eq, code, 0), code, o.orI(sign, code));
    byte = o.select(o.cmp(arith::CmpIPredicate::uge, mag, 0x7F800000), o.i32(fmt.nanCode()),
                    signedCode);
  } else {
    code = o.select(o.cmp(arith::CmpIPredicate::ugt, mag, 0x7F800000), o.i32(fmt.nanCode()), code);
    byte = o.orI(sign, code);
  }
  return arith::TruncIOp::create(o.b, o.L, o.type(o.b.getI8Type()), byte);
}

/// The magnitude of a code without its sign bit (a number: at most `maxCode`).
static double codeMagnitude(uint32_t code, const FP8Format &fmt) {
  uint32_t exp = code >> fmt.mantissa, mant = code & ((1u << fmt.mantissa) - 1);
  if (exp == 0)
    return std::ldexp(double(mant), 1 - fmt.bias - int(fmt.mantissa));
  return std::ldexp(1.0 + std::ldexp(double(mant), -int(fmt.mantissa)), int(exp) - fmt.bias);
}

Val FP8Emitter::castFP8(const Val &v, DType to, SMLoc l, bool towardZero) {
  DType from = v.dtype;
  if (from == to)
    return v;
  BitOps o{b, g.loc(l), v.shape};
  DType f32(DType::F32);
  Val wide = v;
  if (from.isFP8())
    wide = Val::tensor(tile::decodeFP8ToF32(b, g.loc(l), v.value, formatOf(from)), f32, v.shape, l);
  if (!to.isFP8())
    return g.cast(wide, to, l);
  FP8Format fmt = formatOf(to);
  if (from.kind == DType::F64 && fmt.fnuz()) {
    // fp64 magnitudes beyond fp32's would become inf, which is NaN in the
    // fnuz formats: finite ones saturate first, to the largest fp8 value.
    Location L = g.loc(l);
    Value x = v.value;
    Type t = x.getType();
    auto f64 = [&](double c) -> Value {
      TypedAttr a = b.getF64FloatAttr(c);
      if (auto shaped = dyn_cast<ShapedType>(t))
        a = DenseElementsAttr::get(shaped, Attribute(a));
      return arith::ConstantOp::create(b, L, t, a);
    };
    Value mag = math::AbsFOp::create(b, L, x);
    Value huge = arith::AndIOp::create(
        b, L,
        arith::CmpFOp::create(b, L, arith::CmpFPredicate::OGT, mag,
                              f64(codeMagnitude(fmt.maxCode, fmt))),
        arith::CmpFOp::create(b, L, arith::CmpFPredicate::ONE, mag, f64(INFINITY)));
    Value largest = math::CopySignOp::create(b, L, f64(codeMagnitude(fmt.maxCode, fmt)), x);
    wide = Val::tensor(arith::SelectOp::create(b, L, huge, largest, x), from, v.shape, l);
  }
  // Integers and wider floats go through f32 first (exact for fp16/bf16).
  if (!(wide = g.cast(wide, f32, l)))
    return wide;
  return Val::tensor(encodeFP8(o, wide.value, fmt, towardZero), to, v.shape, l);
}

Val FP8Emitter::castTowardZero(const Val &v, DType to, SMLoc l) {
  if (to.isFP8())
    return castFP8(v, to, l, /*towardZero=*/true);
  // Round to nearest, then step one ulp toward zero where that rounded away
  // from zero (the bit patterns of floats are ordered by magnitude).
  Val nearest = g.cast(v, to, l);
  Val back = nearest ? g.cast(nearest, v.dtype, l) : nearest;
  if (!back)
    return back;
  Location L = g.loc(l);
  Value awayFromZero =
      arith::CmpFOp::create(b, L, arith::CmpFPredicate::OGT, math::AbsFOp::create(b, L, back.value),
                            math::AbsFOp::create(b, L, v.value));
  DType bitsType(to.bitwidth() == 16 ? DType::I16 : DType::I32);
  Val bits = g.cast(nearest, bitsType, l, /*bitcast=*/true);
  Val one = g.constant(Val::integer(1), bitsType, v.shape, l);
  Value stepped = arith::SubIOp::create(b, L, bits.value, one.value);
  Value chosen = arith::SelectOp::create(b, L, awayFromZero, stepped, bits.value);
  return g.cast(Val::tensor(chosen, bitsType, v.shape, l), to, l,
                /*bitcast=*/true);
}

uint8_t FP8Emitter::encodeFP8Constant(double value, DType dt) {
  FP8Format fmt = formatOf(dt);
  float f = float(value);
  uint8_t sign = std::signbit(f) ? 0x80 : 0;
  if (fmt.fnuz() && (std::isnan(f) || std::isinf(f)))
    return uint8_t(fmt.nanCode());
  if (std::isnan(f))
    return sign | uint8_t(fmt.nanCode());
  // Codes 0..maxCode have increasing magnitudes: the first one not below |f|
  // and the one before it bracket |f| (from the largest up, |f| saturates to
  // it). Of the two, the nearer; ties to the even code (e4b15: the larger).
  double a = std::fabs(double(f));
  uint32_t code = 0;
  while (code < fmt.maxCode && codeMagnitude(code, fmt) < a)
    ++code;
  double above = codeMagnitude(code, fmt);
  if (code > 0 && a < above) {
    double toBelow = a - codeMagnitude(code - 1, fmt), toAbove = above - a;
    bool up = toAbove < toBelow || (toAbove == toBelow && (fmt.tiesAway() || (code & 1) == 0));
    code -= up ? 0 : 1;
  }
  if (fmt.fnuz() && code == 0)
    return 0; // no negative zero
  return sign | uint8_t(code);
}

bool FP8Emitter::rejectFP8Arithmetic(DType dt, SMLoc l, StringRef opName) {
  if (!dt.isFP8())
    return true;
  g.error(l, opName.str() + " on " + dt.str() +
                 " values is not supported: fp8 types are storage only in "
                 "tilec; convert with .to(tl.float16) or .to(tl.float32) first");
  return false;
}
