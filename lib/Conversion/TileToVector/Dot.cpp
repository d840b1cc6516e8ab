//===- Dot.cpp - tile.dot -> row-wise broadcast-FMA on flat vectors -------===//
//
// For C[M,N] += A[M,K] * B[K,N]: row i of C is accumulated as
// row_i = fma(broadcast(A[i,k]), B[k,:], row_i) over k (muli + addi for
// integers), then the rows are concatenated. Inputs narrower than the
// accumulator are extended first. Batched 3-D dots do this per batch.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

/// Converts the vector `v` to element type `elem` (extension or truncation).
Value castElements(OpBuilder &b, Location loc, Value v, Type elem) {
  auto type = cast<VectorType>(v.getType());
  Type from = type.getElementType();
  if (from == elem)
    return v;
  auto target = VectorType::get(type.getShape(), elem);
  unsigned fromBits = from.getIntOrFloatBitWidth(), toBits = elem.getIntOrFloatBitWidth();
  if (isa<FloatType>(elem)) {
    if (fromBits < toBits)
      return arith::ExtFOp::create(b, loc, target, v);
    // Same width, different format (f16 <-> bf16): go through f32.
    if (fromBits == toBits)
      v = arith::ExtFOp::create(b, loc, VectorType::get(type.getShape(), b.getF32Type()), v);
    return arith::TruncFOp::create(b, loc, target, v);
  }
  if (fromBits < toBits)
    return arith::ExtSIOp::create(b, loc, target, v);
  return arith::TruncIOp::create(b, loc, target, v);
}

/// `vector.shuffle` selecting `size` consecutive elements from `offset`.
Value slice(OpBuilder &b, Location loc, Value v, int64_t offset, int64_t size) {
  return shuffleOne(b, loc, v, llvm::to_vector(llvm::seq<int64_t>(offset, offset + size)));
}

struct DotLowering : public OpConversionPattern<tile::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    Type accElem = cType.getElementType();
    bool isFloat = isa<FloatType>(accElem);
    int64_t rank = aType.getRank();
    int64_t batches = rank == 3 ? aType.getDimSize(0) : 1;
    int64_t m = aType.getDimSize(rank - 2), k = aType.getDimSize(rank - 1);
    int64_t n = cType.getDimSize(rank - 1);

    Value a = castElements(rewriter, loc, adaptor.getA(), accElem);
    Value b = castElements(rewriter, loc, adaptor.getB(), accElem);
    Value c = adaptor.getAcc();
    auto rowType = VectorType::get({n}, accElem);

    SmallVector<Value> rows;
    rows.reserve(batches * m);
    for (int64_t batch = 0; batch < batches; ++batch) {
      SmallVector<Value> bRows;
      for (int64_t kk = 0; kk < k; ++kk)
        bRows.push_back(slice(rewriter, loc, b, (batch * k + kk) * n, n));
      for (int64_t i = 0; i < m; ++i) {
        int64_t row = batch * m + i;
        Value acc = slice(rewriter, loc, c, row * n, n);
        for (int64_t kk = 0; kk < k; ++kk) {
          Value aik = vector::ExtractOp::create(rewriter, loc, a, row * k + kk);
          Value splat = vector::BroadcastOp::create(rewriter, loc, rowType, aik);
          if (isFloat) {
            acc = math::FmaOp::create(rewriter, loc, splat, bRows[kk], acc);
          } else {
            Value prod = arith::MulIOp::create(rewriter, loc, splat, bRows[kk]);
            acc = arith::AddIOp::create(rewriter, loc, acc, prod);
          }
        }
        rows.push_back(acc);
      }
    }
    rewriter.replaceOp(op, concatVectors(rewriter, loc, rows));
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileDotToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns) {
  patterns.add<DotLowering>(typeConverter, patterns.getContext());
}

} // namespace tilec
