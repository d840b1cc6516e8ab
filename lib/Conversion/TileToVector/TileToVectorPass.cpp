//===- TileToVectorPass.cpp - The convert-tile-to-vector pass -------------===//
#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tilec {
#define GEN_PASS_DEF_CONVERTTILETOVECTOR
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

/// Erases the ops under `root` whose results are unused and that have no
/// side effects (users before their operands' definitions).
void eraseDeadOps(Operation *root) {
  root->walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
    if (op != root && isOpTriviallyDead(op))
      op->erase();
  });
}

struct ConvertTileToVectorPass
    : public tilec::impl::ConvertTileToVectorBase<ConvertTileToVectorPass> {
  using ConvertTileToVectorBase::ConvertTileToVectorBase;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    tilec::TileToVectorTypeConverter typeConverter(ctx);
    ConversionTarget target(*ctx);
    tilec::configureTileToVectorTarget(target, typeConverter);

    // CPUs: loops carry scalar offsets, not whole tiles of pointers.
    if (chunkLanes)
      tilec::carryPointerOffsets(module);
    tilec::annotateContiguousAccesses(module);
    if (stackAddressSpace)
      module->setAttr(tilec::kStackAddressSpaceAttr,
                      IntegerAttr::get(IntegerType::get(ctx, 32), stackAddressSpace));
    auto i64Attr = [&](int64_t v) { return IntegerAttr::get(IntegerType::get(ctx, 64), v); };
    if (chunkLanes)
      module->setAttr(tilec::kChunkLanesAttr, i64Attr(chunkLanes));
    module->setAttr(tilec::kVectorBitsAttr, i64Attr(vectorBits));
    module->setAttr(tilec::kVectorRegistersAttr, i64Attr(vectorRegisters));
    RewritePatternSet patterns(ctx);
    tilec::populateTileStructuralToVectorPatterns(typeConverter, patterns, target);
    tilec::populateTileElementwiseToVectorPatterns(typeConverter, patterns);
    tilec::populateTileShapeToVectorPatterns(typeConverter, patterns);
    tilec::populateTileMemoryToVectorPatterns(typeConverter, patterns);
    tilec::populateTileReduceToVectorPatterns(typeConverter, patterns);
    tilec::populateTileDotToVectorPatterns(typeConverter, patterns);
    tilec::populateTileDebugToVectorPatterns(typeConverter, patterns, target);
    tilec::populateTileScanToVectorPatterns(typeConverter, patterns);
    tilec::populateTileAtomicsToVectorPatterns(typeConverter, patterns);
    tilec::populateTileGatherToVectorPatterns(typeConverter, patterns);

    if (failed(applyPartialConversion(module, target, std::move(patterns)))) {
      signalPassFailure();
    } else {
      if (chunkLanes) {
        // Flat tiles the row loops left unused (pointers, masks) are not
        // strip-mined for nothing.
        eraseDeadOps(module);
        tilec::stripMineWideVectors(module, chunkLanes);
      }
      // Strip-mining is the CPU lowering: streaming stores go with it.
      tilec::lowerNonTemporalStores(module, /*streamingStores=*/chunkLanes != 0);
    }
    module->removeAttr(tilec::kStackAddressSpaceAttr);
    for (const char *attr :
         {tilec::kChunkLanesAttr, tilec::kVectorBitsAttr, tilec::kVectorRegistersAttr})
      module->removeAttr(attr);
  }
};

} // namespace
