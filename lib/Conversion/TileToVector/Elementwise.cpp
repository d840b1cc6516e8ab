//===- Elementwise.cpp - arith/math ops and constants on tiles -> vectors -===//
#include "tilec/Conversion/TileToVector.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

namespace {

/// Rebuilds any region-free arith/math op touching tiles by name, with the
/// converted operands, converted result types and the same attributes.
struct ElementwiseOpLowering : public ConversionPattern {
  ElementwiseOpLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!dialect || !isa<arith::ArithDialect, math::MathDialect>(dialect) ||
        op->getNumRegions() != 0)
      return rewriter.notifyMatchFailure(op, "not an elementwise arith/math op");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types cannot be converted");

    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      auto vecType = dyn_cast<VectorType>(resultTypes.front());
      if (!dense || !vecType || dense.getElementType() != vecType.getElementType())
        return rewriter.notifyMatchFailure(op, "unsupported tile constant");
      // Splats fit any vector length (the SIMT lowering's vectors hold one
      // thread's share of the tile).
      DenseElementsAttr value = dense.isSplat()
                                    ? DenseElementsAttr(SplatElementsAttr::get(
                                          vecType, dense.getSplatValue<Attribute>()))
                                    : dense.reshape(vecType);
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, vecType, value);
      return success();
    }

    OperationState state(op->getLoc(), op->getName(), operands, resultTypes, op->getAttrs());
    Operation *newOp = rewriter.create(state);
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileElementwiseToVectorPatterns(const TypeConverter &typeConverter,
                                             RewritePatternSet &patterns) {
  patterns.add<ElementwiseOpLowering>(typeConverter, patterns.getContext());
}

} // namespace tilec
