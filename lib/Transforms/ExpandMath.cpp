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
/// rsqrt(x) -> 1 / sqrt(x): exact, and the upstream rsqrt rewrites need the
/// x86vector dialect (AVX2 only) and crash without it.
struct RsqrtToDivSqrt : public OpRewritePattern<math::RsqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::RsqrtOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    Attribute one = rewriter.getFloatAttr(getElementTypeOrSelf(type), 1.0);
    if (auto shaped = dyn_cast<ShapedType>(type))
      one = SplatElementsAttr::get(shaped, one);
    Value oneValue = arith::ConstantOp::create(rewriter, loc, type, cast<TypedAttr>(one));
    Value root = math::SqrtOp::create(rewriter, loc, op.getOperand());
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, oneValue, root);
    return success();
  }
};

struct TilecExpandMathPass
    : public tilec::impl::TilecExpandMathBase<TilecExpandMathPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // f16/bf16 math is widened to f32 beforehand by math-extend-to-supported-types.
    RewritePatternSet patterns(ctx);
    // Kept as they are: sqrt, fma, abs, floor and ceil are instructions everywhere.
    patterns.add<RsqrtToDivSqrt>(ctx, /*benefit=*/10);
    auto expand = [](StringRef name) {
      return name != "sqrt" && name != "fma" && name != "absf" && name != "floor" &&
             name != "ceil" && name != "rsqrt";
    };
    populateMathF32ExpansionPatterns(patterns, expand);
    populateMathPolynomialApproximationPatterns(patterns, expand);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
