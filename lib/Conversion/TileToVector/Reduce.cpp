//===- Reduce.cpp - tile.reduce -> shuffle trees and an inlined combiner --===//
//
// Slice k of the source along the axis (one vector.shuffle) holds, for every
// output position in row-major order, the element with index k on the axis.
// Slices are combined pairwise in a balanced tree by re-emitting the combiner
// region's scalar ops on vectors of the slice width. A 1-D source with a
// power-of-two length is instead folded in halves down to one element.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

struct ReduceLowering : public OpConversionPattern<tile::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorCombiner combiner(op.getCombiner().front(), op.getLoc(), rewriter);
    if (failed(combiner.verifySupported("tile.reduce")))
      return failure();
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
    ArrayRef<int64_t> shape = srcType.getShape();
    int64_t axis = op.getAxis();
    int64_t k = shape[axis];
    ValueRange srcs = adaptor.getSrcs();

    SmallVector<Value> results;
    if (srcType.getRank() == 1 && llvm::isPowerOf2_64(k)) {
      // Fold in halves: [lo | hi] -> combine(lo, hi).
      SmallVector<Value> current(srcs);
      for (int64_t width = k; width > 1; width /= 2) {
        auto lo = llvm::to_vector(llvm::seq<int64_t>(0, width / 2));
        auto hi = llvm::to_vector(llvm::seq<int64_t>(width / 2, width));
        SmallVector<Value> lhs, rhs;
        for (Value v : current) {
          lhs.push_back(shuffleOne(rewriter, loc, v, lo));
          rhs.push_back(shuffleOne(rewriter, loc, v, hi));
        }
        current = combiner.combine(lhs, rhs);
      }
      results = std::move(current);
    } else {
      // Slices along the axis, combined in a balanced tree.
      SmallVector<int64_t> outShape(shape);
      outShape.erase(outShape.begin() + axis);
      int64_t outSize = srcType.getNumElements() / k;
      SmallVector<SmallVector<Value>> level;
      for (int64_t s = 0; s < k; ++s) {
        SmallVector<int64_t> mask;
        mask.reserve(outSize);
        for (int64_t flat = 0; flat < outSize; ++flat) {
          SmallVector<int64_t> index = delinearize(flat, outShape);
          index.insert(index.begin() + axis, s);
          mask.push_back(linearize(index, shape));
        }
        level.push_back(
            llvm::map_to_vector(srcs, [&](Value v) { return shuffleOne(rewriter, loc, v, mask); }));
      }
      while (level.size() > 1) {
        SmallVector<SmallVector<Value>> next;
        for (size_t i = 0; i + 1 < level.size(); i += 2)
          next.push_back(combiner.combine(level[i], level[i + 1]));
        if (level.size() % 2)
          next.push_back(level.back());
        level = std::move(next);
      }
      results = std::move(level.front());
    }

    if (srcType.getRank() == 1)
      for (Value &r : results)
        r = vector::ExtractOp::create(rewriter, loc, r, int64_t{0});
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileReduceToVectorPatterns(const TypeConverter &typeConverter,
                                        RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(typeConverter, patterns.getContext());
}

} // namespace tilec
