//===- ExpandMath.cpp - Transcendental math: expansions or libdevice calls --===//
#include "tilec/Transforms/Passes.h"

#include "ExpandMathF64.h"
#include "tilec/Transforms/ShapedConstants.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace tilec {
#define GEN_PASS_DEF_TILECEXPANDMATH
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using tilec::ShapedConstants;

namespace {
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

/// Pieces of tilec's f32 exp: exp(r) on |r| <= ln2 / 2 and the scale 2^n.
///
/// exp(r) = 1 + r + r^2 * P(r), as ((P(r) * r + 1) * r + 1): a degree-7 Horner
/// polynomial with Cephes' coefficients.
Value expPolynomial(const ShapedConstants &c, Value r) {
  const double kCoefficients[] = {1.9875691500e-4, 1.3981999507e-3, 8.3334519073e-3,
                                  4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1, 1.0, 1.0};
  return c.horner(r, kCoefficients);
}

/// 1.5 * 2^23 + 127: a float t = v + kExpMagic (|v| < 2^22) holds the integer
/// round(v) + 127 in its low mantissa bits, so t - kExpMagic is round(v) and
/// t's bits shifted left by 23 are the float 2^round(v), without floor,
/// conversion and bias.
constexpr double kExpMagic = 12582912.0 + 127.0;

/// p * 2^n where `t` = n + kExpMagic (n in [-127, 127]; n = -127 gives 0).
Value scaleByMagicExponent(const ShapedConstants &c, Value p, Value t) {
  Type intType = c.withElement(c.rewriter.getI32Type());
  Value tBits = arith::BitcastOp::create(c.rewriter, c.loc, intType, t);
  Value bits = arith::ShLIOp::create(c.rewriter, c.loc, tBits, c.i32(23));
  Value scale = arith::BitcastOp::create(c.rewriter, c.loc, c.type, bits);
  return c.mul(p, scale);
}

/// 2^(x + xLow) in f32 for a float pair (xLow: x's rounding error, or 0):
/// 2^n * exp((x - n + xLow) * ln2) with n = round(x); x - n is exact, so the
/// result keeps its accuracy up to the overflow at 128, where the sum
/// x + xLow would lose ~1e-5 relative. Denormal results (x < -120) are
/// computed 2^64 higher and scaled back, rounded once by that product; below
/// -150 the result is 0, from 128 on +inf; NaN passes through.
Value exp2OfPair(const ShapedConstants &c, Value x, Value xLow) {
  Value tiny = c.cmp(arith::CmpFPredicate::OLT, x, c.f32(-120.0));
  x = c.add(x, c.select(tiny, c.f32(64.0), c.f32(0.0)));
  Value clamped = c.max(x, c.f32(-127.0));
  Value t = c.min(c.add(clamped, c.f32(kExpMagic)), c.f32(kExpMagic + 127.0));
  Value n = c.sub(t, c.f32(kExpMagic));
  Value f = c.add(c.sub(clamped, n), xLow);
  Value r = c.mul(f, c.f32(0.693147180559945309));
  Value result = c.mul(scaleByMagicExponent(c, expPolynomial(c, r), t),
                       c.select(tiny, c.f32(0x1p-64), c.f32(1.0)));
  // exp(r) for r = ln2 rounds below 2: 2^128 and beyond overflow explicitly.
  return c.select(c.cmp(arith::CmpFPredicate::OGE, x, c.f32(128.0)),
                  c.f32(std::numeric_limits<double>::infinity()), result);
}

/// f32 exp2 on host targets, where LLVM calls exp2f lane by lane: exp2OfPair, which
/// vectorizes. (GPUs have an instruction.)
struct Exp2F32 : public OpRewritePattern<math::Exp2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Exp2Op op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    rewriter.replaceOp(op, exp2OfPair(c, op.getOperand(), c.f32(0.0)));
    return success();
  }
};

