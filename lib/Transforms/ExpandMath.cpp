//===- ExpandMath.cpp - Polynomial approximations for transcendental math --===//
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tilec {
#define GEN_PASS_DEF_TILECEXPANDMATH
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {
struct TilecExpandMathPass
    : public tilec::impl::TilecExpandMathBase<TilecExpandMathPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // f16/bf16 math is widened to f32 beforehand by math-extend-to-supported-types.
    RewritePatternSet patterns(ctx);
    populateMathF32ExpansionPatterns(patterns, [](StringRef name) {
      return name != "sqrt" && name != "fma" && name != "absf" &&
             name != "floor" && name != "ceil";
    });
    populateMathPolynomialApproximationPatterns(
        patterns, [](StringRef name) { return name != "sqrt" && name != "fma"; });
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
