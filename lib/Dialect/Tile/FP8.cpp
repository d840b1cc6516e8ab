//===- FP8.cpp - Exact decoding of Triton's fp8 formats with integer arithmetic ===//
//
// Shared by the frontend's fp8 casts and tilec-upcast-fp8-dots, so that a dot
// upcast by the pass decodes its operands exactly as a cast in the kernel does.
//
//===----------------------------------------------------------------------===//
#include "tilec/Dialect/Tile/FP8.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>

using namespace mlir;
using namespace tilec::tile;

std::optional<FP8Format> FP8Format::byName(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<FP8Format>>(name)
      .Case("fp8e5", FP8Format{2, 15, 0x7B, Specials::IEEE})
      .Case("fp8e4nv", FP8Format{3, 7, 0x7E, Specials::FN})
      .Case("fp8e4b15", FP8Format{3, 15, 0x7E, Specials::None})
      .Case("fp8e4b8", FP8Format{3, 8, 0x7F, Specials::FNUZ})
      .Case("fp8e5b16", FP8Format{2, 16, 0x7F, Specials::FNUZ})
      .Default(std::nullopt);
}

Value tilec::tile::decodeFP8ToF32(OpBuilder &b, Location loc, Value bytes, const FP8Format &fmt) {
  // `like(elt)`: `bytes`' type (scalar or shaped, encoding kept) with `elt`.
  auto like = [&](Type elt) -> Type {
    if (auto shaped = dyn_cast<ShapedType>(bytes.getType()))
      return shaped.clone(elt);
    return elt;
  };
  Type i32 = like(b.getI32Type()), f32 = like(b.getF32Type());
  auto constant = [&](Type t, TypedAttr scalar) -> Value {
    TypedAttr a = scalar;
    if (auto shaped = dyn_cast<ShapedType>(t))
      a = DenseElementsAttr::get(shaped, Attribute(scalar));
    return arith::ConstantOp::create(b, loc, t, a);
  };
  auto c32 = [&](int64_t v) { return constant(i32, b.getI32IntegerAttr(int32_t(v))); };
  auto andI = [&](Value x, int64_t m) { return arith::AndIOp::create(b, loc, x, c32(m)); };
  auto orI = [&](Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); };
  auto shl = [&](Value x, int64_t n) { return arith::ShLIOp::create(b, loc, x, c32(n)); };
  auto shr = [&](Value x, int64_t n) { return arith::ShRUIOp::create(b, loc, x, c32(n)); };
  auto eq = [&](Value x, int64_t c) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, c32(c));
  };
  auto select = [&](Value c, Value x, Value y) { return arith::SelectOp::create(b, loc, c, x, y); };

  Value x = arith::ExtUIOp::create(b, loc, i32, bytes);
  unsigned m = fmt.mantissa;
  uint32_t expMask = (1u << fmt.exponentBits()) - 1;
  Value sign = shl(andI(x, 0x80), 24);
  Value exp = andI(shr(x, m), expMask);
  Value mant = andI(x, (1 << m) - 1);
  // Normal: rebias the exponent and widen the mantissa.
  Value normal =
      orI(shl(arith::AddIOp::create(b, loc, exp, c32(127 - fmt.bias)), 23), shl(mant, 23 - m));
  // Subnormal: mantissa * 2^(1 - bias - m), exact in f32.
  Value sub = arith::BitcastOp::create(
      b, loc, i32,
      arith::MulFOp::create(
          b, loc, arith::UIToFPOp::create(b, loc, f32, mant),
          constant(f32, b.getF32FloatAttr(float(std::ldexp(1.0, 1 - fmt.bias - int(m)))))));
  Value magnitude = select(eq(exp, 0), sub, normal);
  Value bits;
  if (fmt.specials == FP8Format::Specials::None) {
    bits = orI(sign, magnitude);
  } else if (fmt.fnuz()) {
    // 0x80 (a "negative zero") is the NaN; it decodes to the positive quiet NaN.
    bits = select(eq(x, 0x80), c32(0x7FC00000), orI(sign, magnitude));
  } else {
    Value special, specialBits;
    if (fmt.specials == FP8Format::Specials::IEEE) {
      special = eq(exp, expMask);
      specialBits = orI(c32(0x7F800000), shl(mant, 23 - m));
    } else {
      special = eq(andI(x, 0x7F), 0x7F);
      specialBits = c32(0x7FC00000);
    }
    bits = orI(sign, select(special, specialBits, magnitude));
  }
  return arith::BitcastOp::create(b, loc, f32, bits);
}
