//===- AMDGPUMfma.h - AMD matrix cores (MFMA) for the AMDGPU target -*- C++ -*-===//
#ifndef TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H
#define TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringRef.h"

namespace tilec::amdgpu {

/// Whether `arch` has v_mfma_f32_32x32x8 for `operand` (f16, bf16) elements and
/// `acc` (f32) accumulators: gfx90a, gfx940-gfx942 and gfx950.
bool hasMfma32x32x8(llvm::StringRef arch, mlir::Type operand, mlir::Type acc);
/// One `rocdl.mfma.f32.32x32x8f16` (or `.32x32x8bf16.1k`) on lane fragments
/// `a`, `bOperand` (`vector<4xT>`) and `c` (`vector<16xf32>`); see
/// TargetInfo::mfma32x32x8.
mlir::Value buildMfma32x32x8(mlir::OpBuilder &b, mlir::Location loc, mlir::Value a,
                             mlir::Value bOperand, mlir::Value c);

} // namespace tilec::amdgpu

#endif // TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H
