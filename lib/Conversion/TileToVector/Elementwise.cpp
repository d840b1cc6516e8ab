//===- Elementwise.cpp - arith/math ops, constants and mapped regions -> vectors ===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

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

/// tile.int_to_ptr / tile.ptr_to_int -> llvm.inttoptr / llvm.ptrtoint on the
/// converted scalars or vectors.
template <typename TileOp, typename LLVMOp>
struct PointerIntCastLowering : public OpConversionPattern<TileOp> {
  using OpConversionPattern<TileOp>::OpConversionPattern;
  LogicalResult matchAndRewrite(TileOp op, typename TileOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type cannot be converted");
    rewriter.replaceOpWithNewOp<LLVMOp>(op, resultType, adaptor.getSrc());
    return success();
  }
};

/// tile.ptr_cast: LLVM's pointers are untyped, so the converted operand is the
/// result (the pointee only scales later `tile.addptr` offsets).
struct PtrCastLowering : public OpConversionPattern<tile::PtrCastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::PtrCastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (resultType != adaptor.getSrc().getType())
      return rewriter.notifyMatchFailure(op, "pointer types convert differently");
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

/// Lowers tile.map_elementwise on the converted 1-D vectors (a whole tile on
/// CPUs, one thread's elements under the SIMT lowering): the body is inlined
/// once per group of `pack` consecutive lanes. Up to kMaxUnrolledGroups
/// groups are unrolled with constant lane indices, so the values stay in
/// registers; more go through stack buffers in an scf.for over the groups.
/// A last, partial group repeats its first lane in the missing places, and
/// those results are dropped.
struct MapElementwiseLowering : public OpConversionPattern<tile::MapElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  static constexpr int64_t kMaxUnrolledGroups = 16;

  LogicalResult matchAndRewrite(tile::MapElementwiseOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types cannot be converted");
    ValueRange srcs = adaptor.getSrcs();
    auto srcType = dyn_cast<VectorType>(srcs.front().getType());
    if (!srcType || srcType.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "sources are not 1-D vectors");
    Location loc = op.getLoc();
    int64_t lanes = srcType.getNumElements();
    int64_t pack = op.getPack();
    int64_t fullGroups = lanes / pack;
    bool partial = lanes % pack != 0;
    Block &body = op.getBody().front();

    // The lane the `j`th place of group `group` reads (padding: its first lane).
    auto laneOf = [&](int64_t group, int64_t j) {
      int64_t lane = group * pack + j;
      return lane < lanes ? lane : group * pack;
    };

    auto emitStaticGroup = [&](int64_t group, SmallVector<Value> &into) {
      SmallVector<Value> scalars;
      for (Value src : srcs)
        for (int64_t j = 0; j < pack; ++j)
          scalars.push_back(vector::ExtractOp::create(rewriter, loc, src, laneOf(group, j)));
      SmallVector<Value> yielded = tile::inlineBlock(rewriter, body, scalars);
      for (auto [r, result] : llvm::enumerate(into))
        for (int64_t j = 0; j < pack && group * pack + j < lanes; ++j)
          result = vector::InsertOp::create(rewriter, loc, yielded[r * pack + j], result,
                                            group * pack + j);
    };

    SmallVector<Value> results;
    if (fullGroups + partial <= kMaxUnrolledGroups) {
      for (Type t : resultTypes)
        results.push_back(createZero(rewriter, loc, t));
      for (int64_t group = 0; group < fullGroups + partial; ++group)
        emitStaticGroup(group, results);
      rewriter.replaceOp(op, results);
      return success();
    }

    // Stack buffers: the sources spilled once, the results gathered lane by lane.
    SmallVector<Value> srcBuffers, resultBuffers;
    for (Value src : srcs)
      srcBuffers.push_back(spillToStack(rewriter, op, src));
    for (Type t : resultTypes) {
      Type elem = cast<VectorType>(t).getElementType();
      resultBuffers.push_back(
          createEntryAlloca(rewriter, op, elem.isInteger(1) ? rewriter.getI8Type() : elem, lanes));
    }
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value count = arith::ConstantIndexOp::create(rewriter, loc, fullGroups);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(rewriter, loc, zero, count, one);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value first = arith::MulIOp::create(rewriter, loc, loop.getInductionVar(),
                                          arith::ConstantIndexOp::create(rewriter, loc, pack));
      SmallVector<Value> laneIndex;
      for (int64_t j = 0; j < pack; ++j) {
        Value lane = arith::AddIOp::create(rewriter, loc, first,
                                           arith::ConstantIndexOp::create(rewriter, loc, j));
        laneIndex.push_back(arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), lane));
      }
      SmallVector<Value> scalars;
      for (auto [src, buf] : llvm::zip_equal(srcs, srcBuffers)) {
        Type elem = cast<VectorType>(src.getType()).getElementType();
        for (Value lane : laneIndex)
          scalars.push_back(vector::ExtractOp::create(
              rewriter, loc, loadBufferLanes(rewriter, loc, buf, elem, lane, 1, 1), 0));
      }
      SmallVector<Value> yielded = tile::inlineBlock(rewriter, body, scalars);
      for (auto [r, buf] : llvm::enumerate(resultBuffers))
        for (auto [j, lane] : llvm::enumerate(laneIndex)) {
          Value v = yielded[r * pack + j];
          storeBufferLanes(
              rewriter, loc,
              vector::BroadcastOp::create(rewriter, loc, VectorType::get({1}, v.getType()), v), buf,
              lane, 1);
        }
    }
    Value zeroIndex = arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(), 0);
    for (auto [buf, type] : llvm::zip_equal(resultBuffers, resultTypes))
      results.push_back(loadBufferLanes(rewriter, loc, buf, cast<VectorType>(type).getElementType(),
                                        zeroIndex, lanes, /*align=*/64));
    if (partial)
      emitStaticGroup(fullGroups, results);
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

namespace tilec {

void populateTileElementwiseToVectorPatterns(const TypeConverter &typeConverter,
                                             RewritePatternSet &patterns) {
  patterns.add<ElementwiseOpLowering, MapElementwiseLowering, PtrCastLowering,
               PointerIntCastLowering<tile::IntToPtrOp, LLVM::IntToPtrOp>,
               PointerIntCastLowering<tile::PtrToIntOp, LLVM::PtrToIntOp>>(typeConverter,
                                                                           patterns.getContext());
}

} // namespace tilec
