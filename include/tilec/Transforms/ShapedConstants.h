//===- ShapedConstants.h - Constants and arithmetic for math expansions ----===//
#ifndef TILEC_TRANSFORMS_SHAPEDCONSTANTS_H
#define TILEC_TRANSFORMS_SHAPEDCONSTANTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <limits>

namespace tilec {
/// Builds constants of the shape of a value (splats for vectors), and the
/// arithmetic on them: for tilec-expand-math's expansions (ExpandMath.cpp,
/// ExpandMathF64.cpp) and the frontend's libdevice functions
/// (MLIRGenLibdevice.cpp), on vectors, tensors or scalars.
struct ShapedConstants {
  mlir::PatternRewriter &rewriter;
  mlir::Location loc;
  mlir::Type type;

  /// `type` with its element type replaced by `element`.
  mlir::Type withElement(mlir::Type element) const {
    if (auto shaped = mlir::dyn_cast<mlir::ShapedType>(type))
      return shaped.clone(element);
    return element;
  }
  mlir::Value get(mlir::Type element, mlir::Attribute scalar) const {
    mlir::Type t = withElement(element);
    mlir::Attribute a = scalar;
    if (auto shaped = mlir::dyn_cast<mlir::ShapedType>(t))
      a = mlir::SplatElementsAttr::get(shaped, scalar);
    return mlir::arith::ConstantOp::create(rewriter, loc, t, mlir::cast<mlir::TypedAttr>(a));
  }
  mlir::Value f32(double v) const {
    return get(rewriter.getF32Type(), rewriter.getF32FloatAttr(float(v)));
  }
  mlir::Value f64(double v) const {
    return get(rewriter.getF64Type(), rewriter.getF64FloatAttr(v));
  }
  /// `v` in the float element type of `type`.
  mlir::Value fp(double v) const {
    mlir::Type element = mlir::getElementTypeOrSelf(type);
    return get(element, rewriter.getFloatAttr(element, v));
  }
  mlir::Value i64(int64_t v) const {
    return get(rewriter.getI64Type(), rewriter.getI64IntegerAttr(v));
  }
  mlir::Value i32(int v) const { return get(rewriter.getI32Type(), rewriter.getI32IntegerAttr(v)); }
  mlir::Value boolean(bool v) const { return get(rewriter.getI1Type(), rewriter.getBoolAttr(v)); }

