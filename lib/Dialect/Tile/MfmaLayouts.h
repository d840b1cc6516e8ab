//===- MfmaLayouts.h - AMD MFMA layouts: resolution (internal) --*- C++ -*-===//
#ifndef TILEC_LIB_DIALECT_TILE_MFMALAYOUTS_H
#define TILEC_LIB_DIALECT_TILE_MFMALAYOUTS_H

#include "tilec/Dialect/Tile/TileAttrs.h"

namespace tilec::tile::detail {

/// The instruction shape of v_mfma_f32_32x32x8: M and N of the accumulator
/// block, K of an operand block.
inline constexpr int64_t kMfmaM = 32, kMfmaN = 32, kMfmaK = 8;

/// The layout of an MFMA accumulator (see TileAttrs.td) for `shape`.
DistributedLayout resolveMfma(MfmaEncodingAttr mfma, llvm::ArrayRef<int64_t> shape);
/// The layout of an MFMA operand (`operand`'s parent is an MfmaEncodingAttr).
DistributedLayout resolveMfmaOperand(DotOperandEncodingAttr operand, llvm::ArrayRef<int64_t> shape);

} // namespace tilec::tile::detail

#endif // TILEC_LIB_DIALECT_TILE_MFMALAYOUTS_H
