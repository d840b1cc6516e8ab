//===- Atomics.cpp - tile atomics and global_timer in SIMT -----------------===//
//
// Each element's atomic runs once: in the thread that owns it (threads holding
// copies skip it; a scalar atomic runs in thread 0), under its mask. When the
// old values are used and other threads hold copies of them, the owners pass
// them on through shared memory. tile.global_timer (tl.atomic_poll's clock)
// is thread 0's reading, passed on the same way.
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"
#include "tilec/Conversion/TileToVector.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
}

/// The target's scope of Triton's `scope`.
AtomicScope atomicScopeOf(tile::MemSyncScope scope) {
  switch (scope) {
  case tile::MemSyncScope::cta:
    return AtomicScope::Program;
  case tile::MemSyncScope::gpu:
    return AtomicScope::Device;
  case tile::MemSyncScope::sys:
    return AtomicScope::System;
  }
  llvm_unreachable("unknown memory scope");
}

template <typename Op>
struct AtomicLowering : public SIMTPattern<Op> {
  using SIMTPattern<Op>::SIMTPattern;
  using SIMTPattern<Op>::simt;

  /// How `op`'s atomics synchronize on the kernel's target: its ordering at
  /// the target's scope for `op`'s, fenced where the back end needs it.
  AtomicSync syncOf(Op op) const {
    return AtomicSync{toLLVMOrdering(op.getSem()),
                      simt.target.getAtomicSyncScope(atomicScopeOf(op.getScope())),
                      simt.target.dropsAtomicRMWOrdering()};
  }

  /// Emits one atomic on scalars (`operands` of one element) and returns the old value.
  virtual Value emitOne(OpBuilder &b, Op op, Value ptr, ValueRange operands) const = 0;
  virtual SmallVector<Value> operandsOf(typename Op::Adaptor adaptor) const = 0;
  virtual Value maskOf(typename Op::Adaptor adaptor) const = 0;
  /// The tile (or scalar) type whose elements the atomics are: the result's,
  /// or for stores the stored value's.
  virtual Type elementsTypeOf(Op op) const { return op->getResult(0).getType(); }

  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &b) const override {
    Location loc = op.getLoc();
    bool hasResult = op->getNumResults() != 0;
    Type tileType = elementsTypeOf(op);
    Type resultType = this->getTypeConverter()->convertType(tileType);
    auto vecType = dyn_cast<VectorType>(resultType);
    Type elem = getElementTypeOrSelf(resultType);
    Value mask = maskOf(adaptor);
    SmallVector<Value> operands = operandsOf(adaptor);
    bool isTile = bool(vecType);
    std::optional<tile::DistributedLayout> layout;
    Value owner;
    if (isTile) {
      layout = simt.layoutOf(tileType);
      owner = simt.isOwner(b, loc, *layout);
    } else {
      owner = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, simt.threadId,
                                    arith::ConstantIntOp::create(b, loc, 0, 32));
    }
    int64_t numRegs = isTile ? vecType.getNumElements() : 1;
    Value result = isTile ? Value(LLVM::UndefOp::create(b, loc, vecType)) : Value();
    for (int64_t r = 0; r < numRegs; ++r) {
      auto pick = [&](Value v) -> Value {
        return isTile ? Value(vector::ExtractOp::create(b, loc, v, r)) : v;
      };
      Value enabled = owner;
      if (mask)
        enabled = arith::AndIOp::create(b, loc, enabled, pick(mask));
      SmallVector<Value> scalars;
      for (Value v : operands)
        scalars.push_back(pick(v));
      Value ptr = pick(adaptor.getPtr());
      if (!hasResult) {
        scf::IfOp::create(b, loc, enabled, [&](OpBuilder &nb, Location l) {
          emitOne(nb, op, ptr, scalars);
          scf::YieldOp::create(nb, l);
        });
        continue;
      }
      auto branch = scf::IfOp::create(
          b, loc, enabled,
          [&](OpBuilder &nb, Location l) {
            scf::YieldOp::create(nb, l, emitOne(nb, op, ptr, scalars));
          },
          [&](OpBuilder &nb, Location l) { scf::YieldOp::create(nb, l, zeroOf(nb, l, elem)); });
      Value old = branch.getResult(0);
      result = isTile ? Value(vector::InsertOp::create(b, loc, old, result, r)) : old;
    }
    if (!hasResult) {
      b.eraseOp(op);
      return success();
    }
    if (!op->getResult(0).use_empty() && (!isTile || layout->hasCopies()))
      result = shareFromOwners(b, loc, op, result, layout);
    b.replaceOp(op, result);
    return success();
  }

  /// Owners write the old values, everyone reads them back.
  Value shareFromOwners(OpBuilder &b, Location loc, Op op, Value result,
                        const std::optional<tile::DistributedLayout> &layout) const {
    Type type = result.getType();
    if (!layout)
      return simt.shareFromThread0(b, loc, result);
    auto tileType = cast<RankedTensorType>(op->getResult(0).getType());
    auto vecType = cast<VectorType>(type);
    Type elem = vecType.getElementType();
    int64_t bytes = sharedElementBytes(elem);
    SmallVector<int64_t> strides = rowMajorStrides(tileType.getShape());
    uint64_t limit = uint64_t(tileType.getNumElements()) * bytes;
    simt.storeTile(b, loc, result, *layout, strides, 0, limit);
    simt.barrier(b, loc);
    Value shared = simt.loadTile(b, loc, vecType, *layout, strides, 0, limit);
    simt.barrier(b, loc);
    return shared;
  }
};

