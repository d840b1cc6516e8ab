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

/// Records on each tile load/store how many consecutive registers one access
/// may cover: within a thread's run along the fastest dimension, contiguous
/// and aligned pointers (AxisInfo), one mask value, at most 16 bytes.
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
    } else {
      return;
    }
    auto type = dyn_cast<RankedTensorType>(ptr.getType());
    if (!type)
      return;
    tile::DistributedLayout layout = tile::resolveLayout(type.getEncoding(), type.getShape());
    unsigned fastest = layout.fastestDim;
    auto *dimIt = llvm::find(layout.tileDims, fastest);
    if (dimIt == layout.tileDims.end())
      return;
    unsigned dim = dimIt - layout.tileDims.begin();
    Type pointee = cast<tile::PointerType>(type.getElementType()).getPointeeType();
    int64_t bytes = std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
    AxisInfo info = axisInfo.get(ptr);
    int64_t width = std::min<int64_t>({int64_t(layout.rootDims[fastest].spt), 16 / bytes,
                                       info.contiguity[dim],
                                       std::max<int64_t>(1, info.divisibility[dim] / bytes)});
    if (mask && isa<RankedTensorType>(mask.getType()))
      width = std::min<int64_t>(width, axisInfo.get(mask).constancy[dim]);
    width = std::max<int64_t>(1, int64_t(llvm::bit_floor(uint64_t(std::max<int64_t>(1, width)))));
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
      SIMTLowering simt(*info, kernel, archName, warpSize);
      SIMTTypeConverter typeConverter(ctx, info->getGlobalAddressSpace());
      ConversionTarget conversionTarget(*ctx);
      configureTileToVectorTarget(conversionTarget, typeConverter);
      RewritePatternSet patterns(ctx);
      populateTileStructuralToVectorPatterns(typeConverter, patterns, conversionTarget);
      populateTileElementwiseToVectorPatterns(typeConverter, patterns);
      populateSIMTShapePatterns(simt, typeConverter, patterns);
      populateSIMTMemoryPatterns(simt, typeConverter, patterns);
      populateSIMTReducePatterns(simt, typeConverter, patterns);
      populateSIMTSharedMemoryPatterns(simt, typeConverter, patterns);
      planDotOperandStaging(simt);
      populateSIMTDotPatterns(simt, typeConverter, patterns);
      populateSIMTMfmaDotPatterns(simt, typeConverter, patterns);
      populateSIMTAtomicPatterns(simt, typeConverter, patterns);
      populateSIMTScanPatterns(simt, typeConverter, patterns);
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