/// f32 exp, cheaper than the upstream expansion (15 ops instead of 20): exp(x)
/// = 2^n * exp(r) with n = round(x * log2(e)) and r = x - n * ln2 (two-part
/// ln2, Cody-Waite, with fused multiply-adds), exp(r) by expPolynomial and 2^n
/// from the bits of t = x * log2(e) + kExpMagic.
///
/// Special values: x is first raised to -104, where the result is below
/// half the smallest denormal, so exp(-inf) is 0; from about -87.3 on, where
/// results are denormal, 2^n is applied as 2^(n+64) * 2^-64 (the last
/// multiply rounds once). t is capped at n = 127: beyond, exp(r) > 2 and the
/// product overflows to +inf, as it does for x = +inf (r = +inf). NaN passes
/// through both clamps (unordered compares) and the arithmetic.
struct ExpF32 : public OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ExpOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    const double kLog2e = 1.44269504088896341, kLn2Hi = 0.693359375, kLn2Lo = -2.12194440e-4;
    Value x = c.max(op.getOperand(), c.f32(-104.0));
    Value t = c.min(c.fma(x, c.f32(kLog2e), c.f32(kExpMagic)), c.f32(kExpMagic + 127.0));
    Value n = c.sub(t, c.f32(kExpMagic));
    Value r = c.fma(n, c.f32(-kLn2Hi), x);
    r = c.fma(n, c.f32(-kLn2Lo), r);
    Value tiny = c.cmp(arith::CmpFPredicate::OLT, n, c.f32(-125.0));
    Value scaleT = c.select(tiny, c.add(t, c.f32(64.0)), t);
    Value result = scaleByMagicExponent(c, expPolynomial(c, r), scaleT);
    rewriter.replaceOp(op, c.mul(result, c.select(tiny, c.f32(0x1p-64), c.f32(1.0))));
    return success();
  }
};

/// 2/pi in 24-bit pieces: kTwoOverPiPieces[i] holds bits 24i+1 .. 24i+24
/// after the binary point, so that an f32 times one piece is exact in f64.
constexpr double kTwoOverPiPieces[] = {0x1.45f306p-1,   0x1.b93910p-26, 0x1.529fc0p-52,
                                       0x1.3abe88p-75,  0x1.ea69bap-97, 0x1.81b6c4p-121,
                                       0x1.2b3278p-145, 0x1.0e4104p-170};

/// For |x| >= 2^17, where the f32 Cody-Waite reduction below loses bits: x =
/// k * pi/2 + r computed in f64 from x * 2/pi mod 4 (Payne and Hanek's
/// reduction without a table): each product of x with a 24-bit piece of 2/pi
/// is exact, is reduced mod 4 exactly, and the sum keeps ~100 bits by
/// two-sum, enough for every f32 (2^128 * 2/pi's part beyond 192 bits is
/// below 2^-64). Returns r (f32) and k mod 4; NaN r for inf and NaN.
std::pair<Value, Value> reduceLargeArgument(const ShapedConstants &c, Value x) {
  PatternRewriter &rewriter = c.rewriter;
  Type f64 = rewriter.getF64Type();
  ShapedConstants d{rewriter, c.loc, c.withElement(f64)};
  Value wide = arith::ExtFOp::create(rewriter, c.loc, d.type, x);
  Value high = d.f64(0.0), low = d.f64(0.0);
  for (double piece : kTwoOverPiPieces) {
    Value term = d.mul(wide, d.f64(piece));
    Value multipleOfFour = math::RoundEvenOp::create(rewriter, c.loc, d.mul(term, d.f64(0.25)));
    term = d.sub(term, d.mul(multipleOfFour, d.f64(4.0)));
    Value error;
    high = d.twoSum(high, term, error);
    low = d.add(low, error);
  }
  Value k = math::RoundEvenOp::create(rewriter, c.loc, high);
  Value fraction = d.add(d.sub(high, k), low);
  Value r = d.mul(fraction, d.f64(1.5707963267948966));
  Value kSafe = d.select(d.cmp(arith::CmpFPredicate::OLT, d.abs(k), d.f64(64.0)), k, d.f64(0.0));
  Type intType = c.withElement(rewriter.getI32Type());
  Value quadrant = c.bitAnd(arith::FPToSIOp::create(rewriter, c.loc, intType, kSafe), c.i32(3));
  return {arith::TruncFOp::create(rewriter, c.loc, c.type, r), quadrant};
}

/// f32 x = k * pi/2 + r with |r| <= pi/4: the quadrant k mod 4 (0 for NaN
/// and inf, whose remainder is NaN), sin r and cos r. The upstream sin/cos
/// polynomials reduce by pi/2 with one float constant, which loses all
/// accuracy by |x| ~ 1e4 (and their result for tiny negative arguments is
/// off). Below 2^17 this reduces with a three-part pi/2 (Cody-Waite, with
/// fused multiply-adds, twice), accurate to a few ulp; from 2^17 on with
/// reduceLargeArgument, under an `scf.if` taken only when some lane needs it
/// (a vector's lanes are or-reduced), so the common case costs one compare.
/// sin r and cos r are Cephes' minimax polynomials on [-pi/4, pi/4]
/// (relative error ~1 ulp, also for tiny r, which tan's poles need).
struct HalfPiReduction {
  Value quadrant, sinR, cosR;

