//===- LowerBlockPointers.cpp - Block pointers to pointer tiles and masks --===//
//
// tilec-lower-block-pointers: a 1:N type conversion that replaces each
// `!tile.block_ptr` value by [base, sizes (i64), strides (i64), offsets (i32)]
// and each `!tile.tensor_desc` by [base, sizes, strides], then rewrites the
// accesses through them into tile.load / tile.store / tile.atomic_rmw on a tile
// of pointers with a bounds mask (the design is in Passes.td).
//
//===----------------------------------------------------------------------===//
#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/APFloat.h"

namespace tilec {
#define GEN_PASS_DEF_TILECLOWERBLOCKPOINTERS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec::tile;

namespace {

/// The runtime components of a block pointer or a tensor descriptor, in the
/// order the type conversion gives them.
struct BlockParts {
  Value base;
  ValueRange shape, strides, offsets;

  /// Splits [base, shape x rank, strides x rank, (offsets x rank)].
  static BlockParts of(ValueRange values, size_t rank) {
    BlockParts parts;
    parts.base = values.front();
    parts.shape = values.slice(1, rank);
    parts.strides = values.slice(1 + rank, rank);
    parts.offsets = values.drop_front(1 + 2 * rank);
    return parts;
  }
};

/// Appends the component types of a block of `rank` dimensions of `element`.
void appendPartTypes(Type element, size_t rank, bool withOffsets, SmallVectorImpl<Type> &out) {
  MLIRContext *ctx = element.getContext();
  out.push_back(PointerType::get(ctx, element));
  out.append(2 * rank, IntegerType::get(ctx, 64));
  if (withOffsets)
    out.append(rank, IntegerType::get(ctx, 32));
}

/// The single values of a 1:N adaptor's operand list (offsets, sizes, ...).
SmallVector<Value> singles(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange range : ranges)
    llvm::append_range(values, range);
  return values;
}

/// Builds the tile IR the frontend used to emit for a block access.
class BlockAccessBuilder {
public:
  BlockAccessBuilder(OpBuilder &b, Location loc, ArrayRef<int64_t> block)
      : b(b), loc(loc), block(block) {}

  /// The pointer tile `base + sum_d (offset_d + arange(block_d)) * stride_d`
  /// and, when `checked` is not empty, the mask of the elements inside the
  /// tensor along the checked dimensions (null otherwise).
  std::pair<Value, Value> build(const BlockParts &parts, ValueRange offsets,
                                ArrayRef<int32_t> checked) {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Value offsetSum, mask;
    for (auto [d, size] : llvm::enumerate(block)) {
      Value range =
          MakeRangeOp::create(b, loc, RankedTensorType::get({size}, i32), 0, uint32_t(size));
      Value index = arith::AddIOp::create(b, loc, range, splat(offsets[d], {size}));
      // Addresses and bounds are computed in i64, as Triton does.
      Value wide = arith::ExtSIOp::create(b, loc, RankedTensorType::get({size}, i64), index);
      Value scaled = arith::MulIOp::create(b, loc, wide, splat(parts.strides[d], {size}));
      scaled = spread(scaled, d);
      offsetSum = offsetSum ? arith::AddIOp::create(b, loc, offsetSum, scaled) : scaled;
      if (!llvm::is_contained(checked, int32_t(d)))
        continue;
      Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
      Value lo =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, wide, splat(zero, {size}));
      Value hi = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, wide,
                                       splat(parts.shape[d], {size}));
      Value inside = spread(arith::AndIOp::create(b, loc, lo, hi), d);
      mask = mask ? arith::AndIOp::create(b, loc, mask, inside) : inside;
    }
    Value base = splat(parts.base, block);
    Value ptrs = AddPtrOp::create(b, loc, base.getType(), base, offsetSum);
    return {ptrs, mask};
  }

private:
  Value splat(Value scalar, ArrayRef<int64_t> shape) {
    return SplatOp::create(b, loc, RankedTensorType::get(shape, scalar.getType()), scalar);
  }

  /// The 1-D tile `v` along dimension `dim`, expanded to the block's rank and
  /// broadcast to the block.
  Value spread(Value v, size_t dim) {
    auto type = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> shape(type.getShape());
    for (size_t d = 0; d < block.size(); ++d) {
      if (d == dim)
        continue;
      shape.insert(shape.begin() + d, 1);
      v = ExpandDimsOp::create(b, loc, RankedTensorType::get(shape, type.getElementType()), v,
                               b.getI32IntegerAttr(d));
    }
    if (ArrayRef<int64_t>(shape) == block)
      return v;
    return BroadcastOp::create(b, loc, RankedTensorType::get(block, type.getElementType()), v);
  }

  OpBuilder &b;
  Location loc;
  ArrayRef<int64_t> block;
};

