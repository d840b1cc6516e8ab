//===- Utils.cpp - Helpers shared by the tile-to-vector patterns ----------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace tilec::detail {

int64_t linearize(ArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  for (auto [i, d] : llvm::zip_equal(index, shape))
    flat = flat * d + i;
  return flat;
}

SmallVector<int64_t> delinearize(int64_t flat, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> index(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

unsigned getElementByteSize(Type elementType) {
  if (elementType.isIntOrFloat())
    return std::max<unsigned>(1, (elementType.getIntOrFloatBitWidth() + 7) / 8);
  // Pointers: every target tilec supports has 64-bit global pointers.
  return 8;
}

Value shuffleOne(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> mask) {
  auto type = cast<VectorType>(v.getType());
  bool identity = static_cast<int64_t>(mask.size()) == type.getNumElements();
  for (auto [i, m] : llvm::enumerate(mask))
    identity = identity && m == static_cast<int64_t>(i);
  if (identity)
    return v;
  return vector::ShuffleOp::create(b, loc, v, v, mask);
}

Value concatVectors(OpBuilder &b, Location loc, ArrayRef<Value> parts) {
  SmallVector<Value> level(parts);
  while (level.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < level.size(); i += 2) {
      int64_t n = cast<VectorType>(level[i].getType()).getNumElements() +
                  cast<VectorType>(level[i + 1].getType()).getNumElements();
      next.push_back(vector::ShuffleOp::create(b, loc, level[i], level[i + 1],
                                               llvm::to_vector(llvm::seq<int64_t>(0, n))));
    }
    if (level.size() % 2)
      next.push_back(level.back());
    level = std::move(next);
  }
  return level.front();
}

Value createSplatConstant(OpBuilder &b, Location loc, Type type, TypedAttr value) {
  if (auto vecType = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc, vecType, SplatElementsAttr::get(vecType, value));
  return arith::ConstantOp::create(b, loc, type, value);
}

Value castToI64(OpBuilder &b, Location loc, Value v) {
  Type i64 = b.getI64Type();
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, v);
  if (v.getType().getIntOrFloatBitWidth() < 64)
    return arith::ExtSIOp::create(b, loc, i64, v);
  return v;
}

Value tripCount(OpBuilder &b, scf::ForOp loop) {
  Location loc = loop.getLoc();
  Type i64 = b.getI64Type();
  auto toI64 = [&](Value v) { return castToI64(b, loc, v); };
  Value span =
      arith::SubIOp::create(b, loc, toI64(loop.getUpperBound()), toI64(loop.getLowerBound()));
  Value trips = arith::CeilDivSIOp::create(b, loc, span, toI64(loop.getStep()));
  return arith::MaxSIOp::create(b, loc, trips, arith::ConstantIntOp::create(b, loc, i64, 0));
}

Value createZero(OpBuilder &b, Location loc, Type type) {
  Type elem = getElementTypeOrSelf(type);
  if (isa<FloatType>(elem))
    return createSplatConstant(b, loc, type, b.getFloatAttr(elem, 0.0));
  if (isa<IntegerType>(elem))
    return createSplatConstant(b, loc, type, b.getIntegerAttr(elem, 0));
  return LLVM::ZeroOp::create(b, loc, type);
}

Value createEntryAlloca(OpBuilder &b, Operation *anchor, Type elemType, int64_t count) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(
      &anchor->getParentOfType<FunctionOpInterface>().getFunctionBody().front());
  Location loc = anchor->getLoc();
  Value size = arith::ConstantIntOp::create(b, loc, b.getI64Type(), count);
  return LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()), elemType,
                                size, /*alignment=*/64);
}

void moveAllocasToAddressSpace(Operation *root, unsigned addressSpace) {
  if (!addressSpace)
    return;
  SmallVector<LLVM::AllocaOp> generic;
  root->walk([&](LLVM::AllocaOp alloca) {
    if (alloca.getType().getAddressSpace() == 0)
      generic.push_back(alloca);
  });
  for (LLVM::AllocaOp alloca : generic) {
    OpBuilder b(alloca);
    auto moved = LLVM::AllocaOp::create(
        b, alloca.getLoc(), LLVM::LLVMPointerType::get(b.getContext(), addressSpace),
        alloca.getElemType(), alloca.getArraySize(), alloca.getAlignment().value_or(0));
    Value cast = LLVM::AddrSpaceCastOp::create(b, alloca.getLoc(), alloca.getType(), moved);
    alloca.replaceAllUsesWith(cast);
    alloca.erase();
  }
}

