//===- TileAttrs.cpp - Layout encodings: verifiers and resolution ----------===//
#include "tilec/Dialect/Tile/TileAttrs.h"
#include "tilec/Dialect/Tile/TileDialect.h"

#include "MfmaLayouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilec::tile;

#define GET_ATTRDEF_CLASSES
#include "Tile/TileAttrs.cpp.inc"

void TileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tile/TileAttrs.cpp.inc"
      >();
}

LogicalResult BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          ArrayRef<unsigned> sizePerThread,
                                          ArrayRef<unsigned> threadsPerWarp,
                                          ArrayRef<unsigned> warpsPerCTA,
                                          ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0 || sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "blocked encoding needs one sizePerThread, threadsPerWarp and "
                          "warpsPerCTA entry per dimension of order";
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return emitError() << "order must be a permutation of [0, " << rank << ")";
    seen[d] = true;
  }
  for (ArrayRef<unsigned> list : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (unsigned v : list)
      if (v == 0 || !llvm::isPowerOf2_32(v))
        return emitError() << "blocked encoding sizes must be powers of two, got " << v;
  return success();
}

LogicalResult SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                        unsigned dim, Attribute parent) {
  unsigned parentRank;
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(parent))
    parentRank = blocked.getRank();
  else if (auto mma = dyn_cast<MmaEncodingAttr>(parent))
    parentRank = mma.getWarpsPerCTA().size();
  else if (auto mfma = dyn_cast<MfmaEncodingAttr>(parent))
    parentRank = mfma.getWarpsPerCTA().size();
  else if (auto slice = dyn_cast<SliceEncodingAttr>(parent))
    return slice.getDim() < 64 ? success() : failure();
  else
    return emitError() << "slice parent must be a blocked, mma, mfma or slice encoding";
  if (dim >= parentRank)
    return emitError() << "slice dim " << dim << " is out of range for a rank-" << parentRank
                       << " parent";
  return success();
}

/// The instruction shape of mma.sync.aligned.m16n8k<K> that the MMA layouts
/// describe: M and N of the accumulator block; K of an operand block is
/// 8 * kWidth (kWidth elements per 32-bit register: 16 for f16/bf16, 8 for
/// tf32, 32 for s8).
static constexpr int64_t kMmaM = 16, kMmaN = 8;
static int64_t mmaBlockK(unsigned kWidth) { return 8 * kWidth; }

LogicalResult SharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                         unsigned vec, unsigned perPhase, unsigned maxPhase,
                                         ArrayRef<unsigned> order, unsigned pad,
                                         unsigned swizzleBytes) {
  if (swizzleBytes == 0)
    return success();
  if (swizzleBytes != 32 && swizzleBytes != 64 && swizzleBytes != 128)
    return emitError() << "shared swizzleBytes must be 32, 64 or 128, got " << swizzleBytes;
  if (vec != 1 || perPhase != 1 || maxPhase != 1 || pad != 0 || order.size() != 2)
    return emitError() << "shared swizzleBytes needs vec = perPhase = maxPhase = 1, no pad and "
                          "a 2-D order";
  return success();
}

LogicalResult MmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                      unsigned version, ArrayRef<unsigned> warpsPerCTA,
                                      ArrayRef<unsigned> instrShape) {
  if (version != 2 && version != 3)
    return emitError() << "mma encoding supports versions 2 (mma.sync) and 3 (wgmma), got "
                       << version;
  if (warpsPerCTA.size() != 2)
    return emitError() << "mma encoding needs 2 warpsPerCTA entries (M, N), got "
                       << warpsPerCTA.size();
  for (unsigned v : warpsPerCTA)
    if (v == 0 || !llvm::isPowerOf2_32(v))
      return emitError() << "mma warpsPerCTA must be powers of two, got " << v;
  if (instrShape.size() != 2 || instrShape[0] != kMmaM || instrShape[1] != kMmaN)
    return emitError() << "mma version " << version << " needs instrShape = [16, 8]";
  // A warpgroup's four warps hold 64 consecutive rows of one wgmma.
  if (version == 3 && warpsPerCTA[0] % 4)
    return emitError() << "mma version 3 needs warpsPerCTA = [4k, n] (a warpgroup's four warps "
                          "along M), got ["
                       << warpsPerCTA[0] << ", " << warpsPerCTA[1] << "]";
  return success();
}