/// All dimensions of a rank-`rank` block: what descriptor accesses check.
SmallVector<int32_t> allDims(size_t rank) {
  return llvm::to_vector(llvm::seq<int32_t>(0, int32_t(rank)));
}

/// Replaces `op` by a load of the block, masked along `checked`: elements
/// outside read as `padding`. With `markBlock` (2-D blocks), the loaded tile
/// goes through a tile.descriptor_block naming the block.
LogicalResult loadBlock(ConversionPatternRewriter &b, Operation *op, const BlockParts &parts,
                        ValueRange offsets, RankedTensorType block, ArrayRef<int32_t> checked,
                        PaddingOption padding, bool markBlock) {
  auto [ptrs, mask] =
      BlockAccessBuilder(b, op->getLoc(), block.getShape()).build(parts, offsets, checked);
  Value other;
  if (mask) {
    Type element = block.getElementType();
    TypedAttr fill;
    if (padding == PaddingOption::nan)
      fill = DenseElementsAttr::get(block,
                                    APFloat::getQNaN(cast<FloatType>(element).getFloatSemantics()));
    else if (isa<IntegerType, FloatType>(element))
      fill = cast<TypedAttr>(b.getZeroAttr(block));
    else
      return op->emitOpError("cannot pad a block of ") << element << " outside the tensor";
    other = arith::ConstantOp::create(b, op->getLoc(), fill);
  }
  Value loaded = LoadOp::create(b, op->getLoc(), ptrs, mask, other);
  if (markBlock && block.getRank() == 2)
    loaded = DescriptorBlockOp::create(b, op->getLoc(), loaded, parts.base, parts.shape,
                                       parts.strides, offsets);
  b.replaceOp(op, loaded);
  return success();
}

/// A pattern of loads that may mark their blocks (`mark-descriptor-blocks`).
template <typename OpT> struct MarkingPattern : public OpConversionPattern<OpT> {
  MarkingPattern(const TypeConverter &converter, MLIRContext *ctx, bool markBlocks)
      : OpConversionPattern<OpT>(converter, ctx), markBlocks(markBlocks) {}
  bool markBlocks;
};

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Replaces the block pointer or descriptor `op` makes by its components.
void replaceByParts(ConversionPatternRewriter &b, Operation *op, SmallVector<Value> parts) {
  SmallVector<SmallVector<Value>> results{std::move(parts)};
  b.replaceOpWithMultiple(op, std::move(results));
}

/// make_block_ptr and make_tensor_descriptor: the operands are the components.
template <typename OpT> struct MakeLowering : public OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult matchAndRewrite(OpT op, typename OpConversionPattern<OpT>::OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    replaceByParts(b, op, singles(adaptor.getOperands()));
    return success();
  }
};

/// advance: the offsets move, the rest stays.
struct AdvanceLowering : public OpConversionPattern<AdvanceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(AdvanceOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    size_t rank = op.getType().getShape().size();
    ValueRange ptr = adaptor.getPtr();
    SmallVector<Value> deltas = singles(adaptor.getOffsets());
    SmallVector<Value> parts(ptr.take_front(1 + 2 * rank));
    for (auto [offset, delta] : llvm::zip_equal(BlockParts::of(ptr, rank).offsets, deltas))
      parts.push_back(arith::AddIOp::create(b, op.getLoc(), offset, delta));
    replaceByParts(b, op, std::move(parts));
    return success();
  }
};

struct BlockLoadLowering : public MarkingPattern<BlockLoadOp> {
  using MarkingPattern::MarkingPattern;
  LogicalResult matchAndRewrite(BlockLoadOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    BlockPtrType type = op.getPtr().getType();
    BlockParts parts = BlockParts::of(adaptor.getPtr(), type.getShape().size());
    return loadBlock(b, op, parts, parts.offsets, type.getBlockType(), op.getBoundaryCheck(),
                     op.getPadding().value_or(PaddingOption::zero), markBlocks);
  }
};

/// The value a store of a block writes: with `markBlock` (2-D blocks),
/// through a tile.descriptor_block naming the block.
Value storedValue(OpBuilder &b, Location loc, Value value, const BlockParts &parts,
                  ValueRange offsets, bool markBlock) {
  if (!markBlock || cast<RankedTensorType>(value.getType()).getRank() != 2)
    return value;
  return DescriptorBlockOp::create(b, loc, value, parts.base, parts.shape, parts.strides, offsets,
                                   /*stored=*/true);
}

