//===- Dot.cpp - tile.dot in SIMT: FMA over operands in shared memory ------===//
//
// Both operands are written to shared memory in their own element type; each
// thread then runs a loop over k, reading the A values of its accumulator's
// rows and the B values of its columns once per k and doing one
// multiply-add per accumulator register, in the accumulator's type (tensor
// cores come with dot layouts, see docs/architecture.md).
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <map>

using namespace mlir;

namespace tilec {
namespace {

/// Converts scalar `v` to `type` (extension or truncation, as tl.dot does).
Value castScalar(OpBuilder &b, Location loc, Value v, Type type) {
  Type from = v.getType();
  if (from == type)
    return v;
  unsigned fromBits = from.getIntOrFloatBitWidth(), toBits = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(type)) {
    if (!isa<FloatType>(from))
      return arith::SIToFPOp::create(b, loc, type, v);
    if (fromBits < toBits)
      return arith::ExtFOp::create(b, loc, type, v);
    if (fromBits == toBits)
      v = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
    return arith::TruncFOp::create(b, loc, type, v);
  }
  if (fromBits < toBits)
    return arith::ExtSIOp::create(b, loc, type, v);
  return arith::TruncIOp::create(b, loc, type, v);
}

struct DotLowering : public SIMTPattern<tile::DotOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    unsigned rank = cType.getRank();
    int64_t m = cType.getDimSize(rank - 2), n = cType.getDimSize(rank - 1);
    int64_t k = aType.getDimSize(rank - 1);
    Type aElem = getTypeConverter()->convertType(aType.getElementType());
    Type bElem = getTypeConverter()->convertType(bType.getElementType());
    Type accElem = getTypeConverter()->convertType(cType.getElementType());
    int64_t aBytes = sharedElementBytes(aElem), bBytes = sharedElementBytes(bElem);
    uint64_t bRegion = llvm::alignTo(uint64_t(aType.getNumElements()) * aBytes, 16);
    uint64_t limit = bRegion + uint64_t(bType.getNumElements()) * bBytes;

    simt.storeTile(b, loc, adaptor.getA(), simt.layoutOf(aType),
                   rowMajorStrides(aType.getShape()), 0, limit);
    simt.storeTile(b, loc, adaptor.getB(), simt.layoutOf(bType),
                   rowMajorStrides(bType.getShape()), bRegion, limit);
    simt.barrier(b, loc);

    // Element (batch, i, kk) of A is at batch*M*K + i*K + kk; (batch, kk, j) of
    // B at batch*K*N + kk*N + j. Coefficients over the accumulator's coordinates:
    SmallVector<int64_t> aRow(rank, 0), bCol(rank, 0);
    if (rank == 3) {
      aRow[0] = m * k;
      bCol[0] = k * n;
    }
    aRow[rank - 2] = k;
    bCol[rank - 1] = 1;
    tile::DistributedLayout layout = simt.layoutOf(cType);
    Value aBase = simt.threadLinearBase(b, loc, layout, aRow);
    Value bBase = simt.threadLinearBase(b, loc, layout, bCol);
    std::map<int64_t, unsigned> aSlots, bSlots; // constant offset -> index
    SmallVector<int64_t> aOffsets, bOffsets;
    SmallVector<std::pair<unsigned, unsigned>> regOperands;
    for (int64_t r = 0; r < layout.numRegs; ++r) {
      int64_t ao = SIMTLowering::linearOffset(layout, r, aRow);
      int64_t bo = SIMTLowering::linearOffset(layout, r, bCol);
      auto [ai, aNew] = aSlots.try_emplace(ao, aOffsets.size());
      if (aNew)
        aOffsets.push_back(ao);
      auto [bi, bNew] = bSlots.try_emplace(bo, bOffsets.size());
      if (bNew)
        bOffsets.push_back(bo);
      regOperands.emplace_back(ai->second, bi->second);
    }

    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value upper = arith::ConstantIndexOp::create(b, loc, k);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto loop = scf::ForOp::create(b, loc, zero, upper, one, ValueRange{adaptor.getAcc()});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value kk = arith::IndexCastOp::create(b, loc, b.getI32Type(), loop.getInductionVar());
      auto element = [&](Value base, int64_t offset, Value kTerm, uint64_t region, Type type) {
        Value index = arith::AddIOp::create(
            b, loc, arith::AddIOp::create(b, loc, base, kTerm),
            arith::ConstantIntOp::create(b, loc, offset, 32));
        Value v = simt.loadSharedScalar(b, loc, type,
                                        simt.elementAddress(b, loc, index, type, region, limit));
        return castScalar(b, loc, v, accElem);
      };
      Value kRow = arith::MulIOp::create(b, loc, kk, arith::ConstantIntOp::create(b, loc, n, 32));
      SmallVector<Value> aValues, bValues;
      for (int64_t offset : aOffsets)
        aValues.push_back(element(aBase, offset, kk, 0, aElem));
      for (int64_t offset : bOffsets)
        bValues.push_back(element(bBase, offset, kRow, bRegion, bElem));
      Value acc = loop.getRegionIterArgs().front();
      for (auto [r, operands] : llvm::enumerate(regOperands)) {
        Value c = vector::ExtractOp::create(b, loc, acc, r);
        Value x = aValues[operands.first], y = bValues[operands.second];
        Value sum = isa<FloatType>(accElem)
                        ? Value(math::FmaOp::create(b, loc, x, y, c))
                        : Value(arith::AddIOp::create(b, loc, c, arith::MulIOp::create(b, loc, x, y)));
        acc = vector::InsertOp::create(b, loc, sum, acc, r);
      }
      scf::YieldOp::create(b, loc, acc);
    }
    simt.barrier(b, loc);
    b.replaceOp(op, loop.getResult(0));
    return success();
  }
};

} // namespace

void populateSIMTDotPatterns(SIMTLowering &simt, const TypeConverter &converter,
                             RewritePatternSet &patterns) {
  patterns.add<DotLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
