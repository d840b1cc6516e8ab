//===- ShapeOps.cpp - Ranges, constants, splats, broadcasts, expand_dims in SIMT ===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
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

/// A tile constant with distinct elements (e.g. the direction masks of a
/// bitonic sort): its elements are kept row-major in a read-only global array
/// `__tilec_tile_constant_<n>`, and each thread loads the ones it holds.
/// (Splat constants stay vector splats.)
struct DenseConstantLowering : public SIMTPattern<arith::ConstantOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !type.getEncoding() || !dense || dense.isSplat())
      return failure();
    Location loc = op.getLoc();
    Type elem = type.getElementType();
    Type stored = SIMTLowering::sharedType(elem);
    int64_t count = type.getNumElements();
    auto flat = RankedTensorType::get({count}, elem);
    DenseElementsAttr data = dense.reshape(flat);
    if (elem.isInteger(1))
      data = data.mapValues(stored, [](const APInt &bit) { return bit.zext(8); });
    else
      data = data.reshape(RankedTensorType::get({count}, stored));

    auto module = op->getParentOfType<ModuleOp>();
    std::string name;
    for (unsigned n = 0;; ++n) {
      name = "__tilec_tile_constant_" + std::to_string(n);
      if (!module.lookupSymbol(name))
        break;
    }
    unsigned addressSpace = simt.target.getGlobalAddressSpace();
    {
      OpBuilder mb(module.getBodyRegion());
      mb.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(mb, loc, LLVM::LLVMArrayType::get(stored, count),
                             /*isConstant=*/true, LLVM::Linkage::Internal, name, data,
                             /*alignment=*/16, addressSpace);
    }
    auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext(), addressSpace);
    Value array = LLVM::AddressOfOp::create(rewriter, loc, ptrType, name);

    tile::DistributedLayout layout = simt.layoutOf(type);
    SmallVector<int64_t> strides = rowMajorStrides(type.getShape());
    Value base = simt.threadLinearBase(rewriter, loc, layout, strides);
    auto vecType = VectorType::get({layout.numRegs}, elem);
    Value result = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(vecType));
    for (int64_t r = 0; r < layout.numRegs; ++r) {
      Value index = arith::AddIOp::create(
          rewriter, loc, base,
          arith::ConstantIntOp::create(rewriter, loc,
                                       SIMTLowering::linearOffset(layout, r, strides), 32));
      Value address = LLVM::GEPOp::create(rewriter, loc, ptrType, stored, array,
                                          ArrayRef<LLVM::GEPArg>{index});
      Value element = LLVM::LoadOp::create(rewriter, loc, stored, address);
      if (elem.isInteger(1))
        element = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, element,
                                        arith::ConstantIntOp::create(rewriter, loc, stored, 0));
      result = vector::InsertOp::create(rewriter, loc, element, result, r);
    }
    rewriter.replaceOp(op, result);
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
  // Before the elementwise patterns, which only know splat constants.
  patterns.add<DenseConstantLowering>(simt, converter, patterns.getContext(), /*benefit=*/2);
}

} // namespace tilec
