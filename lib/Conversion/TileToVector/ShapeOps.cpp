//===- ShapeOps.cpp - tile creation/shape ops -> vector shuffles/broadcasts ===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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
/// On CPUs, 2-D transposes of more lanes than this go through memory: one
/// vector.shuffle of a 64x64 tile (4096 lanes) cost LLVM's instruction
/// selection about half a second.
constexpr int64_t kMaxShuffledTranspose = 1024;

/// The [C, R] transpose of the [R, C] tile `src` (converted, flat): `src` is
/// spilled to a stack buffer and each row i of the result gathers column i
/// (lanes j * C + i) into a second buffer, in an scf.for over the rows; the
/// second buffer is read back whole (the strip-mining forwards it, e.g. to a
/// dot operand).
Value transposeThroughMemory(ConversionPatternRewriter &rewriter, Operation *op, Value src,
                             RankedTensorType srcType) {
  Location loc = op->getLoc();
  int64_t rows = srcType.getShape()[0], cols = srcType.getShape()[1];
  auto flatType = cast<VectorType>(src.getType());
  Type elem = flatType.getElementType();
  unsigned elemBytes = getElementByteSize(elem);
  Value srcBuffer = spillToStack(rewriter, op, src);
  Value dstBuffer = createEntryAlloca(rewriter, op, elem, rows * cols);
  auto i64 = rewriter.getI64Type();
  auto constant = [&](int64_t v) { return arith::ConstantIntOp::create(rewriter, loc, i64, v); };
  auto loop = scf::ForOp::create(rewriter, loc, constant(0), constant(cols), constant(1));
  {
    // The constants are made in the body: the strip-mining then builds each
    // piece in registers instead of reading it from a stack copy.
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
    // Offsets of column 0 in `src`: j * cols.
    auto offsetType = VectorType::get({rows}, i64);
    SmallVector<int64_t> columnStarts;
    for (int64_t j = 0; j < rows; ++j)
      columnStarts.push_back(j * cols);
    Value starts = arith::ConstantOp::create(
        rewriter, loc, offsetType, DenseElementsAttr::get(offsetType, ArrayRef(columnStarts)));
    auto rowType = VectorType::get({rows}, elem);
    Value allTrue = createAllTrue(rewriter, loc, rows);
    Value zero = createZero(rewriter, loc, rowType);
    Value i = loop.getInductionVar();
    Value indices =
        arith::AddIOp::create(rewriter, loc, starts, vector::BroadcastOp::create(rewriter, loc,
                                                                                 offsetType, i));
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value addrs = LLVM::GEPOp::create(rewriter, loc, VectorType::get({rows}, ptrType), elem,
                                      srcBuffer, ValueRange{indices});
    Value column = LLVM::masked_gather::create(rewriter, loc, rowType, addrs, allTrue,
                                               ValueRange{zero}, elemBytes);
    Value at = arith::MulIOp::create(rewriter, loc, i, constant(rows));
    storeBufferLanes(rewriter, loc, column, dstBuffer, at, elemBytes);
  }
  return LLVM::LoadOp::create(rewriter, loc, flatType, dstBuffer, 64);
}

struct TransLowering : public PolicyConversionPattern<tile::TransOp> {
  using PolicyConversionPattern::PolicyConversionPattern;
  LogicalResult matchAndRewrite(tile::TransOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getResult().getType());
    if (srcType.getRank() == 2 && srcType.getNumElements() > kMaxShuffledTranspose &&
        policy.chunkLanes != 0 &&
        srcType.getElementType().isIntOrFloat() &&
        srcType.getElementType().getIntOrFloatBitWidth() % 8 == 0) {
      rewriter.replaceOp(op, transposeThroughMemory(rewriter, op, adaptor.getSrc(), srcType));
      return success();
    }
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

/// join, split, cat, flip, shuffle -> one vector.shuffle per result, of the
/// flat operands (the one operand twice when there is one).
struct PermutationLowering
    : public OpInterfaceConversionPattern<tile::ElementPermutationOpInterface> {
  using Base::Base;
  LogicalResult matchAndRewrite(tile::ElementPermutationOpInterface op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    Value lhs = operands.front(), rhs = operands.back();
    SmallVector<Value> results;
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
      results.push_back(
          vector::ShuffleOp::create(rewriter, op->getLoc(), lhs, rhs, op.getSourcePositions(i)));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileShapeToVectorPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns,
                                       const TileToVectorPolicy &policy) {
  patterns.add<MakeRangeLowering, SplatLowering, BroadcastLowering, PermutationLowering,
               ForwardSourceLowering<tile::ExpandDimsOp>, ForwardSourceLowering<tile::ReshapeOp>>(
      typeConverter, patterns.getContext());
  patterns.add<TransLowering>(typeConverter, patterns.getContext(), policy);
}

} // namespace tilec
