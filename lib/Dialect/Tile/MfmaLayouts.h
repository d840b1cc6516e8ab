//===- MfmaLayouts.h - AMD MFMA layouts: resolution (internal) --*- C++ -*-===//
#ifndef TILEC_LIB_DIALECT_TILE_MFMALAYOUTS_H
#define TILEC_LIB_DIALECT_TILE_MFMALAYOUTS_H

#include "tilec/Dialect/Tile/TileAttrs.h"

namespace tilec::tile::detail {

/// K of one instruction block of an MFMA with 32x32 or 16x16 (`nonK`)
/// accumulator blocks and 16-bit operands: 4 elements per lane, 64 / nonK lane
/// groups (v_mfma_f32_32x32x8, v_mfma_f32_16x16x16).
inline int64_t mfmaBlockK(int64_t nonK) { return 4 * (64 / nonK); }

/// A dimension of a tensor-core (MMA or MFMA) layout: lanes `(lane /
/// laneStride) % tpw`, each `spt` elements further, runs of `spt` elements in
/// consecutive registers, warps `(warp / warpStride) % wpc` one `block` apart.
DimDistribution tensorCoreDim(int64_t size, unsigned spt, unsigned tpw, unsigned laneStride,
                              unsigned wpc, unsigned warpStride, int64_t block);

/// The layout of an MFMA accumulator (see TileAttrs.td) for `shape`.
DistributedLayout resolveMfma(MfmaEncodingAttr mfma, llvm::ArrayRef<int64_t> shape);
/// The layout of an MFMA operand (`operand`'s parent is an MfmaEncodingAttr).
DistributedLayout resolveMfmaOperand(DotOperandEncodingAttr operand, llvm::ArrayRef<int64_t> shape);

} // namespace tilec::tile::detail

#endif // TILEC_LIB_DIALECT_TILE_MFMALAYOUTS_H
