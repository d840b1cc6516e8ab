//===- Scan.cpp - tile.scan in SIMT: lines scanned through shared memory ---===//
//
// The sources go to shared memory; each thread then scans whole lines along
// the axis in place (lines tid, tid + threads, ...), and every thread reads its
// result registers back. Linear work, one pass per line; a warp-parallel scan
// (shuffle up, then across warps) is the faster form for long single lines.
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

struct ScanLowering : public SIMTPattern<tile::ScanOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::ScanOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
    ArrayRef<int64_t> shape = srcType.getShape();
    unsigned axis = op.getAxis();
    int64_t length = shape[axis];
    SmallVector<int64_t> strides = rowMajorStrides(shape);
    SmallVector<Type> elems;
    SmallVector<uint64_t> regions;
    uint64_t limit = 0;
    for (Value src : adaptor.getSrcs()) {
      Type elem = cast<VectorType>(src.getType()).getElementType();
      limit = llvm::alignTo(limit, 8);
      regions.push_back(limit);
      limit += uint64_t(srcType.getNumElements()) * sharedElementBytes(elem);
      elems.push_back(elem);
    }
    for (auto [i, src] : llvm::enumerate(adaptor.getSrcs()))
      simt.storeTile(b, loc, src, simt.layoutOf(op.getSrcs()[i].getType()), strides,
                     regions[i], limit);
    simt.barrier(b, loc);

    auto i32 = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, v, 32).getResult(); };
    auto address = [&](unsigned operand, Value index) {
      return simt.elementAddress(b, loc, index, elems[operand], regions[operand], limit);
    };
    // Lines: every coordinate but the axis, row-major.
    SmallVector<int64_t> lineShape(shape);
    lineShape.erase(lineShape.begin() + axis);
    SmallVector<int64_t> lineStrides = rowMajorStrides(lineShape);
    int64_t lines = srcType.getNumElements() / length;
    tile::DistributedLayout layout = simt.layoutOf(srcType);
    int64_t threads = int64_t(layout.warpSize) * layout.numWarps;
    auto lineLoop = scf::ForOp::create(b, loc, simt.threadId, i32(lines), i32(threads));
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(lineLoop.getBody());
      Value line = lineLoop.getInductionVar();
      Value start = i32(0);
      for (unsigned d = 0, k = 0; d < shape.size(); ++d) {
        if (d == axis)
          continue;
        Value coord = arith::RemUIOp::create(
            b, loc, arith::DivUIOp::create(b, loc, line, i32(lineStrides[k])),
            i32(lineShape[k]));
        start = arith::AddIOp::create(b, loc, start,
                                      arith::MulIOp::create(b, loc, coord, i32(strides[d])));
        ++k;
      }
      auto element = [&](int64_t position) -> Value {
        return arith::AddIOp::create(b, loc, start, i32(position * strides[axis]));
      };
      bool reverse = op.getReverse();
      Value first = element(reverse ? length - 1 : 0);
      SmallVector<Value> init;
      for (unsigned i = 0; i < elems.size(); ++i)
        init.push_back(simt.loadSharedScalar(b, loc, elems[i], address(i, first)));
      auto scan = scf::ForOp::create(b, loc, i32(1), i32(length), i32(1), init);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(scan.getBody());
      Value step = scan.getInductionVar();
      Value position = reverse ? Value(arith::SubIOp::create(b, loc, i32(length - 1), step)) : step;
      Value index = arith::AddIOp::create(
          b, loc, start, arith::MulIOp::create(b, loc, position, i32(strides[axis])));
      SmallVector<Value> next;
      for (unsigned i = 0; i < elems.size(); ++i)
        next.push_back(simt.loadSharedScalar(b, loc, elems[i], address(i, index)));
      SmallVector<Value> acc = applyCombiner(b, op.getCombiner(), scan.getRegionIterArgs(), next);
      for (unsigned i = 0; i < elems.size(); ++i)
        simt.storeSharedScalar(b, loc, acc[i], address(i, index));
      scf::YieldOp::create(b, loc, acc);
    }
    simt.barrier(b, loc);

    SmallVector<Value> results;
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      auto vecType = cast<VectorType>(getTypeConverter()->convertType(result.getType()));
      results.push_back(simt.loadTile(b, loc, vecType, simt.layoutOf(result.getType()), strides,
                                      regions[i], limit));
    }
    simt.barrier(b, loc);
    b.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateSIMTScanPatterns(SIMTLowering &simt, const TypeConverter &converter,
                              RewritePatternSet &patterns) {
  patterns.add<ScanLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
