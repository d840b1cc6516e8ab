//===- Scan.cpp - tile.scan -> Hillis-Steele steps on flat vectors --------===//
//
// An inclusive scan of K elements along an axis takes ceil(log2 K) steps. At
// step d (1, 2, 4, ...) every lane at axis position p >= d (p < K - d when
// reversed) combines the running value of the lane d positions earlier in scan
// order (one vector.shuffle of the flat vector) with its own running value;
// the other lanes keep theirs (one arith.select). The earlier lane is the
// combiner's left operand, so non-commutative associative combiners scan in
// order.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

struct ScanLowering : public OpConversionPattern<tile::ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::ScanOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorCombiner combiner(op.getCombiner().front(), op.getLoc(), rewriter);
    if (failed(combiner.verifySupported("tile.scan")))
      return failure();
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
    ArrayRef<int64_t> shape = srcType.getShape();
    int64_t axis = op.getAxis();
    int64_t length = shape[axis];
    int64_t numElements = srcType.getNumElements();
    // Flat distance between neighbours along the axis.
    int64_t stride = 1;
    for (int64_t d : shape.drop_front(axis + 1))
      stride *= d;
    bool reverse = op.getReverse();

    SmallVector<Value> running(adaptor.getSrcs());
    auto laneMaskType = VectorType::get({numElements}, rewriter.getI1Type());
    for (int64_t step = 1; step < length; step *= 2) {
      SmallVector<int64_t> earlierLane(numElements);
      SmallVector<bool> combines(numElements);
      for (int64_t flat = 0; flat < numElements; ++flat) {
        int64_t pos = (flat / stride) % length;
        bool hasEarlier = reverse ? pos + step < length : pos >= step;
        combines[flat] = hasEarlier;
        earlierLane[flat] = !hasEarlier ? flat
                            : reverse   ? flat + step * stride
                                        : flat - step * stride;
      }
      SmallVector<Value> earlier = llvm::map_to_vector(
          running, [&](Value v) { return shuffleOne(rewriter, loc, v, earlierLane); });
      SmallVector<Value> combined = combiner.combine(earlier, running);
      Value laneMask = arith::ConstantOp::create(rewriter, loc, laneMaskType,
                                                 DenseElementsAttr::get(laneMaskType, combines));
      for (auto [value, next] : llvm::zip_equal(running, combined))
        value = arith::SelectOp::create(rewriter, loc, laneMask, next, value);
    }
    rewriter.replaceOp(op, running);
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileScanToVectorPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns) {
  patterns.add<ScanLowering>(typeConverter, patterns.getContext());
}

} // namespace tilec