/// Whether the 2-D `shape` has powers of two of at least `minRows` x `minCols`.
/// (The message names the minimum only where it exceeds 1x1.)
static LogicalResult verifyMmaShape(ArrayRef<int64_t> shape, int64_t minRows, int64_t minCols,
                                    StringRef what,
                                    function_ref<InFlightDiagnostic()> emitError) {
  if (shape.size() != 2)
    return emitError() << what << " needs a rank-2 tile, got rank " << shape.size();
  if (shape[0] < minRows || shape[1] < minCols || !llvm::isPowerOf2_64(shape[0]) ||
      !llvm::isPowerOf2_64(shape[1]))
    return minRows * minCols > 1
               ? emitError() << what << " needs a tile of powers of two, at least " << minRows
                             << "x" << minCols << ", got " << shape[0] << "x" << shape[1]
               : emitError() << what << " needs a tile of powers of two, got " << shape[0]
                             << "x" << shape[1];
  return success();
}

/// Smaller tiles than a 16x8 block (the sources of broadcasts, slices) wrap:
/// threads beyond them hold copies, registers beyond them are left out.
LogicalResult MmaEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                              function_ref<InFlightDiagnostic()> emitError) const {
  return verifyMmaShape(shape, 1, 1, "mma encoding", emitError);
}

LogicalResult DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                             unsigned opIdx, Attribute parent, unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "dot_operand opIdx must be 0 (A) or 1 (B), got " << opIdx;
  if (isa<MfmaEncodingAttr>(parent)) {
    if (kWidth != 1 && kWidth != 4 && kWidth != 8)
      return emitError() << "dot_operand kWidth must be 1 (f32), 4 (16-bit) or 8 (i8) under an "
                            "mfma parent, got "
                         << kWidth;
    return success();
  }
  if (!isa<MmaEncodingAttr>(parent))
    return emitError() << "dot_operand parent must be an mma or mfma encoding";
  if (kWidth != 1 && kWidth != 2 && kWidth != 4)
    return emitError() << "dot_operand kWidth must be 1 (tf32, m16n8k8), 2 (16-bit, m16n8k16) "
                          "or 4 (s8, m16n8k32) under an mma parent, got "
                       << kWidth;
  return success();
}

LogicalResult
DotOperandEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                       function_ref<InFlightDiagnostic()> emitError) const {
  if (auto mfma = dyn_cast<MfmaEncodingAttr>(getParent())) {
    int64_t nonK = mfma.getInstrShape()[0], blockK = detail::mfmaBlockK(nonK, getKWidth());
    return getOpIdx() == 0 ? verifyMmaShape(shape, nonK, blockK, "dot_operand A", emitError)
                           : verifyMmaShape(shape, blockK, nonK, "dot_operand B", emitError);
  }
  int64_t blockK = mmaBlockK(getKWidth());
  return getOpIdx() == 0 ? verifyMmaShape(shape, kMmaM, blockK, "dot_operand A", emitError)
                         : verifyMmaShape(shape, blockK, kMmaN, "dot_operand B", emitError);
}

namespace tilec::tile {

bool isDistributedEncoding(Attribute encoding) {
  return isa_and_nonnull<BlockedEncodingAttr, SliceEncodingAttr, MmaEncodingAttr,
                         MfmaEncodingAttr, DotOperandEncodingAttr>(encoding);
}

Attribute getEncoding(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor ? tensor.getEncoding() : Attribute();
}

Type withEncoding(Type type, Attribute encoding) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return type;
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(), encoding);
}

