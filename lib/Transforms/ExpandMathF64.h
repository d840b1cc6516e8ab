//===- ExpandMathF64.h - tilec's own fp64 transcendental expansions --------===//
#ifndef TILEC_LIB_TRANSFORMS_EXPANDMATHF64_H
#define TILEC_LIB_TRANSFORMS_EXPANDMATHF64_H

#include "mlir/IR/PatternMatch.h"

namespace tilec {
/// Adds the patterns that expand fp64 math ops (exp, exp2, expm1, log, log2,
/// log10, log1p, sin, cos, tan, sinh, cosh, tanh, atan, atan2, asin, acos,
/// acosh, atanh, cbrt, pow, erf, erfc) into arith/math arithmetic (fused multiply-adds,
/// bit operations, sqrt and division): for targets without a library for
/// them (AMD GPUs, NVPTX without libdevice). Scalars and vectors.
void populateExpandMathF64Patterns(mlir::RewritePatternSet &patterns, mlir::PatternBenefit benefit);
} // namespace tilec

#endif // TILEC_LIB_TRANSFORMS_EXPANDMATHF64_H
