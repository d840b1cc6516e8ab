//===- TileToVectorPass.cpp - The convert-tile-to-vector pass -------------===//
#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"
#include "Utils.h"

namespace tilec {
#define GEN_PASS_DEF_CONVERTTILETOVECTOR
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

struct ConvertTileToVectorPass
    : public tilec::impl::ConvertTileToVectorBase<ConvertTileToVectorPass> {
  using ConvertTileToVectorBase::ConvertTileToVectorBase;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    tilec::TileToVectorTypeConverter typeConverter(ctx);
    ConversionTarget target(*ctx);
    tilec::configureTileToVectorTarget(target, typeConverter);

    tilec::TileToVectorPolicy policy;
    policy.chunkLanes = chunkLanes;
    policy.prefetch = prefetch;
    policy.vectorBits = vectorBits;
    policy.vectorRegisters = vectorRegisters;
    policy.dotVdpbf16ps = dotVdpbf16ps;
    policy.dotVpdpbusd = dotVpdpbusd;
    policy.rowTables = std::make_shared<tilec::detail::RowAddressTables>();

    tilec::annotateContiguousAccesses(module);
    RewritePatternSet patterns(ctx);
    tilec::populateTileStructuralToVectorPatterns(typeConverter, patterns, target);
    tilec::populateTileElementwiseToVectorPatterns(typeConverter, patterns);
    tilec::populateTileShapeToVectorPatterns(typeConverter, patterns, policy);
    tilec::populateTileMemoryToVectorPatterns(typeConverter, patterns, policy);
    tilec::populateTileReduceToVectorPatterns(typeConverter, patterns, policy);
    tilec::populateTileDotToVectorPatterns(typeConverter, patterns, policy);
    tilec::populateTileDebugToVectorPatterns(typeConverter, patterns, target);
    tilec::populateTileScanToVectorPatterns(typeConverter, patterns);
    tilec::populateTileAtomicsToVectorPatterns(typeConverter, patterns);
    tilec::populateTileGatherToVectorPatterns(typeConverter, patterns);
    tilec::populateTileHistogramToVectorPatterns(typeConverter, patterns);

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    tilec::detail::moveAllocasToAddressSpace(module, stackAddressSpace);
  }
};

} // namespace
