//===- Targets.h - Constructors and shared helpers of TargetInfos -*- C++ -*-===//
#ifndef TILEC_LIB_TARGET_TARGETS_H
#define TILEC_LIB_TARGET_TARGETS_H

#include "tilec/Target/TargetInfo.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace tilec {

std::unique_ptr<TargetInfo> createCPUTargetInfo();
std::unique_ptr<TargetInfo> createNVPTXTargetInfo();
std::unique_ptr<TargetInfo> createAMDGPUTargetInfo();
std::unique_ptr<TargetInfo> createSIMTTargetInfo();

namespace detail {
/// Creates the i32 special-register read of `axis` (0, 1, 2) from three op classes.
template <typename XOp, typename YOp, typename ZOp>
mlir::Value createPerAxis(mlir::OpBuilder &b, mlir::Location loc, int axis) {
  mlir::Type i32 = b.getI32Type();
  if (axis == 0)
    return XOp::create(b, loc, i32);
  if (axis == 1)
    return YOp::create(b, loc, i32);
  return ZOp::create(b, loc, i32);
}

/// Shared memory of GPU targets: a module-level `llvm.mlir.global` named
/// `__tilec_smem_<kernel>` in `addressSpace`, 16-byte aligned, whose size is set
/// by setGlobalSharedMemorySize. Returns its address.
mlir::Value getGlobalSharedMemoryBase(mlir::OpBuilder &b, mlir::Location loc,
                                      mlir::func::FuncOp kernel, unsigned addressSpace);
void setGlobalSharedMemorySize(mlir::func::FuncOp kernel, uint64_t bytes);
/// Makes that array an external, unsized declaration (the kernel's dynamic
/// shared memory, e.g. PTX `.extern .shared`) and marks `kernel` with
/// kDynamicSharedMemoryAttr = `bytes`.
void setGlobalSharedMemoryDynamic(mlir::func::FuncOp kernel, uint64_t bytes);

/// Host targets (CPU, SIMT): appends `abiTypes` as trailing arguments of
/// `kernel` and gives it internal LLVM linkage and always-inline, for the
/// exported entry point that calls it.
void prepareHostKernel(mlir::func::FuncOp kernel, mlir::TypeRange abiTypes);
/// Loads `count` i32s from the array at `ptr` (an `!llvm.ptr`).
llvm::SmallVector<mlir::Value> loadI32Array(mlir::OpBuilder &b, mlir::Location loc,
                                            mlir::Value ptr, unsigned count);
/// Loads the first `count` arguments of `kernel` from `args`, a `void **`
/// array pointing at each value, as host entry points receive them.
llvm::SmallVector<mlir::Value> loadKernelArguments(mlir::OpBuilder &b, mlir::Location loc,
                                                   mlir::func::FuncOp kernel, mlir::Value args,
                                                   unsigned count);

/// Whether mma.sync.aligned.m16n8k<K> (TargetInfo::hasMmaSync) exists for
/// `operand` (A, B) elements and `acc` accumulators: f16, bf16 or f32 (tf32)
/// operands with f32 accumulators, i8 (s8) operands with i32 accumulators.
bool isMmaSyncType(mlir::Type operand, mlir::Type acc);
/// Whether the fp8 mma.sync.aligned.m16n8k32 (TargetInfo::hasFP8MmaSync)
/// takes operands of Triton's fp8 `format`: "fp8e4nv" (.e4m3) or "fp8e5"
/// (.e5m2).
bool isMmaSyncFP8Format(llvm::StringRef format);
/// Whether an MFMA with `nonK` x `nonK` blocks (32 or 16; TargetInfo::hasMfma)
/// exists for `operand` (A, B) elements and `acc` accumulators: f16, bf16 or
/// f32 operands with f32 accumulators, i8 operands with i32 accumulators.
bool isMfmaType(unsigned nonK, mlir::Type operand, mlir::Type acc);
/// Whether CDNA3's fp8 MFMAs (TargetInfo::hasFP8Mfma) take operands of
/// Triton's fp8 `format`: "fp8e4b8" (fp8, e4m3fnuz) or "fp8e5b16" (bf8,
/// e5m2fnuz).
bool isMfmaFP8Format(llvm::StringRef format);
/// The operand and accumulator types of wgmma that tilec uses: f16, bf16 or
/// f32 (as tf32) operands with f32 accumulators, int8 ones with int32.
bool isWarpgroupMmaType(mlir::Type operand, mlir::Type acc);
/// The i64 wgmma matrix descriptor of `operand` (PTX ISA encoding), whose
/// first element is at the i64 shared-memory `address` (in the target's
/// shared window, or the offset in the program's shared memory).
mlir::Value matrixDescriptor(mlir::OpBuilder &b, mlir::Location loc, mlir::Value address,
                             const WarpgroupMmaOperand &operand);
} // namespace detail

} // namespace tilec

#endif // TILEC_LIB_TARGET_TARGETS_H
