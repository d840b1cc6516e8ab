//===- ExpandMath.cpp - Polynomial approximations for transcendental math --===//
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tilec {
#define GEN_PASS_DEF_TILECEXPANDMATH
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {
/// Builds constants of the shape of a value (splats for vectors) for the
/// expansions below.
struct ShapedConstants {
  PatternRewriter &rewriter;
  Location loc;
  Type type;

  /// `type` with its element type replaced by `element`.
  Type withElement(Type element) const {
    if (auto shaped = dyn_cast<ShapedType>(type))
      return shaped.clone(element);
    return element;
  }
  Value get(Type element, Attribute scalar) const {
    Type t = withElement(element);
    Attribute a = scalar;
    if (auto shaped = dyn_cast<ShapedType>(t))
      a = SplatElementsAttr::get(shaped, scalar);
    return arith::ConstantOp::create(rewriter, loc, t, cast<TypedAttr>(a));
  }
  Value f32(double v) const {
    return get(rewriter.getF32Type(), rewriter.getF32FloatAttr(float(v)));
  }
  Value i32(int v) const { return get(rewriter.getI32Type(), rewriter.getI32IntegerAttr(v)); }
};

/// rsqrt(x) -> 1 / sqrt(x): exact, and the upstream rsqrt rewrites need the
/// x86vector dialect (AVX2 only) and crash without it.
struct RsqrtToDivSqrt : public OpRewritePattern<math::RsqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::RsqrtOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    ShapedConstants c{rewriter, op.getLoc(), type};
    Value oneValue = c.get(element, rewriter.getFloatAttr(element, 1.0));
    Value root = math::SqrtOp::create(rewriter, c.loc, op.getOperand());
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, oneValue, root);
    return success();
  }
};

/// f32 exp, cheaper than the upstream expansion (15 ops instead of 20): exp(x)
/// = 2^n * exp(r) with n = round(x * log2(e)) and r = x - n * ln2 (two-part
/// ln2, Cody-Waite, with fused multiply-adds), exp(r) by a degree-7 Horner
/// polynomial (Cephes' coefficients) and 2^n from the bits of
/// t = x * log2(e) + (1.5 * 2^23 + 127): adding the magic constant rounds to
/// the integer n + 127 held in t's low mantissa bits, so t - magic is n and
/// t's bits shifted left by 23 are the float 2^n, without floor, conversion
/// and bias.
///
/// Special values as before: x is first raised to -87.8, where n = -127 and
/// the scale's bits are 0, so exp(-inf) and every x below ~-87.68 give 0
/// exactly (results between are denormal). t is capped at n = 127: beyond,
/// exp(r) > 2 and the product overflows to +inf, as it does for x = +inf
/// (r = +inf). NaN passes through both clamps (unordered compares) and the
/// arithmetic.
struct ExpF32 : public OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ExpOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    Location loc = op.getLoc();
    ShapedConstants c{rewriter, loc, type};
    // max(x, lo) and min(x, hi) with NaN passing through: one instruction each.
    auto clamp = [&](Value v, arith::CmpFPredicate keep, Value bound) -> Value {
      Value keepV = arith::CmpFOp::create(rewriter, loc, keep, v, bound);
      return arith::SelectOp::create(rewriter, loc, keepV, v, bound);
    };
    auto fma = [&](Value a, Value b, Value addend) -> Value {
      return math::FmaOp::create(rewriter, loc, a, b, addend);
    };
    const double kMagic = 12582912.0 + 127.0; // 1.5 * 2^23 + bias
    const double kLog2e = 1.44269504088896341, kLn2Hi = 0.693359375, kLn2Lo = -2.12194440e-4;
    Value x = clamp(op.getOperand(), arith::CmpFPredicate::UGE, c.f32(-87.8));
    Value t = clamp(fma(x, c.f32(kLog2e), c.f32(kMagic)), arith::CmpFPredicate::ULE,
                    c.f32(kMagic + 127.0));
    Value n = arith::SubFOp::create(rewriter, loc, t, c.f32(kMagic));
    Value r = fma(n, c.f32(-kLn2Hi), x);
    r = fma(n, c.f32(-kLn2Lo), r);
    // exp(r) = 1 + r + r^2 * P(r) on |r| <= ln2 / 2, as ((P(r) * r + 1) * r + 1).
    const double kCoefficients[] = {1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3,
                                    4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1, 1.0, 1.0};
    Value p = c.f32(kCoefficients[0]);
    for (double coefficient : llvm::ArrayRef(kCoefficients).drop_front())
      p = fma(p, r, c.f32(coefficient));
    Type intType = c.withElement(rewriter.getI32Type());
    Value tBits = arith::BitcastOp::create(rewriter, loc, intType, t);
    Value bits = arith::ShLIOp::create(rewriter, loc, tBits, c.i32(23));
    Value scale = arith::BitcastOp::create(rewriter, loc, type, bits);
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, p, scale);
    return success();
  }
};

