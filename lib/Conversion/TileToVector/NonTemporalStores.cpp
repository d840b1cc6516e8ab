//===- NonTemporalStores.cpp - Streaming stores for streaming tile.stores -===//
#include "Utils.h"
#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tilec {
#define GEN_PASS_DEF_TILECLOWERNONTEMPORALSTORES
#include "tilec/Conversion/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

/// Widest alignment a streaming store of `bytes` bytes needs: the store is
/// legalized into vector registers of at most 64 bytes, each of which must be
/// aligned to its size. 0 when no vector streaming store fits.
int64_t streamingAlignment(int64_t bytes) {
  int64_t align = 64;
  while (align >= 16 && bytes % align != 0)
    align /= 2;
  return align >= 16 ? align : 0;
}

/// True (i1) when the launch running `store`'s kernel runs it at least
/// `minPrograms` times: programs times the trip counts of the enclosing loops
/// marked tile.stream_trip_count. Computed once per kernel (or innermost such
/// loop) and count, at the kernel's entry (or before that loop).
class LargeGridTests {
public:
  Value get(Operation *store, int64_t minPrograms) {
    auto kernel = store->getParentOfType<func::FuncOp>();
    SmallVector<scf::ForOp> loops;
    for (auto loop = store->getParentOfType<scf::ForOp>(); loop;
         loop = loop->getParentOfType<scf::ForOp>())
      if (loop->hasAttr(tilec::tile::kStreamTripCountAttr))
        loops.push_back(loop);
    Operation *anchor = loops.empty() ? kernel.getOperation() : loops.front().getOperation();
    Value &test = tests[{anchor, minPrograms}];
    if (test)
      return test;
    Type i64 = IntegerType::get(kernel.getContext(), 64);
    Location loc = kernel.getLoc();
    OpBuilder b = OpBuilder::atBlockBegin(&kernel.getBody().front());
    Value &programs = programCounts[kernel];
    if (!programs) {
      programs = arith::ConstantIntOp::create(b, loc, i64, 1);
      for (int axis = 0; axis < 3; ++axis) {
        Value count = tilec::tile::NumProgramsOp::create(b, loc, axis);
        programs = arith::MulIOp::create(b, loc, programs,
                                         arith::ExtUIOp::create(b, loc, i64, count));
      }
    } else {
      b.setInsertionPointAfter(programs.getDefiningOp());
    }
    // Every enclosing loop's bounds are defined before the innermost loop.
    if (!loops.empty())
      b.setInsertionPoint(loops.front());
    Value runs = programs;
    for (scf::ForOp loop : loops)
      runs = arith::MulIOp::create(b, loc, runs, tilec::detail::tripCount(b, loop));
    test = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, runs,
                                 arith::ConstantIntOp::create(b, loc, i64, minPrograms));
    return test;
  }

private:
  llvm::DenseMap<std::pair<Operation *, int64_t>, Value> tests;
  llvm::DenseMap<Operation *, Value> programCounts;
};

/// Makes `store` non-temporal, versioned on its address unless its alignment
/// already suffices (aligned addresses stream, others keep the plain store),
/// and on `largeGrid` when given.
void makeStreaming(LLVM::StoreOp store, Value largeGrid) {
  auto vecType = dyn_cast<VectorType>(store.getValue().getType());
  if (!vecType || !vecType.getElementType().isIntOrFloat() ||
      vecType.getElementTypeBitWidth() % 8 != 0)
    return;
  int64_t bytes = vecType.getNumElements() * vecType.getElementTypeBitWidth() / 8;
  int64_t align = streamingAlignment(bytes);
  if (!align)
    return;
  if (store.getAlignment() >= align && !largeGrid) {
    store.setNontemporal(true);
    return;
  }
  OpBuilder b(store);
  Location loc = store.getLoc();
  Value stream = largeGrid;
  if (store.getAlignment() < align) {
    Type i64 = b.getI64Type();
    Value address = LLVM::PtrToIntOp::create(b, loc, i64, store.getAddr());
    Value low = arith::AndIOp::create(b, loc, address,
                                      arith::ConstantIntOp::create(b, loc, i64, align - 1));
    Value aligned = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low,
                                          arith::ConstantIntOp::create(b, loc, i64, 0));
    stream = stream ? arith::AndIOp::create(b, loc, stream, aligned) : aligned;
  }
  auto ifOp = scf::IfOp::create(b, loc, stream, /*withElseRegion=*/true);
  b.setInsertionPointToStart(ifOp.thenBlock());
  auto streaming = LLVM::StoreOp::create(b, loc, store.getValue(), store.getAddr(), align);
  streaming.setNontemporal(true);
  store->moveBefore(ifOp.elseBlock()->getTerminator());
}

} // namespace

namespace tilec {

void lowerNonTemporalStores(Operation *root, bool streamingStores) {
  SmallVector<Operation *> marked;
  root->walk([&](Operation *op) {
    if (op->hasAttr(kNonTemporalAttr))
      marked.push_back(op);
  });
  LargeGridTests largeGrid;
  for (Operation *op : marked) {
    Attribute mark = op->getAttr(kNonTemporalAttr);
    op->removeAttr(kNonTemporalAttr);
    auto store = dyn_cast<LLVM::StoreOp>(op);
    if (!store || !streamingStores)
      continue;
    auto minPrograms = dyn_cast<IntegerAttr>(mark);
    makeStreaming(store, minPrograms ? largeGrid.get(store, minPrograms.getInt()) : Value());
  }
  root->walk([](scf::ForOp loop) { loop->removeAttr(tilec::tile::kStreamTripCountAttr); });
}

} // namespace tilec

namespace {

struct LowerNonTemporalStoresPass
    : public tilec::impl::TilecLowerNonTemporalStoresBase<LowerNonTemporalStoresPass> {
  using TilecLowerNonTemporalStoresBase::TilecLowerNonTemporalStoresBase;
  void runOnOperation() override { tilec::lowerNonTemporalStores(getOperation(), streaming); }
};

} // namespace
