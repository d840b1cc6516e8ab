//===- ExpandSort.cpp - Expand tile.sort into Triton's bitonic network -----===//
#include "tilec/Dialect/Tile/BitonicNetwork.h"
#include "tilec/Dialect/Tile/TileOps.h"
#include "tilec/Transforms/Passes.h"

namespace tilec {
#define GEN_PASS_DEF_TILECEXPANDSORT
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

struct TilecExpandSortPass : public tilec::impl::TilecExpandSortBase<TilecExpandSortPass> {
  void runOnOperation() override {
    SmallVector<tilec::tile::SortOp> sorts;
    getOperation().walk([&](tilec::tile::SortOp op) { sorts.push_back(op); });
    for (tilec::tile::SortOp op : sorts) {
      OpBuilder b(op);
      Value sorted = tilec::tile::buildBitonicSort(b, op.getLoc(), op.getInput(),
                                                   op.getDescending(), op.getIsUnsigned());
      op.getResult().replaceAllUsesWith(sorted);
      op.erase();
    }
  }
};

} // namespace
