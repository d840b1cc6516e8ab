//===- MemoryOps.cpp - Pointer arithmetic, loads and stores in SIMT --------===//
//
// Each thread accesses the elements it holds. Runs of `tilec.vector_width`
// consecutive registers (chosen before conversion from AxisInfo: contiguous,
// aligned, one mask value) become one vector access, e.g. 128-bit
// `ld.global.v4.f32`; a masked run goes through the target's masked access
// (a predicated instruction on NVIDIA, a redirected load on AMD, a branch
// elsewhere).
//
//===----------------------------------------------------------------------===//
#include "SIMTLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tilec {
namespace {

/// Memory keeps booleans as bytes.
Type memoryType(Type type) {
  return type.isInteger(1) ? IntegerType::get(type.getContext(), 8) : type;
}

Type pointeeOf(Type ptrLike) {
  return cast<tile::PointerType>(getElementTypeOrSelf(ptrLike)).getPointeeType();
}

int64_t byteSize(Type type) { return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8); }

struct AddPtrLowering : public OpConversionPattern<tile::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(tile::AddPtrOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Value offset = adaptor.getOffset();
    if (auto vec = dyn_cast<VectorType>(resultType); vec && !isa<VectorType>(offset.getType()))
      offset = vector::BroadcastOp::create(
          rewriter, op.getLoc(), VectorType::get(vec.getShape(), offset.getType()), offset);
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, resultType, memoryType(pointeeOf(op.getType())),
                                             adaptor.getPtr(), ValueRange{offset});
    return success();
  }
};

/// The type of `count` consecutive elements of `type` in registers (a scalar
/// for one).
Type runTypeOf(Type type, int64_t count) {
  return count == 1 ? type : Type(VectorType::get({count}, type));
}

/// Memory keeps booleans as bytes: widens an i1 run to the i8s it is stored as.
Value toMemory(OpBuilder &b, Location loc, Value run) {
  Type type = run.getType();
  if (!getElementTypeOrSelf(type).isInteger(1))
    return run;
  Type bytes = b.getI8Type();
  if (auto vec = dyn_cast<VectorType>(type))
    bytes = VectorType::get(vec.getShape(), bytes);
  return arith::ExtUIOp::create(b, loc, bytes, run);
}

/// Narrows a loaded run back to `type`'s elements (bytes to i1).
Value fromMemory(OpBuilder &b, Location loc, Type type, Value run) {
  if (!type.isInteger(1))
    return run;
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(run.getType()));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, run, zero);
}

/// Element `r` (or the `count` elements from `r`) of a register vector.
Value extractRun(OpBuilder &b, Location loc, Value vec, int64_t r, int64_t count) {
  if (count == 1)
    return vector::ExtractOp::create(b, loc, vec, r);
  return vector::ExtractStridedSliceOp::create(b, loc, vec, ArrayRef<int64_t>{r},
                                               ArrayRef<int64_t>{count}, ArrayRef<int64_t>{1});
}

Value insertRun(OpBuilder &b, Location loc, Value run, Value vec, int64_t r) {
  if (!isa<VectorType>(run.getType()))
    return vector::InsertOp::create(b, loc, run, vec, r);
  return vector::InsertStridedSliceOp::create(b, loc, run, vec, ArrayRef<int64_t>{r},
                                              ArrayRef<int64_t>{1});
}

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  Type elem = getElementTypeOrSelf(type);
  TypedAttr zero = isa<FloatType>(elem) ? TypedAttr(b.getFloatAttr(elem, 0.0))
                                        : TypedAttr(b.getIntegerAttr(elem, 0));
  if (auto vec = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(vec, zero));
  return arith::ConstantOp::create(b, loc, zero);
}

int64_t vectorWidth(Operation *op) {
  auto attr = op->getAttrOfType<IntegerAttr>(SIMTLowering::kVectorWidthAttr);
  return attr ? attr.getInt() : 1;
}

