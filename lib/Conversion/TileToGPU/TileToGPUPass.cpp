//===- TileToGPUPass.cpp - The convert-tile-to-gpu pass -------------------===//
#include "SIMTLowering.h"
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileToVector.h"

#include "llvm/Support/MathExtras.h"

namespace tilec {
#define GEN_PASS_DEF_CONVERTTILETOGPU
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;

namespace {

/// Records on each tile load, store and async copy how many consecutive
/// registers one access may cover (getAccessVectorWidth).
void annotateVectorWidths(func::FuncOp kernel) {
  AxisInfoAnalysis axisInfo;
  kernel.walk([&](Operation *op) {
    Value ptr, mask;
    if (auto load = dyn_cast<tile::LoadOp>(op)) {
      ptr = load.getPtr();
      mask = load.getMask();
    } else if (auto store = dyn_cast<tile::StoreOp>(op)) {
      ptr = store.getPtr();
      mask = store.getMask();
    } else if (auto copy = dyn_cast<tile::AsyncCopyOp>(op)) {
      ptr = copy.getPtr();
      mask = copy.getMask();
    } else {
      return;
    }
    int64_t width = getAccessVectorWidth(axisInfo, ptr, mask);
    if (width > 1)
      op->setAttr(SIMTLowering::kVectorWidthAttr,
                  IntegerAttr::get(IntegerType::get(op->getContext(), 64), width));
  });
}

struct ConvertTileToGPUPass : public tilec::impl::ConvertTileToGPUBase<ConvertTileToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    std::unique_ptr<TargetInfo> info = createTargetInfo(target);
    if (!info) {
      module.emitError() << "unknown target '" << target << "'";
      return signalPassFailure();
    }
    std::string archName = arch.empty() ? info->getDefaultArch() : std::string(arch);
    unsigned warpSize = info->getWarpSize(archName);
    SmallVector<func::FuncOp> kernels;
    for (auto kernel : module.getOps<func::FuncOp>())
      if (kernel->hasAttr(kSIMTLoweredAttr))
        kernels.push_back(kernel);
    for (func::FuncOp kernel : kernels) {
      prepareKernelOnce(*info, kernel);
      annotateVectorWidths(kernel);
      // The hints have been read (vector widths); the lowering uses their operands.
      tile::dropHints(kernel);
      SIMTLowering simt(*info, kernel, archName, warpSize);
      SIMTTypeConverter typeConverter(ctx, info->getGlobalAddressSpace(),
                                      info->getSharedAddressSpace());
      ConversionTarget conversionTarget(*ctx);
      configureTileToVectorTarget(conversionTarget, typeConverter);
      // One timer reading per program, shared by its threads (Atomics.cpp).
      conversionTarget.addIllegalOp<tile::GlobalTimerOp>();
      RewritePatternSet patterns(ctx);
      populateTileStructuralToVectorPatterns(typeConverter, patterns, conversionTarget);
      populateTileElementwiseToVectorPatterns(typeConverter, patterns);
      populateSIMTShapePatterns(simt, typeConverter, patterns);
      populateSIMTMemoryPatterns(simt, typeConverter, patterns);
      populateSIMTReducePatterns(simt, typeConverter, patterns);
      populateSIMTSharedMemoryPatterns(simt, typeConverter, patterns);
      populateSIMTPermutationPatterns(simt, typeConverter, patterns);
      planLocalAllocations(simt);
      populateSIMTAsyncCopyPatterns(simt, typeConverter, patterns);
      planTensorMaps(simt);
      populateSIMTTmaPatterns(simt, typeConverter, patterns);
      planDotOperandStaging(simt);
      planScratchReuse(simt);
      populateSIMTDotPatterns(simt, typeConverter, patterns);
      populateSIMTMfmaDotPatterns(simt, typeConverter, patterns);
      populateSIMTWgmmaDotPatterns(simt, typeConverter, patterns);
      populateSIMTAtomicPatterns(simt, typeConverter, patterns);
      populateSIMTScanPatterns(simt, typeConverter, patterns);
      populateSIMTHistogramPatterns(simt, typeConverter, patterns);
      populateSIMTDebugPatterns(simt, typeConverter, patterns);
      // The lowered tile.print/tile.assert (on vectors) stay for convert-tile-to-llvm.
      conversionTarget.addDynamicallyLegalOp<tile::PrintOp, tile::AssertOp>(
          [&typeConverter](Operation *op) { return typeConverter.isLegal(op); });
      if (failed(applyPartialConversion(kernel, conversionTarget, std::move(patterns))))
        return signalPassFailure();
      uint64_t limit = info->getSharedMemoryLimit(arch.empty() ? info->getDefaultArch() : arch);
      if (simt.sharedBytes > limit) {
        kernel.emitError() << "kernel '" << kernel.getSymName() << "' needs "
                           << simt.sharedBytes << " bytes of shared memory; target " << target
                           << " allows " << limit << " per program (use smaller tiles)";
        return signalPassFailure();
      }
      if (simt.sharedBytes)
        info->setSharedMemorySize(kernel, simt.sharedBytes);
    }
  }
};

} // namespace
