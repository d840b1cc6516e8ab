//===- NarrowLoopVectors.cpp - Loop-carried vectors cut to the lanes used --===//
//
// A SIMT thread's tile of pointers is one vector per thread, carried through
// a K loop and advanced by a lane-wise step (`a_ptrs += BLOCK_K`). Its vector
// accesses use only the pointer of each access's first element (one lane in
// eight for 16-byte fp16 loads), but LLVM keeps every lane of a loop-carried
// vector alive: its demanded-elements analysis stops at the phi. The back end
// then holds 64 pointers where 8 are read, and the registers show it.
//
// This narrows each such recurrence to the lanes that are read: a vector phi
// whose cycle (phi -> lane-wise instructions -> phi) is read only through
// constant-index extractelements becomes a phi of those lanes, and its
// lane-wise instructions are rebuilt on them with the other operands shuffled
// (in the preheader when they are loop-invariant).
//
//===----------------------------------------------------------------------===//
#include "Codegen.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

namespace tilec::detail {
namespace {

/// Whether lane i of `inst`'s result depends only on lane i of its vector
/// operands (scalar operands apply to every lane).
bool isLaneWise(const llvm::Instruction &inst) {
  if (!inst.getType()->isVectorTy())
    return false;
  if (llvm::isa<llvm::GetElementPtrInst, llvm::BinaryOperator, llvm::CastInst,
                llvm::UnaryOperator, llvm::CmpInst>(inst))
    return true;
  // A select with a scalar condition picks whole vectors: still lane-wise.
  return llvm::isa<llvm::SelectInst>(inst);
}

/// One recurrence: the phi, the lane-wise instructions of its cycle, the
/// extracts that read it and the lanes they read.
struct Recurrence {
  llvm::PHINode *phi = nullptr;
  llvm::SetVector<llvm::Instruction *> cycle; // phi first
  llvm::SmallVector<llvm::ExtractElementInst *> reads;
  llvm::SmallVector<int> lanes; // sorted, distinct
};

/// Collects the recurrence of `phi`, or fails when some value of it is used
/// otherwise than lane-wise, by the phi, or by a constant-index extract.
bool collectRecurrence(llvm::PHINode *phi, Recurrence &rec) {
  auto *type = llvm::dyn_cast<llvm::FixedVectorType>(phi->getType());
  if (!type || phi->getNumIncomingValues() != 2)
    return false;
  rec.phi = phi;
  rec.cycle.insert(phi);
  llvm::SmallVector<llvm::Instruction *> work{phi};
  llvm::SmallDenseSet<int> lanes;
  while (!work.empty()) {
    llvm::Instruction *value = work.pop_back_val();
    for (llvm::User *user : value->users()) {
      auto *inst = llvm::cast<llvm::Instruction>(user);
      if (auto *extract = llvm::dyn_cast<llvm::ExtractElementInst>(inst)) {
        auto *index = llvm::dyn_cast<llvm::ConstantInt>(extract->getIndexOperand());
        if (!index || index->getZExtValue() >= type->getNumElements())
          return false;
        rec.reads.push_back(extract);
        lanes.insert(int(index->getZExtValue()));
        continue;
      }
      if (inst == phi || rec.cycle.contains(inst))
        continue;
      // Lane-wise users of the same lane count join the cycle.
      auto *userType = llvm::dyn_cast<llvm::FixedVectorType>(inst->getType());
      if (!isLaneWise(*inst) || !userType ||
          userType->getNumElements() != type->getNumElements())
        return false;
      rec.cycle.insert(inst);
      work.push_back(inst);
    }
  }
  // The cycle must close: the phi's back-edge value comes from it.
  bool closes = llvm::any_of(phi->incoming_values(), [&](llvm::Value *in) {
    auto *inst = llvm::dyn_cast<llvm::Instruction>(in);
    return inst && inst != phi && rec.cycle.contains(inst);
  });
  if (!closes || lanes.empty() || lanes.size() >= type->getNumElements())
    return false;
  // Operands from outside are shuffled after their definition, which a
  // terminator (an invoke) does not have in its block.
  for (llvm::Instruction *inst : rec.cycle)
    for (llvm::Value *operand : inst->operands())
      if (auto *def = llvm::dyn_cast<llvm::Instruction>(operand);
          def && def->isTerminator())
        return false;
  rec.lanes.assign(lanes.begin(), lanes.end());
  llvm::sort(rec.lanes);
  return true;
}

/// Where a shuffle of `value` (not in the cycle) can go: after its
/// definition when it is an instruction, else at the function's entry.
llvm::Instruction *shufflePoint(llvm::Value *value, llvm::Function &fn) {
  if (auto *phi = llvm::dyn_cast<llvm::PHINode>(value))
    return &*phi->getParent()->getFirstInsertionPt();
  if (auto *inst = llvm::dyn_cast<llvm::Instruction>(value))
    return inst->getNextNode();
  return &*fn.getEntryBlock().getFirstInsertionPt();
}

/// Rebuilds `rec` on its lanes, then erases the wide cycle.
void narrow(Recurrence &rec) {
  llvm::Function &fn = *rec.phi->getFunction();
  llvm::DenseMap<llvm::Value *, llvm::Value *> narrowed;
  auto laneShuffle = [&](llvm::Value *wide) -> llvm::Value * {
    if (auto it = narrowed.find(wide); it != narrowed.end())
      return it->second;
    if (!wide->getType()->isVectorTy())
      return wide; // a scalar operand applies to every lane
    llvm::IRBuilder<> b(shufflePoint(wide, fn));
    llvm::Value *shuffle = b.CreateShuffleVector(wide, rec.lanes, wide->getName() + ".lanes");
    narrowed[wide] = shuffle;
    return shuffle;
  };
  auto width = unsigned(rec.lanes.size());
  auto *phiType = llvm::cast<llvm::FixedVectorType>(rec.phi->getType());
  llvm::PHINode *phi = llvm::PHINode::Create(
      llvm::FixedVectorType::get(phiType->getElementType(), width), 2,
      rec.phi->getName() + ".lanes", rec.phi->getIterator());
  narrowed[rec.phi] = phi;
  // Lane-wise instructions, in the order collected (each after its operands
  // in the cycle, since they were reached through them).
  for (llvm::Instruction *wide : rec.cycle) {
    if (wide == rec.phi)
      continue;
    llvm::Instruction *copy = wide->clone();
    copy->insertBefore(wide->getIterator());
    copy->setName(wide->getName() + ".lanes");
    auto *wideType = llvm::cast<llvm::FixedVectorType>(wide->getType());
    copy->mutateType(llvm::FixedVectorType::get(wideType->getElementType(), width));
    narrowed[wide] = copy;
  }
  for (llvm::Instruction *wide : rec.cycle) {
    if (wide == rec.phi)
      continue;
    auto *copy = llvm::cast<llvm::Instruction>(narrowed[wide]);
    for (llvm::Use &operand : copy->operands())
      operand.set(rec.cycle.contains(llvm::dyn_cast<llvm::Instruction>(operand.get()))
                      ? narrowed[operand.get()]
                      : laneShuffle(operand.get()));
  }
  for (auto [value, block] : llvm::zip(rec.phi->incoming_values(), rec.phi->blocks())) {
    auto *inst = llvm::dyn_cast<llvm::Instruction>(value);
    phi->addIncoming(inst && rec.cycle.contains(inst) ? narrowed[inst] : laneShuffle(value),
                     block);
  }
  for (llvm::ExtractElementInst *read : rec.reads) {
    auto *index = llvm::cast<llvm::ConstantInt>(read->getIndexOperand());
    auto position = llvm::lower_bound(rec.lanes, int(index->getZExtValue())) - rec.lanes.begin();
    llvm::IRBuilder<> b(read);
    auto *vector = llvm::cast<llvm::Instruction>(read->getVectorOperand());
    read->replaceAllUsesWith(b.CreateExtractElement(narrowed[vector], uint64_t(position)));
    read->eraseFromParent();
  }
  // The wide cycle is now used only by itself.
  for (llvm::Instruction *wide : rec.cycle)
    wide->replaceAllUsesWith(llvm::PoisonValue::get(wide->getType()));
  for (llvm::Instruction *wide : llvm::reverse(rec.cycle))
    wide->eraseFromParent();
}

} // namespace

unsigned narrowLoopCarriedVectors(llvm::Function &fn) {
  unsigned count = 0;
  for (llvm::BasicBlock &block : fn) {
    llvm::SmallVector<llvm::PHINode *> phis;
    for (llvm::PHINode &phi : block.phis())
      phis.push_back(&phi);
    for (llvm::PHINode *phi : phis) {
      Recurrence rec;
      if (!collectRecurrence(phi, rec))
        continue;
      narrow(rec);
      ++count;
    }
  }
  return count;
}

} // namespace tilec::detail
