//===- Histogram.cpp - tile.histogram with shared-memory atomics in SIMT ---===//
//
// The bins are a num_bins i32 array in the scratch area of shared memory:
// the threads zero it, a barrier, each thread atomically adds one to the bin
// of each in-range, enabled element it owns (threads holding copies of an
// element skip it, so it counts once), a barrier, each thread reads the bins
// of its result registers (in the result's layout), and a barrier before the
// scratch is reused.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

struct HistogramLowering : public SIMTPattern<tile::HistogramOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::HistogramOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    auto resultVec = dyn_cast_or_null<VectorType>(getTypeConverter()->convertType(op.getType()));
    auto inputVec = dyn_cast<VectorType>(adaptor.getInput().getType());
    if (!resultVec || !inputVec)
      return b.notifyMatchFailure(op, "input and result need distributed layouts");
    tile::DistributedLayout inputLayout = simt.layoutOf(op.getInput().getType());
    int64_t numBins = op.getType().getNumElements();
    uint64_t limit = uint64_t(numBins) * 4;
    Type i32 = b.getI32Type();
    auto cst = [&](OpBuilder &nb, Type type, int64_t v) -> Value {
      return arith::ConstantIntOp::create(nb, loc, type, v);
    };

    // Thread t zeroes `width` consecutive bins at t * width, then every
    // threads * width bins (up to 16 bytes per store).
    int64_t threads = int64_t(inputLayout.numWarps) * inputLayout.warpSize;
    int64_t width = std::clamp<int64_t>(numBins / threads, 1, 4);
    auto zeroType = VectorType::get({width}, i32);
    Value zero = arith::ConstantOp::create(b, loc, DenseElementsAttr::get(zeroType, 0));
    Value first = arith::MulIOp::create(b, loc, simt.threadId, cst(b, i32, width));
    auto clear =
        scf::ForOp::create(b, loc, first, cst(b, i32, numBins), cst(b, i32, threads * width));
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(clear.getBody());
      simt.target.storeShared(b, loc, simt.kernel, zero,
                              simt.elementAddress(b, loc, clear.getInductionVar(), i32, 0, limit));
    }
    simt.barrier(b, loc);

    // Signed values: negative ones compare as huge unsigned ones, so one
    // unsigned compare keeps [0, num_bins).
    Type elem = inputVec.getElementType();
    Type wide = elem.getIntOrFloatBitWidth() > 32 ? elem : i32;
    Value owner = simt.isOwner(b, loc, inputLayout);
    Value one = cst(b, i32, 1);
    for (int64_t r = 0; r < inputLayout.numRegs; ++r) {
      Value x = vector::ExtractOp::create(b, loc, adaptor.getInput(), r);
      if (elem != wide)
        x = arith::ExtSIOp::create(b, loc, wide, x);
      Value enabled = arith::AndIOp::create(
          b, loc, owner,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, cst(b, wide, numBins)));
      if (Value mask = adaptor.getMask())
        enabled =
            arith::AndIOp::create(b, loc, enabled, vector::ExtractOp::create(b, loc, mask, r));
      auto count = scf::IfOp::create(b, loc, enabled, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(count.thenBlock());
      Value bin = wide == i32 ? x : Value(arith::TruncIOp::create(b, loc, i32, x));
      simt.target.atomicAddShared(b, loc, simt.kernel, one,
                                  simt.elementAddress(b, loc, bin, i32, 0, limit));
    }
    simt.barrier(b, loc);
    Value result = simt.loadTile(b, loc, resultVec, simt.layoutOf(op.getType()), {1}, 0, limit);
    simt.barrier(b, loc);
    b.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateSIMTHistogramPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                   RewritePatternSet &patterns) {
  patterns.add<HistogramLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
