//===- DebugOps.h - tile.print / tile.assert for a target -------*- C++ -*-===//
#ifndef TILEC_LIB_CONVERSION_TILETOLLVM_DEBUGOPS_H
#define TILEC_LIB_CONVERSION_TILETOLLVM_DEBUGOPS_H

#include "tilec/Target/TargetInfo.h"

namespace tilec {

/// Replaces tile.print (printf calls, one line per element) or tile.assert
/// (a call of the runtime's assertion hook where the condition fails) in
/// `kernel`, through the target's printf and assertion hooks; reports an error
/// where the target has none.
mlir::LogicalResult lowerDebugOp(mlir::Operation *op, mlir::func::FuncOp kernel,
                                 const TargetInfo &info);

} // namespace tilec

#endif // TILEC_LIB_CONVERSION_TILETOLLVM_DEBUGOPS_H
