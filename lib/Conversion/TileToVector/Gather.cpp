//===- Gather.cpp - tile.gather -> loads from a spilled source tile -------===//
//
// The source tile is spilled to a stack buffer; an scf.for over the result's
// lanes computes each lane's source position from its index (clamped into
// range) and loads it: a dynamic extract that costs one load per lane and no
// unrolling, whatever the tile size.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

struct GatherLowering : public OpConversionPattern<tile::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::GatherOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto resultType =
        dyn_cast_or_null<VectorType>(getTypeConverter()->convertType(op.getResult().getType()));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "cannot convert the result type");
    Location loc = op.getLoc();
    auto srcShape = cast<RankedTensorType>(op.getSrc().getType()).getShape();
    auto indexShape = cast<RankedTensorType>(op.getIndex().getType()).getShape();
    int64_t axis = op.getAxis();
    // Lane j of the result sits at (outer, i, inner) with inner < innerSize
    // (the product of the dimensions after `axis`, equal in source and index);
    // its source lane is (outer * srcAxis + index[j]) * innerSize + inner.
    int64_t innerSize = 1;
    for (int64_t d = axis + 1; d < int64_t(indexShape.size()); ++d)
      innerSize *= indexShape[d];
    int64_t srcAxis = srcShape[axis], indexAxis = indexShape[axis];

    Type elemType = resultType.getElementType();
    Type indexElem = getElementTypeOrSelf(adaptor.getIndex().getType());
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value srcBuf = spillToStack(rewriter, op, adaptor.getSrc());
    Value indexBuf = spillToStack(rewriter, op, adaptor.getIndex());
    int64_t n = resultType.getNumElements();
    Value resultBuf = createEntryAlloca(rewriter, op, elemType, n);
    Type i64 = rewriter.getI64Type();
    auto cst = [&](OpBuilder &b, int64_t v) {
      return arith::ConstantIntOp::create(b, loc, i64, v).getResult();
    };
    auto loop =
        scf::ForOp::create(rewriter, loc, cst(rewriter, 0), cst(rewriter, n), cst(rewriter, 1));
    {
      OpBuilder::InsertionGuard guard(rewriter);
      OpBuilder &b = rewriter;
      b.setInsertionPointToStart(loop.getBody());
      Value lane = loop.getInductionVar();
      auto address = [&](Value buf, Type type, Value at) -> Value {
        return LLVM::GEPOp::create(b, loc, ptrType, type, buf, ValueRange{at});
      };
      Value index = LLVM::LoadOp::create(b, loc, indexElem, address(indexBuf, indexElem, lane),
                                         getElementByteSize(indexElem));
      if (indexElem != i64)
        index = arith::ExtSIOp::create(b, loc, i64, index);
      // Out-of-range indices (negative ones included, as huge unsigned values)
      // are clamped to the last source position along the axis.
      index = arith::MinUIOp::create(b, loc, index, cst(b, srcAxis - 1));
      Value inner = arith::RemUIOp::create(b, loc, lane, cst(b, innerSize));
      Value outer = arith::DivUIOp::create(b, loc, lane, cst(b, innerSize * indexAxis));
      Value row = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, outer, cst(b, srcAxis)), index);
      Value srcLane = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, row, cst(b, innerSize)), inner);
      Type stored = elemType.isInteger(1) ? b.getI8Type() : elemType;
      Value v = LLVM::LoadOp::create(b, loc, stored, address(srcBuf, stored, srcLane),
                                     getElementByteSize(stored));
      if (stored != elemType)
        v = arith::TruncIOp::create(b, loc, elemType, v);
      LLVM::StoreOp::create(b, loc, v, address(resultBuf, elemType, lane),
                            getElementByteSize(elemType));
    }
    rewriter.replaceOp(op, LLVM::LoadOp::create(rewriter, loc, resultType, resultBuf, 64));
    return success();
  }
};

} // namespace

void tilec::populateTileGatherToVectorPatterns(const TypeConverter &typeConverter,
                                               RewritePatternSet &patterns) {
  patterns.add<GatherLowering>(typeConverter, patterns.getContext());
}
