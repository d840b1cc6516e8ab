//===- MfmaDot.cpp - tile.dot on AMD matrix cores (MFMA) in SIMT -----------===//
//
// A dot whose accumulator has a `#tile.mfma` layout (tilec-assign-layouts chose
// AMD matrix cores) has its operands in the `#tile.dot_operand` layouts under
// it, i.e. in the registers the MFMA reads (v_mfma_f32_32x32x8 or 16x16x16
// for f16/bf16, v_mfma_f32_32x32x2f32 or 16x16x4f32 for f32,
// v_mfma_i32_32x32x16_i8 or 16x16x32_i8 for i8, v_mfma_f32_32x32x16 or
// 16x16x32 with fp8/bf8 for fp8 bytes in i8 tiles): each wave runs one MFMA
// (from the TargetInfo) per 32x32 (16x16) accumulator block and K step it
// holds. The B operand reaches its registers through shared memory in
// column-major order (its lanes read K-consecutive elements).
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

/// `count` consecutive registers of `vec` from `offset`.
Value registerRun(OpBuilder &b, Location loc, Value vec, int64_t offset, int64_t count) {
  return vector::ExtractStridedSliceOp::create(b, loc, vec, ArrayRef<int64_t>{offset},
                                               ArrayRef<int64_t>{count}, ArrayRef<int64_t>{1});
}

/// tile.dot on MFMA (N x N blocks, N = 32 or 16, R = N * N / 64 registers
/// each, w = kWidth elements per lane and operand): register w * (m * kSteps +
/// k) + i of A and w * (n * kSteps + k) + i of B are element i of K step k of their N-row (column) repetition, and
/// registers R * (m * nReps + n) .. +R-1 of the accumulator its block (m, n)
/// (TileAttrs.td); block (m, n) takes the K steps of A's repetition m and B's
/// repetition n in order.
struct MfmaDotLowering : public SIMTPattern<tile::DotOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    auto cType = cast<RankedTensorType>(op.getAcc().getType());
    auto mfma = dyn_cast_or_null<tile::MfmaEncodingAttr>(cType.getEncoding());
    if (!mfma)
      return failure();
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    if (failed(verifyTensorCoreOperands(op, mfma, "mfma")))
      return failure();
    unsigned nonK = mfma.getInstrShape()[0];
    unsigned w = cast<tile::DotOperandEncodingAttr>(aType.getEncoding()).getKWidth();
    int64_t blockK = w * (64 / nonK), blockRegs = nonK * nonK / 64;
    Type operand = aType.getElementType();
    std::optional<StringRef> aFp8 = op.getAFp8(), bFp8 = op.getBFp8();
    if (aFp8 && !simt.target.hasFP8Mfma(simt.arch, nonK, *aFp8, *bFp8))
      return op.emitOpError("target has no ")
             << nonK << "x" << nonK << " fp8 MFMA for " << *aFp8 << " x " << *bFp8
             << " operands on '" << simt.arch << "'";
    if (!aFp8 && !simt.target.hasMfma(simt.arch, nonK, operand, cType.getElementType()))
      return op.emitOpError("target has no ")
             << nonK << "x" << nonK << " MFMA for " << operand << " operands and "
             << cType.getElementType() << " accumulators on '" << simt.arch << "'";
    unsigned wantW = operand.isF32() ? 1 : operand.isInteger(8) ? 8 : 4;
    if (w != wantW)
      return op.emitOpError("dot_operand kWidth ")
             << w << " does not match the MFMA for " << operand << " operands (" << wantW
             << " per lane)";
    int64_t aRegs = simt.layoutOf(aType).numRegs, bRegs = simt.layoutOf(bType).numRegs;
    int64_t cRegs = simt.layoutOf(cType).numRegs;
    int64_t kSteps = std::max<int64_t>(1, aType.getDimSize(1) / blockK);
    int64_t mReps = aRegs / (w * kSteps), nReps = bRegs / (w * kSteps);
    if (aType.getDimSize(1) < blockK || mReps * nReps * blockRegs != cRegs)
      return op.emitOpError("operand and accumulator layouts disagree on the repetitions");
    Value acc = adaptor.getAcc();
    for (int64_t m = 0; m < mReps; ++m)
      for (int64_t n = 0; n < nReps; ++n) {
        int64_t cOffset = blockRegs * (m * nReps + n);
        Value c = registerRun(b, loc, acc, cOffset, blockRegs);
        for (int64_t k = 0; k < kSteps; ++k) {
          Value aRun = operandRegisters(simt, b, loc, *getTypeConverter(), op.getA(),
                                        w * (m * kSteps + k), w);
          Value bRun = operandRegisters(simt, b, loc, *getTypeConverter(), op.getB(),
                                        w * (n * kSteps + k), w);
          c = aFp8 ? simt.target.fp8Mfma(b, loc, simt.kernel, nonK, *aFp8, *bFp8, aRun, bRun, c)
                   : simt.target.mfma(b, loc, simt.kernel, nonK, aRun, bRun, c);
        }
        acc = vector::InsertStridedSliceOp::create(b, loc, c, acc, ArrayRef<int64_t>{cOffset},
                                                   ArrayRef<int64_t>{1});
      }
    b.replaceOp(op, acc);
    return success();
  }
};

/// A conversion to an MFMA B operand (K x N) through shared memory in
/// column-major order: each lane's four K elements of a column are then
/// adjacent (one 64-bit LDS read) instead of N elements apart.
struct MfmaOperandBConversion : public SIMTPattern<tile::ConvertLayoutOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::ConvertLayoutOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    RankedTensorType dstType = op.getType();
    auto operand = dyn_cast_or_null<tile::DotOperandEncodingAttr>(dstType.getEncoding());
    if (!operand || operand.getOpIdx() != 1 || !isa<tile::MfmaEncodingAttr>(operand.getParent()) ||
        dstType.getRank() != 2)
      return failure();
    Location loc = op.getLoc();
    auto dstVec = cast<VectorType>(getTypeConverter()->convertType(dstType));
    uint64_t limit =
        uint64_t(srcType.getNumElements()) * sharedElementBytes(dstVec.getElementType());
    SmallVector<int64_t> columnMajor = {1, dstType.getDimSize(0)};
    simt.storeTile(b, loc, adaptor.getSrc(), simt.layoutOf(srcType), columnMajor, 0, limit);
    simt.barrier(b, loc);
    Value result = simt.loadTile(b, loc, dstVec, simt.layoutOf(dstType), columnMajor, 0, limit);
    simt.barrier(b, loc);
    b.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateSIMTMfmaDotPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<MfmaDotLowering, MfmaOperandBConversion>(simt, converter, patterns.getContext(),
                                                        /*benefit=*/2);
}

} // namespace tilec
