//===- HostEntry.cpp - Kernel ABI helpers shared by the host targets ------===//
//
// CPU and SIMT kernels run inside the host process: the kernel becomes an
// internal function taking its ABI values as trailing arguments, and an
// exported C entry point loads the user arguments and calls it.
//
//===----------------------------------------------------------------------===//
#include "Targets.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace tilec::detail {

void prepareHostKernel(func::FuncOp kernel, TypeRange abiTypes) {
  MLIRContext *ctx = kernel.getContext();
  unsigned first = kernel.getNumArguments();
  for (auto [i, type] : llvm::enumerate(abiTypes))
    (void)kernel.insertArgument(first + i, type, DictionaryAttr::get(ctx), kernel.getLoc());
  // The entry point calls the kernel; LLVM inlines it there. The function
  // stays public in MLIR, so that passes after the one that prepared it
  // (convert-tile-to-gpu, then convert-tile-to-llvm) still find the kernel.
  kernel->setAttr("always_inline", UnitAttr::get(ctx));
  kernel->setAttr("llvm.linkage", LLVM::LinkageAttr::get(ctx, LLVM::linkage::Linkage::Internal));
}

SmallVector<Value> loadI32Array(OpBuilder &b, Location loc, Value ptr, unsigned count) {
  Type i32 = b.getI32Type(), ptrTy = ptr.getType();
  SmallVector<Value> values;
  for (unsigned i = 0; i < count; ++i) {
    Value addr = LLVM::GEPOp::create(b, loc, ptrTy, i32, ptr,
                                     ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
    values.push_back(LLVM::LoadOp::create(b, loc, i32, addr));
  }
  return values;
}

SmallVector<Value> loadKernelArguments(OpBuilder &b, Location loc, func::FuncOp kernel, Value args,
                                       unsigned count) {
  Type ptrTy = args.getType();
  SmallVector<Value> values;
  for (unsigned i = 0; i < count; ++i) {
    Value slot = LLVM::GEPOp::create(b, loc, ptrTy, ptrTy, args,
                                     ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
    Value valuePtr = LLVM::LoadOp::create(b, loc, ptrTy, slot);
    values.push_back(LLVM::LoadOp::create(b, loc, kernel.getArgument(i).getType(), valuePtr));
  }
  return values;
}

} // namespace tilec::detail
