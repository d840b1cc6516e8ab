//===- DebugOps.cpp - tile.print in SIMT: the whole tile, printed once ----===//
//
// tl.device_print prints every element of a tile with its index. Each tile
// operand goes to shared memory; thread 0 reads the whole tile back as one
// flat row-major vector and prints, as a one-thread program would. Asserts
// need no gathering: each thread checks the elements it owns. tl.debug_barrier
// is the target's block barrier.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

struct PrintLowering : public SIMTPattern<tile::PrintOp> {
  PrintLowering(SIMTLowering &simt, const TypeConverter &converter, MLIRContext *ctx)
      : SIMTPattern(simt, converter, ctx, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(tile::PrintOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    // Regions of shared memory, one per tile operand.
    SmallVector<uint64_t> regions;
    uint64_t limit = 0;
    for (auto [value, converted] : llvm::zip(op.getValues(), adaptor.getValues())) {
      auto type = dyn_cast<RankedTensorType>(value.getType());
      limit = llvm::alignTo(limit, 8);
      regions.push_back(limit);
      if (type)
        limit += uint64_t(type.getNumElements()) *
                 sharedElementBytes(cast<VectorType>(converted.getType()).getElementType());
    }
    for (auto [i, pair] : llvm::enumerate(llvm::zip(op.getValues(), adaptor.getValues()))) {
      auto [value, converted] = pair;
      if (auto type = dyn_cast<RankedTensorType>(value.getType()))
        simt.storeTile(b, loc, converted, simt.layoutOf(type), rowMajorStrides(type.getShape()),
                       regions[i], limit);
    }
    simt.barrier(b, loc);
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, simt.threadId,
                                        arith::ConstantIntOp::create(b, loc, 0, 32));
    auto once = scf::IfOp::create(b, loc, first, /*withElse=*/false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(once.thenBlock());
      SmallVector<Value> flat;
      SmallVector<Attribute> shapes;
      for (auto [i, pair] : llvm::enumerate(llvm::zip(op.getValues(), adaptor.getValues()))) {
        auto [value, converted] = pair;
        auto type = dyn_cast<RankedTensorType>(value.getType());
        shapes.push_back(b.getDenseI64ArrayAttr(type ? type.getShape() : ArrayRef<int64_t>{}));
        if (!type) {
          flat.push_back(converted);
          continue;
        }
        Type elem = cast<VectorType>(converted.getType()).getElementType();
        int64_t bytes = sharedElementBytes(elem);
        auto vecType = VectorType::get({type.getNumElements()}, elem);
        Value vec = LLVM::UndefOp::create(b, loc, vecType);
        for (int64_t k = 0; k < type.getNumElements(); ++k) {
          Value offset = arith::ConstantIntOp::create(b, loc, regions[i] + k * bytes, 32);
          vec = vector::InsertOp::create(
              b, loc, simt.loadSharedScalar(b, loc, elem, simt.sharedAddress(b, loc, offset, limit)),
              vec, k);
        }
        flat.push_back(vec);
      }
      if (auto recorded = op.getShapes())
        shapes.assign(recorded->begin(), recorded->end());
      tile::PrintOp::create(b, loc, op.getPrefixAttr(), flat, op.getHexAttr(),
                            op.getIsSignedAttr(), b.getArrayAttr(shapes));
    }
    simt.barrier(b, loc);
    b.eraseOp(op);
    return success();
  }
};

/// Each thread checks the elements it owns: copies may have been loaded after
/// an owner's store changed them (a scalar is checked by thread 0).
struct AssertLowering : public SIMTPattern<tile::AssertOp> {
  AssertLowering(SIMTLowering &simt, const TypeConverter &converter, MLIRContext *ctx)
      : SIMTPattern(simt, converter, ctx, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(tile::AssertOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    Value condition = adaptor.getCondition();
    Value copy;
    if (auto type = dyn_cast<RankedTensorType>(op.getCondition().getType())) {
      tile::DistributedLayout layout = simt.layoutOf(type);
      if (layout.hasCopies())
        copy = arith::XOrIOp::create(b, loc, simt.isOwner(b, loc, layout),
                                     arith::ConstantIntOp::create(b, loc, 1, 1));
    } else {
      copy = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, simt.threadId,
                                   arith::ConstantIntOp::create(b, loc, 0, 32));
    }
    if (copy) {
      if (auto vecType = dyn_cast<VectorType>(condition.getType()))
        copy = vector::BroadcastOp::create(b, loc, vecType, copy);
      condition = arith::OrIOp::create(b, loc, condition, copy);
    }
    b.replaceOpWithNewOp<tile::AssertOp>(op, condition, op.getMessageAttr());
    return success();
  }
};

/// tl.debug_barrier: the target's block barrier.
struct BarrierLowering : public SIMTPattern<tile::BarrierOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::BarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    simt.barrier(b, op.getLoc());
    b.eraseOp(op);
    return success();
  }
};

} // namespace

void populateSIMTDebugPatterns(SIMTLowering &simt, const TypeConverter &converter,
                               RewritePatternSet &patterns) {
  patterns.add<PrintLowering, AssertLowering, BarrierLowering>(simt, converter,
                                                               patterns.getContext());
}

} // namespace tilec
