//===- TargetInfo.cpp - TargetInfo factory and shared helpers --------------===//
#include "Targets.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tilec {

TargetInfo::~TargetInfo() = default;

std::unique_ptr<TargetInfo> createTargetInfo(llvm::StringRef target) {
  if (target == "cpu")
    return createCPUTargetInfo();
  if (target == "nvptx")
    return createNVPTXTargetInfo();
  if (target == "amdgpu")
    return createAMDGPUTargetInfo();
  return nullptr;
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
