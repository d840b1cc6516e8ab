//===- ScalarizeForGPU.cpp - GPU LLVM IR in the shape the back ends schedule well -===//
//
// A SIMT thread's share of a tile is an LLVM vector, but on a GPU a vector is
// only a group of registers. The NVPTX and AMDGPU instruction selectors split
// vector arithmetic themselves, all lanes of an operation at once, and the
// AMDGPU one keeps IR order within a block. Two shapes then cost registers
// that Triton's (scalar, use-ordered) IR does not:
//
//  - an 8-lane fdiv becomes 8 divisions issued side by side: softmax-4096 at 8
//    warps needed 53 VGPRs on gfx942, 24 when split in IR first (Triton: 22);
//  - addresses computed ahead of their accesses stay live together: vadd's
//    three 64-bit addresses before its loads took 10 VGPRs, 6 when each is
//    computed just before its access (Triton: 6).
//
// So, after LLVM's optimizations, targets that ask for it
// (TargetInfo::scalarizesBeforeCodegen) get their vector arithmetic split into
// scalars (loads and stores stay whole, for 128-bit accesses), and each
// address moved next to its first use in its block.
//
//===----------------------------------------------------------------------===//
#include "Codegen.h"

#include "llvm/IR/Instructions.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"

namespace tilec::detail {

/// Moves each address computation (a getelementptr, or an address-space
/// cast of one) of `fn` whose users all sit later in its own block to just
/// before the first of them. Returns how many moved.
static unsigned sinkAddressesToUses(llvm::Function &fn) {
  unsigned moved = 0;
  for (llvm::BasicBlock &block : fn) {
    // Bottom up, so that an address computed from another moves first and
    // makes room for it.
    for (llvm::Instruction &inst : llvm::make_early_inc_range(llvm::reverse(block))) {
      if (!llvm::isa<llvm::GetElementPtrInst, llvm::AddrSpaceCastInst>(inst) || inst.use_empty())
        continue;
      llvm::Instruction *first = nullptr;
      bool local = llvm::all_of(inst.users(), [&](llvm::User *user) {
        auto *use = llvm::dyn_cast<llvm::Instruction>(user);
        if (!use || use->getParent() != &block || llvm::isa<llvm::PHINode>(use))
          return false;
        if (!first || use->comesBefore(first))
          first = use;
        return true;
      });
      if (!local || first == inst.getNextNode())
        continue;
      inst.moveBefore(first->getIterator());
      ++moved;
    }
  }
  return moved;
}

void prepareForGPUCodegen(llvm::Module &module, llvm::TargetMachine &tm) {
  runModulePasses(module, tm, llvm::PipelineTuningOptions(), [](llvm::PassBuilder &) {
    llvm::FunctionPassManager fpm;
    fpm.addPass(llvm::ScalarizerPass());
    fpm.addPass(llvm::EarlyCSEPass());
    llvm::ModulePassManager mpm;
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
    return mpm;
  });
  for (llvm::Function &fn : module)
    if (!fn.isDeclaration())
      sinkAddressesToUses(fn);
}

} // namespace tilec::detail
