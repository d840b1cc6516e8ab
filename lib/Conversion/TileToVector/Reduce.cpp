//===- Reduce.cpp - tile.reduce -> shuffle trees and an inlined combiner --===//
//
// Slice k of the source along the axis (one vector.shuffle) holds, for every
// output position in row-major order, the element with index k on the axis.
// Slices are combined pairwise in a balanced tree by re-emitting the combiner
// region's scalar ops on vectors of the slice width. A 1-D source with a
// power-of-two length is instead folded in halves down to one element; when
// it is wider than the policy's chunk lanes (CPUs), it is
// first folded to one chunk by an scf.for over chunks of a stack copy, so the
// accumulator stays in a few registers (strip-mining then fuses that loop
// into the loop producing the source when it can). With chunks, a 2-D source reduced
// along its rows (axis 1, power-of-two rows of at least a chunk) is reduced
// row after row by an scf.for, each row the same way.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

/// Reductions of long rows on top of a VectorCombiner: rows are folded piece
/// by piece in a loop so that wide tiles stay in registers.
class RowFolder {
public:
  RowFolder(VectorCombiner &combiner, Operation *op, ConversionPatternRewriter &rewriter)
      : combiner(combiner), op(op), loc(op->getLoc()), rewriter(rewriter) {}

  /// Folds `n` lanes from element `base` of the stack buffers `buffers` (of
  /// the element types of `srcs`) to `width` lanes: lane j of the result
  /// combines lanes j, j + width, j + 2 * width, ... in that order. The loop
  /// covers every piece, the first one included (taken as is: an arbitrary
  /// combiner has no known identity), so that strip-mining can fuse it into
  /// the loop that produces the source (see StripMine.cpp).
  SmallVector<Value> foldToWidth(ValueRange srcs, ArrayRef<Value> buffers, Value base, int64_t n,
                                 int64_t width) {
    Type i64 = rewriter.getI64Type();
    auto cst = [&](int64_t v) {
      return arith::ConstantIntOp::create(rewriter, loc, i64, v).getResult();
    };
    auto loadPieces = [&](Value offset) {
      Value index = arith::AddIOp::create(rewriter, loc, base, offset);
      SmallVector<Value> pieces;
      for (auto [v, buf] : llvm::zip_equal(srcs, buffers)) {
        Type elem = cast<VectorType>(v.getType()).getElementType();
        pieces.push_back(loadBufferLanes(rewriter, loc, buf, elem, index, width,
                                         getElementByteSize(elem)));
      }
      return pieces;
    };
    if (n == width)
      return loadPieces(cst(0));
    SmallVector<Value> inits;
    for (Value v : srcs)
      inits.push_back(createZero(
          rewriter, loc, VectorType::get({width}, cast<VectorType>(v.getType()).getElementType())));
    auto loop = scf::ForOp::create(rewriter, loc, cst(0), cst(n), cst(width), inits);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Block *body = loop.getBody();
      if (body->mightHaveTerminator())
        rewriter.eraseOp(body->getTerminator());
      rewriter.setInsertionPointToEnd(body);
      Value offset = loop.getInductionVar();
      SmallVector<Value> pieces = loadPieces(offset);
      SmallVector<Value> acc(loop.getRegionIterArgs());
      SmallVector<Value> combined = combiner.combine(acc, pieces);
      Value isFirst =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, offset, cst(0));
      SmallVector<Value> next;
      for (auto [piece, c] : llvm::zip_equal(pieces, combined))
        next.push_back(arith::SelectOp::create(rewriter, loc, isFirst, piece, c));
      scf::YieldOp::create(rewriter, loc, next);
    }
    return SmallVector<Value>(loop.getResults());
  }

  /// Folds power-of-two long vectors in halves ([lo | hi] -> combine(lo,
  /// hi)) down to one lane each.
  SmallVector<Value> foldHalves(SmallVector<Value> current) {
    for (int64_t width = cast<VectorType>(current.front().getType()).getNumElements(); width > 1;
         width /= 2) {
      auto lo = llvm::to_vector(llvm::seq<int64_t>(0, width / 2));
      auto hi = llvm::to_vector(llvm::seq<int64_t>(width / 2, width));
      SmallVector<Value> lhs, rhs;
      for (Value v : current) {
        lhs.push_back(shuffleOne(rewriter, loc, v, lo));
        rhs.push_back(shuffleOne(rewriter, loc, v, hi));
      }
      current = combiner.combine(lhs, rhs);
    }
    return current;
  }

  /// Reduces each of the `rows` contiguous rows of `k` (a power of two) lanes
  /// of the flat sources in an scf.for over rows: a row is folded to at most
  /// `chunk` lanes piece by piece, then in halves, and its result stored to
  /// lane r of a stack buffer per result. Returns the vector<rows> results.
  SmallVector<Value> reduceRowsInLoop(ValueRange srcs, int64_t rows, int64_t k, int64_t chunk) {
    Type i64 = rewriter.getI64Type();
    auto cst = [&](int64_t v) {
      return arith::ConstantIntOp::create(rewriter, loc, i64, v).getResult();
    };
    SmallVector<Value> buffers, outBuffers;
    for (Value v : srcs) {
      buffers.push_back(spillToStack(rewriter, op, v));
      Type elem = cast<VectorType>(v.getType()).getElementType();
      outBuffers.push_back(
          createEntryAlloca(rewriter, op, elem.isInteger(1) ? rewriter.getI8Type() : elem, rows));
    }
    auto loop = scf::ForOp::create(rewriter, loc, cst(0), cst(rows), cst(1));
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(loop.getBody()->getTerminator());
      Value row = loop.getInductionVar();
      Value base = arith::MulIOp::create(rewriter, loc, row, cst(k));
      SmallVector<Value> folded =
          foldHalves(foldToWidth(srcs, buffers, base, k, std::min(k, chunk)));
      for (auto [v, out] : llvm::zip_equal(folded, outBuffers)) {
        Type elem = cast<VectorType>(v.getType()).getElementType();
        storeBufferLanes(rewriter, loc, v, out, row,
                         elem.isInteger(1) ? 1 : getElementByteSize(elem));
      }
    }
    SmallVector<Value> results;
    for (auto [v, out] : llvm::zip_equal(srcs, outBuffers)) {
      Type elem = cast<VectorType>(v.getType()).getElementType();
      results.push_back(loadBufferLanes(rewriter, loc, out, elem, cst(0), rows, /*align=*/64));
    }
    return results;
  }