struct LoadLowering : public SIMTPattern<tile::LoadOp> {
  using SIMTPattern::SIMTPattern;
  LogicalResult matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elem = getElementTypeOrSelf(resultType);
    auto vecType = dyn_cast<VectorType>(resultType);
    int64_t numRegs = vecType ? vecType.getNumElements() : 1;
    int64_t width = vecType ? vectorWidth(op) : 1;
    Value mask = adaptor.getMask(), other = adaptor.getOther();
    Value result = vecType ? zeroOf(rewriter, loc, vecType) : Value();
    for (int64_t r = 0; r < numRegs; r += width) {
      Value ptr = vecType ? Value(vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r))
                          : adaptor.getPtr();
      Value enabled, fallback;
      if (mask) {
        enabled = vecType ? Value(vector::ExtractOp::create(rewriter, loc, mask, r)) : mask;
        fallback = other ? (vecType ? extractRun(rewriter, loc, other, r, width) : other)
                         : zeroOf(rewriter, loc, runTypeOf(elem, width));
      }
      Value run = loadGlobalRun(rewriter, loc, simt.target, elem, ptr, width, enabled, fallback);
      result = vecType ? insertRun(rewriter, loc, run, result, r) : run;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Threads holding copies of an element do not store it again; a scalar store
/// is done by thread 0.
struct StoreLowering : public SIMTPattern<tile::StoreOp> {
  using SIMTPattern::SIMTPattern;

  LogicalResult matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto vecType = dyn_cast<VectorType>(adaptor.getValue().getType());
    Value owner;
    if (vecType)
      owner = simt.isOwner(rewriter, loc, simt.layoutOf(op.getPtr().getType()));
    else
      owner = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, simt.threadId,
                                    arith::ConstantIntOp::create(rewriter, loc, 0, 32));
    int64_t numRegs = vecType ? vecType.getNumElements() : 1;
    int64_t width = vecType ? vectorWidth(op) : 1;
    Value mask = adaptor.getMask();
    for (int64_t r = 0; r < numRegs; r += width) {
      Value enabled = owner;
      if (mask) {
        Value run = vecType ? Value(vector::ExtractOp::create(rewriter, loc, mask, r)) : mask;
        enabled = matchPattern(owner, m_One())
                      ? run
                      : Value(arith::AndIOp::create(rewriter, loc, owner, run));
      }
      Value ptr = vecType ? Value(vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r))
                          : adaptor.getPtr();
      Value value = vecType ? extractRun(rewriter, loc, adaptor.getValue(), r, width)
                            : adaptor.getValue();
      value = toMemory(rewriter, loc, value);
      unsigned alignment = byteSize(getElementTypeOrSelf(value.getType())) * width;
      if (width > 1)
        simt.target.checkGlobalAccess(rewriter, loc, ptr, alignment,
                                      matchPattern(enabled, m_One()) ? Value() : enabled);
      if (matchPattern(enabled, m_One()))
        LLVM::StoreOp::create(rewriter, loc, value, ptr, alignment);
      else
        simt.target.maskedStoreGlobal(rewriter, loc, value, ptr, enabled, alignment);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

Value loadGlobalRun(OpBuilder &b, Location loc, const TargetInfo &target, Type type, Value ptr,
                    int64_t count, Value enabled, Value fallback) {
  Type stored = runTypeOf(memoryType(type), count);
  unsigned alignment = byteSize(memoryType(type)) * count;
  if (count > 1)
    target.checkGlobalAccess(b, loc, ptr, alignment, enabled);
  Value run = enabled ? target.maskedLoadGlobal(b, loc, stored, ptr, enabled,
                                                toMemory(b, loc, fallback), alignment)
                      : Value(LLVM::LoadOp::create(b, loc, stored, ptr, alignment));
  return fromMemory(b, loc, type, run);
}

void populateSIMTMemoryPatterns(SIMTLowering &simt, const TypeConverter &converter,
                                RewritePatternSet &patterns) {
  patterns.add<AddPtrLowering>(converter, patterns.getContext());
  patterns.add<LoadLowering, StoreLowering>(simt, converter, patterns.getContext());
}

} // namespace tilec