  HalfPiReduction(const ShapedConstants &c, Value x) {
    PatternRewriter &rewriter = c.rewriter;
    Location loc = c.loc;
    // pi/2 = kPio2Hi + kPio2Mid + kPio2Lo (each a float), 2/pi rounded to float.
    const double kTwoOverPi = 0.6366197466850281, kPio2Hi = 1.5707963705062866,
                 kPio2Mid = -4.371138828673793e-08, kPio2Lo = -1.7151245100058819e-15;
    auto reduce = [&](Value v, Value &k) {
      k = math::RoundEvenOp::create(rewriter, loc, c.mul(v, c.f32(kTwoOverPi)));
      Value negK = c.neg(k);
      Value r = c.fma(negK, c.f32(kPio2Hi), v);
      r = c.fma(negK, c.f32(kPio2Mid), r);
      return c.fma(negK, c.f32(kPio2Lo), r);
    };
    // Beyond |x| ~ 1e5, x * 2/pi is rounded by more than its distance to the
    // nearest half-integer: a second step takes the remainder back to pi/4.
    Value k, correction;
    Value r = reduce(reduce(x, k), correction);
    k = c.add(k, correction);
    Value finite = c.cmp(arith::CmpFPredicate::OLT, c.abs(k), c.f32(16777216.0));
    Value kSafe = c.select(finite, k, c.f32(0.0));
    Type intType = c.withElement(rewriter.getI32Type());
    quadrant = c.bitAnd(arith::FPToSIOp::create(rewriter, loc, intType, kSafe), c.i32(3));

    // Large arguments (and inf; NaN compares false and stays NaN).
    Value large = c.cmp(arith::CmpFPredicate::OGE, c.abs(x), c.f32(0x1p17));
    auto mergeLarge = [&]() -> std::pair<Value, Value> {
      auto [largeR, largeQuadrant] = reduceLargeArgument(c, x);
      return {c.select(large, largeR, r), c.select(large, largeQuadrant, quadrant)};
    };
    Value anyLarge = large;
    if (auto vectorType = dyn_cast<VectorType>(large.getType())) {
      Value flat = large;
      if (vectorType.getRank() != 1)
        flat = vector::ShapeCastOp::create(
            rewriter, loc, VectorType::get({vectorType.getNumElements()}, rewriter.getI1Type()),
            large);
      anyLarge = vector::ReductionOp::create(rewriter, loc, vector::CombiningKind::OR, flat);
    }
    if (anyLarge.getType().isInteger(1)) {
      auto branch = scf::IfOp::create(rewriter, loc, TypeRange{r.getType(), quadrant.getType()},
                                      anyLarge, /*withElseRegion=*/true);
      rewriter.setInsertionPointToStart(branch.thenBlock());
      auto [mergedR, mergedQuadrant] = mergeLarge();
      scf::YieldOp::create(rewriter, loc, ValueRange{mergedR, mergedQuadrant});
      rewriter.setInsertionPointToStart(branch.elseBlock());
      scf::YieldOp::create(rewriter, loc, ValueRange{r, quadrant});
      rewriter.setInsertionPointAfter(branch);
      r = branch.getResult(0);
      quadrant = branch.getResult(1);
    } else {
      // Tensors (tilec-opt tests before vectorization): both, selected.
      std::tie(r, quadrant) = mergeLarge();
    }

    // sin r = r + r z (S1 + z (S2 + z S3)), cos r = 1 - z/2 + z^2 (C1 + z (C2 + z C3)).
    Value z = c.mul(r, r);
    Value sinP = c.fma(c.fma(c.f32(-1.9515295891e-4), z, c.f32(8.3321608736e-3)), z,
                       c.f32(-1.6666654611e-1));
    sinR = c.fma(c.mul(r, z), sinP, r);
    Value cosP = c.fma(c.fma(c.f32(2.443315711809948e-5), z, c.f32(-1.388731625493765e-3)), z,
                       c.f32(4.166664568298827e-2));
    Value z2 = c.mul(z, z);
    cosR = c.fma(z2, cosP, c.fma(z, c.f32(-0.5), c.f32(1.0)));
  }

  /// Whether `quadrant` (k or k + 1 mod 4) is odd, and whether it is 2 or 3.
  static std::pair<Value, Value> oddAndNegative(const ShapedConstants &c, Value quadrant) {
    auto bit = [&](int mask) {
      Value masked = c.bitAnd(quadrant, c.i32(mask));
      return arith::CmpIOp::create(c.rewriter, c.loc, arith::CmpIPredicate::ne, masked, c.i32(0));
    };
    return {bit(1), bit(2)};
  }
};

