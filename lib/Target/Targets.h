//===- Targets.h - Constructors and shared helpers of TargetInfos -*- C++ -*-===//
#ifndef TILEC_LIB_TARGET_TARGETS_H
#define TILEC_LIB_TARGET_TARGETS_H

#include "tilec/Target/TargetInfo.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace tilec {

std::unique_ptr<TargetInfo> createCPUTargetInfo();
std::unique_ptr<TargetInfo> createNVPTXTargetInfo();
std::unique_ptr<TargetInfo> createAMDGPUTargetInfo();

namespace detail {
/// Makes only thread 0 of each program run `kernel`'s body: the minimal GPU
/// lowering keeps whole tiles in one thread. `threadId` builds the thread index.
void runOnFirstThreadOnly(
    mlir::func::FuncOp kernel,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location)> threadId);
} // namespace detail

} // namespace tilec

#endif // TILEC_LIB_TARGET_TARGETS_H
