//===- DebugOps.cpp - tile.print / tile.assert to vectors, tile.barrier ---===//
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

using namespace mlir;

namespace {

/// Rebuilds tile.print on flat vectors, recording each value's tile shape.
struct PrintOpLowering : public OpConversionPattern<tilec::tile::PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tilec::tile::PrintOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Attribute> shapes;
    for (Value v : op.getValues()) {
      ArrayRef<int64_t> shape;
      if (auto tensor = dyn_cast<RankedTensorType>(v.getType()))
        shape = tensor.getShape();
      shapes.push_back(rewriter.getDenseI64ArrayAttr(shape));
    }
    if (auto recorded = op.getShapes())
      shapes.assign(recorded->begin(), recorded->end());
    rewriter.replaceOpWithNewOp<tilec::tile::PrintOp>(
        op, op.getPrefixAttr(), adaptor.getValues(), op.getHexAttr(), op.getIsSignedAttr(),
        rewriter.getArrayAttr(shapes));
    return success();
  }
};

/// Rebuilds tile.assert on a flat i1 vector.
struct AssertOpLowering : public OpConversionPattern<tilec::tile::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tilec::tile::AssertOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<tilec::tile::AssertOp>(op, adaptor.getCondition(),
                                                       op.getMessageAttr());
    return success();
  }
};

/// tl.debug_barrier on CPUs, which run a program as one thread: nothing to
/// wait for (GPUs lower it in convert-tile-to-gpu first).
struct BarrierOpLowering : public OpConversionPattern<tilec::tile::BarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tilec::tile::BarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileDebugToVectorPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, ConversionTarget &target) {
  target.addDynamicallyLegalOp<tile::PrintOp, tile::AssertOp>(
      [&typeConverter](Operation *op) { return typeConverter.isLegal(op); });
  patterns.add<PrintOpLowering, AssertOpLowering, BarrierOpLowering>(typeConverter,
                                                                     patterns.getContext());
}

} // namespace tilec
