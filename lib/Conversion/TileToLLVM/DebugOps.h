//===- DebugOps.h - tile.print / tile.assert for a target -------*- C++ -*-===//
#ifndef TILEC_LIB_CONVERSION_TILETOLLVM_DEBUGOPS_H
#define TILEC_LIB_CONVERSION_TILETOLLVM_DEBUGOPS_H

#include "tilec/Target/TargetInfo.h"

namespace tilec {

/// Name of the module global the CPU runtime points at its assertion hook:
/// `void hook(const char *message, const char *file, int32_t line,
///            const char *function, int32_t pidX, int32_t pidY, int32_t pidZ)`.
inline constexpr const char *kAssertHookSymbol = "__tilec_assert_hook";

/// Replaces tile.print (printf calls, one line per element) or tile.assert
/// (a call of the runtime's assertion hook where the condition fails) in
/// `kernel` on CPU targets; reports an error on the others.
mlir::LogicalResult lowerDebugOp(mlir::Operation *op, mlir::func::FuncOp kernel,
                                 const TargetInfo &info);

} // namespace tilec

#endif // TILEC_LIB_CONVERSION_TILETOLLVM_DEBUGOPS_H
