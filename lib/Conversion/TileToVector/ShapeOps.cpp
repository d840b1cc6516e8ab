//===- ShapeOps.cpp - tile creation/shape ops -> vector shuffles/broadcasts ===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

/// Returns the converted (vector) type of `op`'s only result.
template <typename OpTy>
static VectorType convertedResultType(const ConversionPattern &pattern, OpTy op) {
  return dyn_cast_or_null<VectorType>(
      pattern.getTypeConverter()->convertType(op.getResult().getType()));
}

/// make_range -> dense vector constant.
struct MakeRangeLowering : public OpConversionPattern<tile::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::MakeRangeOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorType type = convertedResultType(*this, op);
    if (!type)
      return failure();
    SmallVector<int32_t> values;
    for (int64_t v = op.getStart(); v < op.getEnd(); ++v)
      values.push_back(static_cast<int32_t>(v));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, DenseElementsAttr::get(type, ArrayRef<int32_t>(values)));
    return success();
  }
};

/// splat -> vector.broadcast (scalars and pointers alike).
struct SplatLowering : public OpConversionPattern<tile::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::SplatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorType type = convertedResultType(*this, op);
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type, adaptor.getSrc());
    return success();
  }
};

/// expand_dims and reshape keep the row-major element order: they vanish.
template <typename OpTy> struct ForwardSourceLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// broadcast -> vector.shuffle with the gathering mask, or extract + broadcast
/// when the source has a single element.
struct BroadcastLowering : public OpConversionPattern<tile::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorType type = convertedResultType(*this, op);
    if (!type)
      return failure();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getResult().getType());
    Location loc = op.getLoc();
    if (srcType.getNumElements() == 1) {
      Value elem = vector::ExtractOp::create(rewriter, loc, adaptor.getSrc(), int64_t{0});
      rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type, elem);
      return success();
    }
    ArrayRef<int64_t> srcShape = srcType.getShape();
    SmallVector<int64_t> mask;
    mask.reserve(dstType.getNumElements());
    for (int64_t flat = 0, e = dstType.getNumElements(); flat < e; ++flat) {
      SmallVector<int64_t> index = delinearize(flat, dstType.getShape());
      for (auto [i, d] : llvm::zip_equal(index, srcShape))
        if (d == 1)
          i = 0;
      mask.push_back(linearize(index, srcShape));
    }
    rewriter.replaceOp(op, shuffleOne(rewriter, loc, adaptor.getSrc(), mask));
    return success();
  }
};

/// trans -> vector.shuffle with the permutation mask.
struct TransLowering : public OpConversionPattern<tile::TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::TransOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getResult().getType());
    ArrayRef<int32_t> order = op.getOrder();
    SmallVector<int64_t> mask;
    mask.reserve(dstType.getNumElements());
    SmallVector<int64_t> srcIndex(srcType.getRank());
    for (int64_t flat = 0, e = dstType.getNumElements(); flat < e; ++flat) {
      SmallVector<int64_t> index = delinearize(flat, dstType.getShape());
      for (auto [i, o] : llvm::enumerate(order))
        srcIndex[o] = index[i];
      mask.push_back(linearize(srcIndex, srcType.getShape()));
    }
    rewriter.replaceOp(op, shuffleOne(rewriter, op.getLoc(), adaptor.getSrc(), mask));
    return success();
  }
};

/// shuffle -> vector.shuffle of the two flat sources with the same indices.
struct ShuffleLowering : public OpConversionPattern<tile::ShuffleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::ShuffleOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, adaptor.getLhs(), adaptor.getRhs(),
                                                   op.getIndices());
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileShapeToVectorPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns) {
  patterns.add<MakeRangeLowering, SplatLowering, BroadcastLowering, TransLowering, ShuffleLowering,
               ForwardSourceLowering<tile::ExpandDimsOp>, ForwardSourceLowering<tile::ReshapeOp>>(
      typeConverter, patterns.getContext());
}

} // namespace tilec
