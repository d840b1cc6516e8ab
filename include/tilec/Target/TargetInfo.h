//===- TargetInfo.h - What lowering needs to know about a target -*- C++ -*-===//
//
// Target-independent lowering asks a TargetInfo for program identity, kernel
// ABI, barriers, cross-lane shuffles and shared memory, as Triton's
// TargetInfoBase does. CPU, NVPTX and AMDGPU implement it in lib/Target/<T>/.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_TARGET_TARGETINFO_H
#define TILEC_TARGET_TARGETINFO_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace tilec {

enum class TargetKind { CPU, NVPTX, AMDGPU };

class TargetInfo {
public:
  virtual ~TargetInfo();

  virtual TargetKind getKind() const = 0;
  /// The LLVM target triple, e.g. "x86_64-unknown-linux-gnu".
  virtual std::string getTriple(llvm::StringRef arch) const = 0;
  /// The arch used when none is given ("native", "sm_80", "gfx942").
  virtual std::string getDefaultArch() const = 0;
  /// Whether `arch` names a processor of this target.
  virtual bool isValidArch(llvm::StringRef arch) const = 0;

  /// Rewrites `kernel`'s signature and attributes into the target's kernel ABI
  /// (e.g. the CPU appends program ids and the grid size as arguments). Called
  /// once per kernel before program ids are queried.
  virtual void prepareKernel(mlir::func::FuncOp kernel) const = 0;
  /// Index of the running program along `axis`, as an i32.
  virtual mlir::Value getProgramId(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::func::FuncOp kernel, int axis) const = 0;
  /// Grid size along `axis`, as an i32.
  virtual mlir::Value getNumPrograms(mlir::OpBuilder &b, mlir::Location loc,
                                     mlir::func::FuncOp kernel, int axis) const = 0;
  /// Adds whatever the runtime needs to call `kernel` (the CPU's entry point).
  virtual void finalizeKernel(mlir::ModuleOp module, mlir::func::FuncOp kernel) const = 0;
  /// Marks the translated LLVM function of kernel `name` as a kernel entry
  /// (GPU calling conventions); `fn` is null when the kernel has no function.
  virtual void markLLVMKernel(llvm::Function *fn) const = 0;

  /// Synchronizes the threads of one program.
  virtual void barrier(mlir::OpBuilder &b, mlir::Location loc) const = 0;
  /// Exchanges `value` with the lane `laneMask` apart (butterfly shuffle).
  virtual mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                                 int laneMask) const = 0;
  /// Lanes that execute in lock-step (1 on CPUs: vectors, not lanes).
  virtual unsigned getWarpSize() const = 0;
  /// LLVM address space of memory shared by one program's threads.
  virtual unsigned getSharedAddressSpace() const = 0;
};

/// Returns the TargetInfo for "cpu", "nvptx" or "amdgpu"; null if unknown.
std::unique_ptr<TargetInfo> createTargetInfo(llvm::StringRef target);

} // namespace tilec

#endif // TILEC_TARGET_TARGETINFO_H
