//===- AMDGPUMfma.h - AMD matrix cores (MFMA) for the AMDGPU target -*- C++ -*-===//
#ifndef TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H
#define TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringRef.h"

namespace tilec::amdgpu {

/// Whether `arch` has v_mfma_f32_32x32x8 (`nonK` 32) or v_mfma_f32_16x16x16
/// (16) for `operand` (f16, bf16) elements and `acc` (f32) accumulators:
/// gfx90a, gfx940-gfx942 and gfx950.
bool hasMfma(llvm::StringRef arch, unsigned nonK, mlir::Type operand, mlir::Type acc);
/// One `rocdl.mfma.f32.32x32x8f16` / `.16x16x16f16` (or their `bf16.1k` forms)
/// on lane registers `a`, `bOperand` (`vector<4xT>`) and `c`; see
/// TargetInfo::mfma.
mlir::Value buildMfma(mlir::OpBuilder &b, mlir::Location loc, unsigned nonK, mlir::Value a,
                      mlir::Value bOperand, mlir::Value c);

} // namespace tilec::amdgpu

#endif // TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H
