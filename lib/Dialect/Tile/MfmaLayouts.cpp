//===- MfmaLayouts.cpp - AMD MFMA layouts: verifiers and resolution --------===//
//
// #tile.mfma is the accumulator of v_mfma_f32_32x32x8{f16,bf16_1k},
// v_mfma_f32_16x16x16{f16,bf16_1k}, v_mfma_f32_32x32x2f32,
// v_mfma_f32_16x16x4f32, v_mfma_i32_32x32x16_i8 or v_mfma_i32_16x16x32_i8 on
// 64-lane waves, and #tile.dot_operand with an mfma parent their A and B
// operands (kWidth 4, 1 or 8 K elements per lane), as AMD's CDNA3 ISA (matrix
// instruction calculator) places them per lane.
//
//===----------------------------------------------------------------------===//
#include "MfmaLayouts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec::tile;
using namespace tilec::tile::detail;

LogicalResult MfmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                       unsigned version, ArrayRef<unsigned> warpsPerCTA,
                                       ArrayRef<unsigned> instrShape) {
  if (version != 2 && version != 3)
    return emitError() << "mfma encoding supports versions 2 (CDNA2) and 3 (CDNA3), got "
                       << version;
  if (warpsPerCTA.size() != 2)
    return emitError() << "mfma encoding needs 2 warpsPerCTA entries (M, N), got "
                       << warpsPerCTA.size();
  for (unsigned v : warpsPerCTA)
    if (v == 0 || !llvm::isPowerOf2_32(v))
      return emitError() << "mfma warpsPerCTA must be powers of two, got " << v;
  if (instrShape.size() != 2 || instrShape[0] != instrShape[1] ||
      (instrShape[0] != 32 && instrShape[0] != 16))
    return emitError() << "mfma encoding needs instrShape = [32, 32] or [16, 16]";
  return success();
}

/// Smaller tiles than an instruction block (the sources of broadcasts) wrap.
LogicalResult MfmaEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                               function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != 2)
    return emitError() << "mfma encoding needs a rank-2 tile, got rank " << shape.size();
  if (!llvm::isPowerOf2_64(shape[0]) || !llvm::isPowerOf2_64(shape[1]))
    return emitError() << "mfma encoding needs a tile of powers of two, got " << shape[0] << "x"
                       << shape[1];
  return success();
}

namespace {

/// The `nonK` lanes `l % nonK` along M or N, one element each.
DimDistribution wideDim(int64_t size, unsigned nonK, unsigned wpc, unsigned warpStride) {
  return tensorCoreDim(size, 1, nonK, 1, wpc, warpStride, nonK);
}
/// The 64 / nonK lane groups `l / nonK`, runs of `run` elements each (4 for
/// the accumulator, kWidth for an operand), over a block of `block` (K of an
/// operand; rows of the accumulator: nonK).
DimDistribution groupDim(int64_t size, unsigned nonK, unsigned wpc, unsigned warpStride,
                         int64_t block, unsigned run = 4) {
  return tensorCoreDim(size, run, 64 / nonK, nonK, wpc, warpStride, block);
}

int64_t repetitions(const DimDistribution &dim) {
  return std::max<int64_t>(1, dim.size / dim.coverage());
}

/// Leaves out the registers beyond a dimension smaller than a block.
void dropWrapped(DistributedLayout &layout) {
  llvm::erase_if(layout.regOffsets, [&](const SmallVector<int64_t> &offsets) {
    for (unsigned d = 0; d < offsets.size(); ++d)
      if (offsets[d] >= layout.rootDims[d].size)
        return true;
    return false;
  });
  layout.numRegs = layout.regOffsets.size();
}

} // namespace

DistributedLayout tilec::tile::detail::resolveMfma(MfmaEncodingAttr mfma, ArrayRef<int64_t> shape) {
  unsigned wm = mfma.getWarpsPerCTA()[0], wn = mfma.getWarpsPerCTA()[1];
  unsigned nonK = mfma.getInstrShape()[0];
  int64_t rowStride = mfmaAccRowStride(nonK), blockRegs = nonK * nonK / 64;
  DistributedLayout layout;
  // Rows: 4 * (l / nonK) + rowStride * (r / 4) + r % 4; columns: l % nonK.
  layout.rootDims = {groupDim(shape[0], nonK, wm, wn, nonK), wideDim(shape[1], nonK, wn, 1)};
  layout.tileDims = {0, 1};
  layout.warpSize = 64;
  layout.numWarps = wm * wn;
  layout.fastestDim = 0;
  int64_t mReps = repetitions(layout.rootDims[0]), nReps = repetitions(layout.rootDims[1]);
  int64_t mStride = layout.rootDims[0].coverage(), nStride = layout.rootDims[1].coverage();
  for (int64_t m = 0; m < mReps; ++m)
    for (int64_t n = 0; n < nReps; ++n)
      for (int64_t r = 0; r < blockRegs; ++r)
        layout.regOffsets.push_back({m * mStride + rowStride * (r / 4) + r % 4, n * nStride});
  dropWrapped(layout);
  return layout;
}

DistributedLayout tilec::tile::detail::resolveMfmaOperand(DotOperandEncodingAttr operand,
                                                          ArrayRef<int64_t> shape) {
  auto mfma = cast<MfmaEncodingAttr>(operand.getParent());
  unsigned wm = mfma.getWarpsPerCTA()[0], wn = mfma.getWarpsPerCTA()[1];
  unsigned nonK = mfma.getInstrShape()[0];
  unsigned w = operand.getKWidth();
  int64_t blockK = mfmaBlockK(nonK, w);
  DistributedLayout layout;
  layout.tileDims = {0, 1};
  layout.warpSize = 64;
  layout.numWarps = wm * wn;
  // A third root dimension of size 1 holds the warps that keep copies.
  if (operand.getOpIdx() == 0) {
    // A: row l % nonK, K elements w * (l / nonK) .. +w-1.
    layout.rootDims = {wideDim(shape[0], nonK, wm, wn), groupDim(shape[1], nonK, 1, 1, blockK, w),
                       tensorCoreDim(1, 1, 1, 1, wn, 1, 1)};
    layout.fastestDim = 1;
    int64_t mReps = repetitions(layout.rootDims[0]), kReps = repetitions(layout.rootDims[1]);
    int64_t mStride = layout.rootDims[0].coverage();
    for (int64_t m = 0; m < mReps; ++m)
      for (int64_t k = 0; k < kReps; ++k)
        for (int64_t i = 0; i < w; ++i)
          layout.regOffsets.push_back({m * mStride, k * blockK + i, 0});
  } else {
    // B: K elements w * (l / nonK) .. +w-1, column l % nonK.
    layout.rootDims = {groupDim(shape[0], nonK, 1, 1, blockK, w), wideDim(shape[1], nonK, wn, 1),
                       tensorCoreDim(1, 1, 1, 1, wm, wn, 1)};
    layout.fastestDim = 0;
    int64_t kReps = repetitions(layout.rootDims[0]), nReps = repetitions(layout.rootDims[1]);
    int64_t nStride = layout.rootDims[1].coverage();
    for (int64_t n = 0; n < nReps; ++n)
      for (int64_t k = 0; k < kReps; ++k)
        for (int64_t i = 0; i < w; ++i)
          layout.regOffsets.push_back({k * blockK + i, n * nStride, 0});
  }
  for (auto &offsets : layout.regOffsets)
    offsets.pop_back(); // the copies' dimension is no tile dimension
  dropWrapped(layout);
  return layout;
}
