//===- MfmaLayouts.h - AMD MFMA layouts: resolution (internal) --*- C++ -*-===//
#ifndef TILEC_LIB_DIALECT_TILE_MFMALAYOUTS_H
#define TILEC_LIB_DIALECT_TILE_MFMALAYOUTS_H

#include "tilec/Dialect/Tile/TileAttrs.h"

namespace tilec::tile::detail {

/// K of one MFMA with `nonK` x `nonK` blocks whose lanes hold `kWidth`
/// consecutive K elements of an operand (4: f16/bf16, 1: f32, 8: i8), over
/// 64 / nonK lane groups.
inline int64_t mfmaBlockK(int64_t nonK, int64_t kWidth) { return kWidth * (64 / nonK); }
/// The rows between an MFMA accumulator's runs of 4 registers (the lane groups
/// times 4, whatever the operand type).
inline int64_t mfmaAccRowStride(int64_t nonK) { return 4 * (64 / nonK); }

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
