//===- ShapeOps.cpp - Ranges, splats, broadcasts and expand_dims in SIMT ---===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

/// start + threadBase + regOffsets[r]: a constant vector plus a splat.
struct MakeRangeLowering : public SIMTPattern<tile::MakeRangeOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::MakeRangeOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tile::DistributedLayout layout = simt.layoutOf(op.getType());
    auto type = VectorType::get({layout.numRegs}, rewriter.getI32Type());
    SmallVector<int32_t> offsets;
    for (const auto &reg : layout.regOffsets)
      offsets.push_back(int32_t(reg[0] + op.getStart()));
    Value constant =
        arith::ConstantOp::create(rewriter, loc, DenseElementsAttr::get(type, ArrayRef(offsets)));
    Value base = simt.threadBase(rewriter, loc, layout, 0);
    Value splat = vector::BroadcastOp::create(rewriter, loc, type, base);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, splat, constant);
    return success();
  }
};

struct SplatLowering : public SIMTPattern<tile::SplatOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::SplatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type, adaptor.getSrc());
    return success();
  }
};

/// Register r of the result takes the source register with the same offsets
/// outside the broadcast dimensions (where the source has offset 0).
struct BroadcastLowering : public SIMTPattern<tile::BroadcastOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    tile::DistributedLayout src = simt.layoutOf(op.getSrc().getType());
    tile::DistributedLayout dst = simt.layoutOf(op.getType());
    ArrayRef<int64_t> srcShape = op.getSrc().getType().getShape();
    std::map<SmallVector<int64_t>, int64_t> byOffsets;
    for (int64_t r = 0; r < src.numRegs; ++r)
      byOffsets.try_emplace(src.regOffsets[r], r);
    SmallVector<int64_t> indices;
    for (int64_t r = 0; r < dst.numRegs; ++r) {
      SmallVector<int64_t> key = dst.regOffsets[r];
      for (unsigned d = 0; d < key.size(); ++d)
        if (srcShape[d] == 1)
          key[d] = 0;
      auto it = byOffsets.find(key);
      if (it == byOffsets.end())
        return rewriter.notifyMatchFailure(op, "source and result layouts differ");
      indices.push_back(it->second);
    }
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, adaptor.getSrc(), adaptor.getSrc(),
                                                   indices);
    return success();
  }
};

/// A slice of the result's layout already holds the registers of the result.
struct ExpandDimsLowering : public SIMTPattern<tile::ExpandDimsOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::ExpandDimsOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto slice = dyn_cast<tile::SliceEncodingAttr>(tile::getEncoding(op.getSrc().getType()));
    if (!slice || slice.getDim() != op.getAxis() ||
        slice.getParent() != tile::getEncoding(op.getType()))
      return rewriter.notifyMatchFailure(op, "source is not a slice of the result layout");
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

} // namespace

void populateSIMTShapePatterns(SIMTLowering &simt, const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  patterns.add<MakeRangeLowering, SplatLowering, BroadcastLowering, ExpandDimsLowering>(
      simt, converter, patterns.getContext());
}

} // namespace tilec
