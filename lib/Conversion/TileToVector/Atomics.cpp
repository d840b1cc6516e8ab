//===- Atomics.cpp - tile atomics -> llvm.atomicrmw/cmpxchg/ordered ld/st -===//
//
// Every element is its own atomic: scalars become one `llvm.atomicrmw` (or
// `llvm.cmpxchg`), guarded by `scf.if` under a mask; tiles spill their
// pointers, operands and mask to stack buffers and run an `scf.for` over the
// lanes, collecting the old values in a result buffer. Masked-off lanes touch
// no memory and yield zero.
//
//===----------------------------------------------------------------------===//
#include "Utils.h"
#include "tilec/Conversion/TileToVector.h"
#include "tilec/Dialect/Tile/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::detail;

LLVM::AtomicOrdering tilec::toLLVMOrdering(tile::MemSemantic sem) {
  switch (sem) {
  case tile::MemSemantic::relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case tile::MemSemantic::acquire:
    return LLVM::AtomicOrdering::acquire;
  case tile::MemSemantic::release:
    return LLVM::AtomicOrdering::release;
  case tile::MemSemantic::acq_rel:
    return LLVM::AtomicOrdering::acq_rel;
  }
  llvm_unreachable("unknown memory semantic");
}

/// The strongest ordering a failed cmpxchg may have given its success ordering
/// (LLVM forbids release orderings on failure).
static LLVM::AtomicOrdering failureOrdering(LLVM::AtomicOrdering success) {
  if (success == LLVM::AtomicOrdering::acq_rel || success == LLVM::AtomicOrdering::acquire)
    return LLVM::AtomicOrdering::acquire;
  return LLVM::AtomicOrdering::monotonic;
}

/// The integer type of the same width as `type`.
static IntegerType sameWidthInt(Type type) {
  return IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth());
}

/// Whether `ordering` orders the accesses before it (release side) or after it
/// (acquire side).
static bool releases(LLVM::AtomicOrdering ordering) {
  return ordering == LLVM::AtomicOrdering::release || ordering == LLVM::AtomicOrdering::acq_rel ||
         ordering == LLVM::AtomicOrdering::seq_cst;
}
static bool acquires(LLVM::AtomicOrdering ordering) {
  return ordering == LLVM::AtomicOrdering::acquire || ordering == LLVM::AtomicOrdering::acq_rel ||
         ordering == LLVM::AtomicOrdering::seq_cst;
}

/// An `llvm.fence` of `ordering` at `sync`'s scope.
static void emitFence(OpBuilder &b, Location loc, LLVM::AtomicOrdering ordering,
                      const AtomicSync &sync) {
  LLVM::FenceOp::create(b, loc, ordering,
                        sync.syncScope.empty() ? StringAttr() : b.getStringAttr(sync.syncScope));
}

