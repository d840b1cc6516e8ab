//===- StreamingStores.cpp - Stream the stores of launches larger than the LLC -===//
//
// A kernel whose launch writes more than the last-level cache gains nothing by
// writing through the cache: the output is evicted before anyone reads it, and
// each written line is first read from memory (read for ownership). This pass
// marks the tile stores that write memory the kernel never reads with the
// smallest grid size from which the launch's output exceeds the cache; the CPU
// lowering streams them in such launches only (see NonTemporalStores.cpp).
//
//===----------------------------------------------------------------------===//
#include "tilec/Transforms/Passes.h"

#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace tilec {
#define GEN_PASS_DEF_TILECSTREAMINGSTORES
#include "tilec/Transforms/Passes.h.inc"
} // namespace tilec

using namespace mlir;

namespace {

bool isPointerLike(Type type) {
  return isa<tilec::tile::PointerType>(getElementTypeOrSelf(type));
}

/// Finds the kernel arguments that the pointers `ptr` may point into, following
/// pointer arithmetic, shape ops, selects and structured control flow. Fails
/// when a pointer comes from anywhere else (for example, loaded from memory).
class PointerRoots {
public:
  explicit PointerRoots(func::FuncOp kernel) : kernel(kernel) {}

  /// Adds the argument numbers `ptr` may derive from to `roots`.
  LogicalResult collect(Value ptr, llvm::SmallDenseSet<unsigned> &roots) {
    llvm::SmallPtrSet<Value, 16> visited;
    SmallVector<Value> worklist{ptr};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!visited.insert(value).second)
        continue;
      if (failed(step(value, roots, worklist)))
        return failure();
    }
    return success();
  }

private:
  /// Records `value`'s root or pushes the values it derives from.
  LogicalResult step(Value value, llvm::SmallDenseSet<unsigned> &roots,
                     SmallVectorImpl<Value> &worklist) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      Block *owner = arg.getOwner();
      if (owner == &kernel.getBody().front()) {
        roots.insert(arg.getArgNumber());
        return success();
      }
      // A loop-carried pointer: its initial value and what each iteration yields.
      auto forOp = dyn_cast<scf::ForOp>(owner->getParentOp());
      if (!forOp || arg.getArgNumber() == 0)
        return failure();
      unsigned iterArg = arg.getArgNumber() - 1;
      worklist.push_back(forOp.getInitArgs()[iterArg]);
      worklist.push_back(forOp.getYieldedValues()[iterArg]);
      return success();
    }
    Operation *def = value.getDefiningOp();
    unsigned resultNumber = cast<OpResult>(value).getResultNumber();
    if (auto forOp = dyn_cast<scf::ForOp>(def)) {
      worklist.push_back(forOp.getInitArgs()[resultNumber]);
      worklist.push_back(forOp.getYieldedValues()[resultNumber]);
      return success();
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
      worklist.push_back(ifOp.thenYield().getOperand(resultNumber));
      if (ifOp.elseBlock())
        worklist.push_back(ifOp.elseYield().getOperand(resultNumber));
      return success();
    }
    // Pure ops (addptr, splat, broadcast, reshape, select, ...) point where
    // their pointer operands do; one without any made its pointer from nothing
    // this analysis can follow.
    if (def->getNumRegions() != 0 || !isPure(def))
      return failure();
    bool any = false;
    for (Value operand : def->getOperands()) {
      if (isPointerLike(operand.getType())) {
        worklist.push_back(operand);
        any = true;
      }
    }
    return success(any);
  }

  func::FuncOp kernel;
};

/// Bytes one execution of `store` writes (loops multiply it at run time).
int64_t storedBytes(tilec::tile::StoreOp store) {
  auto tile = cast<RankedTensorType>(store.getValue().getType());
  int64_t elementBytes = (tile.getElementTypeBitWidth() + 7) / 8;
  return tile.getNumElements() * elementBytes;
}

/// Marks the streaming candidates of `kernel`; see the pass description.
void markStreamingStores(func::FuncOp kernel, int64_t minGridBytes) {
  PointerRoots roots(kernel);
  llvm::SmallDenseSet<unsigned> readArgs;
  bool readsUnknownMemory = false;
  SmallVector<tilec::tile::StoreOp> stores;
  kernel.walk([&](Operation *op) {
    Value readPtr;
    if (auto load = dyn_cast<tilec::tile::LoadOp>(op))
      readPtr = load.getPtr();
    else if (auto rmw = dyn_cast<tilec::tile::AtomicRMWOp>(op))
      readPtr = rmw.getPtr();
    else if (auto cas = dyn_cast<tilec::tile::AtomicCASOp>(op))
      readPtr = cas.getPtr();
    else if (auto atomicLoad = dyn_cast<tilec::tile::AtomicLoadOp>(op))
      readPtr = atomicLoad.getPtr();
    else if (auto store = dyn_cast<tilec::tile::StoreOp>(op))
      stores.push_back(store);
    if (readPtr && failed(roots.collect(readPtr, readArgs)))
      readsUnknownMemory = true;
  });
  if (readsUnknownMemory)
    return;

  SmallVector<tilec::tile::StoreOp> candidates;
  int64_t bytesPerProgram = 0;
  for (tilec::tile::StoreOp store : stores) {
    if (store.getNontemporal() || store.getEvictLast() ||
        !isa<RankedTensorType>(store.getValue().getType()))
      continue;
    llvm::SmallDenseSet<unsigned> written;
    if (failed(roots.collect(store.getPtr(), written)) ||
        llvm::any_of(written, [&](unsigned arg) { return readArgs.contains(arg); }))
      continue;
    candidates.push_back(store);
    bytesPerProgram += storedBytes(store);
  }
  if (candidates.empty())
    return;
  int64_t minPrograms = std::max<int64_t>(1, llvm::divideCeil(minGridBytes, bytesPerProgram));
  UnitAttr unit = UnitAttr::get(kernel.getContext());
  for (tilec::tile::StoreOp store : candidates) {
    store.setStreamMinPrograms(minPrograms);
    // Each iteration of an enclosing loop writes the store's bytes again.
    for (auto loop = store->getParentOfType<scf::ForOp>(); loop;
         loop = loop->getParentOfType<scf::ForOp>())
      loop->setAttr(tilec::tile::kStreamTripCountAttr, unit);
  }
}

struct TilecStreamingStoresPass
    : public tilec::impl::TilecStreamingStoresBase<TilecStreamingStoresPass> {
  using TilecStreamingStoresBase::TilecStreamingStoresBase;
  void runOnOperation() override {
    if (minGridBytes <= 0) {
      getOperation().emitError("tilec-streaming-stores: min-grid-bytes must be positive");
      return signalPassFailure();
    }
    getOperation().walk([&](func::FuncOp kernel) {
      if (!kernel.isExternal())
        markStreamingStores(kernel, minGridBytes);
    });
  }
};

} // namespace