/// Resolves the blocked root of `encoding` for `rootShape`, which has a size-1
/// dimension for each slice on the way.
static DistributedLayout resolveBlocked(BlockedEncodingAttr blocked,
                                        ArrayRef<int64_t> rootShape) {
  DistributedLayout layout;
  unsigned rank = blocked.getRank();
  layout.rootDims.resize(rank);
  unsigned laneStride = 1, warpStride = 1;
  for (unsigned d : blocked.getOrder()) {
    DimDistribution &dim = layout.rootDims[d];
    dim.size = rootShape[d];
    dim.spt = std::min<int64_t>(blocked.getSizePerThread()[d], dim.size);
    dim.tpw = blocked.getThreadsPerWarp()[d];
    dim.wpc = blocked.getWarpsPerCTA()[d];
    dim.laneStride = laneStride;
    dim.warpStride = warpStride;
    dim.laneStep = dim.spt;
    dim.warpStep = int64_t(dim.spt) * dim.tpw;
    laneStride *= dim.tpw;
    warpStride *= dim.wpc;
  }
  layout.warpSize = laneStride;
  layout.numWarps = warpStride;
  // Registers: the elements inside sizePerThread first, then the repetitions,
  // each enumerated fastest dimension first.
  SmallVector<int64_t> reps(rank);
  int64_t numSpt = 1, numReps = 1;
  for (unsigned d = 0; d < rank; ++d) {
    const DimDistribution &dim = layout.rootDims[d];
    reps[d] = std::max<int64_t>(1, dim.size / dim.coverage());
    numSpt *= dim.spt;
    numReps *= reps[d];
  }
  layout.numRegs = numSpt * numReps;
  for (int64_t r = 0; r < layout.numRegs; ++r) {
    SmallVector<int64_t> offsets(rank, 0);
    int64_t j = r % numSpt, k = r / numSpt;
    for (unsigned d : blocked.getOrder()) {
      const DimDistribution &dim = layout.rootDims[d];
      offsets[d] = (k % reps[d]) * dim.coverage() + j % dim.spt;
      j /= dim.spt;
      k /= reps[d];
    }
    layout.regOffsets.push_back(std::move(offsets));
  }
  for (unsigned d = 0; d < rank; ++d)
    layout.tileDims.push_back(d);
  layout.fastestDim = blocked.getOrder().front();
  return layout;
}