struct BlockStoreLowering : public MarkingPattern<BlockStoreOp> {
  using MarkingPattern::MarkingPattern;
  LogicalResult matchAndRewrite(BlockStoreOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    BlockPtrType type = op.getPtr().getType();
    BlockParts parts = BlockParts::of(adaptor.getPtr(), type.getShape().size());
    auto [ptrs, mask] = BlockAccessBuilder(b, op.getLoc(), type.getShape())
                            .build(parts, parts.offsets, op.getBoundaryCheck());
    Value value =
        storedValue(b, op.getLoc(), adaptor.getValue().front(), parts, parts.offsets, markBlocks);
    b.replaceOpWithNewOp<StoreOp>(op, ptrs, value, mask, op.getNontemporal(),
                                  /*stream_min_programs=*/IntegerAttr(), op.getEvictLast());
    return success();
  }
};

struct DescriptorLoadLowering : public MarkingPattern<DescriptorLoadOp> {
  using MarkingPattern::MarkingPattern;
  LogicalResult matchAndRewrite(DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    TensorDescType type = op.getDesc().getType();
    size_t rank = type.getShape().size();
    return loadBlock(b, op, BlockParts::of(adaptor.getDesc(), rank), singles(adaptor.getOffsets()),
                     type.getBlockType(), allDims(rank), type.getPadding(), markBlocks);
  }
};

/// The pointer tile and mask of a descriptor store or atomic (every dimension
/// checked).
template <typename OpT>
std::pair<Value, Value>
descriptorAccess(OpBuilder &b, OpT op, typename OpConversionPattern<OpT>::OneToNOpAdaptor adaptor) {
  TensorDescType type = op.getDesc().getType();
  size_t rank = type.getShape().size();
  return BlockAccessBuilder(b, op.getLoc(), type.getShape())
      .build(BlockParts::of(adaptor.getDesc(), rank), singles(adaptor.getOffsets()), allDims(rank));
}

struct DescriptorStoreLowering : public MarkingPattern<DescriptorStoreOp> {
  using MarkingPattern::MarkingPattern;
  LogicalResult matchAndRewrite(DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    auto [ptrs, mask] = descriptorAccess(b, op, adaptor);
    size_t rank = op.getDesc().getType().getShape().size();
    Value value = storedValue(b, op.getLoc(), adaptor.getValue().front(),
                              BlockParts::of(adaptor.getDesc(), rank),
                              singles(adaptor.getOffsets()), markBlocks);
    b.replaceOpWithNewOp<StoreOp>(op, ptrs, value, mask,
                                  /*nontemporal=*/false, /*stream_min_programs=*/IntegerAttr(),
                                  /*evict_last=*/false);
    return success();
  }
};

struct DescriptorAtomicLowering : public OpConversionPattern<DescriptorAtomicOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(DescriptorAtomicOp op, OneToNOpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    auto [ptrs, mask] = descriptorAccess(b, op, adaptor);
    Value value = adaptor.getValue().front();
    AtomicRMWOp::create(b, op.getLoc(), value.getType(), op.getKind(), MemSemantic::relaxed,
                        MemSyncScope::gpu, ptrs, value, mask);
    b.eraseOp(op);
    return success();
  }
};

struct TilecLowerBlockPointersPass
    : public tilec::impl::TilecLowerBlockPointersBase<TilecLowerBlockPointersPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([](BlockPtrType type, SmallVectorImpl<Type> &out) {
      appendPartTypes(type.getElementType(), type.getShape().size(), /*withOffsets=*/true, out);
      return success();
    });
    converter.addConversion([](TensorDescType type, SmallVectorImpl<Type> &out) {
      appendPartTypes(type.getElementType(), type.getShape().size(), /*withOffsets=*/false, out);
      return success();
    });

    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addIllegalOp<MakeBlockPtrOp, AdvanceOp, BlockLoadOp, BlockStoreOp, MakeTensorDescOp,
                        DescriptorLoadOp, DescriptorStoreOp, DescriptorAtomicOp>();
    RewritePatternSet patterns(ctx);
    patterns.add<MakeLowering<MakeBlockPtrOp>, MakeLowering<MakeTensorDescOp>, AdvanceLowering,
                 DescriptorAtomicLowering>(converter, ctx);
    patterns.add<BlockLoadLowering, DescriptorLoadLowering, BlockStoreLowering,
                 DescriptorStoreLowering>(converter, ctx, markDescriptorBlocks);
    // Loops, branches and functions carry the components.
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) && converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