/// f32 sin/cos by HalfPiReduction: sin(x) by quadrant is sin r, cos r,
/// -sin r, -cos r; cos(x) is sin(x + pi/2).
template <typename OpT>
struct SinCosRangeReduction : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    HalfPiReduction reduced(c, op.getOperand());
    Value quadrant = reduced.quadrant;
    if (std::is_same_v<OpT, math::CosOp>)
      quadrant = arith::AddIOp::create(rewriter, c.loc, quadrant, c.i32(1));
    auto [odd, negative] = HalfPiReduction::oddAndNegative(c, quadrant);
    Value magnitude = c.select(odd, reduced.cosR, reduced.sinR);
    Value result = c.select(negative, c.neg(magnitude), magnitude);
    // sin(-0) = -0 (the polynomial gives +0).
    if (std::is_same_v<OpT, math::SinOp>)
      result = c.select(c.cmp(arith::CmpFPredicate::OEQ, op.getOperand(), c.f32(0.0)),
                        op.getOperand(), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// f32 tan by HalfPiReduction: sin r / cos r in even quadrants, -cos r / sin r
/// in odd ones (tan(r + pi/2) = -cot r), so the result is as accurate as the
/// quotient of two accurate values, also near the poles.
struct TanF32 : public OpRewritePattern<math::TanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TanOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    HalfPiReduction reduced(c, op.getOperand());
    Value odd = HalfPiReduction::oddAndNegative(c, reduced.quadrant).first;
    Value even = c.div(reduced.sinR, reduced.cosR);
    Value oddValue = c.div(c.neg(reduced.cosR), reduced.sinR);
    Value result = c.select(odd, oddValue, even);
    // tan(-0) = -0.
    rewriter.replaceOp(op, c.select(c.cmp(arith::CmpFPredicate::OEQ, op.getOperand(), c.f32(0.0)),
                                    op.getOperand(), result));
    return success();
  }
};

/// f32 sinh and cosh. With p = e^|x| / 2, computed as (h / 2) * h with
/// h = e^(|x|/2) so that it stays finite up to cosh's own overflow (~89.4):
/// cosh x = p + 1/(4p), and |sinh x| = p - 1/(4p) for |x| >= 1. Below 1 that
/// difference cancels, so |sinh x| = (e + e / (e + 1)) / 2 with
/// e = expm1(|x|). sinh takes x's sign. inf and NaN pass through.
template <typename OpT>
struct SinhCoshF32 : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    Location loc = c.loc;
    Value x = op.getOperand();
    Value a = c.abs(x);
    Value h = math::ExpOp::create(rewriter, loc, c.mul(a, c.f32(0.5)));
    Value p = c.mul(c.mul(h, c.f32(0.5)), h);
    Value q = c.div(c.f32(0.25), p);
    if (std::is_same_v<OpT, math::CoshOp>) {
      rewriter.replaceOpWithNewOp<arith::AddFOp>(op, p, q);
      return success();
    }
    Value large = c.sub(p, q);
    Value e = math::ExpM1Op::create(rewriter, loc, a);
    Value ratio = c.div(e, c.add(e, c.f32(1.0)));
    Value small = c.mul(c.add(e, ratio), c.f32(0.5));
    Value magnitude = c.select(c.cmp(arith::CmpFPredicate::OLT, a, c.f32(1.0)), small, large);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, magnitude, x);
    return success();
  }
};

/// Marks a log whose argument is known not to be denormal.
constexpr llvm::StringLiteral kNormalArgumentAttr = "tilec.normal_argument";

/// f32 log and log2 of denormals: the upstream polynomials read the exponent
/// bits and take every denormal for 2^-126 (log10(1e-40) came out as -37.9),
/// so denormal x is first scaled by 2^24 and 24 * log(2) subtracted.
template <typename OpT>
struct LogOfDenormals : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32() || op->hasAttr(kNormalArgumentAttr))
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    Value x = op.getOperand();
    Value denormal = c.bitAnd(c.cmp(arith::CmpFPredicate::OLT, x, c.f32(0x1p-126)),
                              c.cmp(arith::CmpFPredicate::OGT, x, c.f32(0.0)));
    Value scaled = c.select(denormal, c.mul(x, c.f32(0x1p24)), x);
    auto log = OpT::create(rewriter, c.loc, scaled);
    log->setAttr(kNormalArgumentAttr, rewriter.getUnitAttr());
    double shift = std::is_same_v<OpT, math::LogOp> ? 24.0 * 0.693147180559945309 : 24.0;
    Value adjust = c.select(denormal, c.f32(shift), c.f32(0.0));
    rewriter.replaceOpWithNewOp<arith::SubFOp>(op, log, adjust);
    return success();
  }
};

/// f32 log10(x) = ln(x) / ln(10) (ln's relative accuracy carries over, also
/// near 1); NVPTX has no log10 instruction and no libcall.
struct Log10F32 : public OpRewritePattern<math::Log10Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Log10Op op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    Value ln = math::LogOp::create(rewriter, c.loc, op.getOperand());
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, ln, c.f32(0.434294481903251828));
    return success();
  }
};

