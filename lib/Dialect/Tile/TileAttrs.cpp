//===- TileAttrs.cpp - Layout encodings: verifiers and resolution ----------===//
#include "tilec/Dialect/Tile/TileAttrs.h"
#include "tilec/Dialect/Tile/TileDialect.h"

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
  else if (auto slice = dyn_cast<SliceEncodingAttr>(parent))
    return slice.getDim() < 64 ? success() : failure();
  else
    return emitError() << "slice parent must be a blocked or slice encoding";
  if (dim >= parentRank)
    return emitError() << "slice dim " << dim << " is out of range for a rank-" << parentRank
                       << " parent";
  return success();
}

namespace tilec::tile {

bool isDistributedEncoding(Attribute encoding) {
  return isa_and_nonnull<BlockedEncodingAttr, SliceEncodingAttr>(encoding);
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
  return layout;
}

DistributedLayout resolveLayout(Attribute encoding, ArrayRef<int64_t> shape) {
  // Walk down to the blocked root, inserting a size-1 dimension per slice.
  SmallVector<int64_t> rootShape(shape);
  SmallVector<unsigned> slicedDims; // in root numbering, outermost slice last
  Attribute current = encoding;
  while (auto slice = dyn_cast<SliceEncodingAttr>(current)) {
    rootShape.insert(rootShape.begin() + slice.getDim(), 1);
    slicedDims.push_back(slice.getDim());
    current = slice.getParent();
  }
  DistributedLayout layout = resolveBlocked(cast<BlockedEncodingAttr>(current), rootShape);
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
    if (int64_t(bit) * root.spt < root.size)
      masks.push_back(bit * root.laneStride);
  return masks;
}

unsigned DistributedLayout::distinctWarpsAlong(unsigned dim) const {
  const DimDistribution &root = rootDims[tileDims[dim]];
  int64_t perWarp = int64_t(root.spt) * root.tpw;
  return std::max<int64_t>(1, std::min<int64_t>(root.wpc, root.size / perWarp));
}

bool DistributedLayout::hasCopies() const {
  return llvm::any_of(rootDims, [](const DimDistribution &d) { return d.coverage() > d.size; });
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
