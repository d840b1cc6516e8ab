//===- TileToLLVM.cpp - Program identity and kernel ABI via TargetInfo -----===//
#include "DebugOps.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Target/TargetInfo.h"

namespace tilec {
#define GEN_PASS_DEF_CONVERTTILETOLLVM
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {
struct ConvertTileToLLVMPass
    : public tilec::impl::ConvertTileToLLVMBase<ConvertTileToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::unique_ptr<tilec::TargetInfo> info = tilec::createTargetInfo(target);
    if (!info) {
      module.emitError() << "unknown target '" << target
                         << "' (expected cpu, nvptx, amdgpu or simt)";
      return signalPassFailure();
    }
    // Kernels are the public functions; helpers were inlined by the frontend.
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        kernels.push_back(func);

    bool failedAny = false;
    for (func::FuncOp kernel : kernels) {
      // GPU code runs on every thread of a program: tiles must have been
      // distributed over the threads, never computed whole by each.
      if (info->getKind() != tilec::TargetKind::CPU && !kernel->hasAttr(tilec::kSIMTLoweredAttr)) {
        kernel.emitError("GPU kernel was not distributed over threads: run "
                         "tilec-assign-layouts and convert-tile-to-gpu first");
        failedAny = true;
        continue;
      }
      tilec::prepareKernelOnce(*info, kernel);
      // The frontend's argument hints (`tile.divisibility`) served the
      // analyses; LLVM has no meaning for them (translation warns of each).
      FunctionOpInterface function = kernel;
      for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
        for (NamedAttribute attribute : function.getArgAttrs(i))
          if (attribute.getName().getValue().starts_with("tile."))
            function.removeArgAttr(i, attribute.getName());
      kernel.walk([&](Operation *op) {
        OpBuilder b(op);
        Value replacement;
        if (auto pid = dyn_cast<tilec::tile::ProgramIdOp>(op))
          replacement = info->getProgramId(b, op->getLoc(), kernel, pid.getAxis());
        else if (auto np = dyn_cast<tilec::tile::NumProgramsOp>(op))
          replacement = info->getNumPrograms(b, op->getLoc(), kernel, np.getAxis());
        else if (isa<tilec::tile::GlobalTimerOp>(op)) {
          replacement = info->getGlobalTimer(b, op->getLoc(), kernel);
          failedAny |= !replacement;
        } else if (isa<tilec::tile::PrintOp, tilec::tile::AssertOp>(op)) {
          failedAny |= failed(tilec::lowerDebugOp(op, kernel, *info));
          return;
        } else if (isa<tilec::tile::TileDialect>(op->getDialect())) {
          op->emitError("tile op must be lowered by convert-tile-to-vector first");
          failedAny = true;
          return;
        }
        if (!replacement)
          return;
        op->getResult(0).replaceAllUsesWith(replacement);
        op->erase();
      });
      info->finalizeKernel(module, kernel);
    }
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