/// f32 and f64 acosh without MLIR's expansion's losses (log(x + sqrt(x^2 -
/// 1)) overflows in x^2 and cancels near 1): log1p(t + sqrt(t (t + 2))) with
/// t = x - 1 (exact near 1); where sqrt(x^2 - 1) is x in the type (from
/// 2^24, 2^53), log(x) + ln 2, also for x = inf. NaN below 1.
struct AcoshExpansion : public OpRewritePattern<math::AcoshOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::AcoshOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !element.isF64())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    Value x = op.getOperand();
    Value t = c.sub(x, c.fp(1.0));
    Value root = math::SqrtOp::create(rewriter, c.loc, c.mul(t, c.add(t, c.fp(2.0))));
    Value near = math::Log1pOp::create(rewriter, c.loc, c.add(t, root));
    Value far = c.add(math::LogOp::create(rewriter, c.loc, x), c.fp(0.693147180559945309));
    double large = element.isF32() ? 0x1p24 : 0x1p53;
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, c.cmp(arith::CmpFPredicate::OGT, x, c.fp(large)), far, near);
    return success();
  }
};

/// f32 and f64 atanh(x) = copysign(log1p(2|x| / (1 - |x|)) / 2, x): no
/// cancellation for small |x| (MLIR's log((1 + x) / (1 - x)) / 2 loses it all
/// by |x| ~ 1e-8); +-inf at +-1, NaN beyond.
struct AtanhExpansion : public OpRewritePattern<math::AtanhOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::AtanhOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type element = getElementTypeOrSelf(type);
    if (!element.isF32() && !element.isF64())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    Value x = op.getOperand();
    Value a = c.abs(x);
    Value ratio = c.div(c.mul(a, c.fp(2.0)), c.sub(c.fp(1.0), a));
    Value magnitude = c.mul(math::Log1pOp::create(rewriter, c.loc, ratio), c.fp(0.5));
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, magnitude, x);
    return success();
  }
};

/// f32 cbrt (MLIR's gives NaN for inf, misses denormals and perfect cubes by
/// an ulp): |x| (denormals scaled by 2^54 = (2^18)^3) from a guess by its
/// bits (exponent / 3) and two Newton steps y += (a / y^2 - y) / 3 in f32,
/// then one in f64, rounded once to f32 with the 2^-18 scale; x's sign. 0,
/// inf and NaN pass through.
struct CbrtF32 : public OpRewritePattern<math::CbrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::CbrtOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    Value x = op.getOperand();
    Value a = c.abs(x);
    Value denormal = c.cmp(arith::CmpFPredicate::OLT, a, c.f32(0x1p-126));
    Value scaled = c.select(denormal, c.mul(a, c.f32(0x1p54)), a);
    Type intType = c.withElement(rewriter.getI32Type());
    Value bits = arith::BitcastOp::create(rewriter, c.loc, intType, scaled);
    Value third = arith::DivUIOp::create(rewriter, c.loc, bits, c.i32(3));
    Value y = arith::BitcastOp::create(
        rewriter, c.loc, type, arith::AddIOp::create(rewriter, c.loc, third, c.i32(0x2a5137a0)));
    for (int step = 0; step < 2; ++step)
      y = c.fma(c.sub(c.div(scaled, c.mul(y, y)), y), c.f32(1.0 / 3.0), y);
    ShapedConstants d{rewriter, c.loc, c.withElement(rewriter.getF64Type())};
    Value wideY = arith::ExtFOp::create(rewriter, c.loc, d.type, y);
    Value wideA = arith::ExtFOp::create(rewriter, c.loc, d.type, scaled);
    wideY = d.fma(d.sub(d.div(wideA, d.mul(wideY, wideY)), wideY), d.f64(1.0 / 3.0), wideY);
    wideY = d.mul(wideY, d.select(denormal, d.f64(0x1p-18), d.f64(1.0)));
    Value root = arith::TruncFOp::create(rewriter, c.loc, type, wideY);
    Value regular = c.bitAnd(
        c.cmp(arith::CmpFPredicate::ONE, a, c.f32(0.0)),
        c.cmp(arith::CmpFPredicate::OLT, a, c.f32(std::numeric_limits<double>::infinity())));
    Value result = math::CopySignOp::create(rewriter, c.loc, root, x);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, regular, result, x);
    return success();
  }
};

/// f32 odd functions whose MLIR expansions lose the sign of zero (erf
/// gives +0 for -0): f(x) = copysign(f(|x|), x). The op on |x| (an
/// operand made by math.absf) is left to the expansion.
template <typename OpT> struct OddF32 : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const override {
    Value x = op.getOperand();
    if (!getElementTypeOrSelf(op.getType()).isF32() || x.getDefiningOp<math::AbsFOp>())
      return failure();
    Value magnitude =
        OpT::create(rewriter, op.getLoc(), math::AbsFOp::create(rewriter, op.getLoc(), x));
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, magnitude, x);
    return success();
  }
};

