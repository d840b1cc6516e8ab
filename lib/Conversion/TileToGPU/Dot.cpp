//===- Dot.cpp - tile.dot in SIMT: tensor cores, or FMA through shared memory ===//
//
// A dot with an MMA accumulator layout (tilec-assign-layouts chose tensor
// cores) has its operands in dot-operand layouts already, i.e. in the
// registers mma.sync reads: each warp runs one m16n8k16 mma.sync (from the
// TargetInfo) per 16x8 accumulator block and 16-element K step it holds.
//
// Otherwise both operands are written to shared memory in their own element
// type; each thread then runs a loop over k, reading the A values of its
// accumulator's rows and the B values of its columns once per k and doing one
// multiply-add per accumulator register, in the accumulator's type.
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
    if (isa_and_nonnull<tile::MmaEncodingAttr, tile::MfmaEncodingAttr>(cType.getEncoding()))
      return failure(); // MmaDotLowering, MfmaDotLowering (MfmaDot.cpp)
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

/// `count` consecutive registers of `vec` from `offset`.
Value registers(OpBuilder &b, Location loc, Value vec, int64_t offset, int64_t count) {
  return vector::ExtractStridedSliceOp::create(b, loc, vec, ArrayRef<int64_t>{offset},
                                               ArrayRef<int64_t>{count}, ArrayRef<int64_t>{1});
}

/// tile.dot on tensor cores: the registers of A (`dot_operand` 0), B
/// (`dot_operand` 1) and the accumulator (`mma`) are fragments of mma.sync in
/// the order TileAttrs.td gives; repetition (m, n) of the accumulator takes the
/// K steps of A's repetition m and B's repetition n.
struct MmaDotLowering : public SIMTPattern<tile::DotOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    auto mma = dyn_cast_or_null<tile::MmaEncodingAttr>(cType.getEncoding());
    if (!mma)
      return failure();
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto isOperand = [&](RankedTensorType type, unsigned opIdx) {
      auto operand = dyn_cast_or_null<tile::DotOperandEncodingAttr>(type.getEncoding());
      return operand && operand.getOpIdx() == opIdx && operand.getParent() == mma;
    };
    if (!isOperand(aType, 0) || !isOperand(bType, 1))
      return op.emitOpError("with an mma accumulator needs its operands in that mma's "
                            "dot_operand layouts");
    if (!simt.target.hasMmaM16N8K16(simt.arch, aType.getElementType(), cType.getElementType()))
      return op.emitOpError("target has no mma.sync for ")
             << aType.getElementType() << " operands and " << cType.getElementType()
             << " accumulators";
    int64_t aRegs = simt.layoutOf(aType).numRegs, bRegs = simt.layoutOf(bType).numRegs;
    int64_t cRegs = simt.layoutOf(cType).numRegs;
    int64_t kSteps = aType.getDimSize(1) / 16;
    int64_t mReps = aRegs / (8 * kSteps), nReps = bRegs / (4 * kSteps);
    if (mReps * nReps * 4 != cRegs)
      return op.emitOpError("operand and accumulator layouts disagree on the repetitions");
    Value acc = adaptor.getAcc();
    for (int64_t m = 0; m < mReps; ++m)
      for (int64_t n = 0; n < nReps; ++n) {
        int64_t cOffset = 4 * (m * nReps + n);
        Value c = registers(b, loc, acc, cOffset, 4);
        for (int64_t k = 0; k < kSteps; ++k)
          c = simt.target.mmaM16N8K16(b, loc, simt.kernel,
                                      registers(b, loc, adaptor.getA(), 8 * (m * kSteps + k), 8),
                                      registers(b, loc, adaptor.getB(), 4 * (n * kSteps + k), 4),
                                      c);
        acc = vector::InsertStridedSliceOp::create(b, loc, c, acc, ArrayRef<int64_t>{cOffset},
                                                   ArrayRef<int64_t>{1});
      }
    b.replaceOp(op, acc);
    return success();
  }
};

} // namespace

void populateSIMTDotPatterns(SIMTLowering &simt, const TypeConverter &converter,
                             RewritePatternSet &patterns) {
  patterns.add<DotLowering>(simt, converter, patterns.getContext());
  patterns.add<MmaDotLowering>(simt, converter, patterns.getContext(), /*benefit=*/2);
}

} // namespace tilec