private:
  VectorCombiner &combiner;
  Operation *op;
  Location loc;
  ConversionPatternRewriter &rewriter;
};

/// Sources with more lanes than this are reduced in chunks on every target.
constexpr int64_t kMaxUnchunkedLanes = 1024;
/// The chunk width used for them where the policy sets no chunk lanes.
constexpr int64_t kGpuReduceChunkLanes = 64;

struct ReduceLowering : public PolicyConversionPattern<tile::ReduceOp> {
  using PolicyConversionPattern::PolicyConversionPattern;
  LogicalResult matchAndRewrite(tile::ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorCombiner combiner(op.getCombiner().front(), op.getLoc(), rewriter);
    if (failed(combiner.verifySupported("tile.reduce")))
      return failure();
    RowFolder folder(combiner, op, rewriter);
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
    ArrayRef<int64_t> shape = srcType.getShape();
    int64_t axis = op.getAxis();
    int64_t k = shape[axis];
    ValueRange srcs = adaptor.getSrcs();

    SmallVector<Value> results;
    int64_t chunk = policy.chunkLanes;
    // Targets without chunk lanes (GPUs) still fold very wide sources in
    // bounded pieces: a shuffle tree over thousands of lanes takes LLVM's
    // backends minutes (AMDGPU) or crashes them.
    if (chunk <= 0 && srcType.getNumElements() > kMaxUnchunkedLanes)
      chunk = kGpuReduceChunkLanes;
    bool chunked = chunk > 0 && llvm::isPowerOf2_64(chunk);
    if (srcType.getRank() == 1 && llvm::isPowerOf2_64(k)) {
      SmallVector<Value> current(srcs);
      if (chunked && k > chunk) {
        Value zero = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), 0);
        SmallVector<Value> buffers = llvm::map_to_vector(
            srcs, [&](Value v) { return spillToStack(rewriter, op, v); });
        current = folder.foldToWidth(srcs, buffers, zero, k, chunk);
      }
      results = folder.foldHalves(current);
    } else if (chunked && srcType.getRank() == 2 && axis == 1 && llvm::isPowerOf2_64(k) &&
               k >= chunk) {
      // Rows reduced one after the other by a loop (O(1) code, no strided
      // shuffles of the whole tile).
      results = folder.reduceRowsInLoop(srcs, shape[0], k, chunk);
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
                                        RewritePatternSet &patterns,
                                        const TileToVectorPolicy &policy) {
  patterns.add<ReduceLowering>(typeConverter, patterns.getContext(), policy);
}

} // namespace tilec
