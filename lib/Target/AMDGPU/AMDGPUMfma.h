//===- AMDGPUMfma.h - AMD matrix cores (MFMA) for the AMDGPU target -*- C++ -*-===//
#ifndef TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H
#define TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringRef.h"

namespace tilec::amdgpu {

/// Whether `arch` is CDNA3 (gfx940-gfx942, gfx950): i8 MFMAs with 8 elements
/// per lane, and kernel arguments preloaded into SGPRs.
bool isCDNA3(llvm::StringRef arch);
/// Whether `arch` has the MFMA with `nonK` x `nonK` blocks for `operand` and
/// `acc` (TargetInfo::hasMfma): f16, bf16 and f32 on gfx90a, gfx940-gfx942
/// and gfx950; i8 on gfx940-gfx942 and gfx950.
bool hasMfma(llvm::StringRef arch, unsigned nonK, mlir::Type operand, mlir::Type acc);
/// Whether `arch` has the fp8 MFMA with `nonK` x `nonK` blocks for A in
/// `aFormat` and B in `bFormat` (TargetInfo::hasFP8Mfma): gfx940-gfx942,
/// whose fp8 and bf8 are e4m3fnuz and e5m2fnuz (gfx950's same instructions
/// take the OCP formats instead, and are not used).
bool hasFP8Mfma(llvm::StringRef arch, unsigned nonK, llvm::StringRef aFormat,
                llvm::StringRef bFormat);
/// One `rocdl.mfma.f32.32x32x16.<a>.<b>` / `.16x16x32.<a>.<b>` (fp8 or bf8
/// each) on lane registers `a`, `bOperand` (`vector<8 x i8>`) and `c`; see
/// TargetInfo::fp8Mfma.
mlir::Value buildFP8Mfma(mlir::OpBuilder &b, mlir::Location loc, unsigned nonK,
                         llvm::StringRef aFormat, llvm::StringRef bFormat, mlir::Value a,
                         mlir::Value bOperand, mlir::Value c);
/// One `rocdl.mfma.f32.32x32x8f16` / `.16x16x16f16` (or their `bf16.1k`
/// forms), `rocdl.mfma.f32.32x32x2f32` / `.16x16x4f32` or
/// `rocdl.mfma.i32.32x32x16.i8` / `.16x16x32.i8` on lane registers `a`,
/// `bOperand` (`vector<w x T>`) and `c`; see TargetInfo::mfma.
mlir::Value buildMfma(mlir::OpBuilder &b, mlir::Location loc, unsigned nonK, mlir::Value a,
                      mlir::Value bOperand, mlir::Value c);

} // namespace tilec::amdgpu

#endif // TILEC_LIB_TARGET_AMDGPU_AMDGPUMFMA_H