/// One `llvm.atomicrmw` of `kind` at `ptr`; returns the old value. Where the
/// back end drops atomicrmw orderings, a release fence before a monotonic
/// read-modify-write and an acquire fence after it carry the ordering (the
/// fence-based release and acquire patterns of the PTX memory model).
Value tilec::emitAtomicRMW(OpBuilder &b, Location loc, tile::AtomicRMWKind kind,
                           const AtomicSync &sync, Value ptr, Value val) {
  LLVM::AtomicOrdering ordering = sync.ordering;
  bool fenced = sync.fenceReadModifyWrite && ordering != LLVM::AtomicOrdering::monotonic;
  if (fenced) {
    if (releases(sync.ordering))
      emitFence(b, loc, LLVM::AtomicOrdering::release, sync);
    ordering = LLVM::AtomicOrdering::monotonic;
  }
  auto rmw = [&](OpBuilder &rb, Location l, LLVM::AtomicBinOp op, Value v) -> Value {
    return LLVM::AtomicRMWOp::create(rb, l, op, ptr, v, ordering, sync.syncScope);
  };
  auto emit = [&]() -> Value {
    switch (kind) {
    case tile::AtomicRMWKind::add:
      return rmw(b, loc, LLVM::AtomicBinOp::add, val);
    case tile::AtomicRMWKind::fadd:
      return rmw(b, loc, LLVM::AtomicBinOp::fadd, val);
    case tile::AtomicRMWKind::max:
      return rmw(b, loc, LLVM::AtomicBinOp::max, val);
    case tile::AtomicRMWKind::umax:
      return rmw(b, loc, LLVM::AtomicBinOp::umax, val);
    case tile::AtomicRMWKind::min:
      return rmw(b, loc, LLVM::AtomicBinOp::min, val);
    case tile::AtomicRMWKind::umin:
      return rmw(b, loc, LLVM::AtomicBinOp::umin, val);
    case tile::AtomicRMWKind::bit_and:
      return rmw(b, loc, LLVM::AtomicBinOp::_and, val);
    case tile::AtomicRMWKind::bit_or:
      return rmw(b, loc, LLVM::AtomicBinOp::_or, val);
    case tile::AtomicRMWKind::bit_xor:
      return rmw(b, loc, LLVM::AtomicBinOp::_xor, val);
    case tile::AtomicRMWKind::xchg:
      return rmw(b, loc, LLVM::AtomicBinOp::xchg, val);
    case tile::AtomicRMWKind::fmax:
    case tile::AtomicRMWKind::fmin: {
      // Triton's float max/min on the bit pattern: for a non-negative value
      // the signed integer order agrees with the float order; for a negative
      // one the unsigned order is reversed.
      bool isMax = kind == tile::AtomicRMWKind::fmax;
      Type floatType = val.getType();
      IntegerType intType = sameWidthInt(floatType);
      Value bits = arith::BitcastOp::create(b, loc, intType, val);
      Value zero = arith::ConstantIntOp::create(b, loc, intType, 0);
      Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits, zero);
      auto ifOp = scf::IfOp::create(
          b, loc, negative,
          [&](OpBuilder &nb, Location l) {
            scf::YieldOp::create(
                nb, l, rmw(nb, l, isMax ? LLVM::AtomicBinOp::umin : LLVM::AtomicBinOp::umax, bits));
          },
          [&](OpBuilder &nb, Location l) {
            scf::YieldOp::create(
                nb, l, rmw(nb, l, isMax ? LLVM::AtomicBinOp::max : LLVM::AtomicBinOp::min, bits));
          });
      return arith::BitcastOp::create(b, loc, floatType, ifOp.getResult(0));
    }
    }
    llvm_unreachable("unknown atomic kind");
  };
  Value old = emit();
  if (fenced && acquires(sync.ordering))
    emitFence(b, loc, LLVM::AtomicOrdering::acquire, sync);
  return old;
}

/// One `llvm.cmpxchg` at `ptr` (floats compare and swap their bit patterns);
/// returns the old value.
Value tilec::emitAtomicCAS(OpBuilder &b, Location loc, const AtomicSync &sync, Value ptr, Value cmp,
                           Value val) {
  Type type = val.getType();
  bool isFloat = isa<FloatType>(type);
  if (isFloat) {
    cmp = arith::BitcastOp::create(b, loc, sameWidthInt(type), cmp);
    val = arith::BitcastOp::create(b, loc, sameWidthInt(type), val);
  }
  Value pair = LLVM::AtomicCmpXchgOp::create(b, loc, ptr, cmp, val, sync.ordering,
                                             failureOrdering(sync.ordering), sync.syncScope);
  Value old = LLVM::ExtractValueOp::create(b, loc, pair, 0);
  return isFloat ? arith::BitcastOp::create(b, loc, type, old).getResult() : old;
}

Value tilec::emitAtomicLoad(OpBuilder &b, Location loc, const AtomicSync &sync, Value ptr,
                            Type type) {
  // Booleans are bytes in memory.
  Type memType = type.isInteger(1) ? b.getI8Type() : type;
  Value v = LLVM::LoadOp::create(b, loc, memType, ptr, getElementByteSize(memType),
                                 /*isVolatile=*/false, /*isNonTemporal=*/false,
                                 /*isInvariant=*/false, /*isInvariantGroup=*/false, sync.ordering,
                                 sync.syncScope);
  if (memType == type)
    return v;
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v,
                               arith::ConstantIntOp::create(b, loc, memType, 0));
}

