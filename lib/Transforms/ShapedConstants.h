//===- ShapedConstants.h - Constants and arithmetic for math expansions ----===//
#ifndef TILEC_LIB_TRANSFORMS_SHAPEDCONSTANTS_H
#define TILEC_LIB_TRANSFORMS_SHAPEDCONSTANTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

namespace tilec {
/// Builds constants of the shape of a value (splats for vectors), and the
/// arithmetic on them, for tilec-expand-math's expansions (ExpandMath.cpp,
/// ExpandMathF64.cpp).
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
} // namespace tilec

#endif // TILEC_LIB_TRANSFORMS_SHAPEDCONSTANTS_H