void storeParts(OpBuilder &b, Location loc, Value v, Value buf, int64_t offset,
                unsigned elemBytes) {
  if (auto shuffle = v.getDefiningOp<vector::ShuffleOp>()) {
    auto lhsType = dyn_cast<VectorType>(shuffle.getV1().getType());
    auto rhsType = dyn_cast<VectorType>(shuffle.getV2().getType());
    ArrayRef<int64_t> mask = shuffle.getMask();
    bool isConcat = lhsType && rhsType && lhsType.getRank() == 1 && rhsType.getRank() == 1 &&
                    static_cast<int64_t>(mask.size()) ==
                        lhsType.getNumElements() + rhsType.getNumElements();
    for (auto [i, m] : llvm::enumerate(mask))
      isConcat = isConcat && m == static_cast<int64_t>(i);
    if (isConcat) {
      storeParts(b, loc, shuffle.getV1(), buf, offset, elemBytes);
      storeParts(b, loc, shuffle.getV2(), buf, offset + lhsType.getNumElements(), elemBytes);
      return;
    }
  }
  auto type = cast<VectorType>(v.getType());
  if (type.getElementType().isInteger(1))
    v = arith::ExtUIOp::create(b, loc, VectorType::get(type.getShape(), b.getI8Type()), v);
  uint64_t byteOffset = offset * elemBytes;
  unsigned align = byteOffset ? std::min<uint64_t>(64, byteOffset & -byteOffset) : 64;
  Value addr = buf;
  if (offset)
    addr = getBufferElementAddress(b, loc, buf, type.getElementType(),
                                   arith::ConstantIntOp::create(b, loc, b.getI64Type(), offset));
  LLVM::StoreOp::create(b, loc, v, addr, align);
}

Value spillToStack(OpBuilder &b, Operation *anchor, Value v) {
  auto type = cast<VectorType>(v.getType());
  Type stored = type.getElementType().isInteger(1) ? b.getI8Type() : type.getElementType();
  Value buf = createEntryAlloca(b, anchor, stored, type.getNumElements());
  storeParts(b, anchor->getLoc(), v, buf, 0, getElementByteSize(stored));
  return buf;
}

/// `op`'s ancestor in `block` (itself if it is there), or null.
static Operation *ancestorIn(Block *block, Operation *op) {
  return block->findAncestorOpInBlock(*op);
}

/// Calls `visit(op, writes)` for each user of the buffer `alloca`, through
/// GEPs (scalar or vector); false when some user neither reads (plain loads,
/// masked loads, gathers) nor stores plainly.
static bool forEachAccess(LLVM::AllocaOp alloca,
                          llvm::function_ref<void(Operation *, bool)> visit) {
  SmallVector<Value> addresses = {alloca.getResult()};
  while (!addresses.empty()) {
    Value addr = addresses.pop_back_val();
    for (OpOperand &use : addr.getUses()) {
      Operation *user = use.getOwner();
      if (auto gep = dyn_cast<LLVM::GEPOp>(user); gep && gep.getBase() == addr) {
        addresses.push_back(gep.getResult());
        continue;
      }
      auto load = dyn_cast<LLVM::LoadOp>(user);
      auto store = dyn_cast<LLVM::StoreOp>(user);
      bool plainLoad =
          load && !load.getVolatile_() && load.getOrdering() == LLVM::AtomicOrdering::not_atomic;
      if (plainLoad || isa<LLVM::MaskedLoadOp, LLVM::masked_gather>(user)) {
        visit(user, /*writes=*/false);
        continue;
      }
      if (store && use.getOperandNumber() == store.getAddrMutable().getOperandNumber() &&
          !store.getVolatile_() && store.getOrdering() == LLVM::AtomicOrdering::not_atomic) {
        visit(user, /*writes=*/true);
        continue;
      }
      return false;
    }
  }
  return true;
}

void forwardStackBufferCopies(Operation *root) {
  SmallVector<LLVM::StoreOp> copies;
  root->walk([&](LLVM::StoreOp store) {
    auto load = store.getValue().getDefiningOp<LLVM::LoadOp>();
    if (load && load->getBlock() == store->getBlock() && load->isBeforeInBlock(store) &&
        isa<VectorType>(load.getType()))
      copies.push_back(store);
  });
  for (LLVM::StoreOp store : copies) {
    auto load = store.getValue().getDefiningOp<LLVM::LoadOp>();
    auto src = load.getAddr().getDefiningOp<LLVM::AllocaOp>();
    auto dst = store.getAddr().getDefiningOp<LLVM::AllocaOp>();
    APInt srcSize, dstSize;
    if (!src || !dst || src == dst || src.getElemType() != dst.getElemType() ||
        !matchPattern(src.getArraySize(), m_ConstantInt(&srcSize)) ||
        !matchPattern(dst.getArraySize(), m_ConstantInt(&dstSize)) || srcSize != dstSize)
      continue;
    Block *block = store->getBlock();
    bool safe = true;
    // src is written only before the load (in each iteration of loops around both).
    safe &= forEachAccess(src, [&](Operation *access, bool writes) {
      Operation *at = ancestorIn(block, access);
      if (writes && (!at || !at->isBeforeInBlock(load)))
        safe = false;
    });
    // dst is filled by this store alone and read only after it.
    safe &= forEachAccess(dst, [&](Operation *access, bool writes) {
      if (access == store.getOperation())
        return;
      Operation *at = ancestorIn(block, access);
      if (writes || !at || !store->isBeforeInBlock(at))
        safe = false;
    });
    if (!safe)
      continue;
    // Readers of dst may assume its (larger) alignment.
    if (dst.getAlignment().value_or(0) > src.getAlignment().value_or(0))
      src.setAlignment(dst.getAlignment());
    store->erase();
    dst.getResult().replaceAllUsesWith(src.getResult());
    dst->erase();
  }
}