/// f32 atan (MLIR's polynomial is off by up to ~30 ulp near 0.6): Cephes'
/// atanf. |x| is reduced to [0, tan(pi/8)] (above tan(3pi/8) by atan(x) =
/// pi/2 - atan(1/x), between by atan(x) = pi/4 + atan((x - 1)/(x + 1))), a
/// degree-9 odd minimax polynomial (relative error ~2e-7), x's sign; inf
/// gives pi/2, NaN NaN, -0 -0.
struct AtanF32 : public OpRewritePattern<math::AtanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::AtanOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    using P = arith::CmpFPredicate;
    Value x = op.getOperand();
    Value a = c.abs(x);
    Value big = c.cmp(P::OGT, a, c.f32(2.414213562373095));
    Value middle = c.cmp(P::OGT, a, c.f32(0.4142135623730950));
    Value reduced = c.select(big, c.neg(c.div(c.f32(1.0), a)),
                             c.select(middle, c.div(c.sub(a, c.f32(1.0)), c.add(a, c.f32(1.0))), a));
    Value base = c.select(big, c.f32(1.5707963267948966),
                          c.select(middle, c.f32(0.7853981633974483), c.f32(0.0)));
    Value z = c.mul(reduced, reduced);
    Value p = c.horner(z, {8.05374449538e-2, -1.38776856032e-1, 1.99777106478e-1,
                           -3.33329491539e-1});
    Value magnitude = c.add(base, c.fma(c.mul(p, z), reduced, reduced));
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, magnitude, x);
    return success();
  }
};

/// f32 atan2(y, x) with C's special cases, from atan of the smaller of |x|
/// and |y| over the larger (in [0, 1], MLIR's polynomial): pi/2 - that where
/// |y| > |x|, pi - that where x is negative (or -0), and y's sign (also for
/// y = +-0: atan2(-0, -1) = -pi). Two zeros give 0 or pi (x's sign); two
/// infinities pi/4 or 3pi/4; a NaN operand NaN.
struct Atan2F32 : public OpRewritePattern<math::Atan2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Atan2Op op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    using P = arith::CmpFPredicate;
    Value y = op.getLhs(), x = op.getRhs();
    Value ax = c.abs(x), ay = c.abs(y);
    Value steep = c.cmp(P::OGT, ay, ax);
    Value hi = c.select(steep, ay, ax), lo = c.select(steep, ax, ay);
    Value bothInf = arith::AndIOp::create(rewriter, c.loc, c.cmp(P::OEQ, ax, c.f32(INFINITY)),
                                          c.cmp(P::OEQ, ay, c.f32(INFINITY)));
    // 0/0 and inf/inf would be NaN: two zeros give angle 0, two infinities 1 (pi/4).
    Value ratio = c.select(c.cmp(P::OEQ, hi, c.f32(0.0)), c.f32(0.0),
                           c.select(bothInf, c.f32(1.0), c.div(lo, hi)));
    Value angle = math::AtanOp::create(rewriter, c.loc, ratio);
    angle = c.select(steep, c.sub(c.f32(1.57079632679489662), angle), angle);
    Value negativeX = math::CopySignOp::create(rewriter, c.loc, c.f32(1.0), x);
    angle = c.select(c.cmp(P::OLT, negativeX, c.f32(0.0)), c.sub(c.f32(3.14159265358979324), angle),
                     angle);
    // NaN operands: the compares above are false, so NaN must be put back.
    Value unordered = c.cmp(P::UNO, x, y);
    angle = c.select(unordered, c.add(x, y), angle);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, angle, y);
    return success();
  }
};