void tilec::emitAtomicStore(OpBuilder &b, Location loc, const AtomicSync &sync, Value ptr,
                            Value value) {
  if (value.getType().isInteger(1))
    value = arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
  LLVM::StoreOp::create(b, loc, value, ptr, getElementByteSize(value.getType()),
                        /*isVolatile=*/false, /*isNonTemporal=*/false, /*isInvariantGroup=*/false,
                        sync.ordering, sync.syncScope);
}

namespace {

/// `type` (a scalar or vector of i1) with bytes for elements.
Type toByteType(Type type) {
  Type i8 = IntegerType::get(type.getContext(), 8);
  if (auto vec = dyn_cast<VectorType>(type))
    return VectorType::get(vec.getShape(), i8);
  return i8;
}

/// Emits `emitOne(b, ptr, operands)` for each element under `mask` (null: all)
/// and returns the old values: one scalar or a vector of them, of
/// `resultType`. Without `hasResult` (stores), `resultType` only gives the
/// lanes, emitOne returns null and so does this. `operands` are scalars or
/// vectors with the lanes of `ptrs`.
Value emitPerElement(ConversionPatternRewriter &rewriter, Operation *op, Type resultType,
                     Value ptrs, ValueRange operands, Value mask,
                     llvm::function_ref<Value(OpBuilder &, Value, ValueRange)> emitOne,
                     bool hasResult = true) {
  Location loc = op->getLoc();
  Type elemType = getElementTypeOrSelf(resultType);
  auto guarded = [&](OpBuilder &b, Value ptr, ValueRange vals, Value m) -> Value {
    if (!m)
      return emitOne(b, ptr, vals);
    if (!hasResult) {
      scf::IfOp::create(b, loc, m, [&](OpBuilder &nb, Location l) {
        emitOne(nb, ptr, vals);
        scf::YieldOp::create(nb, l);
      });
      return Value();
    }
    auto ifOp = scf::IfOp::create(
        b, loc, m,
        [&](OpBuilder &nb, Location l) { scf::YieldOp::create(nb, l, emitOne(nb, ptr, vals)); },
        [&](OpBuilder &nb, Location l) {
          scf::YieldOp::create(nb, l, createZero(nb, l, elemType));
        });
    return ifOp.getResult(0);
  };
  auto vecType = dyn_cast<VectorType>(resultType);
  if (!vecType)
    return guarded(rewriter, ptrs, operands, mask);

  // Tiles: a loop over the lanes through stack buffers.
  int64_t n = vecType.getNumElements();
  auto ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
  Value ptrBuf = spillToStack(rewriter, op, ptrs);
  SmallVector<Value> operandBufs;
  for (Value v : operands)
    operandBufs.push_back(spillToStack(rewriter, op, v));
  Value maskBuf = mask ? spillToStack(rewriter, op, mask) : Value();
  Value resultBuf = hasResult ? createEntryAlloca(rewriter, op, elemType, n) : Value();
  Type i64 = rewriter.getI64Type();
  auto cst = [&](int64_t v) {
    return arith::ConstantIntOp::create(rewriter, loc, i64, v).getResult();
  };
  auto loop = scf::ForOp::create(rewriter, loc, cst(0), cst(n), cst(1));
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    Value lane = loop.getInductionVar();
    auto laneOf = [&](Value buf, Type stored) -> Value {
      Value addr = LLVM::GEPOp::create(rewriter, loc, ptrType, stored, buf, ValueRange{lane});
      return LLVM::LoadOp::create(rewriter, loc, stored, addr, getElementByteSize(stored));
    };
    Value ptr = laneOf(ptrBuf, ptrType);
    SmallVector<Value> vals;
    for (auto [buf, v] : llvm::zip_equal(operandBufs, operands))
      vals.push_back(laneOf(buf, getElementTypeOrSelf(v.getType())));
    Value m;
    if (maskBuf)
      m = arith::TruncIOp::create(rewriter, loc, rewriter.getI1Type(),
                                  laneOf(maskBuf, rewriter.getI8Type()));
    Value old = guarded(rewriter, ptr, vals, m);
    if (hasResult) {
      Value addr =
          LLVM::GEPOp::create(rewriter, loc, ptrType, elemType, resultBuf, ValueRange{lane});
      LLVM::StoreOp::create(rewriter, loc, old, addr, getElementByteSize(elemType));
    }
  }
  if (!hasResult)
    return Value();
  return LLVM::LoadOp::create(rewriter, loc, vecType, resultBuf, /*alignment=*/64);
}

