//===- BitonicNetwork.h - Triton's bitonic sorting network on tiles -*- C++ -*-===//
#ifndef TILEC_DIALECT_TILE_BITONICNETWORK_H
#define TILEC_DIALECT_TILE_BITONICNETWORK_H

#include "mlir/IR/Builders.h"

#include <optional>

namespace tilec::tile {

/// Builds one merge of Triton's bitonic network along the last dimension of
/// the ranked tile `x` (a power of two): `stage` compare-exchange steps over
/// bits stage-1..0 of the lane index, each a `tile.shuffle` that pairs a lane
/// with the lane whose index differs in that bit, a greater-than comparison
/// (unsigned with `isUnsigned`, ordered on floats) and a select. A lane takes
/// its partner where (x > partner) != (down ^ is_right_lane), `down` being
/// `descending` or, when that is nullopt, bit `stage` of the lane index (the
/// alternating runs of the inner stages). NaNs never compare greater, so, as in
/// Triton, they do not sort cleanly.
mlir::Value buildBitonicMerge(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x, unsigned stage,
                              std::optional<bool> descending, bool isUnsigned);

/// Builds the whole network that sorts `x` along its last dimension (a power of
/// two): merges of 1, 2, ..., log2(n) steps, the inner ones alternating up and
/// down, the last in the requested order. A last dimension of 1 returns `x`.
mlir::Value buildBitonicSort(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x, bool descending,
                             bool isUnsigned);

} // namespace tilec::tile

#endif // TILEC_DIALECT_TILE_BITONICNETWORK_H
