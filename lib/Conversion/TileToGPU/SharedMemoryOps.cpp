//===- SharedMemoryOps.cpp - Conversions, trans, reshape and gather in SIMT ===//
//
// Ops that move elements between threads go through shared memory: every
// thread writes the elements it holds at their row-major index, a barrier,
// every thread reads the elements its result registers need, a barrier (so
// the next use may overwrite the buffer). A conversion between layouts that
// place every register identically is free.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

/// Whether two resolved layouts put every register of every thread on the same
/// element.
bool samePlacement(const tile::DistributedLayout &a, const tile::DistributedLayout &b) {
  if (a.numRegs != b.numRegs || a.regOffsets != b.regOffsets ||
      a.tileDims.size() != b.tileDims.size())
    return false;
  for (unsigned d = 0; d < a.tileDims.size(); ++d) {
    const tile::DimDistribution &x = a.rootDims[a.tileDims[d]];
    const tile::DimDistribution &y = b.rootDims[b.tileDims[d]];
    if (x.size != y.size || x.tpw != y.tpw || x.wpc != y.wpc || x.laneStride != y.laneStride ||
        x.warpStride != y.warpStride || x.laneStep != y.laneStep || x.warpStep != y.warpStep)
      return false;
  }
  // Threads must also agree on the dimensions a slice removed (copies).
  auto copies = [](const tile::DistributedLayout &l) {
    SmallVector<std::tuple<unsigned, unsigned, unsigned, unsigned, int64_t, int64_t>> dims;
    for (auto [i, dim] : llvm::enumerate(l.rootDims))
      if (!llvm::is_contained(l.tileDims, i))
        dims.emplace_back(dim.tpw, dim.laneStride, dim.wpc, dim.warpStride, dim.laneStep,
                          dim.warpStep);
    llvm::sort(dims);
    return dims;
  };
  return copies(a) == copies(b);
}

/// Moves `src` (the thread's registers of a tile of type `srcType`) to the
/// registers of `dstType`; result element at coordinates c reads the source
/// element at row-major index `sourceIndex(c)` (given as per-dim coefficients
/// over the result's coordinates).
Value exchange(SIMTLowering &simt, OpBuilder &b, Location loc, Value src,
               RankedTensorType srcType, RankedTensorType dstType, VectorType dstVec,
               ArrayRef<int64_t> coefficients) {
  tile::DistributedLayout srcLayout = simt.layoutOf(srcType);
  tile::DistributedLayout dstLayout = simt.layoutOf(dstType);
  Type elem = dstVec.getElementType();
  int64_t bytes = sharedElementBytes(elem);
  uint64_t limit = uint64_t(srcType.getNumElements()) * bytes;
  simt.storeTile(b, loc, src, srcLayout, rowMajorStrides(srcType.getShape()), 0, limit);
  simt.barrier(b, loc);
  Value result = simt.loadTile(b, loc, dstVec, dstLayout, coefficients, 0, limit);
  simt.barrier(b, loc);
  return result;
}

template <typename Op>
struct ExchangePattern : public SIMTPattern<Op> {
  using SIMTPattern<Op>::SIMTPattern;
  using SIMTPattern<Op>::simt;

  /// Row-major coefficients over the result's coordinates of the source index.
  virtual SmallVector<int64_t> coefficients(Op op) const = 0;

  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto dstVec = cast<VectorType>(this->getTypeConverter()->convertType(dstType));
    if (isa<tile::ConvertLayoutOp>(op.getOperation()) &&
        samePlacement(simt.layoutOf(srcType), simt.layoutOf(dstType))) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    // A loop invariant for the dots of a loop: written once to its region.
    if (auto it = simt.residentOperandConversions.find(op.getOperation());
        it != simt.residentOperandConversions.end()) {
      Location loc = op.getLoc();
      const SIMTLowering::ResidentRegion &region = it->second;
      Value base = simt.allocationAddress(rewriter, loc, region.offset);
      Type elem = dstVec.getElementType();
      tile::DistributedLayout layout = simt.layoutOf(srcType);
      // A wgmma operand: swizzled as the dot reads it (WgmmaDot.cpp).
      std::optional<SwizzledOffsets> swizzled;
      if (region.swizzleBytes)
        swizzled.emplace(layout, ArrayRef<int64_t>{region.rowStride, 1}, srcType.getDimSize(0),
                         srcType.getDimSize(1), int64_t(elem.getIntOrFloatBitWidth() / 8),
                         region.swizzleBytes);
      // (Regions start at multiples of 16 bytes: planResidentOperands.)
      simt.storeTile(
          rewriter, loc, adaptor.getSrc(), layout, {region.rowStride, 1},
          [&](Value index, int64_t reg) -> Value {
            if (swizzled)
              return LLVM::GEPOp::create(rewriter, loc, base.getType(), rewriter.getI8Type(),
                                         base,
                                         ArrayRef<LLVM::GEPArg>{swizzled->offset(rewriter, loc,
                                                                                 index, reg)});
            return LLVM::GEPOp::create(rewriter, loc, base.getType(), elem, base,
                                       ArrayRef<LLVM::GEPArg>{index});
          },
          /*alignment=*/16);
      // Visible to wgmma's (async) proxy: fenced by the writers, then shared.
      if (region.swizzleBytes)
        simt.target.warpgroupMmaFence(rewriter, loc, simt.kernel);
      simt.barrier(rewriter, loc);
      rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, dstVec);
      return success();
    }
    // The dots that use it load its fragments from shared memory themselves.
    if (simt.stagedOperandConversions.contains(op.getOperation()) ||
        simt.stagedTransposes.contains(op.getOperation())) {
      rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, dstVec);
      return success();
    }
    rewriter.replaceOp(op, exchange(simt, rewriter, op.getLoc(), adaptor.getSrc(), srcType,
                                    dstType, dstVec, coefficients(op)));
    return success();
  }
};

