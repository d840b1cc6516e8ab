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
    // Kept as they are: sqrt, fma, abs, floor and ceil are instructions everywhere;
    // rsqrt's rewrites need the x86vector dialect (AVX2 only) and crash without it,
    // while math-to-llvm lowers it to an exact 1/sqrt.
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