/// f32 pow(x, y) = 2^(y * log2|x|) with C's and libdevice's special cases.
///
/// |x| = m * 2^e with m in [sqrt(1/2), sqrt(2)), so log2|x| = e + log2(m),
/// with log2(m) to ~2^-40 as a pair of floats and y * log2|x| as a rounded
/// part and its error (fma-exact products and sums), both going to
/// exp2OfPair: the result's relative error stays at a few ulp also for
/// large y * log2|x| (near overflow and underflow), where one float product
/// would lose up to 1e-5.
///
/// Special cases: pow(x, +-0) = 1 and pow(1, y) = 1 (even for NaN);
/// a negative finite x with a finite non-integer y gives NaN; an odd integer
/// y keeps x's sign (also for -0 and -inf); pow(-1, +-inf) = 1; zeros, infs
/// and the rest follow from 2^(y * log2|x|) with log2(0) = -inf and
/// log2(inf) = inf.
struct PowF32 : public OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::PowFOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return failure();
    ShapedConstants c{rewriter, op.getLoc(), type};
    Location loc = c.loc;
    Type intType = c.withElement(rewriter.getI32Type());
    using P = arith::CmpFPredicate;
    Value x = op.getLhs(), y = op.getRhs();
    Value a = c.abs(x);

    // e and m of |x| (denormals scaled by 2^24 first); meaningless for 0, inf, NaN.
    Value denormal = c.cmp(P::OLT, a, c.f32(0x1p-126));
    Value scaled = c.select(denormal, c.mul(a, c.f32(0x1p24)), a);
    Value bits = arith::BitcastOp::create(rewriter, loc, intType, scaled);
    Value biased = arith::ShRUIOp::create(rewriter, loc, bits, c.i32(23));
    Value mBits =
        arith::OrIOp::create(rewriter, loc, c.bitAnd(bits, c.i32(0x7fffff)), c.i32(0x3f800000));
    Value m = arith::BitcastOp::create(rewriter, loc, type, mBits);
    Value e = arith::SIToFPOp::create(rewriter, loc, type,
                                      arith::SubIOp::create(rewriter, loc, biased, c.i32(127)));
    e = c.select(denormal, c.sub(e, c.f32(24.0)), e);
    Value high = c.cmp(P::OGT, m, c.f32(1.41421356237309505));
    m = c.select(high, c.mul(m, c.f32(0.5)), m);
    e = c.select(high, c.add(e, c.f32(1.0)), e);

    // log2(m) as a float pair lh + ll (~2^-40 relative): with f = m - 1
    // (exact) and s = f / (2 + f), ln m = 2s + 2s^3/3 + 2s^5/5 + ... where s
    // and the leading 2s are kept as pairs and the tail in float.
    Value f = c.sub(m, c.f32(1.0));
    Value d = c.add(c.f32(2.0), f);
    Value dLow = c.add(c.sub(c.f32(2.0), d), f);
    Value sHi = c.div(f, d);
    Value sLow = c.div(c.sub(c.fma(c.neg(sHi), d, f), c.mul(sHi, dLow)), d);
    Value z = c.mul(sHi, sHi);
    Value tail = c.f32(2.0 / 11.0);
    for (double coefficient : {2.0 / 9.0, 2.0 / 7.0, 2.0 / 5.0, 2.0 / 3.0})
      tail = c.fma(tail, z, c.f32(coefficient));
    tail = c.mul(c.mul(z, sHi), tail);
    Value lnLowPart = c.add(c.mul(c.f32(2.0), sLow), tail);
    Value lnHi = c.add(c.mul(c.f32(2.0), sHi), lnLowPart);
    Value lnLow = c.add(c.sub(c.mul(c.f32(2.0), sHi), lnHi), lnLowPart);
    const double kLog2e = 1.4426950408889634, kLog2eHi = float(kLog2e),
                 kLog2eLo = kLog2e - kLog2eHi;
    rewriter.replaceOp(op, tilec::powFromLogOfMantissa(
                               c, x, y, e, lnHi, lnLow, kLog2eHi, kLog2eLo, /*range=*/256.0,
                               [&](Value t, Value tLow) { return exp2OfPair(c, t, tLow); }));
    return success();
  }
};

/// The functions that become libdevice calls when libdevice is linked: every
/// floating-point function that is not one NVPTX instruction (sqrt, fma,
/// abs, rounding and copysign stay instructions; rsqrt stays an exact
/// 1/sqrt).
bool isLibdeviceFunction(Operation *op) {
  return isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp, math::Log2Op, math::Log10Op,
             math::Log1pOp, math::SinOp, math::CosOp, math::TanOp, math::SinhOp, math::CoshOp,
             math::TanhOp, math::AsinOp, math::AcosOp, math::AtanOp, math::Atan2Op, math::AsinhOp,
             math::AcoshOp, math::AtanhOp, math::ErfOp, math::ErfcOp, math::CbrtOp, math::PowFOp,
             arith::RemFOp>(op);
}