/// Same coordinates, same row-major index.
struct ConvertLayoutLowering : public ExchangePattern<tile::ConvertLayoutOp> {
  using ExchangePattern::ExchangePattern;
  SmallVector<int64_t> coefficients(tile::ConvertLayoutOp op) const override {
    return rowMajorStrides(op.getType().getShape());
  }
};

/// Row-major order is kept: the result's row-major index is the source's.
struct ReshapeLowering : public ExchangePattern<tile::ReshapeOp> {
  using ExchangePattern::ExchangePattern;
  SmallVector<int64_t> coefficients(tile::ReshapeOp op) const override {
    return rowMajorStrides(op.getType().getShape());
  }
};

/// Result coordinate i is source coordinate order[i].
struct TransLowering : public ExchangePattern<tile::TransOp> {
  using ExchangePattern::ExchangePattern;
  SmallVector<int64_t> coefficients(tile::TransOp op) const override {
    SmallVector<int64_t> srcStrides = rowMajorStrides(op.getSrc().getType().getShape());
    SmallVector<int64_t> result;
    for (int32_t dim : op.getOrder())
      result.push_back(srcStrides[dim]);
    return result;
  }
};

/// result[c] = src[c with c[axis] = index[c]]: the source through shared memory,
/// the result in the index's layout.
struct GatherLowering : public SIMTPattern<tile::GatherOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::GatherOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstVec = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    if (tile::getEncoding(op.getType()) != tile::getEncoding(op.getIndex().getType()))
      return b.notifyMatchFailure(op, "result and index layouts differ");
    Type elem = dstVec.getElementType();
    int64_t bytes = sharedElementBytes(elem);
    uint64_t limit = uint64_t(srcType.getNumElements()) * bytes;
    SmallVector<int64_t> strides = rowMajorStrides(srcType.getShape());
    simt.storeTile(b, loc, adaptor.getSrc(), simt.layoutOf(srcType), strides, 0, limit);
    simt.barrier(b, loc);
    unsigned axis = op.getAxis();
    SmallVector<int64_t> outside(strides);
    outside[axis] = 0;
    tile::DistributedLayout layout = simt.layoutOf(op.getType());
    Value base = simt.threadLinearBase(b, loc, layout, outside);
    Value result = LLVM::UndefOp::create(b, loc, dstVec);
    for (int64_t r = 0; r < layout.numRegs; ++r) {
      Value index = vector::ExtractOp::create(b, loc, adaptor.getIndex(), r);
      if (index.getType() != b.getI32Type())
        index = index.getType().getIntOrFloatBitWidth() > 32
                    ? Value(arith::TruncIOp::create(b, loc, b.getI32Type(), index))
                    : Value(arith::ExtSIOp::create(b, loc, b.getI32Type(), index));
      Value linear = arith::AddIOp::create(
          b, loc, base,
          arith::ConstantIntOp::create(b, loc, SIMTLowering::linearOffset(layout, r, outside),
                                       32));
      linear = arith::AddIOp::create(
          b, loc, linear,
          arith::MulIOp::create(b, loc, index,
                                arith::ConstantIntOp::create(b, loc, strides[axis], 32)));
      result = vector::InsertOp::create(
          b, loc,
          simt.loadSharedScalar(b, loc, elem, simt.elementAddress(b, loc, linear, elem, 0, limit)),
          result, r);
    }
    simt.barrier(b, loc);
    b.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateSIMTSharedMemoryPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering, ReshapeLowering, TransLowering, GatherLowering>(
      simt, converter, patterns.getContext());
}

} // namespace tilec
