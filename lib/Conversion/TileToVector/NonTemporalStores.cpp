//===- NonTemporalStores.cpp - Streaming stores for tile.store {nontemporal} -===//
#include "tilec/Conversion/TileToVector.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

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

/// Makes `store` non-temporal, versioned on its address unless its alignment
/// already suffices: aligned addresses stream, others keep the plain store.
void makeStreaming(LLVM::StoreOp store) {
  auto vecType = dyn_cast<VectorType>(store.getValue().getType());
  if (!vecType || !vecType.getElementType().isIntOrFloat() ||
      vecType.getElementTypeBitWidth() % 8 != 0)
    return;
  int64_t bytes = vecType.getNumElements() * vecType.getElementTypeBitWidth() / 8;
  int64_t align = streamingAlignment(bytes);
  if (!align)
    return;
  if (store.getAlignment() >= align) {
    store.setNontemporal(true);
    return;
  }
  OpBuilder b(store);
  Location loc = store.getLoc();
  Type i64 = b.getI64Type();
  Value address = LLVM::PtrToIntOp::create(b, loc, i64, store.getAddr());
  Value low = arith::AndIOp::create(b, loc, address,
                                    arith::ConstantIntOp::create(b, loc, i64, align - 1));
  Value aligned = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low,
                                        arith::ConstantIntOp::create(b, loc, i64, 0));
  auto ifOp = scf::IfOp::create(b, loc, aligned, /*withElseRegion=*/true);
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
  for (Operation *op : marked) {
    op->removeAttr(kNonTemporalAttr);
    if (auto store = dyn_cast<LLVM::StoreOp>(op); store && streamingStores)
      makeStreaming(store);
  }
}

} // namespace tilec
