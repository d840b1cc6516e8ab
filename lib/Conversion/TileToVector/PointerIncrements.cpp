//===- PointerIncrements.cpp - Loop-carried pointer tiles as scalar offsets ===//
//
// `ptrs += BLOCK_K * stride` in a k-loop (Triton's tutorial matmul, attention)
// carries a whole tile of pointers through the scf.for: thousands of lanes of
// addresses kept, incremented and copied every iteration. When the increment
// is uniform (a splatted scalar), the tile at iteration i is the loop's
// initial tile plus one scalar: the loop carries that i64 offset instead and
// rebuilds `addptr(init, splat(offset))` where the tile is used, which the
// lowering sees as a loop-invariant tile plus a uniform offset.
//
//===----------------------------------------------------------------------===//
#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tilec {
#define GEN_PASS_DEF_TILECCARRYPOINTEROFFSETS
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;
using namespace tilec;

namespace {

/// The scalar of a uniform pointer increment: `splat(s)` or a splat integer
/// constant; null otherwise.
Value uniformIncrement(OpBuilder &b, Value offset) {
  if (auto splat = offset.getDefiningOp<tile::SplatOp>())
    return splat.getSrc();
  if (auto constant = offset.getDefiningOp<arith::ConstantOp>())
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
      if (splat.getElementType().isInteger())
        return arith::ConstantOp::create(
            b, constant.getLoc(), b.getIntegerAttr(splat.getElementType(),
                                                   splat.getSplatValue<APInt>()));
  return {};
}

/// `init + splat(offset)` (offset an i64 scalar) before `b`'s insertion point.
Value offsetTile(OpBuilder &b, Location loc, Value init, Value offset) {
  auto type = cast<RankedTensorType>(init.getType());
  auto offsets = tile::SplatOp::create(
      b, loc, RankedTensorType::get(type.getShape(), offset.getType()), offset);
  return tile::AddPtrOp::create(b, loc, type, init, offsets);
}

/// Rewrites the iter_arg `index` of `forOp` (a pointer tile whose yielded
/// value is `addptr(arg, splat(s))`) into an i64 offset; returns the new loop.
scf::ForOp carryOffset(IRRewriter &rewriter, scf::ForOp forOp, unsigned index) {
  Location loc = forOp.getLoc();
  Value init = forOp.getInitArgs()[index];
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  auto increment = cast<tile::AddPtrOp>(yield.getOperand(index).getDefiningOp());

  rewriter.setInsertionPoint(forOp);
  Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getI64IntegerAttr(0));
  auto newLoop = cast<scf::ForOp>(*forOp.replaceWithAdditionalYields(
      rewriter, ValueRange{zero}, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> newArgs) -> SmallVector<Value> {
        Value step = uniformIncrement(b, increment.getOffset());
        if (step.getType() != b.getI64Type())
          step = arith::ExtSIOp::create(b, l, b.getI64Type(), step);
        return {arith::AddIOp::create(b, l, newArgs[0], step)};
      }));
  BlockArgument arg = newLoop.getRegionIterArgs()[index];
  BlockArgument offset = newLoop.getRegionIterArgs().back();
  // Uses in the body (but the increment) see init + offset.
  rewriter.setInsertionPointToStart(newLoop.getBody());
  Value inLoop = offsetTile(rewriter, loc, init, offset);
  rewriter.replaceUsesWithIf(arg, inLoop, [&](OpOperand &use) {
    return use.getOwner() != inLoop.getDefiningOp() &&
           use.getOwner() != increment.getOperation();
  });
  // The result after the loop: init + final offset.
  rewriter.setInsertionPointAfter(newLoop);
  Value result = newLoop.getResult(index);
  if (!result.use_empty())
    rewriter.replaceAllUsesWith(
        result, offsetTile(rewriter, loc, init, newLoop.getResults().back()));
  // The old carried tile is now only incremented: yield it unchanged so
  // canonicalization drops it.
  auto newYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
  rewriter.modifyOpInPlace(newYield, [&] { newYield->setOperand(index, arg); });
  rewriter.eraseOp(increment);
  return newLoop;
}

/// Whether iter_arg `index` of `forOp` is a pointer tile incremented
/// uniformly: yielded as `addptr(arg, splat(s))` (or a splat constant), the
/// increment used only by the yield.
bool isUniformlyIncremented(scf::ForOp forOp, unsigned index) {
  BlockArgument arg = forOp.getRegionIterArgs()[index];
  auto type = dyn_cast<RankedTensorType>(arg.getType());
  if (!type || !isa<tile::PointerType>(type.getElementType()))
    return false;
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  auto increment = yield.getOperand(index).getDefiningOp<tile::AddPtrOp>();
  if (!increment || increment.getPtr() != arg || !increment->hasOneUse())
    return false;
  Value offset = increment.getOffset();
  if (auto splat = offset.getDefiningOp<tile::SplatOp>())
    return splat.getSrc().getType().isSignlessInteger();
  if (auto constant = offset.getDefiningOp<arith::ConstantOp>())
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
      return splat.getElementType().isSignlessInteger();
  return false;
}

} // namespace

namespace tilec {

void carryPointerOffsets(Operation *root) {
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
  IRRewriter rewriter(root->getContext());
  for (scf::ForOp forOp : loops) {
    bool changed = false;
    for (unsigned i = 0; i < forOp.getNumRegionIterArgs(); ++i) {
      if (!isUniformlyIncremented(forOp, i))
        continue;
      forOp = carryOffset(rewriter, forOp, i);
      changed = true;
    }
    if (!changed)
      continue;
    // Drop the carried tiles that are now yielded unchanged.
    RewritePatternSet patterns(root->getContext());
    scf::ForOp::getCanonicalizationPatterns(patterns, root->getContext());
    (void)applyOpPatternsGreedily(ArrayRef<Operation *>{forOp.getOperation()},
                                  std::move(patterns));
  }
}

} // namespace tilec

namespace {

struct CarryPointerOffsetsPass
    : public tilec::impl::TilecCarryPointerOffsetsBase<CarryPointerOffsetsPass> {
  void runOnOperation() override { tilec::carryPointerOffsets(getOperation()); }
};

} // namespace
