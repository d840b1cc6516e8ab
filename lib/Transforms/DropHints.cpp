//===- DropHints.cpp - Remove tile.hint ops where nothing reads them -------===//
#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Transforms/Passes.h"

namespace tilec {
#define GEN_PASS_DEF_TILECDROPHINTS
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

namespace {

struct TilecDropHintsPass : public tilec::impl::TilecDropHintsBase<TilecDropHintsPass> {
  void runOnOperation() override { tilec::tile::dropHints(getOperation()); }
};

} // namespace