struct AtomicRMWLowering : public OpConversionPattern<tile::AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::AtomicRMWOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getResult().getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "cannot convert the result type");
    AtomicSync sync{toLLVMOrdering(op.getSem())};
    tile::AtomicRMWKind kind = op.getKind();
    Value old =
        emitPerElement(rewriter, op, resultType, adaptor.getPtr(), ValueRange{adaptor.getValue()},
                       adaptor.getMask(), [&](OpBuilder &b, Value ptr, ValueRange vals) {
                         return emitAtomicRMW(b, op.getLoc(), kind, sync, ptr, vals[0]);
                       });
    rewriter.replaceOp(op, old);
    return success();
  }
};

struct AtomicCASLowering : public OpConversionPattern<tile::AtomicCASOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::AtomicCASOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getResult().getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "cannot convert the result type");
    AtomicSync sync{toLLVMOrdering(op.getSem())};
    Value old = emitPerElement(rewriter, op, resultType, adaptor.getPtr(),
                               ValueRange{adaptor.getCmp(), adaptor.getValue()}, Value(),
                               [&](OpBuilder &b, Value ptr, ValueRange vals) {
                                 return emitAtomicCAS(b, op.getLoc(), sync, ptr, vals[0], vals[1]);
                               });
    rewriter.replaceOp(op, old);
    return success();
  }
};

/// tile.atomic_load: one ordered `llvm.load` per element.
struct AtomicLoadLowering : public OpConversionPattern<tile::AtomicLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::AtomicLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getResult().getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "cannot convert the result type");
    AtomicSync sync{toLLVMOrdering(op.getSem())};
    // Booleans are read as the bytes memory holds, then compared with zero.
    bool isBool = getElementTypeOrSelf(resultType).isInteger(1);
    Type laneType = isBool ? toByteType(resultType) : resultType;
    Type elem = getElementTypeOrSelf(laneType);
    Value old = emitPerElement(rewriter, op, laneType, adaptor.getPtr(), ValueRange{},
                               adaptor.getMask(), [&](OpBuilder &b, Value ptr, ValueRange) {
                                 return emitAtomicLoad(b, op.getLoc(), sync, ptr, elem);
                               });
    if (isBool)
      old = arith::CmpIOp::create(rewriter, op.getLoc(), arith::CmpIPredicate::ne, old,
                                  createZero(rewriter, op.getLoc(), laneType));
    rewriter.replaceOp(op, old);
    return success();
  }
};

/// tile.atomic_store: one ordered `llvm.store` per element.
struct AtomicStoreLowering : public OpConversionPattern<tile::AtomicStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::AtomicStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    AtomicSync sync{toLLVMOrdering(op.getSem())};
    Value value = adaptor.getValue();
    if (getElementTypeOrSelf(value.getType()).isInteger(1))
      value = arith::ExtUIOp::create(rewriter, op.getLoc(), toByteType(value.getType()), value);
    emitPerElement(
        rewriter, op, value.getType(), adaptor.getPtr(), ValueRange{value}, adaptor.getMask(),
        [&](OpBuilder &b, Value ptr, ValueRange vals) {
          emitAtomicStore(b, op.getLoc(), sync, ptr, vals[0]);
          return Value();
        },
        /*hasResult=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilec::populateTileAtomicsToVectorPatterns(const TypeConverter &typeConverter,
                                                RewritePatternSet &patterns) {
  patterns.add<AtomicRMWLowering, AtomicCASLowering, AtomicLoadLowering, AtomicStoreLowering>(
      typeConverter, patterns.getContext());
}