/// Marks the sin/cos created by the range reduction (their argument is
/// already in [-pi/4, pi/4]).
constexpr llvm::StringLiteral kReducedAttr = "tilec.reduced";

/// f32 sin/cos: the upstream polynomials reduce by pi/2 with one float
/// constant, which loses all accuracy by |x| ~ 1e4. This reduces first with a
/// three-part pi/2 (Cody-Waite, with fused multiply-adds), then evaluates
/// sin or cos of the remainder by quadrant: accurate to a few ulp up to
/// |x| ~ 1e5 and degrading slowly beyond (k = round(x * 2/pi) stays exact
/// below 2^24).
template <typename OpT>
struct SinCosRangeReduction : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32() || op->hasAttr(kReducedAttr))
      return failure();
    Location loc = op.getLoc();
    ShapedConstants c{rewriter, loc, type};
    Type intType = c.withElement(rewriter.getI32Type());
    Value x = op.getOperand();
    // pi/2 = kPio2Hi + kPio2Mid + kPio2Lo (each a float), 2/pi rounded to float.
    const double kTwoOverPi = 0.6366197466850281, kPio2Hi = 1.5707963705062866,
                 kPio2Mid = -4.371138828673793e-08, kPio2Lo = -1.7151245100058819e-15;
    Value k = math::RoundEvenOp::create(rewriter, loc, arith::MulFOp::create(rewriter, loc, x, c.f32(kTwoOverPi)));
    Value negK = arith::NegFOp::create(rewriter, loc, k);
    Value r = math::FmaOp::create(rewriter, loc, negK, c.f32(kPio2Hi), x);
    r = math::FmaOp::create(rewriter, loc, negK, c.f32(kPio2Mid), r);
    r = math::FmaOp::create(rewriter, loc, negK, c.f32(kPio2Lo), r);
    // The quadrant k mod 4 (k is 0 when it is too large to convert: NaN, inf).
    Value finite = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT,
                                         math::AbsFOp::create(rewriter, loc, k), c.f32(16777216.0));
    Value kSafe = arith::SelectOp::create(rewriter, loc, finite, k, c.f32(0.0));
    Value quadrant = arith::AndIOp::create(
        rewriter, loc, arith::FPToSIOp::create(rewriter, loc, intType, kSafe),
        c.i32(3));
    auto sinR = math::SinOp::create(rewriter, loc, r);
    auto cosR = math::CosOp::create(rewriter, loc, r);
    sinR->setAttr(kReducedAttr, rewriter.getUnitAttr());
    cosR->setAttr(kReducedAttr, rewriter.getUnitAttr());
    // sin(x) by quadrant: sin r, cos r, -sin r, -cos r; cos(x) is sin(x + pi/2).
    if (std::is_same_v<OpT, math::CosOp>)
      quadrant = arith::AndIOp::create(rewriter, loc, arith::AddIOp::create(rewriter, loc, quadrant, c.i32(1)), c.i32(3));
    auto isQuadrant = [&](int q) {
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, quadrant, c.i32(q));
    };
    Value odd = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      arith::AndIOp::create(rewriter, loc, quadrant, c.i32(1)), c.i32(1));
    Value magnitude = arith::SelectOp::create(rewriter, loc, odd, cosR, sinR);
    Value negative = arith::OrIOp::create(rewriter, loc, isQuadrant(2), isQuadrant(3));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, negative, arith::NegFOp::create(rewriter, loc, magnitude),
                                                 magnitude);
    return success();
  }
};