struct AtomicRMWLowering : public AtomicLowering<tile::AtomicRMWOp> {
  using AtomicLowering::AtomicLowering;
  Value emitOne(OpBuilder &b, tile::AtomicRMWOp op, Value ptr,
                ValueRange operands) const override {
    return emitAtomicRMW(b, op.getLoc(), op.getKind(), syncOf(op), ptr, operands[0]);
  }
  SmallVector<Value> operandsOf(tile::AtomicRMWOp::Adaptor adaptor) const override {
    return {adaptor.getValue()};
  }
  Value maskOf(tile::AtomicRMWOp::Adaptor adaptor) const override { return adaptor.getMask(); }
};

struct AtomicCASLowering : public AtomicLowering<tile::AtomicCASOp> {
  using AtomicLowering::AtomicLowering;
  Value emitOne(OpBuilder &b, tile::AtomicCASOp op, Value ptr,
                ValueRange operands) const override {
    return emitAtomicCAS(b, op.getLoc(), syncOf(op), ptr, operands[0], operands[1]);
  }
  SmallVector<Value> operandsOf(tile::AtomicCASOp::Adaptor adaptor) const override {
    return {adaptor.getCmp(), adaptor.getValue()};
  }
  Value maskOf(tile::AtomicCASOp::Adaptor) const override { return Value(); }
};

struct AtomicLoadLowering : public AtomicLowering<tile::AtomicLoadOp> {
  using AtomicLowering::AtomicLowering;
  Value emitOne(OpBuilder &b, tile::AtomicLoadOp op, Value ptr, ValueRange) const override {
    return emitAtomicLoad(b, op.getLoc(), syncOf(op), ptr,
                          getElementTypeOrSelf(getTypeConverter()->convertType(op.getType())));
  }
  SmallVector<Value> operandsOf(tile::AtomicLoadOp::Adaptor) const override { return {}; }
  Value maskOf(tile::AtomicLoadOp::Adaptor adaptor) const override { return adaptor.getMask(); }
};

struct AtomicStoreLowering : public AtomicLowering<tile::AtomicStoreOp> {
  using AtomicLowering::AtomicLowering;
  Value emitOne(OpBuilder &b, tile::AtomicStoreOp op, Value ptr,
                ValueRange operands) const override {
    emitAtomicStore(b, op.getLoc(), syncOf(op), ptr, operands[0]);
    return Value();
  }
  SmallVector<Value> operandsOf(tile::AtomicStoreOp::Adaptor adaptor) const override {
    return {adaptor.getValue()};
  }
  Value maskOf(tile::AtomicStoreOp::Adaptor adaptor) const override { return adaptor.getMask(); }
  Type elementsTypeOf(tile::AtomicStoreOp op) const override { return op.getValue().getType(); }
};

/// tile.global_timer: thread 0's reading, for every thread, so that loops on
/// it (tl.atomic_poll's timeout) stop in all threads of a program together.
struct GlobalTimerLowering : public SIMTPattern<tile::GlobalTimerOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::GlobalTimerOp op, OpAdaptor,
                                ConversionPatternRewriter &b) const override {
    Value now = simt.target.getGlobalTimer(b, op.getLoc(), simt.kernel);
    if (!now)
      return failure();
    b.replaceOp(op, simt.shareFromThread0(b, op.getLoc(), now));
    return success();
  }
};

} // namespace

void populateSIMTAtomicPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                RewritePatternSet &patterns) {
  patterns.add<AtomicRMWLowering, AtomicCASLowering, AtomicLoadLowering, AtomicStoreLowering,
               GlobalTimerLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
