//===- Reduce.cpp - tile.reduce in SIMT: registers, shuffles, shared memory ===//
//
// A reduction along `axis` folds, in order: the registers of a thread that lie
// on the same line along the axis; the lanes holding other parts of the line
// (butterfly shuffles, so every lane ends with the result); and the warps
// holding other parts (partials through shared memory, between barriers).
// Threads that hold copies of elements never fold them twice.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <map>

using namespace mlir;

namespace tilec {
namespace {

struct ReduceLowering : public SIMTPattern<tile::ReduceOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
    tile::DistributedLayout layout = simt.layoutOf(srcType);
    ValueRange srcs = adaptor.getSrcs();
    unsigned numOperands = srcs.size();

    // 1. Group the registers by their line (offsets without the axis).
    std::map<SmallVector<int64_t>, SmallVector<int64_t>> lines;
    for (int64_t r = 0; r < layout.numRegs; ++r) {
      SmallVector<int64_t> key = layout.regOffsets[r];
      key.erase(key.begin() + axis);
      lines[key].push_back(r);
    }
    std::map<SmallVector<int64_t>, SmallVector<Value>> partials;
    for (auto &[key, regs] : lines) {
      SmallVector<Value> acc;
      for (Value src : srcs)
        acc.push_back(vector::ExtractOp::create(rewriter, loc, src, regs.front()));
      for (int64_t r : ArrayRef(regs).drop_front()) {
        SmallVector<Value> next;
        for (Value src : srcs)
          next.push_back(vector::ExtractOp::create(rewriter, loc, src, r));
        acc = applyCombiner(rewriter, op.getCombiner(), acc, next);
      }
      partials[key] = acc;
    }

    // 2. Lanes along the axis.
    for (unsigned mask : layout.laneMasksAlong(axis))
      for (auto &[key, acc] : partials) {
        SmallVector<Value> other;
        for (Value v : acc)
          other.push_back(simt.shuffleXor(rewriter, loc, v, mask));
        acc = applyCombiner(rewriter, op.getCombiner(), acc, other);
      }

    // 3. Warps along the axis, through shared memory.
    unsigned warps = layout.distinctWarpsAlong(axis);
    SmallVector<int64_t> resultShape(srcType.getShape());
    resultShape.erase(resultShape.begin() + axis);
    if (warps > 1)
      combineAcrossWarps(rewriter, loc, op, layout, resultShape, warps, partials);

    // 4. The result's registers, in the order of its slice layout.
    SmallVector<Value> results;
    for (unsigned i = 0; i < numOperands; ++i) {
      Type resultType = op.getResult(i).getType();
      if (!isa<RankedTensorType>(resultType)) {
        results.push_back(partials.begin()->second[i]);
        continue;
      }
      tile::DistributedLayout resultLayout = simt.layoutOf(resultType);
      auto vecType = cast<VectorType>(getTypeConverter()->convertType(resultType));
      Value vec = LLVM::UndefOp::create(rewriter, loc, vecType);
      for (int64_t r = 0; r < resultLayout.numRegs; ++r) {
        auto it = partials.find(resultLayout.regOffsets[r]);
        if (it == partials.end())
          return rewriter.notifyMatchFailure(op, "result layout is not a slice of the source's");
        vec = vector::InsertOp::create(rewriter, loc, it->second[i], vec, r);
      }
      results.push_back(vec);
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  /// Each warp writes its partial of each line to slot [warp along axis][line];
  /// after a barrier every thread folds the slots of its lines in warp order.
  void combineAcrossWarps(ConversionPatternRewriter &b, Location loc, tile::ReduceOp op,
                          const tile::DistributedLayout &layout,
                          ArrayRef<int64_t> resultShape, unsigned warps,
                          std::map<SmallVector<int64_t>, SmallVector<Value>> &partials) const {
    unsigned axis = op.getAxis();
    int64_t lines = 1;
    for (int64_t d : resultShape)
      lines *= d;
    SmallVector<int64_t> strides = rowMajorStrides(resultShape);
    // Row-major line index of the thread's first line: the source's thread
    // base without the axis.
    Value lineBase = arith::ConstantIntOp::create(b, loc, 0, 32);
    for (unsigned d = 0, k = 0; d < layout.tileDims.size(); ++d) {
      if (d == axis)
        continue;
      Value base = simt.threadBase(b, loc, layout, d);
      lineBase = arith::AddIOp::create(
          b, loc, lineBase,
          arith::MulIOp::create(b, loc, base, arith::ConstantIntOp::create(b, loc, strides[k++], 32)));
    }
    const tile::DimDistribution &root = layout.rootDims[layout.tileDims[axis]];
    Value warpAlong = arith::RemUIOp::create(
        b, loc,
        arith::DivUIOp::create(b, loc, simt.warpId,
                               arith::ConstantIntOp::create(b, loc, root.warpStride, 32)),
        arith::ConstantIntOp::create(b, loc, warps, 32));

    // One region per operand: [warps][lines] elements.
    SmallVector<uint64_t> regionBase;
    uint64_t bytes = 0;
    for (Value src : op.getSrcs()) {
      bytes = llvm::alignTo(bytes, 8);
      regionBase.push_back(bytes);
      bytes += warps * lines *
               sharedElementBytes(getTypeConverter()->convertType(
                   cast<RankedTensorType>(src.getType()).getElementType()));
    }
    auto slot = [&](unsigned operand, Value warp, const SmallVector<int64_t> &key, Type type) {
      int64_t lineOffset = 0;
      for (unsigned k = 0; k < key.size(); ++k)
        lineOffset += key[k] * strides[k];
      Value index = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, warp, arith::ConstantIntOp::create(b, loc, lines, 32)),
          arith::AddIOp::create(b, loc, lineBase,
                                arith::ConstantIntOp::create(b, loc, lineOffset, 32)));
      Value offset = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, index,
                                arith::ConstantIntOp::create(b, loc, sharedElementBytes(type), 32)),
          arith::ConstantIntOp::create(b, loc, regionBase[operand], 32));
      return simt.sharedAddress(b, loc, offset, bytes);
    };
    {
      // Threads holding copies do not write (see SIMTLowering::storeTile).
      OpBuilder::InsertionGuard guard(b);
      if (layout.hasCopies()) {
        auto owner = scf::IfOp::create(b, loc, simt.isOwner(b, loc, layout), false);
        b.setInsertionPointToStart(owner.thenBlock());
      }
      for (auto &[key, acc] : partials)
        for (auto [i, value] : llvm::enumerate(acc))
          simt.storeSharedScalar(b, loc, value, slot(i, warpAlong, key, value.getType()));
    }
    simt.barrier(b, loc);
    for (auto &[key, acc] : partials) {
      SmallVector<Value> folded;
      for (auto [i, value] : llvm::enumerate(acc))
        folded.push_back(simt.loadSharedScalar(
            b, loc, value.getType(),
            slot(i, arith::ConstantIntOp::create(b, loc, 0, 32), key, value.getType())));
      for (unsigned w = 1; w < warps; ++w) {
        SmallVector<Value> next;
        for (auto [i, value] : llvm::enumerate(acc))
          next.push_back(simt.loadSharedScalar(
              b, loc, value.getType(),
              slot(i, arith::ConstantIntOp::create(b, loc, w, 32), key, value.getType())));
        folded = applyCombiner(b, op.getCombiner(), folded, next);
      }
      acc = folded;
    }
    simt.barrier(b, loc); // shared memory is free again
  }
};

} // namespace

void populateSIMTReducePatterns(SIMTLowering &simt, const TypeConverter &converter,
                                RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