  mlir::Value add(mlir::Value a, mlir::Value b) const {
    return mlir::arith::AddFOp::create(rewriter, loc, a, b);
  }
  mlir::Value sub(mlir::Value a, mlir::Value b) const {
    return mlir::arith::SubFOp::create(rewriter, loc, a, b);
  }
  mlir::Value mul(mlir::Value a, mlir::Value b) const {
    return mlir::arith::MulFOp::create(rewriter, loc, a, b);
  }
  mlir::Value div(mlir::Value a, mlir::Value b) const {
    return mlir::arith::DivFOp::create(rewriter, loc, a, b);
  }
  mlir::Value neg(mlir::Value a) const { return mlir::arith::NegFOp::create(rewriter, loc, a); }
  mlir::Value abs(mlir::Value a) const { return mlir::math::AbsFOp::create(rewriter, loc, a); }
  mlir::Value bitAnd(mlir::Value a, mlir::Value b) const {
    return mlir::arith::AndIOp::create(rewriter, loc, a, b);
  }
  mlir::Value select(mlir::Value condition, mlir::Value a, mlir::Value b) const {
    return mlir::arith::SelectOp::create(rewriter, loc, condition, a, b);
  }
  mlir::Value fma(mlir::Value a, mlir::Value b, mlir::Value addend) const {
    return mlir::math::FmaOp::create(rewriter, loc, a, b, addend);
  }
  /// The polynomial with `coefficients` (highest degree first) at `x`, by
  /// Horner's rule with fused multiply-adds, in `type`'s float type.
  mlir::Value horner(mlir::Value x, llvm::ArrayRef<double> coefficients) const {
    mlir::Value p = fp(coefficients.front());
    for (double coefficient : coefficients.drop_front())
      p = fma(p, x, fp(coefficient));
    return p;
  }
  mlir::Value cmp(mlir::arith::CmpFPredicate predicate, mlir::Value a, mlir::Value b) const {
    return mlir::arith::CmpFOp::create(rewriter, loc, predicate, a, b);
  }
  /// a + b as the rounded sum and its error `low` (Knuth's two-sum).
  mlir::Value twoSum(mlir::Value a, mlir::Value b, mlir::Value &low) const {
    mlir::Value sum = add(a, b);
    mlir::Value bPart = sub(sum, a);
    low = add(sub(a, sub(sum, bPart)), sub(b, bPart));
    return sum;
  }
  /// a * b as the rounded product and its error `low` (exact, by an fma).
  mlir::Value twoProduct(mlir::Value a, mlir::Value b, mlir::Value &low) const {
    mlir::Value product = mul(a, b);
    low = fma(a, b, neg(product));
    return product;
  }
  /// max(v, bound) and min(v, bound) that keep a NaN v: one compare and select.
  mlir::Value max(mlir::Value v, mlir::Value bound) const {
    return mlir::arith::SelectOp::create(rewriter, loc,
                                         cmp(mlir::arith::CmpFPredicate::UGE, v, bound), v, bound);
  }
  mlir::Value min(mlir::Value v, mlir::Value bound) const {
    return mlir::arith::SelectOp::create(rewriter, loc,
                                         cmp(mlir::arith::CmpFPredicate::ULE, v, bound), v, bound);
  }
};
/// The part of pow(x, y) that f32 and f64 share, in `c.type` (f32 or f64):
/// from log2|x| = e + lh + lhLow, where e is |x|'s exponent and ln(m) =
/// lnHi + lnLow of its mantissa m (lh + lhLow = ln(m) * log2(e), with
/// log2(e) = log2eHi + log2eLo), t + tLow = y * log2|x| with the rounding
/// errors of the products and the sum (tLow dropped where |t| >= `range`),
/// 2^(t + tLow) by `exp2OfPair`, and C99's special cases: pow(x, +-0) = 1
/// and pow(1, y) = 1 (even for NaN); a negative finite x with a finite
/// non-integer y gives NaN; an odd integer y keeps x's sign (also for -0
/// and -inf); pow(-1, +-inf) = 1; zeros, infinities and the rest follow
/// from 2^(y * log2|x|) with log2(0) = -inf and log2(inf) = inf.
inline mlir::Value
powFromLogOfMantissa(const ShapedConstants &c, mlir::Value x, mlir::Value y, mlir::Value e,
                     mlir::Value lnHi, mlir::Value lnLow, double log2eHi, double log2eLo,
                     double range,
                     llvm::function_ref<mlir::Value(mlir::Value, mlir::Value)> exp2OfPair) {
  using P = mlir::arith::CmpFPredicate;
  using mlir::Value;
  const double inf = std::numeric_limits<double>::infinity();
  mlir::OpBuilder &b = c.rewriter;
  unsigned width = mlir::getElementTypeOrSelf(c.type).getIntOrFloatBitWidth();
  mlir::Type intElement = b.getIntegerType(width);
  mlir::Type intType = c.withElement(intElement);
  auto integer = [&](int64_t v) { return c.get(intElement, b.getIntegerAttr(intElement, v)); };
  auto orI = [&](Value p, Value q) { return mlir::arith::OrIOp::create(b, c.loc, p, q); };
  Value a = c.abs(x);

  Value lhLow;
  Value lh = c.twoProduct(lnHi, c.fp(log2eHi), lhLow);
  lhLow = c.add(lhLow, c.add(c.mul(lnHi, c.fp(log2eLo)), c.mul(lnLow, c.fp(log2eHi))));
  // t + tLow = y * e + y * log2(m) (y * e and y * lh split exactly).
  Value yeLow, ylLow, sumLow;
  Value ye = c.twoProduct(y, e, yeLow);
  Value yl = c.twoProduct(y, lh, ylLow);
  Value t = c.twoSum(ye, yl, sumLow);
  Value tLow = c.add(sumLow, c.add(yeLow, c.add(ylLow, c.mul(y, lhLow))));
  // Plain y * log2|x| where x is 0, inf or NaN (log2 is -inf, inf, NaN) or
  // y is inf or NaN.
  Value yAbs = c.abs(y);
  Value yFinite = c.cmp(P::OLT, yAbs, c.fp(inf));
  Value xRegular = c.bitAnd(c.cmp(P::OGT, a, c.fp(0.0)), c.cmp(P::OLT, a, c.fp(inf)));
  Value log2Special = c.select(c.cmp(P::OEQ, a, c.fp(0.0)), c.fp(-inf), a);
  Value log2x = c.select(xRegular, c.add(e, lh), log2Special);
  t = c.select(c.bitAnd(xRegular, yFinite), t, c.mul(y, log2x));
  tLow = c.select(c.cmp(P::OLT, c.abs(t), c.fp(range)), tLow, c.fp(0.0));
  Value magnitude = exp2OfPair(t, tLow);

  // Integer and odd exponents (every float of magnitude >= 2^(mantissa
  // bits + 1) is even).
  double evenFrom = width == 64 ? 0x1p53 : 0x1p24;
  Value yInteger = c.bitAnd(yFinite, c.cmp(P::OEQ, mlir::math::TruncOp::create(b, c.loc, y), y));
  Value ySmall = c.cmp(P::OLT, yAbs, c.fp(evenFrom));
  Value yInt = mlir::arith::FPToSIOp::create(b, c.loc, intType, c.select(ySmall, y, c.fp(0.0)));
  Value yOdd =
      c.bitAnd(yInteger, mlir::arith::CmpIOp::create(b, c.loc, mlir::arith::CmpIPredicate::ne,
                                                     c.bitAnd(yInt, integer(1)), integer(0)));
  Value xBits = mlir::arith::BitcastOp::create(b, c.loc, intType, x);
  Value xNegative =
      mlir::arith::CmpIOp::create(b, c.loc, mlir::arith::CmpIPredicate::slt, xBits, integer(0));
  Value result = c.select(c.bitAnd(yOdd, xNegative), c.neg(magnitude), magnitude);
  Value xFinite = c.cmp(P::OLT, a, c.fp(inf));
  Value yFraction = mlir::arith::XOrIOp::create(b, c.loc, yInteger, c.boolean(true));
  Value nan =
      c.bitAnd(c.bitAnd(c.cmp(P::OLT, x, c.fp(0.0)), xFinite), c.bitAnd(yFinite, yFraction));
  result = c.select(nan, c.fp(std::numeric_limits<double>::quiet_NaN()), result);
  Value one = orI(orI(c.cmp(P::OEQ, y, c.fp(0.0)), c.cmp(P::OEQ, x, c.fp(1.0))),
                  c.bitAnd(c.cmp(P::OEQ, x, c.fp(-1.0)), c.cmp(P::OEQ, yAbs, c.fp(inf))));
  return c.select(one, c.fp(1.0), result);
}
} // namespace tilec

#endif // TILEC_TRANSFORMS_SHAPEDCONSTANTS_H