DimDistribution detail::tensorCoreDim(int64_t size, unsigned spt, unsigned tpw,
                                      unsigned laneStride, unsigned wpc, unsigned warpStride,
                                      int64_t block) {
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

/// Lanes of an MMA fragment: the group `g = lane / 4` (8 rows or columns) and
/// the thread in the group `t = lane % 4` (pairs of columns or K elements).
static DimDistribution groupDim(int64_t size, unsigned wpc, unsigned warpStride, int64_t block) {
  return detail::tensorCoreDim(size, 1, 8, 4, wpc, warpStride, block);
}
static DimDistribution pairDim(int64_t size, unsigned wpc, unsigned warpStride, int64_t block,
                               unsigned spt = 2) {
  return detail::tensorCoreDim(size, spt, 4, 1, wpc, warpStride, block);
}

/// The repetitions of a block of `block` elements covered `wpc` times.
static int64_t repetitions(const DimDistribution &dim) {
  return std::max<int64_t>(1, dim.size / dim.coverage());
}

/// Leaves out the registers that lie beyond the tile: along a dimension
/// smaller than an instruction block they repeat registers that are kept.
static void dropWrappedRegisters(DistributedLayout &layout) {
  llvm::erase_if(layout.regOffsets, [&](const SmallVector<int64_t> &offsets) {
    for (unsigned d = 0; d < offsets.size(); ++d)
      if (offsets[d] >= layout.rootDims[d].size)
        return true;
    return false;
  });
  layout.numRegs = layout.regOffsets.size();
}

/// The warp strides along M and N of an mma encoding: warp w is at
/// (w / wN, w % wN) in version 2, and (w % wM, w / wM) in version 3, whose
/// warpgroups are four consecutive warps along M.
static std::pair<unsigned, unsigned> mmaWarpStrides(MmaEncodingAttr mma) {
  unsigned wm = mma.getWarpsPerCTA()[0], wn = mma.getWarpsPerCTA()[1];
  return mma.getVersion() == 3 ? std::make_pair(1u, wm) : std::make_pair(wn, 1u);
}

/// The layout of mma.sync's and wgmma's accumulator (see TileAttrs.td): per
/// 16x8 block, c0 c1 on row g, c2 c3 on row g + 8.
static DistributedLayout resolveMma(MmaEncodingAttr mma, ArrayRef<int64_t> shape) {
  unsigned wm = mma.getWarpsPerCTA()[0], wn = mma.getWarpsPerCTA()[1];
  auto [mWarpStride, nWarpStride] = mmaWarpStrides(mma);
  // Version 3: a warp's columns are one run of N / wN (a wgmma's N), in 8-column
  // blocks; version 2 interleaves the warps' 8-column blocks.
  int64_t nBlock = mma.getVersion() == 3 ? std::max<int64_t>(kMmaN, shape[1] / wn) : kMmaN;
  DistributedLayout layout;
  layout.rootDims = {groupDim(shape[0], wm, mWarpStride, kMmaM),
                     pairDim(shape[1], wn, nWarpStride, nBlock)};
  layout.tileDims = {0, 1};
  layout.warpSize = 32;
  layout.numWarps = wm * wn;
  layout.fastestDim = 1;
  int64_t mReps = repetitions(layout.rootDims[0]), nReps = repetitions(layout.rootDims[1]);
  int64_t mStride = layout.rootDims[0].coverage(), nStride = layout.rootDims[1].coverage();
  for (int64_t m = 0; m < mReps; ++m)
    for (int64_t n = 0; n < nReps; ++n)
      for (int64_t j = 0; j < nBlock / kMmaN; ++j)
        for (int64_t i = 0; i < 4; ++i)
          layout.regOffsets.push_back({m * mStride + 8 * (i / 2), n * nStride + j * kMmaN + i % 2});
  dropWrappedRegisters(layout);
  return layout;
}

/// The layout of an mma.sync operand (see TileAttrs.td), with w = kWidth
/// elements per register and K = 8w per instruction. A: per 16xK block,
/// register r (elements a_{wr} .. a_{wr+w-1}) at row g + 8 (r % 2), columns
/// wt + 4w (r / 2) ..; B: per Kx8 block, register r at rows wt + 4w r ..,
/// column g. A third root dimension of size 1 holds the warps that keep copies.
static DistributedLayout resolveDotOperand(DotOperandEncodingAttr operand,
                                           ArrayRef<int64_t> shape) {
  auto mma = cast<MmaEncodingAttr>(operand.getParent());
  unsigned wm = mma.getWarpsPerCTA()[0], wn = mma.getWarpsPerCTA()[1];
  auto [mWarpStride, nWarpStride] = mmaWarpStrides(mma);
  unsigned w = operand.getKWidth();
  int64_t blockK = mmaBlockK(w);
  DistributedLayout layout;
  layout.tileDims = {0, 1};
  layout.warpSize = 32;
  layout.numWarps = wm * wn;
  if (operand.getOpIdx() == 0) {
    layout.rootDims = {groupDim(shape[0], wm, mWarpStride, kMmaM),
                       pairDim(shape[1], 1, 1, blockK, w),
                       detail::tensorCoreDim(1, 1, 1, 1, wn, nWarpStride, 1)};
    layout.fastestDim = 1;
    int64_t mReps = repetitions(layout.rootDims[0]), kReps = repetitions(layout.rootDims[1]);
    int64_t mStride = layout.rootDims[0].coverage();
    for (int64_t m = 0; m < mReps; ++m)
      for (int64_t k = 0; k < kReps; ++k)
        for (int64_t i = 0; i < 4 * w; ++i)
          layout.regOffsets.push_back({m * mStride + 8 * ((i / w) % 2),
                                       k * blockK + 4 * w * (i / w / 2) + i % w, 0});
  } else {
    layout.rootDims = {pairDim(shape[0], 1, 1, blockK, w),
                       groupDim(shape[1], wn, nWarpStride, kMmaN),
                       detail::tensorCoreDim(1, 1, 1, 1, wm, mWarpStride, 1)};
    layout.fastestDim = 0;
    int64_t kReps = repetitions(layout.rootDims[0]), nReps = repetitions(layout.rootDims[1]);
    int64_t nStride = layout.rootDims[1].coverage();
    for (int64_t n = 0; n < nReps; ++n)
      for (int64_t k = 0; k < kReps; ++k)
        for (int64_t i = 0; i < 2 * w; ++i)
          layout.regOffsets.push_back({k * blockK + 4 * w * (i / w) + i % w, n * nStride, 0});
  }
  for (auto &offsets : layout.regOffsets)
    offsets.pop_back(); // the copies' dimension is no tile dimension
  dropWrappedRegisters(layout);
  return layout;
}

/// Resolves a root (non-slice) encoding for `rootShape`.
static DistributedLayout resolveRoot(Attribute encoding, ArrayRef<int64_t> rootShape) {
  if (auto mma = dyn_cast<MmaEncodingAttr>(encoding))
    return resolveMma(mma, rootShape);
  if (auto mfma = dyn_cast<MfmaEncodingAttr>(encoding))
    return detail::resolveMfma(mfma, rootShape);
  if (auto operand = dyn_cast<DotOperandEncodingAttr>(encoding))
    return isa<MfmaEncodingAttr>(operand.getParent())
               ? detail::resolveMfmaOperand(operand, rootShape)
               : resolveDotOperand(operand, rootShape);
  return resolveBlocked(cast<BlockedEncodingAttr>(encoding), rootShape);
}

DistributedLayout resolveLayout(Attribute encoding, ArrayRef<int64_t> shape) {
  // Walk down to the root layout, inserting a size-1 dimension per slice.
  SmallVector<int64_t> rootShape(shape);
  SmallVector<unsigned> slicedDims; // in root numbering, outermost slice last
  Attribute current = encoding;
  while (auto slice = dyn_cast<SliceEncodingAttr>(current)) {
    rootShape.insert(rootShape.begin() + slice.getDim(), 1);
    slicedDims.push_back(slice.getDim());
    current = slice.getParent();
  }
  DistributedLayout layout = resolveRoot(current, rootShape);
  // Drop the sliced dimensions from the tile view, innermost slice first.
  for (unsigned dim : llvm::reverse(slicedDims)) {
    layout.tileDims.erase(layout.tileDims.begin() + dim);
    for (auto &offsets : layout.regOffsets)
      offsets.erase(offsets.begin() + dim);
  }
  // Sliced dimensions have size 1: their registers all have offset 0 there, so
  // each register of the root is one register of the slice.
  return layout;
}

SmallVector<unsigned> DistributedLayout::laneMasksAlong(unsigned dim) const {
  const DimDistribution &root = rootDims[tileDims[dim]];
  SmallVector<unsigned> masks;
  for (unsigned bit = 1; bit < root.tpw; bit <<= 1)
    if (int64_t(bit) * root.laneStep < root.size)
      masks.push_back(bit * root.laneStride);
  return masks;
}

unsigned DistributedLayout::distinctWarpsAlong(unsigned dim) const {
  const DimDistribution &root = rootDims[tileDims[dim]];
  return std::max<int64_t>(1, std::min<int64_t>(root.wpc, root.size / root.warpStep));
}

bool DistributedLayout::hasCopies() const {
  return llvm::any_of(rootDims, [](const DimDistribution &d) { return d.coverage() > d.size; });
}

SmallVector<int64_t> DistributedLayout::coordinates(unsigned lane, unsigned warp,
                                                    int64_t reg) const {
  SmallVector<int64_t> coords;
  for (auto [d, rootDim] : llvm::enumerate(tileDims)) {
    const DimDistribution &dim = rootDims[rootDim];
    int64_t base = int64_t((lane / dim.laneStride) % dim.tpw) * dim.laneStep +
                   int64_t((warp / dim.warpStride) % dim.wpc) * dim.warpStep;
    coords.push_back(base % dim.size + regOffsets[reg][d]);
  }
  return coords;
}

BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                              unsigned vec, unsigned warpSize,
                                              unsigned numWarps) {
  unsigned rank = shape.size();
  SmallVector<unsigned> order, spt(rank, 1), tpw(rank, 1), wpc(rank, 1);
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  spt[rank - 1] = std::max<int64_t>(1, std::min<int64_t>(vec, shape[rank - 1]));
  unsigned lanesLeft = warpSize, warpsLeft = numWarps;
  for (unsigned d : order) {
    int64_t room = std::max<int64_t>(1, shape[d] / spt[d]);
    tpw[d] = std::min<int64_t>(lanesLeft, room);
    lanesLeft /= tpw[d];
  }
  tpw[order.back()] *= lanesLeft;
  for (unsigned d : order) {
    int64_t room = std::max<int64_t>(1, shape[d] / (int64_t(spt[d]) * tpw[d]));
    wpc[d] = std::min<int64_t>(warpsLeft, room);
    warpsLeft /= wpc[d];
  }
  wpc[order.back()] *= warpsLeft;
  return BlockedEncodingAttr::get(ctx, spt, tpw, wpc, order);
}

} // namespace tilec::tile
