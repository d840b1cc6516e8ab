//===- Histogram.cpp - tile.histogram -> a counting loop over a stack buffer ===//
//
// The input (and mask) are spilled to the stack (a plain contiguous load is
// read where it was loaded from instead), a num_bins i32 buffer is zeroed,
// and an scf.for over the input's lanes adds one to the bin of each enabled
// lane whose value lies in [0, num_bins): O(N + num_bins) work, where a
// compare against every bin would take O(N * num_bins).
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

namespace {

/// The address of element 0 of `input` when it is a plain contiguous load
/// (`llvm.load` of a vector from a scalar pointer) in `op`'s block that no op
/// before `op` may write over: the loop can read the input there instead of
/// from a stack copy (which, for inputs wider than the CPU path's largest
/// tile value, would keep a wide load and store that nothing strip-mines).
Value loadedFrom(Value input, Operation *op) {
  auto load = input.getDefiningOp<LLVM::LoadOp>();
  if (!load || load.getVolatile_() || load->getBlock() != op->getBlock() ||
      !isa<LLVM::LLVMPointerType>(load.getAddr().getType()))
    return Value();
  for (Operation *it = load->getNextNode(); it && it != op; it = it->getNextNode()) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects = getEffectsRecursively(it);
    if (!effects || llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &effect) {
          return isa<MemoryEffects::Write>(effect.getEffect());
        }))
      return Value();
  }
  return load.getAddr();
}

struct HistogramLowering : public OpConversionPattern<tile::HistogramOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::HistogramOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<VectorType>(adaptor.getInput().getType());
    auto countsType = dyn_cast_or_null<VectorType>(getTypeConverter()->convertType(op.getType()));
    if (!inputType || !countsType)
      return rewriter.notifyMatchFailure(op, "input or counts are not tiles");
    Location loc = op.getLoc();
    int64_t numBins = countsType.getNumElements(), n = inputType.getNumElements();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Type elem = inputType.getElementType();
    auto cst = [&](OpBuilder &b, Type type, int64_t v) {
      return arith::ConstantIntOp::create(b, loc, type, v).getResult();
    };

    Value inputBuf = loadedFrom(adaptor.getInput(), op);
    if (!inputBuf)
      inputBuf = spillToStack(rewriter, op, adaptor.getInput());
    Value maskBuf = adaptor.getMask() ? spillToStack(rewriter, op, adaptor.getMask()) : Value();
    Value bins = createEntryAlloca(rewriter, op, i32, numBins);
    LLVM::MemsetOp::create(rewriter, loc, bins, cst(rewriter, rewriter.getI8Type(), 0),
                           cst(rewriter, i64, numBins * 4), /*isVolatile=*/false);
    auto loop = scf::ForOp::create(rewriter, loc, cst(rewriter, i64, 0), cst(rewriter, i64, n),
                                   cst(rewriter, i64, 1));
    {
      OpBuilder::InsertionGuard guard(rewriter);
      OpBuilder &b = rewriter;
      b.setInsertionPointToStart(loop.getBody());
      Value lane = loop.getInductionVar();
      Value x =
          LLVM::LoadOp::create(b, loc, elem, getBufferElementAddress(b, loc, inputBuf, elem, lane),
                               getElementByteSize(elem));
      // Signed values: negative ones compare as huge unsigned ones, so one
      // unsigned compare keeps [0, num_bins).
      if (elem != i64)
        x = arith::ExtSIOp::create(b, loc, i64, x);
      Value enabled =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, cst(b, i64, numBins));
      if (maskBuf) {
        Type i1 = b.getI1Type();
        Value m = LLVM::LoadOp::create(b, loc, b.getI8Type(),
                                       getBufferElementAddress(b, loc, maskBuf, i1, lane), 1);
        enabled = arith::AndIOp::create(b, loc, enabled, arith::TruncIOp::create(b, loc, i1, m));
      }
      // Branch-free: a disabled lane adds 0 to bin 0.
      Value bin = arith::SelectOp::create(b, loc, enabled, x, cst(b, i64, 0));
      Value address = getBufferElementAddress(b, loc, bins, i32, bin);
      Value count = LLVM::LoadOp::create(b, loc, i32, address, 4);
      count = arith::AddIOp::create(b, loc, count, arith::ExtUIOp::create(b, loc, i32, enabled));
      LLVM::StoreOp::create(b, loc, count, address, 4);
    }
    // All counts at once, as the result tile.
    Value counts = LLVM::LoadOp::create(rewriter, loc, countsType, bins, 64);
    rewriter.replaceOp(op, counts);
    return success();
  }
};

} // namespace

void tilec::populateTileHistogramToVectorPatterns(const TypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  patterns.add<HistogramLowering>(converter, patterns.getContext());
}
