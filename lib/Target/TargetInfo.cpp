//===- TargetInfo.cpp - TargetInfo factory and shared helpers --------------===//
#include "Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tilec {

TargetInfo::~TargetInfo() = default;

Value TargetInfo::loadShared(OpBuilder &b, Location loc, func::FuncOp, Type type,
                             Value ptr) const {
  return LLVM::LoadOp::create(b, loc, type, ptr);
}

void TargetInfo::storeShared(OpBuilder &b, Location loc, func::FuncOp, Value value,
                             Value ptr) const {
  LLVM::StoreOp::create(b, loc, value, ptr);
}

Value TargetInfo::getSharedMemoryBase(OpBuilder &b, Location loc, func::FuncOp kernel) const {
  return detail::getGlobalSharedMemoryBase(b, loc, kernel, getSharedAddressSpace());
}

void TargetInfo::setSharedMemorySize(func::FuncOp kernel, uint64_t bytes) const {
  detail::setGlobalSharedMemorySize(kernel, bytes);
}

Value TargetInfo::maskedLoadGlobal(OpBuilder &b, Location loc, Type type, Value ptr,
                                   Value enabled, Value fallback, unsigned alignment) const {
  auto branch = scf::IfOp::create(b, loc, type, enabled, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(branch.thenBlock());
  scf::YieldOp::create(b, loc, Value(LLVM::LoadOp::create(b, loc, type, ptr, alignment)));
  b.setInsertionPointToStart(branch.elseBlock());
  scf::YieldOp::create(b, loc, fallback);
  return branch.getResult(0);
}

void TargetInfo::maskedStoreGlobal(OpBuilder &b, Location loc, Value value, Value ptr,
                                   Value enabled, unsigned alignment) const {
  auto branch = scf::IfOp::create(b, loc, TypeRange{}, enabled, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(branch.thenBlock());
  LLVM::StoreOp::create(b, loc, value, ptr, alignment);
}

void prepareKernelOnce(const TargetInfo &info, func::FuncOp kernel) {
  constexpr llvm::StringLiteral kPrepared = "tilec.abi_prepared";
  if (kernel->hasAttr(kPrepared))
    return;
  info.prepareKernel(kernel);
  kernel->setAttr(kPrepared, UnitAttr::get(kernel.getContext()));
}

std::unique_ptr<TargetInfo> createTargetInfo(llvm::StringRef target) {
  if (target == "cpu")
    return createCPUTargetInfo();
  if (target == "nvptx")
    return createNVPTXTargetInfo();
  if (target == "amdgpu")
    return createAMDGPUTargetInfo();
  if (target == "simt")
    return createSIMTTargetInfo();
  return nullptr;
}

static std::string sharedGlobalName(func::FuncOp kernel) {
  return ("__tilec_smem_" + kernel.getName()).str();
}

Value detail::getGlobalSharedMemoryBase(OpBuilder &b, Location loc, func::FuncOp kernel,
                                        unsigned addressSpace) {
  auto module = kernel->getParentOfType<ModuleOp>();
  std::string name = sharedGlobalName(kernel);
  auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
  MLIRContext *ctx = b.getContext();
  if (!global) {
    OpBuilder mb(module.getBodyRegion());
    mb.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), 0);
    global = LLVM::GlobalOp::create(mb, loc, type, /*isConstant=*/false,
                                    LLVM::Linkage::Internal, name, Attribute(),
                                    /*alignment=*/16, addressSpace);
  }
  return LLVM::AddressOfOp::create(b, loc, LLVM::LLVMPointerType::get(ctx, addressSpace),
                                   name);
}

void detail::setGlobalSharedMemorySize(func::FuncOp kernel, uint64_t bytes) {
  auto module = kernel->getParentOfType<ModuleOp>();
  auto global = module.lookupSymbol<LLVM::GlobalOp>(sharedGlobalName(kernel));
  if (!global)
    return;
  global.setGlobalType(
      LLVM::LLVMArrayType::get(IntegerType::get(kernel.getContext(), 8), bytes));
}

} // namespace tilec
