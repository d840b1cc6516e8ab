//===- GPUMaskedMemory.cpp - Branch-free masked memory for GPU targets -----===//
//
// GPU backends scalarize masked vector loads/stores into one branch per lane,
// and wide tiles then carry their whole vector through every branch: code
// generation becomes quadratic in the tile size. Each masked access is
// rewritten here so masked-off lanes touch a private dummy slot instead:
// an all-true gather/scatter (scalarized without branches) plus selects.
//
//===----------------------------------------------------------------------===//
#include "Codegen.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace tilec::detail {

/// Returns the lane pointers of a masked access: `ptr` itself for gathers and
/// scatters, `base + [0, n)` for contiguous loads and stores.
static Value *lanePointers(IRBuilder<> &b, Value *ptr, FixedVectorType *dataType) {
  if (ptr->getType()->isVectorTy())
    return ptr;
  SmallVector<Constant *> lanes;
  for (unsigned i = 0; i < dataType->getNumElements(); ++i)
    lanes.push_back(b.getInt32(i));
  return b.CreateGEP(dataType->getElementType(), ptr, ConstantVector::get(lanes));
}

static Value *findMask(IntrinsicInst *call) {
  for (Value *arg : call->args())
    if (auto *vec = dyn_cast<VectorType>(arg->getType()))
      if (vec->getElementType()->isIntegerTy(1) && arg != call->getArgOperand(0))
        return arg;
  return nullptr;
}

void makeMaskedMemoryBranchFree(Module &module) {
  const DataLayout &layout = module.getDataLayout();
  for (Function &fn : module) {
    if (fn.isDeclaration())
      continue;
    SmallVector<IntrinsicInst *> accesses;
    for (Instruction &inst : instructions(fn))
      if (auto *call = dyn_cast<IntrinsicInst>(&inst))
        switch (call->getIntrinsicID()) {
        case Intrinsic::masked_load:
        case Intrinsic::masked_gather:
        case Intrinsic::masked_store:
        case Intrinsic::masked_scatter:
          accesses.push_back(call);
          break;
        default:
          break;
        }
    for (IntrinsicInst *call : accesses) {
      Intrinsic::ID id = call->getIntrinsicID();
      bool isLoad = id == Intrinsic::masked_load || id == Intrinsic::masked_gather;
      Value *mask = findMask(call);
      if (!mask || isa<Constant>(mask))
        continue; // Constant masks are already scalarized without branches.
      auto *dataType = cast<FixedVectorType>(isLoad ? call->getType()
                                                    : call->getArgOperand(0)->getType());
      Type *elementType = dataType->getElementType();
      Align align = layout.getABITypeAlign(elementType);

      // A dummy slot in the function's entry block absorbs masked-off lanes.
      IRBuilder<> entry(&*fn.getEntryBlock().getFirstInsertionPt());
      Value *dummy = entry.CreateAlloca(elementType);
      IRBuilder<> b(call);
      Value *ptrArg = isLoad ? call->getArgOperand(0) : call->getArgOperand(1);
      Value *ptrs = lanePointers(b, ptrArg, dataType);
      auto *ptrVecType = cast<FixedVectorType>(ptrs->getType());
      Value *dummies = b.CreateVectorSplat(dataType->getNumElements(),
                                           b.CreateAddrSpaceCast(dummy,
                                                                 ptrVecType->getElementType()));
      Value *safePtrs = b.CreateSelect(mask, ptrs, dummies);
      Value *allTrue = Constant::getAllOnesValue(mask->getType());
      if (isLoad) {
        Value *passthru = call->getArgOperand(call->arg_size() - 1);
        Value *loaded = b.CreateMaskedGather(dataType, safePtrs, align, allTrue);
        call->replaceAllUsesWith(b.CreateSelect(mask, loaded, passthru));
      } else {
        b.CreateMaskedScatter(call->getArgOperand(0), safePtrs, align, allTrue);
      }
      call->eraseFromParent();
    }
  }
}

} // namespace tilec::detail
