//===- MfmaLayouts.cpp - AMD MFMA layouts: verifiers and resolution --------===//
//
// #tile.mfma is the accumulator of v_mfma_f32_32x32x8{f16,bf16_1k} on 64-lane
// waves, and #tile.dot_operand with an mfma parent its A and B operands, as
// AMD's CDNA3 ISA (matrix instruction calculator) places them per lane.
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
  if (instrShape.size() != 2 || instrShape[0] != kMfmaM || instrShape[1] != kMfmaN)
    return emitError() << "mfma encoding needs instrShape = [32, 32]";
  return success();
}

/// Smaller tiles than a 32x32 block (the sources of broadcasts) wrap.
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

/// A dimension of an MFMA layout: lanes `(lane / laneStride) % tpw`, each
/// `spt` elements further, runs of `spt` elements in consecutive registers,
/// warps `(warp / warpStride) % wpc` one `block` apart.
DimDistribution mfmaDim(int64_t size, unsigned spt, unsigned tpw, unsigned laneStride, unsigned wpc,
                        unsigned warpStride, int64_t block) {
  DimDistribution dim;
  dim.size = size;
  dim.spt = spt;
  dim.tpw = tpw;
  dim.laneStride = laneStride;
  dim.laneStep = spt;
  dim.wpc = wpc;
  dim.warpStride = warpStride;
  dim.warpStep = block;
  return dim;
}

/// The 32 lanes `l % 32` along M or N, one element each.
DimDistribution wideDim(int64_t size, unsigned wpc, unsigned warpStride) {
  return mfmaDim(size, 1, 32, 1, wpc, warpStride, kMfmaM);
}
/// The two half-waves `l / 32`, runs of 4 elements each, over a block of
/// `block` (K of an operand: 8; rows of the accumulator: 32).
DimDistribution halfDim(int64_t size, unsigned wpc, unsigned warpStride, int64_t block) {
  return mfmaDim(size, 4, 2, 32, wpc, warpStride, block);
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
  DistributedLayout layout;
  // Rows: 4 * (l / 32) + 8 * (r / 4) + r % 4; columns: l % 32.
  layout.rootDims = {halfDim(shape[0], wm, wn, kMfmaM), wideDim(shape[1], wn, 1)};
  layout.tileDims = {0, 1};
  layout.warpSize = 64;
  layout.numWarps = wm * wn;
  layout.fastestDim = 0;
  int64_t mReps = repetitions(layout.rootDims[0]), nReps = repetitions(layout.rootDims[1]);
  int64_t mStride = layout.rootDims[0].coverage(), nStride = layout.rootDims[1].coverage();
  for (int64_t m = 0; m < mReps; ++m)
    for (int64_t n = 0; n < nReps; ++n)
      for (int64_t r = 0; r < 16; ++r)
        layout.regOffsets.push_back({m * mStride + 8 * (r / 4) + r % 4, n * nStride});
  dropWrapped(layout);
  return layout;
}

DistributedLayout tilec::tile::detail::resolveMfmaOperand(DotOperandEncodingAttr operand,
                                                          ArrayRef<int64_t> shape) {
  auto mfma = cast<MfmaEncodingAttr>(operand.getParent());
  unsigned wm = mfma.getWarpsPerCTA()[0], wn = mfma.getWarpsPerCTA()[1];
  DistributedLayout layout;
  layout.tileDims = {0, 1};
  layout.warpSize = 64;
  layout.numWarps = wm * wn;
  // A third root dimension of size 1 holds the warps that keep copies.
  if (operand.getOpIdx() == 0) {
    // A: row l % 32, K elements 4 * (l / 32) .. +3.
    layout.rootDims = {wideDim(shape[0], wm, wn), halfDim(shape[1], 1, 1, kMfmaK),
                       mfmaDim(1, 1, 1, 1, wn, 1, 1)};
    layout.fastestDim = 1;
    int64_t mReps = repetitions(layout.rootDims[0]), kReps = repetitions(layout.rootDims[1]);
    int64_t mStride = layout.rootDims[0].coverage();
    for (int64_t m = 0; m < mReps; ++m)
      for (int64_t k = 0; k < kReps; ++k)
        for (int64_t i = 0; i < 4; ++i)
          layout.regOffsets.push_back({m * mStride, k * kMfmaK + i, 0});
  } else {
    // B: K elements 4 * (l / 32) .. +3, column l % 32.
    layout.rootDims = {halfDim(shape[0], 1, 1, kMfmaK), wideDim(shape[1], wn, 1),
                       mfmaDim(1, 1, 1, 1, wm, wn, 1)};
    layout.fastestDim = 0;
    int64_t kReps = repetitions(layout.rootDims[0]), nReps = repetitions(layout.rootDims[1]);
    int64_t nStride = layout.rootDims[1].coverage();
    for (int64_t n = 0; n < nReps; ++n)
      for (int64_t k = 0; k < kReps; ++k)
        for (int64_t i = 0; i < 4; ++i)
          layout.regOffsets.push_back({k * kMfmaK + i, n * nStride, 0});
  }
  for (auto &offsets : layout.regOffsets)
    offsets.pop_back(); // the copies' dimension is no tile dimension
  dropWrapped(layout);
  return layout;
}
