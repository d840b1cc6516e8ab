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

bool detail::isMmaM16N8K16F32(Type operand, Type acc) {
  return (operand.isF16() || operand.isBF16()) && acc.isF32();
}

bool TargetInfo::hasMmaM16N8K16(llvm::StringRef, Type, Type) const { return false; }

Value TargetInfo::mmaM16N8K16(OpBuilder &, Location, func::FuncOp, Value, Value, Value) const {
  llvm_unreachable("mma.sync requested from a target without it (check hasMmaM16N8K16)");
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

void detail::runOnFirstThreadOnly(
    func::FuncOp kernel, llvm::function_ref<Value(OpBuilder &, Location)> threadId) {
  Block &entry = kernel.getBody().front();
  Operation *terminator = entry.getTerminator();
  OpBuilder b(&entry, entry.begin());
  Location loc = kernel.getLoc();
  Value tid = threadId(b, loc);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, zero);
  auto guard = scf::IfOp::create(b, loc, isFirst, /*withElseRegion=*/false);
  Block *thenBlock = guard.thenBlock();
  // Move everything after the guard (except the return) into the guarded block.
  SmallVector<Operation *> toMove;
  for (Operation *op = guard->getNextNode(); op && op != terminator; op = op->getNextNode())
    toMove.push_back(op);
  for (Operation *op : toMove)
    op->moveBefore(thenBlock->getTerminator());
}

} // namespace tilec
