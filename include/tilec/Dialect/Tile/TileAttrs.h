//===- TileAttrs.h - Layout encodings of tiles and their resolution -*- C++ -*-===//
//
// The attributes are generated from dialects/Tile/TileAttrs.td. resolveLayout
// turns a distributed encoding (blocked, slice, mma, mfma or dot_operand) and a tile
// shape into where
// each register of each thread lies, which both the layout passes and the GPU
// lowering use.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_DIALECT_TILE_TILEATTRS_H
#define TILEC_DIALECT_TILE_TILEATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TensorEncoding.h"
#include "llvm/ADT/SmallVector.h"

#define GET_ATTRDEF_CLASSES
#include "Tile/TileAttrs.h.inc"

namespace tilec::tile {

/// How one dimension of a layout's tile is spread over a thread's registers,
/// the lanes of a warp and the warps of a program.
struct DimDistribution {
  int64_t size = 1;        ///< Tile extent (1 for a dimension a slice removed).
  unsigned spt = 1;        ///< Consecutive elements in consecutive registers.
  unsigned tpw = 1;        ///< Lanes along the dimension.
  unsigned wpc = 1;        ///< Warps along the dimension.
  unsigned laneStride = 1; ///< lane_d = (lane / laneStride) % tpw.
  unsigned warpStride = 1; ///< warp_d = (warp / warpStride) % wpc.
  int64_t laneStep = 1;    ///< Elements between lane_d and lane_d + 1 (blocked: spt).
  int64_t warpStep = 1;    ///< Elements between warp_d and warp_d + 1 (blocked: spt * tpw).
  /// Elements one repetition of all threads covers (blocked: spt * tpw * wpc).
  int64_t coverage() const { return warpStep * wpc; }
};

/// A distributed encoding applied to a tile shape. Element coordinate `d` of
/// register `r` of lane `l`, warp `w` is `threadBase_d(l, w) + regOffsets[r][d]`
/// with `threadBase_d = (l_d * laneStep + w_d * warpStep) mod size` of the root
/// dimension `tileDims[d]`. Root dimensions that are not tile dimensions (those
/// a slice removed, and those of the warps holding copies of a dot operand)
/// have size 1: threads that differ there hold copies.
struct DistributedLayout {
  llvm::SmallVector<DimDistribution> rootDims; ///< Dimensions of the root layout.
  llvm::SmallVector<unsigned> tileDims;        ///< Root dimension of each tile dim.
  int64_t numRegs = 1;                         ///< Registers per thread.
  llvm::SmallVector<llvm::SmallVector<int64_t>> regOffsets; ///< [reg][tile dim].
  unsigned warpSize = 1, numWarps = 1;
  /// Root dimension along which runs of `spt` consecutive registers lie.
  unsigned fastestDim = 0;

  /// Lane XOR masks that pair threads holding different elements along tile
  /// dimension `dim` (the butterfly steps of a reduction).
  llvm::SmallVector<unsigned> laneMasksAlong(unsigned dim) const;
  /// Number of warps holding different elements along tile dimension `dim`.
  unsigned distinctWarpsAlong(unsigned dim) const;
  /// Whether some threads hold copies of elements other threads own (the tile
  /// is smaller than the threads along some dimension, or a slice).
  bool hasCopies() const;
  /// The tile coordinates of register `reg` of lane `lane` of warp `warp`
  /// (what the SIMT lowering computes at run time, evaluated at compile time).
  llvm::SmallVector<int64_t> coordinates(unsigned lane, unsigned warp, int64_t reg) const;
};

/// Whether `encoding` is a blocked, slice, mma, mfma or dot_operand encoding.
bool isDistributedEncoding(mlir::Attribute encoding);
/// Resolves a distributed `encoding` for a tile of `shape` (powers of two; for
/// mma, mfma and dot_operand encodings, a shape their verifyEncoding accepts).
DistributedLayout resolveLayout(mlir::Attribute encoding, llvm::ArrayRef<int64_t> shape);
/// The encoding of a tile type, or null.
mlir::Attribute getEncoding(mlir::Type type);
/// `type` (a ranked tensor) with `encoding`; non-tensors are returned as is.
mlir::Type withEncoding(mlir::Type type, mlir::Attribute encoding);

/// The default blocked encoding of a rank-`rank` tile of `shape` for
/// `numWarps` warps of `warpSize` lanes: `vec` elements per thread along the
/// last dimension, lanes then warps along the last dimensions first.
BlockedEncodingAttr getDefaultBlockedEncoding(mlir::MLIRContext *ctx,
                                              llvm::ArrayRef<int64_t> shape, unsigned vec,
                                              unsigned warpSize, unsigned numWarps);

} // namespace tilec::tile

#endif // TILEC_DIALECT_TILE_TILEATTRS_H