struct TilecExpandMathPass
    : public tilec::impl::TilecExpandMathBase<TilecExpandMathPass> {
  using TilecExpandMathBase::TilecExpandMathBase;

  /// The functions isLibdeviceFunction names become `__nv_*` calls, on fp32
  /// and fp64 (upstream's GPU-to-NVVM patterns; vectors are scalarized).
  LogicalResult callLibdevice(ModuleOp module) {
    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    populateLibDeviceConversionPatterns(converter, patterns);
    ConversionTarget legality(*ctx);
    legality.markUnknownOpDynamicallyLegal([](Operation *op) { return !isLibdeviceFunction(op); });
    return applyPartialConversion(module, legality, std::move(patterns));
  }

  /// Host targets: the f64 functions LLVM has no intrinsic for (erf, erfc, cbrt) or
  /// lowers imprecisely (expm1 as exp(x) - 1, log1p as log(1 + x)) become
  /// libm calls (upstream's math-to-libm patterns; vectors are scalarized).
  LogicalResult callLibm(ModuleOp module) {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    populateMathToLibmConversionPatterns(patterns);
    ConversionTarget legality(*ctx);
    legality.markUnknownOpDynamicallyLegal([](Operation *op) {
      return !isa<math::ErfOp, math::ErfcOp, math::CbrtOp, math::ExpM1Op, math::Log1pOp>(op) ||
             !getElementTypeOrSelf(op->getResult(0).getType()).isF64();
    });
    return applyPartialConversion(module, legality, std::move(patterns));
  }

  /// f64 math that no pattern expanded becomes a libm call, which CPUs have
  /// and GPU backends do not (they crash or report "no libcall"): refused with
  /// an error at the op, naming it and the target.
  LogicalResult refuseLibmCallsOnGpus(ModuleOp module) {
    if (libm)
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

  /// `exp-as-exp2` (GPUs: AMDGPU's v_exp_f32, NVPTX's ex2.approx through
  /// libdevice's exp2f): the kernel's own f32 `exp(x)` becomes
  /// `exp2(x * log2(e))`, as Triton lowers `tl.exp` there
  /// (one multiply and one instruction instead of an extended-precision
  /// reduction; the rounding of the product costs a relative error of about
  /// |x| * 2^-24). Exps that later expansions create (sinh, cosh) stay exact.
  static void rewriteExpAsExp2(ModuleOp module) {
    SmallVector<math::ExpOp> exps;
    module.walk([&](math::ExpOp op) {
      if (getElementTypeOrSelf(op.getType()).isF32())
        exps.push_back(op);
    });
    for (math::ExpOp op : exps) {
      PatternRewriter rewriter(op.getContext());
      rewriter.setInsertionPoint(op);
      ShapedConstants c{rewriter, op.getLoc(), op.getType()};
      Value scaled = c.mul(op.getOperand(), c.f32(1.4426950408889634));
      rewriter.replaceOpWithNewOp<math::Exp2Op>(op, scaled);
    }
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    if (f64Expansions) {
      RewritePatternSet f64Patterns(ctx);
      tilec::populateExpandMathF64Patterns(f64Patterns, /*benefit=*/10);
      if (failed(applyPatternsGreedily(module, std::move(f64Patterns))))
        return signalPassFailure();
    }
    // Before the libdevice calls: with them, exp2 becomes __nv_exp2f.
    if (expAsExp2)
      rewriteExpAsExp2(module);
    if (libdevice && failed(callLibdevice(module)))
      return signalPassFailure();
    if (libm && failed(callLibm(module)))
      return signalPassFailure();


    // f16/bf16 math is widened to f32 beforehand by math-extend-to-supported-types.
    RewritePatternSet patterns(ctx);
    // Kept as they are: sqrt, fma, abs, floor and ceil are instructions everywhere.
    patterns
        .add<RsqrtToDivSqrt, SinCosRangeReduction<math::SinOp>, SinCosRangeReduction<math::CosOp>,
             TanF32, SinhCoshF32<math::SinhOp>, SinhCoshF32<math::CoshOp>, PowF32, AcoshExpansion,
             AtanhExpansion, CbrtF32, OddF32<math::ErfOp>, AtanF32, Atan2F32>(ctx, /*benefit=*/10);
    if (!nativeExpLog)
      patterns.add<ExpF32, LogOfDenormals<math::LogOp>, LogOfDenormals<math::Log2Op>, Log10F32>(
          ctx, /*benefit=*/10);
    bool keepExpLog = nativeExpLog;
    auto expand = [keepExpLog](StringRef name) {
      if (keepExpLog && llvm::is_contained({math::ExpOp::getOperationName(),
                                            math::Exp2Op::getOperationName(),
                                            math::LogOp::getOperationName(),
                                            math::Log2Op::getOperationName(),
                                            math::Log10Op::getOperationName()},
                                           name))
        return false;
      return !llvm::is_contained(
          {math::SqrtOp::getOperationName(), math::FmaOp::getOperationName(),
           math::AbsFOp::getOperationName(), math::FloorOp::getOperationName(),
           math::CeilOp::getOperationName(), math::RsqrtOp::getOperationName()},
          name);
    };
    populateMathF32ExpansionPatterns(patterns, expand);
    populateMathPolynomialApproximationPatterns(patterns, expand);
    if (libm)
      patterns.add<Exp2F32>(ctx, /*benefit=*/10);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
    // The expansions' own f64 log1p (acosh, atanh) on host targets.
    if (libm && failed(callLibm(module)))
      return signalPassFailure();
    if (failed(refuseLibmCallsOnGpus(module)))
      return signalPassFailure();
  }
};
} // namespace