LogicalResult VectorCombiner::verifySupported(StringRef opName) {
  for (Operation &inner : body.without_terminator()) {
    if (!isa<arith::ArithDialect, math::MathDialect>(inner.getDialect()) ||
        inner.getNumRegions() != 0)
      return inner.emitError("convert-tile-to-vector: unsupported op '")
             << inner.getName() << "' in a " << opName << " combiner";
    for (Type t : llvm::concat<const Type>(inner.getOperandTypes(), inner.getResultTypes()))
      if (!t.isIntOrIndexOrFloat())
        return inner.emitError("convert-tile-to-vector: non-scalar value in a ")
               << opName << " combiner";
  }
  return success();
}

SmallVector<Value> VectorCombiner::combine(ArrayRef<Value> lhs, ArrayRef<Value> rhs) {
  int64_t width = cast<VectorType>(lhs.front().getType()).getNumElements();
  auto vectorOf = [&](Type t) -> Type { return VectorType::get({width}, t); };
  IRMapping map;
  size_t n = lhs.size();
  for (size_t i = 0; i < n; ++i) {
    map.map(body.getArgument(i), lhs[i]);
    map.map(body.getArgument(n + i), rhs[i]);
  }
  for (Operation &inner : body.without_terminator()) {
    if (auto constant = dyn_cast<arith::ConstantOp>(inner)) {
      map.map(constant.getResult(),
              createSplatConstant(rewriter, loc, vectorOf(constant.getType()),
                                  cast<TypedAttr>(constant.getValue())));
      continue;
    }
    SmallVector<Value> operands;
    for (Value v : inner.getOperands()) {
      if (Value mapped = map.lookupOrNull(v)) {
        operands.push_back(mapped);
        continue;
      }
      // A scalar captured from outside the region: broadcast it.
      operands.push_back(vector::BroadcastOp::create(rewriter, loc, vectorOf(v.getType()),
                                                     rewriter.getRemappedValue(v)));
    }
    SmallVector<Type> types = llvm::map_to_vector(inner.getResultTypes(), vectorOf);
    OperationState state(loc, inner.getName(), operands, types, inner.getAttrs());
    Operation *vecOp = rewriter.create(state);
    map.map(inner.getResults(), vecOp->getResults());
  }
  return llvm::map_to_vector(body.getTerminator()->getOperands(),
                             [&](Value v) { return map.lookup(v); });
}

/// The type a buffer holds elements of `elemType` as.
static Type storedType(OpBuilder &b, Type elemType) {
  return elemType.isInteger(1) ? b.getI8Type() : elemType;
}

Value getBufferElementAddress(OpBuilder &b, Location loc, Value buf, Type elemType, Value index) {
  return LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                             storedType(b, elemType), buf, ValueRange{index});
}

Value loadBufferLanes(OpBuilder &b, Location loc, Value buf, Type elemType, Value index,
                      int64_t count, unsigned align) {
  Value v = LLVM::LoadOp::create(b, loc, VectorType::get({count}, storedType(b, elemType)),
                                 getBufferElementAddress(b, loc, buf, elemType, index), align);
  if (elemType.isInteger(1))
    v = arith::TruncIOp::create(b, loc, VectorType::get({count}, elemType), v);
  return v;
}

Value createAllTrue(OpBuilder &b, Location loc, int64_t n) {
  auto type = VectorType::get({n}, b.getI1Type());
  return arith::ConstantOp::create(b, loc, type, DenseElementsAttr::get(type, true));
}

Value createMaskedLoadUnlessFull(OpBuilder &b, Location loc, VectorType type, Value addr,
                                 Value mask, Value passThru, unsigned align) {
  Value all = vector::ReductionOp::create(b, loc, vector::CombiningKind::AND, mask);
  auto ifOp = scf::IfOp::create(
      b, loc, all,
      [&](OpBuilder &then, Location l) {
        scf::YieldOp::create(then, l, LLVM::LoadOp::create(then, l, type, addr, align).getResult());
      },
      [&](OpBuilder &otherwise, Location l) {
        Value masked = LLVM::MaskedLoadOp::create(otherwise, l, type, addr, mask, passThru, align);
        scf::YieldOp::create(otherwise, l, masked);
      });
  return ifOp.getResult(0);
}

void storeBufferLanes(OpBuilder &b, Location loc, Value v, Value buf, Value index,
                      unsigned align) {
  auto type = cast<VectorType>(v.getType());
  if (type.getElementType().isInteger(1))
    v = arith::ExtUIOp::create(b, loc, VectorType::get(type.getShape(), b.getI8Type()), v);
  LLVM::StoreOp::create(b, loc, v,
                        getBufferElementAddress(b, loc, buf, type.getElementType(), index),
                        align);
}

} // namespace tilec::detail