/// f64 erf: neither LLVM nor the targets have one, and MLIR's polynomial is
/// f32-only, so the argument is rounded to f32, erf evaluated there and the
/// result widened back (relative error ~1e-7 instead of libdevice's ~1 ulp of
/// f64; documented in docs/language.md).
struct ErfF64ViaF32 : public OpRewritePattern<math::ErfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ErfOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF64())
      return failure();
    Location loc = op.getLoc();
    Type narrow = ShapedConstants{rewriter, loc, type}.withElement(rewriter.getF32Type());
    Value x = arith::TruncFOp::create(rewriter, loc, narrow, op.getOperand());
    Value erf = math::ErfOp::create(rewriter, loc, x);
    rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, type, erf);
    return success();
  }
};

struct TilecExpandMathPass
    : public tilec::impl::TilecExpandMathBase<TilecExpandMathPass> {
  using TilecExpandMathBase::TilecExpandMathBase;

  /// f64 math that no pattern expanded becomes a libm call, which CPUs have
  /// and GPU backends do not (they crash or report "no libcall"): refused with
  /// an error at the op, naming it and the target.
  LogicalResult refuseLibmCallsOnGpus(ModuleOp module) {
    if (target == "cpu" || target == "simt") // host targets link libm
      return success();
    WalkResult result = module.walk([&](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()) ||
          isa<math::SqrtOp, math::FmaOp, math::AbsFOp, math::FloorOp, math::CeilOp, math::TruncOp,
              math::RoundOp, math::RoundEvenOp, math::CopySignOp, math::AbsIOp, math::CountLeadingZerosOp,
              math::CountTrailingZerosOp, math::CtPopOp, math::IsNaNOp, math::IsInfOp,
              math::IsFiniteOp>(op))
        return WalkResult::advance();
      if (llvm::none_of(op->getOperandTypes(),
                        [](Type t) { return getElementTypeOrSelf(t).isF64(); }))
        return WalkResult::advance();
      op->emitError() << "'" << op->getName().stripDialect() << "' on fp64 is not supported by "
                      << "tilec on target " << target << " (fp32 and narrower are; cast to "
                      << "tl.float32 first)";
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // f16/bf16 math is widened to f32 beforehand by math-extend-to-supported-types.
    RewritePatternSet patterns(ctx);
    // Kept as they are: sqrt, fma, abs, floor and ceil are instructions everywhere.
    patterns.add<RsqrtToDivSqrt, ExpF32, SinCosRangeReduction<math::SinOp>, SinCosRangeReduction<math::CosOp>,
                 ErfF64ViaF32>(ctx, /*benefit=*/10);
    // acosh/atanh have no polynomial: expressions in log and sqrt.
    math::populateExpansionPatterns(patterns, {"acosh", "atanh"});
    auto expand = [](StringRef name) {
      return name != "sqrt" && name != "fma" && name != "absf" && name != "floor" &&
             name != "ceil" && name != "rsqrt";
    };
    populateMathF32ExpansionPatterns(patterns, expand);
    populateMathPolynomialApproximationPatterns(patterns, expand);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
    if (failed(refuseLibmCallsOnGpus(module)))
      return signalPassFailure();
  }
};
} // namespace
